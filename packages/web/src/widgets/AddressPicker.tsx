import { Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { regions, type Region } from '../api/address.ts';
import { useT } from '../locales/i18n.ts';
import { lengthCount } from './typed-rules.ts';

export interface IdName {
  id: string;
  name: string;
}

/** spec 000 §3: province, city, county — called "country" in the payload — and address text. */
export interface AddressValue {
  province: IdName | null;
  city: IdName | null;
  country: IdName | null;
  address: string;
}

export const EMPTY_ADDRESS: AddressValue = { province: null, city: null, country: null, address: '' };

function useRegions(level: 'province' | 'city' | 'county', parent: string | undefined, enabled: boolean) {
  const [list, setList] = useState<Region[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setList([]);
      return;
    }
    let live = true;
    setLoading(true);
    regions(level, parent)
      .then((r) => live && setList(r))
      .catch(() => live && setList([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [level, parent, enabled]);
  return { list, loading };
}

/** Province → city → county cascade from the configured URLs, plus the street address. */
export function AddressPicker({
  value,
  onChange,
  testId,
  disabled,
  id,
  maxLength,
}: {
  value?: AddressValue;
  onChange?: (v: AddressValue) => void;
  testId?: string;
  disabled?: boolean;
  id?: string;
  /** The street address's limit, shown as a count; a longer text is kept (the form's rule refuses it), never cut. */
  maxLength?: number;
}) {
  const t = useT();
  const v = value ?? EMPTY_ADDRESS;
  const provinces = useRegions('province', undefined, true);
  const cities = useRegions('city', v.province?.id, !!v.province?.id);
  const counties = useRegions('county', v.city?.id, !!v.city?.id);
  const pick = (list: Region[], id: string | undefined): IdName | null => {
    const r = list.find((x) => x.id === id);
    return r ? { id: r.id, name: r.name } : null;
  };
  const select = (
    level: 'province' | 'city' | 'county',
    source: { list: Region[]; loading: boolean },
    current: IdName | null,
    onPick: (r: IdName | null) => void,
    placeholder: string,
    enabled: boolean,
  ) => (
    <Select
      data-testid={testId ? `${testId}-${level}` : undefined}
      aria-label={placeholder}
      value={current?.id}
      // While a saved value's list loads, show its name rather than a bare id.
      labelRender={(p) => (p.label as string) ?? current?.name ?? p.value}
      options={source.list.map((r) => ({ value: r.id, label: r.name }))}
      loading={source.loading}
      placeholder={placeholder}
      disabled={disabled || !enabled}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(id?: string) => onPick(pick(source.list, id))}
      style={{ width: 150 }}
    />
  );
  return (
    <div data-testid={testId} id={id} className="address-picker">
      <Space wrap>
        {select(
          'province',
          provinces,
          v.province,
          (province) => onChange?.({ ...v, province, city: null, country: null }),
          t('widgets.address.province'),
          true,
        )}
        {select('city', cities, v.city, (city) => onChange?.({ ...v, city, country: null }), t('widgets.address.city'), !!v.province)}
        {select('county', counties, v.country, (country) => onChange?.({ ...v, country }), t('widgets.address.county'), !!v.city)}
      </Space>
      <Input
        data-testid={testId ? `${testId}-detail` : undefined}
        aria-label={t('widgets.address.detail')}
        placeholder={t('widgets.address.detail')}
        value={v.address}
        count={maxLength ? lengthCount(maxLength, false) : undefined}
        disabled={disabled}
        onChange={(e) => onChange?.({ ...v, address: e.target.value })}
        style={{ marginTop: 8 }}
      />
    </div>
  );
}
