import { getSession } from '../session/store.ts';
import { apiGet } from './client.ts';

/** spec 000 §3: Value, Text, IconSrc. */
export interface PicklistOption {
  Value: number;
  Text: string;
  IconSrc?: string | null;
}

const cache = new Map<string, Promise<PicklistOption[]>>();

/** Options of one entity attribute, loaded once per entity, attribute and language. */
export function picklistOptions(entity: string, attribute: string): Promise<PicklistOption[]> {
  const key = `${getSession().locale}|${entity}|${attribute}`;
  let p = cache.get(key);
  if (!p) {
    p = apiGet<PicklistOption[]>(`/api/crmpicklist/options/${encodeURIComponent(entity)}/${encodeURIComponent(attribute)}`, {
      silent: true,
    }).then((d) => (Array.isArray(d) ? d : []));
    // A failure is not cached: the next widget asks again.
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

export const clearPicklistCache = () => cache.clear();
