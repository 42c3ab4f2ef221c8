import { describe, expect, it } from 'vitest';
import { defineEntity, label, text } from './define.ts';
import { entityScreenRoutes, menuFromScreens, pageScreenRoutes } from './screens.ts';
import { businessUnitType } from './option-sets/organisation.ts';

// The worked example of docs/entities.md: a generic entity with list, create and edit screens and a menu item.
const visitLog = defineEntity({
  logicalName: 'new_srv_visitlog',
  entitySet: 'new_srv_visitlogs',
  label: label('回访记录', 'Visit log'),
  scope: { kind: 'global' },
  fields: { new_name: text(label('主题', 'Subject')) },
  access: { read: 'workorder.read', write: 'workorder.write' },
  screens: {
    list: {
      name: 'visitLogList',
      path: '/visitLog/list',
      keepAlive: true,
      allowImport: false,
      menu: { group: 'service', order: 5, key: 'visitLog', label: 'menu.workOrder', units: [businessUnitType.station] },
    },
    create: { name: 'visitLogCreate', path: '/visitLog/create' },
    edit: [
      { name: 'visitLogEdit', path: '/visitLog/edit/:id' },
      { name: 'visitLogSheet', path: '/visitLog/sheet/:id', page: 'VisitSheetPage', privileges: ['workorder.dispatch'] },
    ],
  },
});

describe('screens declared on an entity', () => {
  const routes = entityScreenRoutes([visitLog]);

  it('become routes at the declared paths, guarded by the entity access (create: write)', () => {
    expect(routes.map((r) => [r.name, r.path, r.kind, r.permissions, r.page])).toEqual([
      ['visitLogList', '/visitLog/list', 'list', ['workorder.read'], undefined],
      ['visitLogCreate', '/visitLog/create', 'create', ['workorder.write'], undefined],
      ['visitLogEdit', '/visitLog/edit/:id', 'edit', ['workorder.read'], undefined],
      ['visitLogSheet', '/visitLog/sheet/:id', 'edit', ['workorder.dispatch'], 'VisitSheetPage'],
    ]);
    expect(routes[0]).toMatchObject({ entity: 'new_srv_visitlog', keepAlive: true, list: { allowImport: false } });
  });

  it('give the menu its item, in its group, with the screen privilege and the units', () => {
    expect(menuFromScreens(routes)).toEqual([
      {
        key: 'service',
        label: 'menu.group.service',
        items: [
          {
            key: 'visitLog',
            label: 'menu.workOrder',
            path: '/visitLog/list',
            privileges: ['workorder.read'],
            units: [businessUnitType.station],
          },
        ],
      },
    ]);
  });

  it('sort menu items by their order; an item may need privileges of its own', () => {
    const pages = pageScreenRoutes([
      {
        name: 'mall',
        path: '/mall',
        page: 'MallPage',
        anonymous: true,
        menu: { group: 'service', order: 1, key: 'mall', label: 'menu.shopMall', privileges: ['shop.buy'] },
      },
    ]);
    expect(menuFromScreens([...routes, ...pages])[0]!.items.map((i) => [i.key, i.privileges])).toEqual([
      ['mall', ['shop.buy']],
      ['visitLog', ['workorder.read']],
    ]);
  });

  it('refuse a create screen of an entity nobody may write', () => {
    const readOnly = { ...visitLog, access: { read: 'workorder.read' as const } };
    expect(() => entityScreenRoutes([readOnly])).toThrow(/no write privilege/);
  });
});
