import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// Screens are lazy chunks: the first render of one waits for its module to be transformed, which is
// slow when the other workspaces' suites run at the same time.
configure({ asyncUtilTimeout: 5000 });

// antd's responsive helpers ask for media queries, which jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

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
});

// antd renders popups and previews into React roots of their own, which cleanup() does not unmount;
// their last scheduled work must run while the file's window still exists.
afterAll(() => new Promise((r) => setTimeout(r, 300)));
