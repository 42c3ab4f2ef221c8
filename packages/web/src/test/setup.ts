import { cleanup, configure } from '@testing-library/react';
import { ConfigProvider, Modal, theme } from 'antd';
import * as React from 'react';
import { afterAll, afterEach, vi } from 'vitest';
import { clearRegionCache } from '../api/address.ts';
import { clearPicklistCache } from '../api/picklist.ts';
import { useCounters } from '../app/counters.ts';
import { bindNavigation } from '../app/navigation.ts';
import { usePageMeta } from '../app/page-meta.ts';
import { usePageTabs } from '../app/page-tabs.ts';
import { usePortalConfig } from '../app/portal-config.ts';
import { useUnsavedStore } from '../app/unsaved-changes.ts';
import { useI18n } from '../locales/i18n.ts';
import { documentQueries } from '../entity-ui/document/document-query.ts';
import { resetBaseMapCache } from '../pages/workorder/map/base-map-data.ts';
import { useQuickOrder } from '../pages/shop/quick-order-store.ts';
import { resetSignInReasonCache } from '../session/sign-in-reason.ts';
import { useSession } from '../session/store.ts';
import { useUpdateState } from '../sw/update.ts';

// The web files share one module graph per worker (isolate: false in vitest.config.ts). What the
// modules keep between page loads — stores, loaded lists, the navigation hook — is put back to
// what a fresh load starts from before each file (this file runs again before each) and after each
// test, so no test depends on what ran before it; storage, globals and timers before each file.
function resetModuleState() {
  for (const store of [
    useSession,
    usePortalConfig,
    usePageTabs,
    usePageMeta,
    useCounters,
    useUnsavedStore,
    useI18n,
    useUpdateState,
    useQuickOrder,
  ])
    (store as { setState(s: unknown, replace: true): void }).setState(store.getInitialState(), true);
  clearRegionCache();
  clearPicklistCache();
  resetSignInReasonCache();
  resetBaseMapCache();
  documentQueries.clear();
  bindNavigation(
    () => {},
    () => `${location.pathname}${location.search}`,
    () => false,
  );
}
resetModuleState();
vi.useRealTimers();
vi.unstubAllGlobals();
localStorage.clear();
sessionStorage.clear();

// Screens are lazy chunks: the first render of one waits for its module to be transformed, which is
// slow when the other workspaces' suites run at the same time.
configure({ asyncUtilTimeout: 5000 });

// antd's responsive helpers ask for media queries, which jsdom does not implement. Width queries
// (min-width / max-width in px) are answered against window.innerWidth (jsdom: 1024, desktop); a
// test sets innerWidth (e.g. 390 for a phone) and dispatches `resize` to notify the listeners.
function widthMatches(query: string): boolean {
  const w = window.innerWidth;
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (!min && !max) return false;
  return (!min || w >= Number(min[1])) && (!max || w <= Number(max[1]));
}
type MqListener = (e: { matches: boolean; media: string }) => void;
// Only lists somebody listens to are kept (and notified on resize). One set and one resize listener
// per window, which the files of a worker share.
type Listened = Set<{ media: string; last: boolean; listeners: Set<MqListener> }>;
const shared = window as unknown as { __mqListened?: Listened };
const listened: Listened = shared.__mqListened ?? new Set();
if (!shared.__mqListened) {
  shared.__mqListened = listened;
  window.addEventListener('resize', () => {
    for (const m of listened) {
      const now = widthMatches(m.media);
      if (now === m.last) continue;
      m.last = now;
      for (const l of [...m.listeners]) l({ matches: now, media: m.media });
    }
  });
}
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => {
    const entry = { media: query, last: widthMatches(query), listeners: new Set<MqListener>() };
    const add = (l: MqListener) => {
      entry.last = widthMatches(query);
      entry.listeners.add(l);
      listened.add(entry);
    };
    const remove = (l: MqListener) => {
      entry.listeners.delete(l);
      if (!entry.listeners.size) listened.delete(entry);
    };
    return {
      get matches() {
        return widthMatches(query);
      },
      media: query,
      onchange: null,
      addListener: add,
      removeListener: remove,
      addEventListener: (_t: string, l: MqListener) => add(l),
      removeEventListener: (_t: string, l: MqListener) => remove(l),
      dispatchEvent: () => false,
    };
  },
});

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// antd writes no CSS here (its "zero runtime" mode, as when its stylesheet is loaded statically):
// tests see inline styles only (getComputedStyle below), so the 2,000+ rules it would generate,
// insert into <head> and have jsdom parse, scanning <head> on every icon and component mount, were
// about a quarter of a screen test's CPU. Set on the default theme (components rendered without a
// provider) and on the default config context, which AntdRoot's ConfigProvider inherits a theme from.
(theme.defaultConfig as { zeroRuntime?: boolean }).zeroRuntime = true;
(ConfigProvider.ConfigContext as unknown as { _currentValue: { theme?: object } })._currentValue.theme = { zeroRuntime: true };

// React's development build captures an Error (a stack) and a console task for every element it
// creates, for the owner stacks of its warnings; capped at 10,000 a second, which a screen test
// always reaches (~10% of its CPU). Warnings still come, with a shorter component stack.
const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks: number }>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => 1e9, set: () => {} });

// jsdom's getComputedStyle cascades every rule of antd's css-in-js (2,000+ once a screen is up) on
// each call: about a second a call, most of a screen test's time (TextArea auto-size, popup
// alignment, role queries). Tests see the inline style and the hidden attribute, which is what
// antd uses to show and hide; layout does not exist in jsdom anyway.
Object.defineProperty(window, 'getComputedStyle', {
  writable: true,
  value: (el: Element, pseudo?: string | null): CSSStyleDeclaration => {
    const style = document.createElement('div').style;
    if (pseudo) return style;
    const inline = (el as HTMLElement).style?.cssText;
    if (inline) style.cssText = inline;
    if (el.hasAttribute('hidden') && !style.display) style.display = 'none';
    return style;
  },
});

afterEach(() => {
  cleanup();
  // Spies end with their test, once its screen is unmounted (not re-rendered with the real thing).
  vi.restoreAllMocks();
  // antd's static modals (alertBox, confirm without an <App>) live outside the rendered tree.
  Modal.destroyAll();
  resetModuleState();
  localStorage.clear();
  // A phone-width test leaves the next one on the desktop width again.
  if (window.innerWidth !== 1024) {
    (window as { innerWidth: number }).innerWidth = 1024;
    window.dispatchEvent(new Event('resize'));
  }
});

// antd renders popups and previews into React roots of their own, which cleanup() does not unmount;
// their last scheduled work must run while the file's window still exists.
afterAll(() => new Promise((r) => setTimeout(r, 300)));
