import { create } from 'zustand';
import { translate } from '../locales/i18n.ts';
import { confirm } from './feedback.ts';

/**
 * Screens holding unsaved changes, by the screen's key (the pathname it was opened at). Forms mark
 * themselves here; everything that can drop a screen (route change, back, closing a page tab,
 * closing the browser tab) asks through confirmDiscard first.
 */
export const useUnsavedStore = create<{ dirty: Record<string, true> }>()(() => ({ dirty: {} }));

export function markDirty(key: string, dirty: boolean): void {
  const cur = useUnsavedStore.getState().dirty;
  if (!!cur[key] === dirty) return;
  const next = { ...cur };
  if (dirty) next[key] = true;
  else delete next[key];
  useUnsavedStore.setState({ dirty: next });
}

export const isDirty = (key: string): boolean => !!useUnsavedStore.getState().dirty[key];
export const dirtyKeys = (): string[] => Object.keys(useUnsavedStore.getState().dirty);
export const useIsDirty = (key: string): boolean => useUnsavedStore((s) => !!s.dirty[key]);

/**
 * Resolves true when none of `keys` has unsaved changes, or the user agrees to drop them (their
 * marks are then cleared); false when the user stays.
 */
export function confirmDiscard(keys: string[] = dirtyKeys()): Promise<boolean> {
  const dirty = keys.filter(isDirty);
  if (!dirty.length) return Promise.resolve(true);
  return new Promise((resolve) => {
    let settled = false;
    confirm({
      title: translate('unsaved.title'),
      content: translate('unsaved.content'),
      okText: translate('unsaved.leave'),
      cancelText: translate('unsaved.stay'),
      onOk: () => {
        settled = true;
        for (const k of dirty) markDirty(k, false);
        resolve(true);
      },
      onCancel: () => {
        if (!settled) resolve(false);
      },
    });
  });
}
