import { regions, type Region } from '../../api/address.ts';
import type { DefaultDelivery } from '../../api/cart.ts';
import type { AddressValue, IdName } from '../../widgets/AddressPicker.tsx';

const byName = (list: Region[], name: string): IdName | null => {
  const r = list.find((x) => x.name === name);
  return r ? { id: r.id, name: r.name } : null;
};

/**
 * The picker's value for an address held as names (a station record): each level is looked up in
 * the configured lists; the cascade stops at the first name the lists do not know, so the user
 * picks from there.
 */
export async function addressFromNames(d: Pick<DefaultDelivery, 'Province' | 'City' | 'County' | 'Address'>): Promise<AddressValue> {
  const out: AddressValue = { province: null, city: null, country: null, address: d.Address ?? '' };
  if (!d.Province) return out;
  out.province = byName(await regions('province'), d.Province);
  if (!out.province || !d.City) return out;
  out.city = byName(await regions('city', out.province.id), d.City);
  if (!out.city || !d.County) return out;
  out.country = byName(await regions('county', out.city.id), d.County);
  return out;
}
