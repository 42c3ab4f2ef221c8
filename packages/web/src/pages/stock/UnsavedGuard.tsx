import { useUnsavedChanges } from '../../entity-ui/use-unsaved-changes.ts';

/**
 * Asks before leaving a screen with changes not saved (a count sheet's typed counts, a station's
 * limits), through the app's one unsaved-changes guard: the page tab shows the dot, a route change
 * that drops the screen and closing the tab ask, the browser's unload question is armed.
 */
export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return null;
}
