import { ENGINEER_APP, isEngineerAppPath } from '@portal/model/engineer-app.ts';
import { useSyncExternalStore, type MouseEvent } from 'react';
import { bindNavigation } from '../../app/navigation.ts';

/**
 * Navigation inside the engineer app (two screens, no router library): history entries for its own
 * paths, a document load for anything else (the portal is another page, index.html).
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(l: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', notify);
  listeners.add(l);
  return () => {
    listeners.delete(l);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/** The current path (no query), re-rendering on every move. */
export function useAppPath(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** Document loads (the portal's pages), through one object so tests can watch them. */
export const documentNav = {
  assign: (url: string) => window.location.assign(url),
  replace: (url: string) => window.location.replace(url),
  reload: () => window.location.reload(),
};

export function go(to: string, opts?: { replace?: boolean }): void {
  if (!isEngineerAppPath(to.split(/[?#]/)[0])) {
    if (opts?.replace) documentNav.replace(to);
    else documentNav.assign(to);
    return;
  }
  if (opts?.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo?.(0, 0);
  notify();
}

/** An <a> moving inside the app without a page load (a modified click still opens a new tab). */
export function onAppLink(to: string) {
  return (e: MouseEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(to);
  };
}

export const orderPath = (id: string) => `${ENGINEER_APP.home}/${encodeURIComponent(id)}`;

/** Which screen a path is: the list, one order, or neither. */
export function screenOf(path: string): { screen: 'list' } | { screen: 'order'; id: string } | null {
  const rest = path.replace(/\/+$/, '');
  if (rest === ENGINEER_APP.home) return { screen: 'list' };
  const m = rest.startsWith(`${ENGINEER_APP.home}/`) ? rest.slice(ENGINEER_APP.home.length + 1) : '';
  return m && !m.includes('/') ? { screen: 'order', id: decodeURIComponent(m) } : null;
}

/**
 * Code outside React moves through this app's navigation: a session lost in an API call (the app
 * then sees it signed out and hands over to the portal's sign-in), 注销 (to the portal's home).
 */
export function bindAppNavigation(): void {
  bindNavigation(go, () => `${window.location.pathname}${window.location.search}`);
  window.addEventListener('popstate', loadPortalEntries);
}

/**
 * Back (or Forward) onto one of the portal's entries loads the portal's page. The portal hands over
 * to this page with location.replace after its router pushed the path, and Chromium then keeps the
 * portal's earlier entries (/servicehome) same-document with this page: without this, Back after
 * 我的工单 showed this page's "no such screen" at /servicehome until a reload (issue 24).
 */
export function loadPortalEntries(): void {
  if (!isEngineerAppPath(window.location.pathname)) documentNav.reload();
}
