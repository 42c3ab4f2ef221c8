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
      okButtonProps: { 'data-testid': 'unsaved-leave' },
      cancelButtonProps: { 'data-testid': 'unsaved-stay' },
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

/*
 * Policy shared by forms and the page-tab bar: a screen that stays mounted when the user goes
 * elsewhere (its page tab stays open) keeps its changes, so leaving it needs no question; the tab
 * bar installs that policy. Without it (or for screens it does not keep) leaving asks.
 */
let keepPolicy: (key: string) => boolean = () => false;
export function setKeepPolicy(fn: (key: string) => boolean): void {
  keepPolicy = fn;
}
/** True when leaving the screen at `key` keeps it mounted, so its unsaved changes survive. */
export const willKeep = (key: string): boolean => keepPolicy(key);

const closeListeners = new Set<(key: string) => void>();
/** The tab bar listens: a screen the user is done with (e.g. its 返回 confirmed) has its tab closed. */
export function onScreenClosed(fn: (key: string) => void): () => void {
  closeListeners.add(fn);
  return () => closeListeners.delete(fn);
}
/** The user is done with the screen at `key` (changes discarded or saved): clear its mark, close its tab. */
export function closeScreen(key: string): void {
  markDirty(key, false);
  for (const fn of closeListeners) fn(key);
}

/*
 * A save's own navigation (a new record moving to its edit screen) must go through while its
 * values are still marked: the form says so here for the duration of the save.
 */
const passing = new Set<string>();
export function setPassing(key: string, on: boolean): void {
  if (on) passing.add(key);
  else passing.delete(key);
}
export const isPassing = (key: string): boolean => passing.has(key);
