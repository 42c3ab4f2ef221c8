import type { OptionSetDef } from '@portal/model';
import { Tag } from 'antd';
import { useLocale, useT } from '../../locales/i18n.ts';
import { num } from './num.ts';
import './OptionTag.css';

/**
 * An option value as a coloured tag (its own file so the list does not load the form screen).
 * `caption` names what the value is ("处理状态：已派工") where two tags could read alike; the value
 * rides along as data-<dataName> (data-status by default) for tests.
 */
export function OptionTag({
  set,
  value,
  testId,
  caption,
  dataName = 'status',
}: {
  set: OptionSetDef;
  value: unknown;
  testId?: string;
  caption?: string;
  dataName?: string;
}) {
  const lang = useLocale();
  const t = useT();
  const v = num(value);
  const o = set.options.find((x) => x.value === v);
  if (!o) return null;
  return (
    <Tag color={o.color ?? 'default'} data-testid={testId} {...{ [`data-${dataName}`]: v }}>
      {caption && (
        <span className="option-tag-caption" data-testid={testId && `${testId}-caption`}>
          {t('statusTag.caption', { label: caption })}
        </span>
      )}
      <span className="option-tag-value">{o.label[lang]}</span>
    </Tag>
  );
}
