import type { OptionSetDef } from '@portal/model';
import { useLocale } from '../../locales/i18n.ts';

/**
 * An option value as a coloured tag in antd's preset colours (engineer-app.css), for the engineer
 * app's antd-free list: the same look as the portal's OptionTag without antd's Tag.
 */
export function StatusTag({ set, value, testId }: { set: OptionSetDef; value: unknown; testId?: string }) {
  const lang = useLocale();
  const v = typeof value === 'number' ? value : Number(value ?? 0);
  const o = set.options.find((x) => x.value === v);
  if (!o) return null;
  return (
    <span className={`eapp-tag eapp-tag-${o.color ?? 'default'}`} data-testid={testId} data-status={v}>
      {o.label[lang]}
    </span>
  );
}
