import { matchRoutes } from 'react-router';
import type { NavTarget } from './guard.ts';
import { ROUTES, type RouteDef } from './routes.ts';

function matcher(routes: RouteDef[]) {
  const objects = routes.map((r) => ({ id: r.name, path: r.path }));
  const byName = new Map(routes.map((r) => [r.name, r]));
  return (pathname: string): RouteDef | null => {
    const m = matchRoutes(objects, pathname);
    const leaf = m?.[m.length - 1];
    return leaf ? (byName.get(leaf.route.id) ?? null) : null;
  };
}

const matchDefault = matcher(ROUTES);

/** Same ranking as the router, so the guard and the screen agree on which route a path is. */
export function findRoute(pathname: string, routes?: RouteDef[]): RouteDef | null {
  return routes ? matcher(routes)(pathname) : matchDefault(pathname);
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
