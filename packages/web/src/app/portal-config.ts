import { create } from 'zustand';
import { getPortalConfig, type PortalConfig } from '../api/portal.ts';
import { getSession } from '../session/store.ts';

/** Address cascade lists when the server's config does not name them. */
export const DEFAULT_ADDRESS_URLS = {
  province: '/api/address/provinces',
  city: '/api/address/cities?province={code}',
  county: '/api/address/counties?city={code}',
};

export const DEFAULT_CONFIG: PortalConfig = {
  isStore: false,
  crmAuthorizeUrl: '/crm/authorize',
  externalHosts: [],
  defaultLangId: 2052,
  addressUrls: DEFAULT_ADDRESS_URLS,
};

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);

export const usePortalConfig = create<PortalConfig>()(() => DEFAULT_CONFIG);

/**
 * The portal kind is decided by the server from the host name; the guards need it before the first
 * screen is chosen, so start-up waits for this call. On failure the standard portal is assumed.
 */
export async function loadPortalConfig(): Promise<PortalConfig> {
  let cfg = DEFAULT_CONFIG;
  try {
    const c = await getPortalConfig({ silent: true });
    if (c && typeof c === 'object') {
      cfg = {
        isStore: c.isStore === true,
        crmAuthorizeUrl: typeof c.crmAuthorizeUrl === 'string' && c.crmAuthorizeUrl ? c.crmAuthorizeUrl : DEFAULT_CONFIG.crmAuthorizeUrl,
        externalHosts: Array.isArray(c.externalHosts) ? c.externalHosts.map((h) => String(h).toLowerCase()) : [],
        defaultLangId: Number(c.defaultLangId) || DEFAULT_CONFIG.defaultLangId,
        // Older servers do not send the address URLs: the defaults then apply, field by field.
        addressUrls: {
          province: str(c.addressUrls?.province, DEFAULT_ADDRESS_URLS.province),
          city: str(c.addressUrls?.city, DEFAULT_ADDRESS_URLS.city),
          county: str(c.addressUrls?.county, DEFAULT_ADDRESS_URLS.county),
        },
      };
    }
  } catch {
    /* keep the defaults */
  }
  usePortalConfig.setState(cfg);
  getSession().setIsStore(cfg.isStore);
  return cfg;
}
