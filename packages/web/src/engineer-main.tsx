import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './pages/engineer-app/engineer-app.css';
import { applyDocumentLocale, loadMessages } from './locales/load.ts';
import { bindAppNavigation } from './pages/engineer-app/app-nav.ts';
import { EngineerApp } from './pages/engineer-app/EngineerApp.tsx';
import { startHeartbeat } from './session/heartbeat.ts';
import { followOtherTabs, getSession } from './session/store.ts';
import { registerServiceWorker } from './sw/register.ts';

/**
 * The engineer app's page (mobile.html, every path under /mobile/): 我的工单 opens on a slow phone
 * without the portal's shell, router or antd (an order's screen loads antd when opened). Sign-in,
 * the session and its heartbeat, the texts, the API client, the offline data and the service
 * worker are the portal's own modules.
 */
applyDocumentLocale(getSession().locale);
startHeartbeat();
followOtherTabs();
bindAppNavigation();

const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <EngineerApp />
    </StrictMode>,
  ),
);

// DB-maintained texts (cached copies show first), once the first screen is up; offline there is
// nothing to ask.
if (navigator.onLine) window.addEventListener('load', () => setTimeout(() => void loadMessages(getSession().locale), 0), { once: true });
if (import.meta.env.PROD) registerServiceWorker();
