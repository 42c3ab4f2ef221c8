import { useEffect, useRef } from 'react';
import { regions } from '../api/address.ts';
import { AddressPicker, EMPTY_ADDRESS, type AddressValue } from '../widgets/AddressPicker.tsx';

/** Which text fields of an entity hold the province, city, county and street address (names are stored). */
export interface AddressFields {
  province: string;
  city: string;
  county: string;
  address: string;
}

const named = (name: unknown) => (typeof name === 'string' && name !== '' ? { id: '', name } : null);

/** The four stored texts as the picker's value (codes are found later by name). */
export function toAddressValue(row: Record<string, unknown>, f: AddressFields): AddressValue {
  return {
    province: named(row[f.province]),
    city: named(row[f.city]),
    country: named(row[f.county]),
    address: typeof row[f.address] === 'string' ? (row[f.address] as string) : '',
  };
}

/** The picker's value back to the four texts ('' for an empty part). */
export function fromAddressValue(v: AddressValue | null | undefined, f: AddressFields): Record<string, string> {
  const a = v ?? EMPTY_ADDRESS;
  return {
    [f.province]: a.province?.name ?? '',
    [f.city]: a.city?.name ?? '',
    [f.county]: a.country?.name ?? '',
    [f.address]: a.address ?? '',
  };
}

/**
 * The AddressPicker for records that store names only: a saved value has names without codes, so
 * the cascade would not load its cities and counties; the codes are looked up by name once.
 */
export function AddressFieldInput({
  value,
  onChange,
  disabled,
  testId,
  id,
}: {
  value?: AddressValue | null;
  onChange?: (v: AddressValue) => void;
  disabled?: boolean;
  testId?: string;
  id?: string;
}) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const v = value ?? EMPTY_ADDRESS;
  const key = v.province && !v.province.id ? `${v.province.name}|${v.city?.name ?? ''}|${v.country?.name ?? ''}` : '';

  useEffect(() => {
    if (!key) return;
    let live = true;
    const find = (list: { id: string; name: string }[], name?: string) => (name ? (list.find((r) => r.name === name) ?? null) : null);
    void (async () => {
      const p = find(await regions('province'), v.province?.name);
      if (!p) return;
      const c = v.city ? find(await regions('city', p.id), v.city.name) : null;
      const k = c && v.country ? find(await regions('county', c.id), v.country.name) : null;
      if (live) latest.current?.({ ...v, province: p, city: c ?? v.city, country: k ?? v.country });
    })().catch(() => undefined);
    return () => {
      live = false;
    };
    // The names (key) decide; v is read as of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return <AddressPicker value={v} onChange={onChange} disabled={disabled} testId={testId} id={id} />;
}
