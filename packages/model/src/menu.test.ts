import { describe, expect, it } from 'vitest';
import { MENU } from './menu.ts';

describe('the menu', () => {
  // Issue 24: 库存报表 opened 备货记录's screen and 流水 调整记录's; title and highlight then disagreed.
  it('gives every item a screen of its own: no two items share a path', () => {
    const byPath = new Map<string, string[]>();
    for (const i of MENU.flatMap((g) => g.items)) byPath.set(i.path, [...(byPath.get(i.path) ?? []), i.key]);
    expect([...byPath.values()].filter((keys) => keys.length > 1)).toEqual([]);
  });
});
