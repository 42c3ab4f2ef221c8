import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config, MapTilesConfig, S3Config } from '../config.ts';

/** Leaflet's `{s}` values when MAP_TILE_SUBDOMAINS is not set. */
const LEAFLET_SUBDOMAINS = ['a', 'b', 'c'];
const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/**
 * The CSP source of an absolute http(s) URL (scheme + host + port), or undefined for a relative URL
 * (served by the portal itself: 'self') or anything unparsable. Built by the URL parser, so a
 * configured value cannot smuggle a `;` or a new directive into the header.
 */
function sourceOf(url: string): string | undefined {
  // A template's own placeholders ({z}, {code}, …) are not part of a host.
  const concrete = url.trim().replace(/\{[^}]*\}/g, '0');
  if (concrete.startsWith('//')) {
    // Protocol-relative: the host, on the page's own scheme.
    try {
      return new URL(`https:${concrete}`).host;
    } catch {
      return undefined;
    }
  }
  if (!/^https?:\/\//i.test(concrete)) return undefined;
  try {
    const u = new URL(concrete);
    return `${u.protocol}//${u.host}`;
  } catch {
    return undefined;
  }
}

/** Every host the map's tiles come from: the template with each `{s}` value put in. */
export function tileSources(t: MapTilesConfig): string[] {
  if (!t.url) return [];
  const subs = t.subdomains.length ? t.subdomains : LEAFLET_SUBDOMAINS;
  const urls = t.url.includes('{s}') ? subs.map((s) => t.url.replaceAll('{s}', s)) : [t.url];
  return [...new Set(urls.map(sourceOf).filter((s): s is string => !!s))];
}

/** Where the browser PUTs a direct upload: the bucket's presigned URLs (virtual-hosted and path style). */
export function s3Sources(s3: S3Config | undefined): string[] {
  if (!s3) return [];
  const endpoint = s3.publicEndpoint ?? s3.endpoint;
  if (endpoint) {
    const base = sourceOf(endpoint);
    if (!base) return [];
    const u = new URL(base);
    return s3.forcePathStyle ? [base] : [`${u.protocol}//${s3.bucket}.${u.host}`, base];
  }
  // AWS itself; its China regions have a domain of their own.
  const domain = s3.region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
  return [`https://${s3.bucket}.s3.${s3.region}.${domain}`, `https://s3.${s3.region}.${domain}`];
}

/**
 * Helmet's options for the portal. The CSP allows no inline or foreign script; the hosts the app
 * legitimately reaches come from the configuration: map tiles (img-src), the external pages it frames
 * (frame-src), the S3 endpoint of direct uploads and absolute address-list URLs (connect-src).
 * style-src keeps 'unsafe-inline': antd's css-in-js inserts <style> elements at run time (see
 * docs/decisions.md); styles cannot run script.
 */
export function securityHeaders(cfg: Config): FastifyHelmetOptions {
  // Any port: /main/external/:url checks the host name only.
  const external = cfg.externalHosts.filter((h) => HOST_NAME.test(h)).map((h) => `${h}:*`);
  const address = Object.values(cfg.files.address)
    .map(sourceOf)
    .filter((s): s is string => !!s);
  const connect = [...new Set([...s3Sources(cfg.files.s3), ...address])];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(cfg.mapTiles)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...connect],
        frameSrc: external.length ? external : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The portal frames others (/main/external); nobody frames the portal (clickjacking).
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Browsers heed it over HTTPS only; not for sibling sub-domains, which the operator may still
    // serve over plain HTTP.
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  };
}

const isApiPath = (url: string) => {
  const path = url.split('?')[0];
  return path.startsWith('/api/') || path === '/token';
};

/**
 * Every answer of the API (/api/*, /token) and every JSON answer is `Cache-Control: no-store`: no
 * browser, proxy or shared cache keeps a user's data. A route that chose its own caching keeps it
 * (public data: the address lists, the anonymous shop; downloads), and so do the web app's files
 * (hashed assets a year, the rest no-cache: app.ts).
 */
export function noStoreApiAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!reply.hasHeader('cache-control') && (isApiPath(req.url) || /\bjson\b/i.test(String(reply.getHeader('content-type') ?? '')))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
