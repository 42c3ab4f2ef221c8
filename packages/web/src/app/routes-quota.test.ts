import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../session/store.ts';
import { findRoute } from './match-route.ts';
import { visibleMenu } from './menu.ts';
import { screenPath } from './screen-path.ts';

afterEach(() => useSession.getState().clearAll());

describe('station quota routes', () => {
  it.each([
    ['/stationAmount/list', 'stationAmountList', ['quota.read']],
    ['/stationAmount/edit', 'stationAmountEdit', ['quota.read']],
    ['/amountAdjust/list', 'amountAdjustList', ['quota.read']],
    ['/amountAdjust/create', 'amountAdjustCreate', ['quota.adjust']],
    ['/amountAdjust/edit/abc', 'amountAdjustEdit', ['quota.read']],
    ['/amountChangeLog/list', 'amountChangeLogList', ['quota.read']],
    ['/amountChangeLog/Line/abc', 'amountChangeLogLine', ['quota.read']],
  ])('%s → %s needs %j', (path, name, permissions) => {
    const r = findRoute(path);
    expect(r?.name).toBe(name);
    expect(r?.permissions).toEqual(permissions);
    expect(r?.layout).toBe('shell');
  });

  it('keeps the lists alive; the generic screens find each other; station lookups elsewhere are not sent to the quota screen', () => {
    for (const p of ['/stationAmount/list', '/amountAdjust/list', '/amountChangeLog/list']) expect(findRoute(p)?.keepAlive, p).toBe(true);
    expect(findRoute('/amountAdjust/list')?.screen).toMatchObject({ entity: 'new_srv_amountadjustment', kind: 'list', generic: true });
    expect(screenPath('new_srv_amountadjustment', 'edit', 'x1')).toBe('/amountAdjust/edit/x1');
    expect(screenPath('new_srv_amountadjustment', 'create')).toBe('/amountAdjust/create');
    expect(screenPath('new_srv_amountchangelog', 'view', 'r1')).toBe('/amountChangeLog/Line/r1');
    expect(screenPath('new_srv_station', 'edit', 's1')).toBeUndefined();
  });

  it('shows the quota items of the service and inventory menus to quota readers', () => {
    const items = visibleMenu(['quota.read']).flatMap((g) => g.items);
    for (const key of ['amountAdjust', 'amountChangeLog', 'stationAmount', 'lineFlow'])
      expect(items.find((i) => i.key === key)?.enabled, key).toBe(true);
  });
});
