import type { FormInstance } from 'antd';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useScreenKey } from '../app/page-meta.ts';
import { markDirty, setPassing, useUnsavedStore, willKeep } from '../app/unsaved-changes.ts';

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
 * by its key (page tab dot, confirmDiscard; the app's one UnsavedRouteBlocker then holds a route
 * change that would drop it), and keeps the browser's unload question armed. `rev`
 * re-asserts the mark after someone else cleared it while the screen stayed (any later edit).
 */
export function useUnsavedChanges(dirty: boolean, rev?: unknown): { key: string; markClean: () => void; passing: (on: boolean) => void } {
  const key = useScreenKey();
  watchBeforeUnload();
  // While a save runs its own navigation (e.g. to the new record) must go through (UnsavedRouteBlocker).
  const passing = useCallback((on: boolean) => setPassing(key, on), [key]);

  useEffect(() => {
    markDirty(key, dirty);
  }, [key, dirty, rev]);

  // Hidden by a page tab (Activity) runs this cleanup too; the mark must then survive.
  useEffect(() => () => void (willKeep(key) || markDirty(key, false)), [key]);

  const markClean = useCallback(() => markDirty(key, false), [key]);
  return { key, markClean, passing };
}

/**
 * A value as its saved form compares: empty texts, lists and objects are nothing, dates their
 * instant, lookups their id, texts trimmed (saving trims them).
 */
const LOOKUP_KEYS = new Set(['id', 'name', 'row', 'entityName', 'logicalName']);

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
    // A lookup value ({ id, name }): its id is what saves.
    if ((typeof o.id === 'string' || typeof o.id === 'number') && Object.keys(o).every((k) => LOOKUP_KEYS.has(k)))
      return o.id === '' ? null : String(o.id);
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
export function useFormUnsaved(
  form: FormInstance,
  enabled = true,
  /** What the screen edits besides the form's fields (e.g. a flow's steps), compared the same way. */
  extra?: unknown,
  /**
   * The values as they would be saved (e.g. the request body): compared instead of the raw form
   * values, so an input that only completes its value (an address picker finding its codes) is
   * not a change.
   */
  saved?: (values: Record<string, unknown>) => unknown,
): { dirty: boolean; reset: () => void; whileSaving: <T>(save: () => Promise<T>) => Promise<T>; key: string } {
  const values = Form.useWatch([], { form, preserve: true }) as Record<string, unknown> | undefined;
  const [baseline, setBaseline] = useState<{ values: Record<string, unknown>; extra: unknown } | null>(null);
  const extraNow = useRef(extra);
  extraNow.current = extra;
  const project = useRef(saved);
  project.current = saved;
  const shape = (v: Record<string, unknown>) => (project.current ? project.current(v) : v);
  // The store, not the watched copy: that one can lag a render behind a load (a false "changed").
  const dirty = useMemo(
    () =>
      enabled &&
      baseline !== null &&
      (!sameValues({ x: shape(form.getFieldsValue(true)) }, { x: shape(baseline.values) }) ||
        !sameValues({ x: extra }, { x: baseline.extra })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [enabled, baseline, values, extra, form],
  );
  const { key, markClean, passing } = useUnsavedChanges(dirty, [values, extra]);
  const reset = useCallback(() => {
    // Cleared at once: a save that navigates right away must not be held up by its own guard.
    markClean();
    setBaseline({ values: { ...form.getFieldsValue(true) }, extra: extraNow.current });
  }, [form, markClean]);
  // After a save the baseline is taken once the screen has rendered what the save reloaded.
  const [savedTick, setSavedTick] = useState(0);
  useEffect(() => {
    if (savedTick) reset();
  }, [savedTick, reset]);
  /** Runs a save: its own navigation goes through; once it succeeds (answers anything but false) the values are the new baseline. */
  const whileSaving = useCallback(
    async <T>(save: () => Promise<T>): Promise<T> => {
      passing(true);
      try {
        const r = await save();
        if (r !== false) {
          markClean();
          setSavedTick((n) => n + 1);
        }
        return r;
      } finally {
        passing(false);
      }
    },
    [passing, markClean],
  );
  return { dirty, reset, whileSaving, key };
}
