import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

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
// Only lists somebody listens to are kept (and notified on resize).
const listened = new Set<{ media: string; last: boolean; listeners: Set<MqListener> }>();
window.addEventListener('resize', () => {
  for (const m of listened) {
    const now = widthMatches(m.media);
    if (now === m.last) continue;
    m.last = now;
    for (const l of [...m.listeners]) l({ matches: now, media: m.media });
  }
});
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
