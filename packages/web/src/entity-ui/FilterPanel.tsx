import type { EntityDef, FieldDef, Lang } from '@portal/model';
import { Col, Input, InputNumber, Row, Select } from 'antd';
import dayjs from 'dayjs';
import type { Translate } from '../locales/i18n.ts';
import { DateRangePicker } from '../widgets/DateRangePicker.tsx';
import { LookupInput } from '../widgets/lookup/LookupInput.tsx';
import { Picklist } from '../widgets/Picklist.tsx';
import { splitLookupValue, splitRange } from './odata.ts';

const FILTERABLE = new Set(['text', 'memo', 'optionset', 'lookup', 'date', 'datetime', 'bool', 'int', 'decimal', 'money']);

/** The view's columns that get a filter input in "more filters". */
export const filterableColumns = (e: EntityDef, columns: string[]) => columns.filter((c) => FILTERABLE.has(e.allFields[c]?.type ?? ''));

/** One filter input for one column, by the field's type; values are the URL's string forms. */
function FilterInput({
  entity,
  name,
  field,
  value,
  onChange,
  t,
  lang,
}: {
  entity: EntityDef;
  name: string;
  field: FieldDef;
  value: string;
  onChange: (v: string) => void;
  t: Translate;
  lang: Lang;
}) {
  const testId = `list-filter-${name}`;
  switch (field.type) {
    case 'optionset':
      return (
        <Picklist
          entity={entity.logicalName}
          attribute={name}
          value={value === '' ? null : Number(value)}
          onChange={(v) => onChange(v === null || Array.isArray(v) ? '' : String(v))}
          placeholder={t('widgets.list.any')}
          testId={testId}
        />
      );
    case 'lookup': {
      const { id, name: text } = splitLookupValue(value);
      return (
        <LookupInput
          def={{ entityName: field.target }}
          value={id ? { id, name: text } : null}
          onChange={(r) => onChange(r ? `${r.id}|${r.name}` : '')}
          testId={testId}
        />
      );
    }
    case 'bool':
      return (
        <Select
          data-testid={testId}
          allowClear
          value={value === '' ? undefined : value}
          placeholder={t('widgets.list.any')}
          onChange={(v?: string) => onChange(v ?? '')}
          options={[
            { value: 'true', label: field.trueLabel?.[lang] ?? t('widgets.list.yes') },
            { value: 'false', label: field.falseLabel?.[lang] ?? t('widgets.list.no') },
          ]}
          style={{ width: '100%' }}
        />
      );
    case 'date':
    case 'datetime': {
      const [a, b] = splitRange(value);
      return (
        <DateRangePicker
          testId={testId}
          disablePast={false}
          value={[a ? dayjs(a) : null, b ? dayjs(b) : null]}
          onChange={([s, e]) => onChange(s || e ? `${s ? s.format('YYYY-MM-DD') : ''}~${e ? e.format('YYYY-MM-DD') : ''}` : '')}
        />
      );
    }
    case 'int':
    case 'decimal':
    case 'money':
      return (
        <InputNumber
          data-testid={testId}
          value={value === '' ? null : Number(value)}
          onChange={(v) => onChange(v === null || v === undefined ? '' : String(v))}
          style={{ width: '100%' }}
        />
      );
    default:
      return (
        <Input
          data-testid={testId}
          allowClear
          value={value}
          placeholder={t('widgets.list.contains')}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

/** "More filters": one input per view column (text contains, option, lookup, date range, yes/no). */
export function FilterPanel({
  entity,
  columns,
  values,
  onChange,
  lang,
  t,
}: {
  entity: EntityDef;
  columns: string[];
  values: Record<string, string>;
  onChange: (v: Record<string, string>) => void;
  lang: Lang;
  t: Translate;
}) {
  return (
    <div className="list-filter-panel" data-testid="list-filter-panel">
      <Row gutter={[16, 12]}>
        {filterableColumns(entity, columns).map((c) => {
          const field = entity.allFields[c];
          const wide = field.type === 'date' || field.type === 'datetime';
          return (
            <Col key={c} xs={24} md={wide ? 16 : 12} xl={wide ? 12 : 6}>
              <label className="list-filter-label">
                <span>{field.label[lang]}</span>
              </label>
              <FilterInput
                entity={entity}
                name={c}
                field={field}
                value={values[c] ?? ''}
                t={t}
                lang={lang}
                onChange={(v) => onChange({ ...values, [c]: v })}
              />
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
