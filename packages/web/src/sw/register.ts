import { announceUpdates } from './update.ts';

/** How often an open app asks the server for a newer worker (browsers also check on each page load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Posts the build files this page has loaded (strategy.ts CACHE_URLS; the worker keeps this origin's /assets/). */
function reportLoaded(worker: ServiceWorker | null): void {
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${location.origin}/assets/`));
  worker?.postMessage({ type: 'CACHE_URLS', urls });
}

/**
 * Registers /sw.js (production builds only: main.tsx calls this behind `import.meta.env.PROD`; the
 * dev server and jsdom have no worker). After the page has loaded, so the first visit's downloads do
 * not compete with the precache. A waiting new version is announced (update.ts), never forced.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const register = async () => {
    try {
      const reg = await container.register('/sw.js', { scope: '/' });
      announceUpdates(reg, container, () => window.location.reload());
      // The screens of this first visit loaded before the worker ran: it keeps them too (offline
      // reload of a visited screen), told once it is active and again when it takes control.
      container.addEventListener('controllerchange', () => reportLoaded(container.controller));
      reportLoaded((await container.ready).active);
      setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
    } catch {
      /* no worker (private mode, blocked): the portal works online as before */
    }
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
