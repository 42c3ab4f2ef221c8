import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { forgetListSettings, loadListSettings, saveListSettings } from '../api/list-settings.ts';
import { useSession } from '../session/store.ts';
import { readJson, removeKey, writeJson } from '../shared/storage.ts';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type ColumnDefault } from './column-widths.ts';

/*
 * A list's column settings (issue 12 item 4), kept per signed-in user and screen on the server
 * (so they follow the user to another browser) with a copy in this browser's localStorage that
 * applies at once (decisions: "List column settings"): which columns show, their order and widths
 * per view, and the table density.
 */

export type Density = 'large' | 'medium' | 'small';
export const DENSITIES: Density[] = ['large', 'medium', 'small'];
// antd 6 names the default size 'medium' ('middle' is deprecated).
export const DEFAULT_DENSITY: Density = 'medium';

export interface SavedColumn {
  key: string;
  width: number;
  hidden: boolean;
}

export interface ListSettings {
  size?: Density;
  /** By view name: the columns in the user's order. */
  views?: Record<string, SavedColumn[]>;
}

const PREFIX = 'portal.listSettings';

/** A record id in a path (uuid or number) would make every record its own screen. */
export const screenOf = (pathname: string) =>
  pathname.replace(/\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)(?=\/|$)/gi, '/:id').replace(/\/+$/, '') || '/';

export const settingsKey = (userId: string, screen: string) => `${PREFIX}.${userId || 'anonymous'}.${screen}`;

const clampWidth = (w: unknown, fallback: number) =>
  typeof w === 'number' && Number.isFinite(w) ? Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, w))) : fallback;

/**
 * The view's columns as the user left them: saved ones in the saved order (columns the view no
 * longer has are dropped), then columns added to the view since, with their defaults.
 */
export function mergeColumns(defaults: ColumnDefault[], saved: SavedColumn[] | undefined): ColumnDefault[] {
  if (!Array.isArray(saved)) return defaults;
  const byKey = new Map(defaults.map((d) => [d.key, d]));
  const out: ColumnDefault[] = [];
  for (const s of saved) {
    const d = s && byKey.get(s.key);
    if (!d || out.some((o) => o.key === d.key)) continue;
    out.push({ key: d.key, width: clampWidth(s.width, d.width), hidden: s.hidden === true });
  }
  for (const d of defaults) if (!out.some((o) => o.key === d.key)) out.push(d);
  // A list shows at least one column.
  if (out.every((c) => c.hidden)) out[0] = { ...out[0], hidden: false };
  return out;
}

/** One of the user's saved settings (or none), read on every render of a key change. */
function load(key: string): ListSettings {
  const s = readJson<ListSettings>(key);
  return s && typeof s === 'object' ? s : {};
}

/**
 * The settings of one list for the signed-in user: the view's merged columns and the density, with
 * setters that save at once and a reset back to the defaults (saved settings removed).
 */
export function useColumnSettings(screen: string, view: string, defaults: ColumnDefault[]) {
  const userId = useSession((s) => s.user.userId);
  const key = settingsKey(userId, screen);
  const [version, setVersion] = useState(0);
  /** Changes made here since the server was asked: its (older) answer must not undo them. */
  const changed = useRef(0);

  // The server's copy wins when it answers (set in another browser, or reset there); a failure
  // leaves the browser's copy.
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const asked = changed.current;
    loadListSettings(screen)
      .then((remote) => {
        if (!live || changed.current !== asked) return;
        if (remote && typeof remote === 'object') writeJson(key, remote);
        else removeKey(key);
        setVersion((n) => n + 1);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key, screen, userId]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const saved = useMemo(() => load(key), [key, version]);
  const columns = useMemo(() => mergeColumns(defaults, saved.views?.[view]), [defaults, saved, view]);
  const size: Density = saved.size && DENSITIES.includes(saved.size) ? saved.size : DEFAULT_DENSITY;

  const save = useCallback(
    (patch: (s: ListSettings) => ListSettings) => {
      const next = patch(load(key));
      writeJson(key, next);
      changed.current++;
      setVersion((n) => n + 1);
      if (userId) saveListSettings(screen, next).catch(() => undefined);
    },
    [key, screen, userId],
  );
  const setColumns = useCallback(
    (cols: ColumnDefault[]) =>
      save((s) => ({ ...s, views: { ...s.views, [view]: cols.map(({ key: k, width, hidden }) => ({ key: k, width, hidden })) } })),
    [save, view],
  );
  const setSize = useCallback((next: Density) => save((s) => ({ ...s, size: next })), [save]);
  const reset = useCallback(() => {
    removeKey(key);
    changed.current++;
    setVersion((n) => n + 1);
    if (userId) forgetListSettings(screen).catch(() => undefined);
  }, [key, screen, userId]);
  const customised = saved.size !== undefined || Object.keys(saved.views ?? {}).length > 0;
  return { columns, size, setColumns, setSize, reset, customised };
}
