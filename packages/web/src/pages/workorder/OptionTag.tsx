import type { OptionSetDef } from '@portal/model';
import { Tag } from 'antd';
import { useLocale } from '../../locales/i18n.ts';
import { num } from './work-order-rules.ts';

/** An option value as a coloured tag (its own file so the list does not load the form screen). */
export function OptionTag({ set, value, testId }: { set: OptionSetDef; value: unknown; testId?: string }) {
  const lang = useLocale();
  const v = num(value);
  const o = set.options.find((x) => x.value === v);
  if (!o) return null;
  return (
    <Tag color={o.color ?? 'default'} data-testid={testId} data-status={v}>
      {o.label[lang]}
    </Tag>
  );
}
