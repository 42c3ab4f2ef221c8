/**
 * The portal's service worker: the app shell offline, hand-written (docs/decisions.md "Installable
 * portal"). Built into dist/sw.js by the `portal-service-worker` plugin in vite.config.ts, which puts
 * the build's precache list and version in place of the manifest placeholder below. What it does
 * with each request: ./strategy.ts. Registered by ./register.ts in production builds only.
 */
import { CACHE_URLS, cacheName, routeOf, shellPageFor, shellPath, SKIP_WAITING, staleCaches, urlsToKeep } from './strategy.ts';

// The worker's global scope, typed here (the web project's lib is DOM, not WebWorker).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  readonly location: Location;
  readonly caches: CacheStorage;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', l: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', l: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', l: (e: ExtendableMessageEvent) => void): void;
}

interface PrecacheManifest {
  /** Hash of the precached files' names and index.html: a new build is a new worker. */
  version: string;
  /** Paths relative to the site root (index.html, assets/…, icons/…). */
  files: string[];
  /** Path prefix → the page that serves it (the engineer app's mobile.html); index.html serves the rest. */
  pages: Record<string, string>;
}

const sw = self as unknown as WorkerScope;
const MANIFEST = JSON.parse('__PORTAL_SW_MANIFEST__') as PrecacheManifest;
const CACHE = cacheName(MANIFEST.version);
const PRECACHED = new Set(MANIFEST.files.map(shellPath));

/**
 * Fills this build's cache. A hashed asset another build already holds is copied from there (same
 * name, same bytes). Any failure fails the install: the previous worker stays in charge.
 */
async function precache(): Promise<void> {
  const cache = await sw.caches.open(CACHE);
  await Promise.all(
    [...PRECACHED].map(async (path) => {
      const hashed = path.startsWith('/assets/');
      const kept = hashed ? await sw.caches.match(path, { ignoreVary: true }) : undefined;
      // A hashed file may come from the HTTP cache (the page has just loaded it); the others are
      // fetched anew, so the cached index.html is this build's.
      const res = kept ?? (await fetch(new Request(path, { cache: hashed ? 'default' : 'reload', credentials: 'same-origin' })));
      if (!res.ok) throw new Error(`precache ${path}: ${res.status}`);
      await cache.put(path, res);
    }),
  );
}

sw.addEventListener('install', (e) => {
  e.waitUntil(precache());
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      const names = await sw.caches.keys();
      await Promise.all(staleCaches(names, MANIFEST.version).map((n) => sw.caches.delete(n)));
      // The first worker takes the open page at once (it has no older version to keep running).
      await sw.clients.claim();
    })(),
  );
});

/** Keeps build files the page loaded before this worker controlled it (already in its HTTP cache). */
async function keep(urls: string[]): Promise<void> {
  const cache = await sw.caches.open(CACHE);
  await Promise.all(
    urls.map(async (u) => {
      if (await cache.match(u, { ignoreVary: true })) return;
      const res = await fetch(u).catch(() => undefined);
      if (res?.ok && res.type === 'basic') await cache.put(u, res);
    }),
  );
}

sw.addEventListener('message', (e) => {
  const data = e.data as { type?: string; urls?: unknown } | null;
  // A new version waits until the user accepts it (the page's update notice posts this).
  if (data?.type === SKIP_WAITING) void sw.skipWaiting();
  if (data?.type === CACHE_URLS) e.waitUntil(keep(urlsToKeep(data.urls, sw.location.origin)));
});

async function networkFirst(req: Request, fallback: string): Promise<Response> {
  try {
    return await fetch(req);
  } catch (err) {
    const cached = await (await sw.caches.open(CACHE)).match(fallback, { ignoreVary: true });
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(req: Request): Promise<Response> {
  const cache = await sw.caches.open(CACHE);
  const cached = await cache.match(req, { ignoreVary: true });
  if (cached) return cached;
  const res = await fetch(req);
  if (res.ok && res.type === 'basic') await cache.put(req, res.clone());
  return res;
}

sw.addEventListener('fetch', (e) => {
  const req = e.request;
  switch (routeOf(req, sw.location.origin, PRECACHED)) {
    case 'navigate':
      // The cached page belongs to this build (its assets are precached): an online answer is not
      // stored over it. Offline, the engineer app's paths get its own page, others index.html.
      return e.respondWith(networkFirst(req, shellPageFor(new URL(req.url).pathname, MANIFEST.pages, PRECACHED)));
    case 'asset':
      return e.respondWith(cacheFirst(req));
    case 'static':
      return e.respondWith(networkFirst(req, new URL(req.url).pathname));
    default:
      return undefined;
  }
});
