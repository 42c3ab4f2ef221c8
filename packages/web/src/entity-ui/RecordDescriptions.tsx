import type { EntityDef, Lang } from '@portal/model';
import { Descriptions, type DescriptionsProps } from 'antd';
import type { RecordRow } from '../api/records.ts';
import { CollapsibleSection } from '../widgets/CollapsibleSection.tsx';
import type { AddressFields } from './AddressFieldInput.tsx';
import { cellText, formatRaw } from './format.ts';
import './record-descriptions.css';
import { useContext } from 'react';
import { formatAmount } from '../shared/format.ts';
import { MoneySymbol } from '../widgets/MoneyInput.tsx';

/** What an empty value shows (never an input's prompt). */
export const EMPTY_VALUE = '-';

/** A field's value as a reader sees it: option sets and booleans by label in `lang`, lookups by name, dates at UTC+8. */
export function fieldText(e: EntityDef, row: RecordRow | null, name: string, lang: Lang): string {
  const f = e.allFields[name];
  if (!row || !f) return '';
  // Lookups: the server's name; everything else from the model, so labels follow the user's language.
  return f.type === 'lookup' ? cellText(row, name, f, lang) : formatRaw(f, row[name], lang);
}

/**
 * A record the user may not change, shown as description panels: the form's sections (same titles
 * and anchors, so the side navigation still works) with formatted values instead of disabled inputs.
 */
export function RecordDescriptions({
  e,
  row,
  sections,
  lang,
  addressFields,
}: {
  e: EntityDef;
  row: RecordRow | null;
  sections: { key: string; label: string; fields: string[] }[];
  lang: Lang;
  /** Address parts shown as one value under the province field (as the form's picker does). */
  addressFields?: AddressFields;
}) {
  const symbol = useContext(MoneySymbol);
  const addressPart = new Set(addressFields ? [addressFields.city, addressFields.county, addressFields.address] : []);
  const itemsOf = (fields: string[]): DescriptionsProps['items'] =>
    fields
      .filter((name) => !addressPart.has(name) && e.allFields[name])
      .map((name) => {
        const f = e.allFields[name];
        if (addressFields?.province === name) {
          const parts = [addressFields.province, addressFields.city, addressFields.county, addressFields.address];
          const text = parts
            .map((p) => fieldText(e, row, p, lang))
            .filter(Boolean)
            .join(' ');
          return {
            key: name,
            label: parts.map((p) => e.allFields[p]?.label[lang] ?? p).join(' / '),
            span: 'filled' as const,
            children: <span data-testid={`view-${name}`}>{text || EMPTY_VALUE}</span>,
          };
        }
        const raw = row?.[name];
        if (f.type === 'image') {
          const src = typeof raw === 'string' && /^(data:image\/|https?:|\/)/.test(raw) ? raw : '';
          return {
            key: name,
            label: f.label[lang],
            children: (
              <span data-testid={`view-${name}`}>
                {src ? <img className="record-view-image" src={src} alt={f.label[lang]} /> : EMPTY_VALUE}
              </span>
            ),
          };
        }
        const text = f.type === 'money' ? formatAmount(raw as string | number | null | undefined, symbol) : fieldText(e, row, name, lang);
        return {
          key: name,
          label: f.label[lang],
          span: f.type === 'memo' ? ('filled' as const) : undefined,
          children: (
            <span data-testid={`view-${name}`} className={f.type === 'memo' ? 'record-view-memo' : undefined}>
              {text || EMPTY_VALUE}
            </span>
          ),
        };
      });

  return (
    <div data-testid="record-descriptions" className="record-descriptions">
      {sections.map((s) => (
        <CollapsibleSection key={s.key} id={`section-${s.key}`} title={s.label} testId={`form-section-${s.key}`}>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={itemsOf(s.fields)} />
        </CollapsibleSection>
      ))}
    </div>
  );
}
