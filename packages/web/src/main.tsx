import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// antd's static styles before the portal's (AntdRoot imports the same file: one copy).
import 'antd/dist/antd.css';
import './app/app.css';
import './widgets/phone-tables.css';
import './app/phone.css';
import { App } from './app/App.tsx';
import { bindNavigation } from './app/navigation.ts';
import { findRoute, isPublicPath } from './app/match-route.ts';
import { routeLoader } from './app/page-registry.ts';
import { loadPortalConfig } from './app/portal-config.ts';
import { createAppRouter } from './app/router.tsx';
import { applyDocumentLocale, loadLocales, loadMessages } from './locales/load.ts';
import { startHeartbeat } from './session/heartbeat.ts';
import { followOtherTabs, getSession } from './session/store.ts';
import { registerServiceWorker } from './sw/register.ts';

async function start() {
  applyDocumentLocale(getSession().locale);
  // Before anything reads the session: a stale one (no heartbeat for 90 s) is dropped.
  startHeartbeat();
  followOtherTabs();
  // While the portal kind loads (the guards need it before the first screen is chosen), the
  // requested screen's chunk is fetched already: the two waits overlap instead of adding up.
  const first = findRoute(window.location.pathname);
  void (first && routeLoader(first))?.().catch(() => undefined);
  await loadPortalConfig();

  const router = createAppRouter();
  bindNavigation(
    (to, opts) => void router.navigate(to, opts),
    () => {
      const l = router.state.location;
      return `${l.pathname}${l.search}${l.hash}`;
    },
    isPublicPath,
  );

  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React draws the shell in slices and yields between them, so
  // a slow phone's main thread is not blocked for half a second at start (Lighthouse TBT).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );

  // DB-maintained texts and the language list refresh in the background (cached copies show first).
  void loadLocales();
  void loadMessages(getSession().locale);
  // The app shell offline and installable (src/sw/); not in the dev server.
  if (import.meta.env.PROD) registerServiceWorker();
}

void start();
