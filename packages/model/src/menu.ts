import { ENGINEER_APP } from './engineer-app.ts';
import type { MessageKey } from './messages/index.ts';
import { businessUnitType } from './option-sets/organisation.ts';
import type { Privilege } from './security/privileges.ts';

export type BusinessUnitKind = (typeof businessUnitType.options)[number]['value'];

export interface MenuItem {
  key: string;
  label: MessageKey;
  path: string;
  privileges?: Privilege[];
  /**
   * The kinds of business unit (businessunit new_type) whose accounts the screen is for; absent:
   * every kind. A screen of station-owned rows is empty for an account whose unit holds no
   * station (a central warehouse, a store), whatever its privileges: scopes reach the account's
   * unit and the units below it.
   */
  units?: readonly BusinessUnitKind[];
}
export interface MenuGroup {
  key: string;
  label: MessageKey;
  items: MenuItem[];
}

/** Units whose reach holds service stations: head office, a branch, a station. */
const STATIONS: readonly BusinessUnitKind[] = [businessUnitType.headOffice, businessUnitType.branch, businessUnitType.station];

/** Menu groups of spec 001 §2. Each item is shown to users holding its privileges, in a unit it is for. */
export const MENU: MenuGroup[] = [
  {
    key: 'parts', label: 'menu.group.parts', items: [
      { key: 'partsApply', label: 'menu.partsApply', path: '/partsApply/list', privileges: ['parts.read'] },
      { key: 'partsSales', label: 'menu.partsSales', path: '/newOrder/list', privileges: ['parts.read'], units: STATIONS },
      { key: 'partsSign', label: 'menu.partsSign', path: '/partsSign/list', privileges: ['parts.receive'] },
      { key: 'partsDispatch', label: 'menu.partsDispatch', path: '/partsDispatch/list', privileges: ['delivery.read'] },
      { key: 'partsTransfer', label: 'menu.partsTransfer', path: '/partsTransfer/list', privileges: ['delivery.read'] },
      { key: 'siteReturn', label: 'menu.siteReturn', path: '/siteReturn/list', privileges: ['parts.read'] },
      { key: 'partsReturn', label: 'menu.partsReturn', path: '/partsReturn/list', privileges: ['parts.read'], units: STATIONS },
      { key: 'siteInv', label: 'menu.siteInv', path: '/siteInv/list', privileges: ['stock.read'] },
      { key: 'partStockTransaction', label: 'menu.partStockTransaction', path: '/partStockTransaction/list', privileges: ['stock.read'] },
    ],
  },
  {
    key: 'service', label: 'menu.group.service', items: [
      { key: 'amountAdjust', label: 'menu.amountAdjust', path: '/amountAdjust/list', privileges: ['quota.read'], units: STATIONS },
      { key: 'amountChangeLog', label: 'menu.amountChangeLog', path: '/amountChangeLog/list', privileges: ['quota.read'], units: STATIONS },
      { key: 'myWorkOrders', label: 'menu.myWorkOrders', path: ENGINEER_APP.home, privileges: [ENGINEER_APP.privilege] },
      { key: 'workOrder', label: 'menu.workOrder', path: '/workOrder/list', privileges: ['workorder.read'], units: STATIONS },
      { key: 'workOrderMap', label: 'menu.workOrderMap', path: '/workOrder/map', privileges: ['workorder.read'], units: STATIONS },
      { key: 'serviceCalendar', label: 'menu.serviceCalendar', path: '/appointment/view', privileges: ['workorder.read'], units: STATIONS },
      { key: 'overseas', label: 'menu.overseas', path: '/overseas/list', privileges: ['workorder.read'], units: STATIONS },
      { key: 'delayProduct', label: 'menu.delayProduct', path: '/delayproduct/list', privileges: ['workorder.read'], units: STATIONS },
      { key: 'delayCancel', label: 'menu.delayCancel', path: '/delaycancle/list', privileges: ['workorder.read'], units: STATIONS },
      { key: 'serviceCase', label: 'menu.serviceCase', path: '/case/caseviewlist', privileges: ['workorder.read'], units: STATIONS },
      { key: 'claimFine', label: 'menu.claimFine', path: '/claimFine/list', privileges: ['expense.read'], units: STATIONS },
      { key: 'expenseClaim', label: 'menu.expenseClaim', path: '/expenseClaim/list', privileges: ['expense.read'], units: STATIONS },
      { key: 'notice', label: 'menu.notice', path: '/dmsnotice/list', privileges: ['notice.read'] },
    ],
  },
  {
    key: 'base', label: 'menu.group.base', items: [
      { key: 'stationProfile', label: 'menu.stationProfile', path: '/basicData/edit', privileges: ['station.read'], units: STATIONS },
      { key: 'stationApply', label: 'menu.stationApply', path: '/basicData/stationapplylist', privileges: ['station.read'], units: STATIONS },
      { key: 'worker', label: 'menu.worker', path: '/worker/list', privileges: ['worker.read'], units: STATIONS },
      { key: 'kb', label: 'menu.kb', path: '/kb/list', privileges: ['kb.read'] },
      { key: 'fileDownload', label: 'menu.fileDownload', path: '/filedownload/list', privileges: ['kb.read'] },
      { key: 'techFile', label: 'menu.techFile', path: '/file/list', privileges: ['kb.read'] },
      { key: 'excellentCase', label: 'menu.excellentCase', path: '/excellentcase/caselist', privileges: ['kb.read'] },
      { key: 'contract', label: 'menu.contract', path: '/contract/list', privileges: ['workorder.read'], units: STATIONS },
      { key: 'productReturn', label: 'menu.productReturn', path: '/productReturn/list', privileges: ['parts.read'], units: STATIONS },
      { key: 'warehouse', label: 'menu.warehouse', path: '/usercenter/warehouselist', privileges: ['warehouse.manage'] },
    ],
  },
  {
    key: 'inventory', label: 'menu.group.inventory', items: [
      { key: 'takeStock', label: 'menu.takeStock', path: '/stockcheck/list', privileges: ['stock.read'] },
      { key: 'invTask', label: 'menu.invTask', path: '/inv/invTaskList', privileges: ['stock.read'], units: STATIONS },
      { key: 'stationPart', label: 'menu.stationPart', path: '/stationPart/list', privileges: ['stock.read'], units: STATIONS },
      { key: 'stationInventory', label: 'menu.stationInventory', path: '/stationPart/batchlist', privileges: ['stock.read'], units: STATIONS },
      { key: 'inventoryStatement', label: 'menu.inventoryStatement', path: '/inventoryStatement/list', privileges: ['stock.read'] },
      { key: 'stationAmount', label: 'menu.stationAmount', path: '/stationAmount/list', privileges: ['quota.read'], units: STATIONS },
      { key: 'lineFlow', label: 'menu.lineFlow', path: '/amountFlow/list', privileges: ['quota.read'], units: STATIONS },
    ],
  },
  {
    key: 'shop', label: 'menu.group.shop', items: [
      { key: 'shopMall', label: 'menu.shopMall', path: '/shoppingmall/chooseproduct', privileges: ['product.read', 'shop.buy'] },
      { key: 'shopCart', label: 'menu.shopCart', path: '/shopcart/list', privileges: ['shop.buy'] },
      { key: 'quickOrder', label: 'menu.quickOrder', path: '/quickorder/list', privileges: ['shop.buy'] },
      { key: 'orders', label: 'menu.orders', path: '/order/list', privileges: ['sales.read'] },
      { key: 'collect', label: 'menu.collect', path: '/collect/list', privileges: ['product.read'] },
    ],
  },
  {
    key: 'system', label: 'menu.group.system', items: [
      { key: 'myApproval', label: 'menu.myApproval', path: '/myapproval/list', privileges: ['approval.act'] },
      { key: 'flowList', label: 'menu.flowList', path: '/flow/list', privileges: ['flow.manage'] },
      { key: 'flowRole', label: 'menu.flowRole', path: '/flow/role', privileges: ['flow.manage'] },
      { key: 'noticeManage', label: 'menu.noticeManage', path: '/dmsnotice/manage', privileges: ['notice.publish'] },
      { key: 'userList', label: 'menu.userList', path: '/usercenter/userlist', privileges: ['user.manage'] },
      { key: 'systemParameter', label: 'menu.systemParameter', path: '/systemparameter/list', privileges: ['parameter.manage'] },
      { key: 'workCalendar', label: 'menu.workCalendar', path: '/systemparameter/workcalendar', privileges: ['parameter.manage'] },
      { key: 'selfCheck', label: 'menu.selfCheck', path: '/test/test', privileges: ['system.admin'] },
    ],
  },
];

/** What the menu needs to know of an account: its privileges and its unit's kind (null: not known). */
export interface MenuAccount {
  privileges: readonly string[];
  unitType?: number | null;
}

/** The account holds every privilege the item needs. */
export const holdsItemPrivileges = (item: MenuItem, privileges: readonly string[]) => (item.privileges ?? []).every((p) => privileges.includes(p));

/** The item is for the account's kind of unit (an account whose kind is not known is offered everything). */
export const forAccountUnit = (item: MenuItem, unitType: number | null | undefined) =>
  !item.units || unitType == null || (item.units as readonly number[]).includes(unitType);

/** The item is offered to the account: it holds the privileges and is of a unit the item is for. */
export const offersItem = (item: MenuItem, account: MenuAccount) => holdsItemPrivileges(item, account.privileges) && forAccountUnit(item, account.unitType);

/** The menu an account is offered: the items it is offered, groups without any dropped. */
export function menuFor(account: MenuAccount, menu: MenuGroup[] = MENU): MenuGroup[] {
  return menu.map((g) => ({ ...g, items: g.items.filter((i) => offersItem(i, account)) })).filter((g) => g.items.length > 0);
}
