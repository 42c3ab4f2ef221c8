import { menuFor } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { DEMO_ROLES, DEMO_UNITS, DEMO_USERS } from './data.ts';

/** A demo user's account as the menu sees it: the union of their roles' privileges, their unit's kind. */
function account(login: string) {
  const u = DEMO_USERS.find((x) => x.login === login)!;
  const privileges = [...new Set(u.roles.flatMap((r) => DEMO_ROLES.find((x) => x.code === r)!.privileges))];
  return { privileges, unitType: DEMO_UNITS.find((x) => x.code === u.unit)!.type };
}
const keys = (login: string, unitKnown = true) => {
  const a = account(login);
  return menuFor(unitKnown ? a : { privileges: a.privileges }).flatMap((g) => g.items.map((i) => i.key));
};

// Issue 24: warehouse accounts saw station screens whose lists their reach keeps empty
// (配件销售, 库存上下限管理, 服务站库存 …); picker1 and shipper1 had 16 entries.
describe("the demo users' menus", () => {
  it("a central warehouse's manager gets the warehouse's screens, none of the stations' own", () => {
    expect(keys('warehouse1')).toEqual([
      'partsApply',
      'partsSign',
      'partsDispatch',
      'partsTransfer',
      'siteReturn',
      'siteInv',
      'partStockTransaction',
      'notice',
      'kb',
      'fileDownload',
      'techFile',
      'excellentCase',
      'takeStock',
      'inventoryStatement',
      'collect',
    ]);
  });

  it("the picker/packer and the stock-out/shipper get the deliveries, the warehouse's stock and its counts", () => {
    const expected = [
      'partsApply',
      'partsDispatch',
      'partsTransfer',
      'siteReturn',
      'siteInv',
      'partStockTransaction',
      'notice',
      'takeStock',
      'inventoryStatement',
      'collect',
    ];
    expect(keys('picker1')).toEqual(expected);
    expect(keys('shipper1')).toEqual(expected);
  });

  it('accounts of head office, a branch or a station keep every item their privileges give', () => {
    // But the sales network's own documents (入库单/出库单 of dealers' and stores' warehouses, stores' 采购订单), which a station's reach never holds.
    const salesNetworkOnly = ['stockIn', 'stockOut', 'purchaseOrders', 'costApply', 'activityApply', 'activityUse', 'accountTargets'];
    // A dealer's credit (issue 28): head office, branches and dealers only.
    salesNetworkOnly.push('dealerAccount', 'creditLimitLog', 'tempCredit');
    // Statements, their reconciliation and finance search (issue 28): head office, branches and dealers only.
    salesNetworkOnly.push('accountStatements', 'accountChecks', 'financeSearch');
    // Special prices and rebates (issue 28): head office, branches and dealers only.
    salesNetworkOnly.push('proprice', 'rebateDetail', 'rebatePolicy');
    // The product configurator's catalogue and own configurations (issue 29): the sales network's.
    salesNetworkOnly.push('productCatalog', 'quotationConfig');
    // Quotes (issue 29): head office, branches, dealers and stores.
    salesNetworkOnly.push('quotes');
    // Sales contracts and their payment plans (issue 29): head office, branches, dealers and stores.
    salesNetworkOnly.push('salesContracts', 'paymentPlans');
    for (const login of ['admin', 'hq', 'branch1']) expect(keys(login), login).toEqual(keys(login, false));
    for (const login of ['station1', 'station2', 'engineer1'])
      expect(keys(login), login).toEqual(keys(login, false).filter((k) => !salesNetworkOnly.includes(k)));
    expect(keys('station1')).toEqual(
      expect.arrayContaining(['partsSales', 'stationPart', 'stationInventory', 'invTask', 'workOrder', 'stationAmount']),
    );
  });
});
