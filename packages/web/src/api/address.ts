import { DEFAULT_ADDRESS_URLS, usePortalConfig } from '../app/portal-config.ts';
import { apiGet } from './client.ts';

export interface Region {
  id: string;
  name: string;
}

export type AddressUrls = typeof DEFAULT_ADDRESS_URLS;

const cache = new Map<string, Promise<Region[]>>();

/** One list of the cascade, from the configured URL ({code} = the parent's id); cached per URL. */
export function regions(level: keyof AddressUrls, parent?: string): Promise<Region[]> {
  const urls = usePortalConfig.getState().addressUrls ?? DEFAULT_ADDRESS_URLS;
  const template = urls[level] || DEFAULT_ADDRESS_URLS[level];
  const url = template.replace('{code}', encodeURIComponent(parent ?? ''));
  let p = cache.get(url);
  if (!p) {
    p = apiGet<Region[]>(url, { silent: true }).then((d) =>
      (Array.isArray(d) ? d : []).map((r) => ({ id: String((r as Region).id), name: String((r as Region).name) })),
    );
    p.catch(() => cache.delete(url));
    cache.set(url, p);
  }
  return p;
}

export const clearRegionCache = () => cache.clear();
