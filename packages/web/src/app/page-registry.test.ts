import { describe, expect, it } from 'vitest';
import { PAGES } from './page-registry.ts';
import { ROUTES } from './routes.ts';

describe('the page registry', () => {
  const named = new Set(ROUTES.map((r) => r.page).filter((p): p is NonNullable<typeof p> => !!p));

  it('has a page for every page name a route or an entity screen declares', () => {
    expect([...named].filter((p) => !(p in PAGES))).toEqual([]);
  });
  it('holds no page that no route declares', () => {
    expect(Object.keys(PAGES).filter((p) => !named.has(p as keyof typeof PAGES))).toEqual([]);
  });
  it('loads each page as a component', async () => {
    const m = await PAGES.CasePage();
    expect(typeof m.default).toBe('function');
  });
});
