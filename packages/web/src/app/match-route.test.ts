import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findRoute } from './match-route.ts';
import { ROUTES, type RouteDef } from './routes.ts';

/** The router's own answer: every route ranked on each call. */
function reference(pathname: string, routes: RouteDef[]): string | null {
  const m = matchRoutes(
    routes.map((r) => ({ id: r.name, path: r.path })),
    pathname,
  );
  return m?.[m.length - 1]?.route.id ?? null;
}

/** A concrete path for a route pattern: parameters filled, optional parts kept, a splat two segments. */
const sample = (path: string) =>
  path
    .replace(/:[A-Za-z0-9_]+\?/g, 'opt')
    .replace(/:[A-Za-z0-9_]+/g, 'x1')
    .replace(/\*$/, 'a/b');

const route = (name: string, path: string): RouteDef => ({ name, path, layout: 'shell' }) as RouteDef;

describe('findRoute', () => {
  it('answers as the router does for every route, in any letter case, with a trailing slash, and for paths no route has', () => {
    const paths = ROUTES.flatMap((r) => {
      const p = sample(r.path);
      return [p, p.toUpperCase(), `${p}/`, `${p}/extra`];
    });
    paths.push('/', '/nowhere', '/nowhere/at/all', '/%73ervicehome', '/login//x');
    const differ = paths.filter((p) => (findRoute(p)?.name ?? null) !== reference(p, ROUTES));
    expect(differ).toEqual([]);
    // The answers are real routes, not all nulls.
    expect(findRoute('/servicehome')?.name).toBe('servicehome');
    expect(findRoute('/SERVICEHOME')?.name).toBe('servicehome');
  });

  it('ranks a parameter, an optional segment and a splat as the router does', () => {
    const routes = [
      route('anyFirst', '/:area/list'),
      route('docView', '/doc/:id'),
      route('docNew', '/doc/new'),
      route('optional', '/:lang?/help'),
      route('rest', '/files/*'),
      route('root', '/'),
    ];
    const cases: [string, string | null][] = [
      ['/doc/new', 'docNew'],
      ['/doc/42', 'docView'],
      ['/doc/list', 'anyFirst'],
      ['/orders/list', 'anyFirst'],
      ['/help', 'optional'],
      ['/en/help', 'optional'],
      ['/files/a/b', 'rest'],
      ['/', 'root'],
      ['/doc', null],
    ];
    for (const [path, name] of cases) {
      expect(findRoute(path, routes)?.name ?? null, path).toBe(name);
      expect(reference(path, routes), path).toBe(name);
    }
  });
});
