import { afterAll, afterEach, expect } from 'vitest';
import { closeChromium, takeCspViolations } from './browser.ts';

// No page may log a Content-Security-Policy violation (a blocked script, style, image or request).
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
afterAll(closeChromium);
