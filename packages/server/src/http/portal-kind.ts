import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** The portal kind (isStore) is a deployment setting per host name: STORE_HOSTS lists the store hosts. */
export function portalKind(cfg: Config, req: FastifyRequest): 'standard' | 'store' {
  const host = String(req.headers.host ?? '')
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (cfg.storeHosts.includes(host)) return 'store';
  return cfg.defaultPortal;
}
