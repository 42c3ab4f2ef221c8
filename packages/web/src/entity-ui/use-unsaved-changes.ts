import type { FormInstance } from 'antd';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useLocation, type BlockerFunction } from 'react-router';
import { confirmDiscard, isDirty, markDirty, useUnsavedStore, willKeep } from '../app/unsaved-changes.ts';
import { getSession } from '../session/store.ts';

/** The screen's key: the pathname it was mounted at (a kept screen sees later locations too). */
export function useScreenKey(): string {
  const { pathname } = useLocation();
  const [key] = useState(pathname);
  return key;
}

/** Closing or reloading the browser tab gets the browser's own question while anything is dirty. */
const askBeforeUnload = (ev: BeforeUnloadEvent) => {
  ev.preventDefault();
  // Older Chromium asks only when returnValue is set.
  ev.returnValue = '';
};
let unloadWatched = false;
function watchBeforeUnload(): void {
  if (unloadWatched || typeof window === 'undefined') return;
  unloadWatched = true;
  let on = false;
  const sync = (dirty: Record<string, true>) => {
    const any = Object.keys(dirty).length > 0;
    if (any === on) return;
    on = any;
    if (any) window.addEventListener('beforeunload', askBeforeUnload);
    else window.removeEventListener('beforeunload', askBeforeUnload);
  };
  sync(useUnsavedStore.getState().dirty);
  useUnsavedStore.subscribe((s) => sync(s.dirty));
}

/**
 * The unsaved-changes guard of one screen, given whether it holds changes: marks the screen dirty
 * by its key (page tab dot, confirmDiscard), holds a route change that would drop it (not kept by
 * the tab bar) until the user answers, and keeps the browser's unload question armed. `rev`
 * re-asserts the mark after someone else cleared it while the screen stayed (any later edit).
 */
export function useUnsavedChanges(dirty: boolean, rev?: unknown): { key: string; markClean: () => void } {
  const key = useScreenKey();
  watchBeforeUnload();

  useEffect(() => {
    markDirty(key, dirty);
  }, [key, dirty, rev]);

  // Hidden by a page tab (Activity) runs this cleanup too; the mark must then survive.
  useEffect(() => () => void (willKeep(key) || markDirty(key, false)), [key]);

  // The registry, not the local flag, decides: 返回 or a confirmed tab close clears it before navigating.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => isDirty(key) && !willKeep(key) && getSession().auth.isLoggedIn && currentLocation.pathname !== nextLocation.pathname,
    [key],
  );
  const blocker = useBlocker(shouldBlock);
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmDiscard([key]).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, key]);

  const markClean = useCallback(() => markDirty(key, false), [key]);
  return { key, markClean };
}

/**
 * A value as its saved form compares: empty texts, lists and objects are nothing, dates their
 * instant, lookups their id, texts trimmed (saving trims them).
 */
export function comparable(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (dayjs.isDayjs(v)) return v.isValid() ? v.valueOf() : null;
  if (v instanceof Date) return v.getTime();
  if (Array.isArray(v)) {
    const items = v.map(comparable);
    return items.length ? items : null;
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.id === 'string' || typeof o.id === 'number') return o.id === '' ? null : String(o.id);
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(o).sort()) {
      const c = comparable(o[k]);
      if (c !== null) out[k] = c;
    }
    return Object.keys(out).length ? out : null;
  }
  return v;
}

/** True when two sets of form values would save the same. */
export function sameValues(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  return JSON.stringify(comparable(a ?? {})) === JSON.stringify(comparable(b ?? {}));
}

/**
 * The guard for an antd form: dirty while its values differ from the baseline (the values last
 * loaded or saved), not merely touched. Call `reset()` right after loading values into the form
 * and after saving; until the first reset the form counts as unchanged.
 */
export function useFormUnsaved(form: FormInstance, enabled = true): { dirty: boolean; reset: (values?: Record<string, unknown>) => void; key: string } {
  const values = Form.useWatch([], { form, preserve: true }) as Record<string, unknown> | undefined;
  const [baseline, setBaseline] = useState<Record<string, unknown> | null>(null);
  const dirty = useMemo(() => enabled && baseline !== null && !sameValues(values ?? form.getFieldsValue(true), baseline), [enabled, baseline, values, form]);
  const { key, markClean } = useUnsavedChanges(dirty, values);
  const reset = useCallback(
    (next?: Record<string, unknown>) => {
      // Cleared at once: a save that navigates right away must not be held up by its own guard.
      markClean();
      setBaseline({ ...(next ?? form.getFieldsValue(true)) });
    },
    [form, markClean],
  );
  return { dirty, reset, key };
}
