import { MENU } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { isRouted } from './match-route.ts';
import { visibleMenu } from './menu.ts';

describe('visibleMenu', () => {
  it('shows only items whose privileges the user holds, and drops empty groups', () => {
    const groups = visibleMenu(['workorder.read', 'notice.read'], () => true);
    expect(groups.map((g) => g.key)).toEqual(['service', 'base']);
    expect(groups[0].items.map((i) => i.key)).toEqual([
      'workOrder',
      'workOrderMap',
      'serviceCalendar',
      'overseas',
      'delayProduct',
      'delayCancel',
      'serviceCase',
      'notice',
    ]);
    expect(groups[1].items.map((i) => i.key)).toEqual(['contract']);
  });
  it('shows nothing to a user without privileges', () => {
    expect(visibleMenu([], () => true)).toEqual([]);
  });
  it('marks items without a screen as disabled', () => {
    const groups = visibleMenu(['parts.read'], (p) => p === '/partsApply/list');
    const parts = groups.find((g) => g.key === 'parts')!;
    expect(parts.items.find((i) => i.key === 'partsApply')!.enabled).toBe(true);
    expect(parts.items.find((i) => i.key === 'partsSales')!.enabled).toBe(false);
  });
  it('an administrator sees every group of spec 001', () => {
    const all = MENU.flatMap((g) => g.items.flatMap((i) => i.privileges ?? []));
    expect(visibleMenu(all).map((g) => g.key)).toEqual(MENU.map((g) => g.key));
  });
  it('reads the real route table for "has a screen"', () => {
    expect(isRouted('/servicehome')).toBe(true);
    expect(isRouted('/about')).toBe(true);
    expect(isRouted('/partsApply/list')).toBe(true);
    expect(isRouted('/basicData/stationapplylist')).toBe(true);
    expect(isRouted('/siteReturn/list')).toBe(true);
  });
});
