import { resolve } from 'node:path';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';
import { chooseLogFormat, type LogFormat } from './logging.ts';
import { SERVER_ROOT } from './server-root.ts';

/** Everything the server reads from its environment, documented in the README. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL instead of the embedded database. */
  databaseUrl?: string;
  /** In-memory embedded database (tests). */
  memoryDb: boolean;
  production: boolean;
  /** Exposes /api/dev/* read-backs of captchas and SMS codes; refused in production. */
  testMode: boolean;
  /** 'auto': embedded database seeds demo data when empty; 'yes' / 'no' force it. */
  seedDemo: 'auto' | 'yes' | 'no';
  /** Host names that serve the store portal (isStore); every other host is the standard portal. */
  storeHosts: string[];
  defaultPortal: 'standard' | 'store';
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  sessionAbsoluteTtlSec: number;
  /** Shared secret the CRM signs single sign-on assertions with. */
  ssoSecret?: string;
  /** Where the built web app is served from. */
  webDist: string;
  /** Hosts allowed in /main/external/:url. */
  externalHosts: string[];
  logLevel: string;
  /** LOG_FORMAT: json | pretty; default readable lines on a terminal, JSON otherwise. */
  logFormat: LogFormat;
  /** Requests a minute per client address on /token and the SMS code call. */
  authRateLimit: number;
  /** TRUST_PROXY: which reverse proxies may name the client address (X-Forwarded-For); off by default. */
  trustProxy: TrustProxy;
  /** Attachments (local folder or S3-compatible store) and the address-list URLs (files area). */
  files: FilesConfig;
  /** Tile source of the work-order map (MAP_TILE_*); without a URL the map draws markers only. */
  mapTiles: MapTilesConfig;
  /** Webhook deliveries (integration/webhooks). */
  webhooks: WebhooksConfig;
}

export interface WebhooksConfig {
  /** WEBHOOK_DRAIN: this instance delivers the outbox (default on; off in test mode, where a test drains itself). */
  drain: boolean;
  /** WEBHOOK_ALLOW_HTTP: subscriptions may name http:// URLs (default https only). */
  allowHttp: boolean;
  /** WEBHOOK_ALLOW_PRIVATE: address ranges (CIDR) deliveries may reach although private or loopback. */
  allowPrivate: string[];
  /** WEBHOOK_TIMEOUT_MS: per request, default 10000. */
  timeoutMs: number;
}

export interface MapTilesConfig {
  /** MAP_TILE_URL: a Leaflet URL template ({s} {z} {x} {y}); empty = no tiles. */
  url: string;
  /** MAP_TILE_DATUM: the datum the tiles are drawn in (wgs84 | gcj02 | bd09; default gcj02, as Chinese providers). */
  datum: 'wgs84' | 'gcj02' | 'bd09';
  /** MAP_TILE_ATTRIBUTION */
  attribution: string;
  /** MAP_TILE_MAX_ZOOM, default 18 */
  maxZoom: number;
  /** MAP_TILE_SUBDOMAINS, comma-separated values of {s} */
  subdomains: string[];
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /**
   * S3_CHECKSUMS: 'required' (default) sends the AWS SDK's CRC32 request checksums only where the
   * API demands them, as S3-compatible stores (MinIO, OSS, COS, s3rver) accept; 'supported' adds
   * them to every upload the server makes (AWS S3 itself). Presigned URLs never carry one.
   */
  checksums?: 'required' | 'supported';
  /**
   * S3_PUBLIC_ENDPOINT: the store's address as browsers reach it, for presigned upload URLs, when
   * the servers use another one (OSS/COS internal endpoints); default S3_ENDPOINT.
   */
  publicEndpoint?: string;
}

export interface FilesConfig {
  /** STORAGE_DIR, default `${DATA_DIR}/files`: the local store when S3 is not configured. */
  storageDir: string;
  /** Set when S3_BUCKET is set: attachments go to that S3-compatible bucket. */
  s3?: S3Config;
  /** ADDRESS_PROVINCE_URL / ADDRESS_CITY_URL / ADDRESS_COUNTY_URL, default the built-in lists. */
  address: { province: string; city: string; county: string };
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  const testMode = env.PORTAL_TEST_MODE === '1';
  if (testMode && production) {
    throw new Error('PORTAL_TEST_MODE=1 is refused when NODE_ENV=production');
  }
  const seed = (env.SEED_DEMO ?? 'auto').toLowerCase();
  const cfg: Config = {
    port: Number(env.PORT ?? 8080),
    // This machine only unless HOST says otherwise: the demo's password is in the README.
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    memoryDb: false,
    production,
    testMode,
    seedDemo: seed === '1' || seed === 'yes' || seed === 'true' ? 'yes' : seed === '0' || seed === 'no' || seed === 'false' ? 'no' : 'auto',
    storeHosts: list(env.STORE_HOSTS),
    defaultPortal: env.PORTAL_KIND === 'store' ? 'store' : 'standard',
    accessTokenTtlSec: Number(env.ACCESS_TOKEN_TTL ?? 15 * 60),
    refreshTokenTtlSec: Number(env.REFRESH_TOKEN_TTL ?? 12 * 3600),
    sessionAbsoluteTtlSec: Number(env.SESSION_MAX_AGE ?? 7 * 24 * 3600),
    ssoSecret: env.SSO_SHARED_SECRET || undefined,
    webDist: resolve(env.WEB_DIST ?? resolve(SERVER_ROOT, '../web/dist')),
    externalHosts: list(env.EXTERNAL_HOSTS ?? 'www.baidu.com,map.baidu.com'),
    logLevel: env.LOG_LEVEL ?? (testMode ? 'warn' : 'info'),
    logFormat: chooseLogFormat(env.LOG_FORMAT, process.stdout.isTTY),
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 30),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    files: {
      storageDir: resolve(env.STORAGE_DIR ?? `${resolve(env.DATA_DIR ?? 'data')}/files`),
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION || 'us-east-1',
            endpoint: env.S3_ENDPOINT || undefined,
            accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
            checksums: env.S3_CHECKSUMS === 'supported' ? 'supported' : 'required',
            publicEndpoint: env.S3_PUBLIC_ENDPOINT || undefined,
          }
        : undefined,
      address: {
        province: env.ADDRESS_PROVINCE_URL || '/api/address/provinces',
        city: env.ADDRESS_CITY_URL || '/api/address/cities?province={code}',
        county: env.ADDRESS_COUNTY_URL || '/api/address/counties?city={code}',
      },
    },
    mapTiles: {
      url: env.MAP_TILE_URL?.trim() ?? '',
      datum: env.MAP_TILE_DATUM === 'wgs84' || env.MAP_TILE_DATUM === 'bd09' ? env.MAP_TILE_DATUM : 'gcj02',
      attribution: env.MAP_TILE_ATTRIBUTION ?? '',
      maxZoom: Math.min(22, Math.max(1, Number(env.MAP_TILE_MAX_ZOOM) || 18)),
      subdomains: (env.MAP_TILE_SUBDOMAINS ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    },
    webhooks: {
      drain: env.WEBHOOK_DRAIN ? env.WEBHOOK_DRAIN === '1' || env.WEBHOOK_DRAIN === 'true' : !testMode,
      allowHttp: env.WEBHOOK_ALLOW_HTTP === '1' || env.WEBHOOK_ALLOW_HTTP === 'true',
      allowPrivate: list(env.WEBHOOK_ALLOW_PRIVATE),
      timeoutMs: Math.max(100, Number(env.WEBHOOK_TIMEOUT_MS) || 10_000),
    },
    ...overrides,
  };
  if (cfg.testMode) {
    // Test mode lets anyone mint a sign-in for any user (/api/dev/sso-assertion): this machine only.
    assertTestModeHost(cfg);
  }
  return cfg;
}

/** Loopback addresses only: 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}

/**
 * Test mode serves read-backs (captcha texts, SMS codes, SSO assertions for any user): refused unless
 * the server listens on a loopback address. Called by loadConfig; a start-up path that changes the
 * host afterwards calls it again before listening.
 */
export function assertTestModeHost(cfg: Pick<Config, 'testMode' | 'host'>): void {
  if (cfg.testMode && !isLoopbackHost(cfg.host)) {
    throw new Error(
      `PORTAL_TEST_MODE=1 is refused on HOST=${cfg.host}: test mode listens on a loopback address only (127.0.0.1, ::1 or localhost)`,
    );
  }
}
