import { afterEach, beforeEach, expect } from 'vitest';
import { takeBrowserEvents, takeCspViolations } from './browser.ts';

// No page may log a Content-Security-Policy violation (a blocked script, style, image or request).
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});

// A failed test's error carries what the browser saw go wrong meanwhile: the failure summary is
// all a CI log keeps of a flaky run.
beforeEach(({ onTestFailed, task }) => {
  takeBrowserEvents();
  onTestFailed(() => {
    const events = takeBrowserEvents();
    const error = task.result?.errors?.[0];
    if (events.length && error) error.message += `\nbrowser events during the test (last ${events.length}):\n  ${events.join('\n  ')}`;
  });
});
