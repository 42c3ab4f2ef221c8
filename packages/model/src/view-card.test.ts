import { describe, expect, it } from 'vitest';
import { ENTITIES } from './registry.ts';

// A view's `card` (issue 15: what a phone shows for a row) names columns the list already fetches.
describe('view card overrides', () => {
  it('name only columns of their own view, tags only option sets', () => {
    const overrides = ENTITIES.flatMap((e) =>
      Object.entries(e.views)
        .filter(([, v]) => v.card)
        .map(([name, v]) => ({ e, name, v })),
    );
    expect(overrides.length).toBeGreaterThan(0);
    for (const { e, name, v } of overrides) {
      const where = `${e.logicalName}.views.${name}.card`;
      for (const c of [...(v.card?.tags ?? []), ...(v.card?.fields ?? [])]) expect(v.columns, `${where}: ${c}`).toContain(c);
      for (const c of v.card?.tags ?? []) expect(e.allFields[c]?.type, `${where}: ${c}`).toBe('optionset');
      expect((v.card?.fields ?? []).length, where).toBeLessThanOrEqual(4);
    }
  });
});
