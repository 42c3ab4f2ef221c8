import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** spec 000 §9: table page sizes 5 to 50, default 20. */
export const PAGE_SIZES = [5, 10, 20, 30, 40, 50];
export const DEFAULT_PAGE_SIZE = 20;
/** spec 000 §2: the quick search input is 220px wide. */
export const SEARCH_WIDTH = 220;

export interface GridState {
  view: string;
  q: string;
  /** "more filters" by field: text, option value, "true"/"false", "id|name", "start~end". */
  filters: Record<string, string>;
  page: number;
  size: number;
  sort: { field: string; dir: 'asc' | 'desc' } | null;
}

export const FILTER_PREFIX = 'f.';

export function parseGridState(search: string, defaults: { view: string; views: string[] }): GridState {
  const p = new URLSearchParams(search);
  const view = p.get('view');
  const page = Number(p.get('page'));
  const size = Number(p.get('size'));
  const sortRaw = p.get('sort') ?? '';
  const m = /^([a-z_][a-z0-9_]*)\.(asc|desc)$/i.exec(sortRaw);
  const filters: Record<string, string> = {};
  for (const [k, v] of p) if (k.startsWith(FILTER_PREFIX) && v !== '') filters[k.slice(FILTER_PREFIX.length)] = v;
  return {
    view: view && defaults.views.includes(view) ? view : defaults.view,
    q: p.get('q') ?? '',
    filters,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: m ? { field: m[1], dir: m[2].toLowerCase() as 'asc' | 'desc' } : null,
  };
}

/** The query string of a state; defaults are left out so a fresh list has a bare URL. */
export function serializeGridState(s: GridState, defaults: { view: string }): string {
  const p = new URLSearchParams();
  if (s.view !== defaults.view) p.set('view', s.view);
  if (s.q) p.set('q', s.q);
  for (const [k, v] of Object.entries(s.filters).sort(([a], [b]) => a.localeCompare(b))) if (v !== '') p.set(`${FILTER_PREFIX}${k}`, v);
  if (s.page !== 1) p.set('page', String(s.page));
  if (s.size !== DEFAULT_PAGE_SIZE) p.set('size', String(s.size));
  if (s.sort) p.set('sort', `${s.sort.field}.${s.sort.dir}`);
  const str = p.toString();
  return str ? `?${str}` : '';
}

/**
 * A new state after a change: a new search, filter or view starts again at page 1 (spec 000 §2);
 * a new page size too.
 */
export function nextGridState(cur: GridState, patch: Partial<GridState>): GridState {
  const next = { ...cur, ...patch };
  const reset =
    ('q' in patch && patch.q !== cur.q) ||
    'filters' in patch ||
    ('view' in patch && patch.view !== cur.view) ||
    ('size' in patch && patch.size !== cur.size);
  if (reset && !('page' in patch)) next.page = 1;
  if ('view' in patch && patch.view !== cur.view && !('sort' in patch)) next.sort = null;
  return next;
}

export const isFiltered = (s: GridState) => s.q.trim() !== '' || Object.values(s.filters).some((v) => v !== '');

/**
 * Grid state kept in the URL query. A "keep" screen stays mounted while hidden (React <Activity>)
 * and then sees other screens' locations: it holds on to its own last query instead, and when the
 * user comes back through a bare link (the menu) its query is put back into the URL.
 */
export function useGridUrlState(defaults: { view: string; views: string[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const ownPath = useRef(location.pathname).current;
  const onOwnPath = location.pathname === ownPath;
  /** The list's own query as last seen or set (only ever updated while the list is on its path). */
  const last = useRef(onOwnPath ? location.search : '');
  const search = onOwnPath ? location.search || last.current : last.current;

  useEffect(() => {
    if (!onOwnPath) return;
    // Back through a bare link (the menu): put the remembered query back.
    if (!location.search && last.current) navigate({ pathname: ownPath, search: last.current }, { replace: true });
    else last.current = location.search;
  }, [onOwnPath, location.search, navigate, ownPath]);

  const viewsKey = defaults.views.join(',');
  const state = useMemo(
    () => parseGridState(search, { view: defaults.view, views: viewsKey.split(',') }),
    [search, defaults.view, viewsKey],
  );
  const stateRef = useRef(state);
  stateRef.current = state;

  const update = useCallback(
    (patch: Partial<GridState>) => {
      const next = nextGridState(stateRef.current, patch);
      const s = serializeGridState(next, defaults);
      last.current = s;
      navigate({ pathname: ownPath, search: s }, { replace: true });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [navigate, ownPath, defaults.view],
  );
  return { state, update, active: onOwnPath };
}
