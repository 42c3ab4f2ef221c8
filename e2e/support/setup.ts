import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser.ts';

// No page may log a Content-Security-Policy violation (a blocked script, style, image or request).
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
