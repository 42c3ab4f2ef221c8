/**
 * What the service worker does with a request (pure, shared by sw.ts and its tests):
 *
 * - `bypass`: not touched — the browser fetches as if there were no worker. Everything that is not a
 *   same-origin GET, and the server's own answers: the API (`/api/*`, uploads and downloads included),
 *   `/token`, `/crm/*`, `/healthz`, `/docs`. Data is never cached here (the engineer app keeps its
 *   offline data in IndexedDB, packages/web/src/offline/).
 * - `navigate`: a page load of a screen — network first; offline, the precached index.html (the app
 *   shell), which then routes the path itself.
 * - `asset`: a hashed build file under `/assets/` — cache first; fetched once and kept when not
 *   precached (its name changes with its content, so a kept copy is never stale).
 * - `static`: another precached file without a hash in its name (manifest, icons, favicon) — network
 *   first, the precached copy offline.
 */
export type SwRoute = 'bypass' | 'navigate' | 'asset' | 'static';

export interface SwRequest {
  method: string;
  mode: string;
  url: string;
}

/** Paths the server answers itself: never cached, never answered from a cache. */
const SERVER_PATHS = /^\/(?:api(?:\/|$)|token$|crm(?:\/|$)|healthz$|docs(?:\/|$))/;

/** A path from the manifest as the worker compares it: absolute, `/` for index.html. */
export const shellPath = (file: string) => (file === 'index.html' ? '/' : `/${file.replace(/^\//, '')}`);

export function routeOf(req: SwRequest, origin: string, precached: ReadonlySet<string>): SwRoute {
  if (req.method !== 'GET') return 'bypass';
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return 'bypass';
  }
  if (url.origin !== origin) return 'bypass';
  if (SERVER_PATHS.test(url.pathname)) return 'bypass';
  if (req.mode === 'navigate') return 'navigate';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (precached.has(url.pathname)) return 'static';
  return 'bypass';
}

/**
 * The page a navigation falls back to offline: the page of the first prefix in `pages` the path
 * starts with (the engineer app's mobile.html for /mobile/…, vite.config.ts writes the map into the
 * precache manifest), when this build precaches it; else index.html, which routes the path itself.
 */
export function shellPageFor(pathname: string, pages: Readonly<Record<string, string>>, precached: ReadonlySet<string>): string {
  for (const [prefix, page] of Object.entries(pages)) {
    if (pathname.startsWith(prefix) && precached.has(shellPath(page))) return shellPath(page);
  }
  return '/';
}

/** The cache of one build; every other `portal-shell-*` cache is deleted when its worker activates. */
export const CACHE_PREFIX = 'portal-shell-';
export const cacheName = (version: string) => `${CACHE_PREFIX}${version}`;

/** Caches an activating worker of `version` deletes: the shell caches of other builds only. */
export const staleCaches = (names: readonly string[], version: string) =>
  names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== cacheName(version));

/** The message a page posts to a waiting worker when the user accepts the new version. */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * The message a page posts once its worker is active: `{ type, urls }`, the build files it loaded
 * before the worker controlled it (the first visit's screen chunks), to be kept like any fetched later.
 */
export const CACHE_URLS = 'CACHE_URLS';

/** Of the URLs a page reports, those the worker keeps: this origin's hashed build files. */
export const urlsToKeep = (urls: unknown, origin: string): string[] =>
  Array.isArray(urls)
    ? urls.filter(
        (u): u is string => typeof u === 'string' && routeOf({ method: 'GET', mode: 'cors', url: u }, origin, new Set()) === 'asset',
      )
    : [];
