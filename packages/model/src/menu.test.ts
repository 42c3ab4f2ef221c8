import { describe, expect, it } from 'vitest';
import { menuFor, MENU } from './menu.ts';
import { businessUnitType } from './option-sets/organisation.ts';

describe('the menu', () => {
  // Issue 24: 库存报表 opened 备货记录's screen and 流水 调整记录's; title and highlight then disagreed.
  it('gives every item a screen of its own: no two items share a path', () => {
    const byPath = new Map<string, string[]>();
    for (const i of MENU.flatMap((g) => g.items)) byPath.set(i.path, [...(byPath.get(i.path) ?? []), i.key]);
    expect([...byPath.values()].filter((keys) => keys.length > 1)).toEqual([]);
  });
});

describe('the menu offered to an account', () => {
  const stockReader = (unitType?: number | null) =>
    menuFor({ privileges: ['stock.read'], unitType }).flatMap((g) => g.items.map((i) => i.key));
  it('drops the screens of station-owned rows for a unit that holds no station, keeps its own', () => {
    expect(stockReader(businessUnitType.warehouse)).toEqual(['siteInv', 'partStockTransaction', 'takeStock', 'inventoryStatement']);
    expect(stockReader(businessUnitType.branch)).toEqual([
      'siteInv',
      'partStockTransaction',
      'takeStock',
      'invTask',
      'stationPart',
      'stationInventory',
      'inventoryStatement',
      // A branch oversees the dealers under it: their stock-ins and stock-outs (issue 27).
      'stockIn',
      'stockOut',
    ]);
  });
  it('hides nothing for an account whose unit kind is not known', () => {
    // A station's items, then the sales network's (stock in and out of dealers and stores, issue 27).
    expect(stockReader(null)).toEqual([...stockReader(businessUnitType.station), 'stockIn', 'stockOut']);
  });
  it("offers a dealer and a store the sales network's stock in and out", () => {
    for (const unit of [businessUnitType.dealer, businessUnitType.store])
      expect(stockReader(unit)).toEqual(expect.arrayContaining(['stockIn', 'stockOut']));
    expect(stockReader(businessUnitType.station)).not.toContain('stockIn');
  });
  it("puts the sales groups first for a dealer's and a store's account, and only for them", () => {
    const store = ['portal.store.login', 'shop.buy', 'sales.read', 'stock.read', 'kb.read', 'notice.read'];
    const keys = (unitType: number) => menuFor({ privileges: store, unitType }).map((g) => g.key);
    // The money groups of issue 28 (往来与营销, 销售管理) sit among them, for the units they serve.
    const money = ['finance', 'salesmgmt'];
    for (const unit of [businessUnitType.store, businessUnitType.dealer])
      expect(
        keys(unit)
          .filter((g) => !money.includes(g))
          .slice(0, 3),
      ).toEqual(['sales', 'stock', 'shop']);
    expect(keys(businessUnitType.headOffice).indexOf('sales')).toBeGreaterThan(keys(businessUnitType.headOffice).indexOf('base'));
  });
});
