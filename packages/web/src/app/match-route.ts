import { matchRoutes } from 'react-router';
import type { NavTarget } from './guard.ts';
import { ROUTES, type RouteDef } from './routes.ts';

type Candidates = { id: string; path: string }[];

/** A route's first path segment when it is a plain word (lower case, as matching ignores case); else null. */
function firstWord(path: string): string | null {
  const first = path.split('/').find((s) => s !== '') ?? '';
  return /[:*?]/.test(first) ? null : first.toLowerCase();
}

/**
 * react-router's matchRoutes flattens, ranks and compiles every route on each call (~1.5 ms for the
 * ~200 routes here); the side menu asks it once per item on every page load (~300 ms of the home
 * page's first render, measured 2026-11-28). Only routes whose first segment is the path's own, or
 * not a plain word, can match it, so the routes are grouped by it once and each call ranks a
 * handful — the same answer, since ranking among the routes that match is unchanged.
 */
/** A path's first segment as the router compares it (decoded, lower case). */
function firstSegment(pathname: string): string {
  const first = pathname.split('/').find((s) => s !== '') ?? '';
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return first.toLowerCase();
  }
}

function matcher(routes: RouteDef[]) {
  const byName = new Map(routes.map((r) => [r.name, r]));
  const byWord = new Map<string, Candidates>();
  const open: Candidates = [];
  const all = routes.map((r) => ({ id: r.name, path: r.path, word: firstWord(r.path) }));
  for (const r of all) if (r.word === null) open.push(r);
  // Each group keeps the table's order (ties rank by it), with the open routes in their places.
  for (const r of all)
    if (r.word !== null && !byWord.has(r.word))
      byWord.set(
        r.word,
        all.filter((x) => x.word === r.word || x.word === null),
      );
  return (pathname: string): RouteDef | null => {
    const m = matchRoutes(byWord.get(firstSegment(pathname)) ?? open, pathname);
    const leaf = m?.[m.length - 1];
    return leaf ? (byName.get(leaf.route.id) ?? null) : null;
  };
}

const matchers = new WeakMap<RouteDef[], ReturnType<typeof matcher>>();

/** Same ranking as the router, so the guard and the screen agree on which route a path is. */
export function findRoute(pathname: string, routes: RouteDef[] = ROUTES): RouteDef | null {
  let match = matchers.get(routes);
  if (!match) matchers.set(routes, (match = matcher(routes)));
  return match(pathname);
}

/** Whether the screen at `pathname` needs no sign-in (the API client asks, through the bound navigation). */
export const isPublicPath = (pathname: string): boolean => Boolean(findRoute(pathname)?.anonymous);

export function describeTarget(fullPath: string, routes?: RouteDef[]): NavTarget {
  const hashAt = fullPath.indexOf('#');
  const noHash = hashAt >= 0 ? fullPath.slice(0, hashAt) : fullPath;
  const q = noHash.indexOf('?');
  const path = q >= 0 ? noHash.slice(0, q) : noHash;
  const search = q >= 0 ? noHash.slice(q) : '';
  const route = findRoute(path || '/', routes);
  return {
    path: path || '/',
    search: search === '?' ? '' : search,
    fullPath,
    route: route && { name: route.name, anonymous: route.anonymous, permissions: route.permissions, clearOnEntry: route.clearOnEntry },
  };
}

/** True when a path is a screen of this app (menu items without one are shown disabled). */
export const isRouted = (path: string) => findRoute(path) !== null;
