import { getEntity, type OptionSetField } from '@portal/model';
import { Select } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { picklistOptions, type PicklistOption } from '../api/picklist.ts';
import { useLocale } from '../locales/i18n.ts';

/** The model's own option set of an attribute, used while (or if) the call fails. */
function modelOptions(entity: string, attribute: string, lang: 'zh-CN' | 'en-US'): PicklistOption[] {
  const f = getEntity(entity)?.allFields[attribute];
  if (f?.type !== 'optionset') return [];
  return (f as OptionSetField).optionSet.options.map((o) => ({ Value: o.value, Text: o.label[lang], IconSrc: null }));
}

/** Options of one attribute, loaded from /api/crmpicklist/options (cached per entity and attribute). */
export function usePicklist(entity: string, attribute: string): { options: PicklistOption[]; loading: boolean } {
  const lang = useLocale();
  const [state, setState] = useState<{ key: string; options: PicklistOption[] | null }>({ key: '', options: null });
  const key = `${lang}|${entity}|${attribute}`;
  useEffect(() => {
    let live = true;
    picklistOptions(entity, attribute)
      .then((options) => live && setState({ key, options: options.length ? options : modelOptions(entity, attribute, lang) }))
      .catch(() => live && setState({ key, options: modelOptions(entity, attribute, lang) }));
    return () => {
      live = false;
    };
  }, [entity, attribute, lang, key]);
  const loaded = state.key === key ? state.options : null;
  return { options: loaded ?? modelOptions(entity, attribute, lang), loading: loaded === null };
}

export function Picklist({
  entity,
  attribute,
  value,
  onChange,
  placeholder,
  allowClear = true,
  disabled,
  testId,
  id,
  style,
  mode,
}: {
  entity: string;
  attribute: string;
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  testId?: string;
  id?: string;
  style?: CSSProperties;
  mode?: 'multiple';
}) {
  const { options, loading } = usePicklist(entity, attribute);
  return (
    <Select<number | number[]>
      id={id}
      data-testid={testId}
      mode={mode}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v === undefined ? null : v)}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      loading={loading}
      style={{ width: '100%', ...style }}
      options={options.map((o) => ({
        value: o.Value,
        label: o.IconSrc ? (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <img src={o.IconSrc} alt="" width={16} height={16} />
            {o.Text}
          </span>
        ) : (
          o.Text
        ),
        title: o.Text,
      }))}
      showSearch={options.length > 8 ? { optionFilterProp: 'title' } : false}
    />
  );
}
