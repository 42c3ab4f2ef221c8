import { ENGINEER_APP } from './engineer-app.ts';
import { STATIONS, type PageScreen } from './screens.ts';

/**
 * Screens of no entity (lists of business pages, the map, reports, the cart, the engineer app)
 * that the menu offers: declared once here, with their page of the web's page registry; the web
 * routes them and the menu lists them from this declaration. Entities declare their own screens.
 */
export const PAGE_SCREENS: PageScreen[] = [
  { name: 'partsSignList', path: '/partsSign/list', keepAlive: true, privileges: ['parts.receive'], page: 'ReceiptListPage', menu: { group: 'parts', order: 30, key: 'partsSign', label: 'menu.partsSign' } },
  { name: 'partsDispatchList', path: '/partsDispatch/list', keepAlive: true, privileges: ['delivery.read'], page: 'DeliveryListPage', menu: { group: 'parts', order: 40, key: 'partsDispatch', label: 'menu.partsDispatch' } },
  { name: 'myWorkOrders', path: ENGINEER_APP.home, bare: true, privileges: ['workorder.service'], page: 'DocumentLoad', menu: { group: 'service', order: 30, key: 'myWorkOrders', label: 'menu.myWorkOrders' } },
  { name: 'workOrderList', path: '/workOrder/list', keepAlive: true, privileges: ['workorder.read'], page: 'WorkOrderListPage', menu: { group: 'service', order: 40, key: 'workOrder', label: 'menu.workOrder', units: STATIONS } },
  { name: 'workOrderMap', path: '/workOrder/map', privileges: ['workorder.read'], page: 'MapViewPage', menu: { group: 'service', order: 50, key: 'workOrderMap', label: 'menu.workOrderMap', units: STATIONS } },
  { name: 'appointmentView', path: '/appointment/view', privileges: ['workorder.read'], page: 'ServiceCalendarPage', menu: { group: 'service', order: 60, key: 'serviceCalendar', label: 'menu.serviceCalendar', units: STATIONS } },
  { name: 'overseasList', path: '/overseas/list', keepAlive: true, privileges: ['workorder.read'], page: 'OverseasListPage', menu: { group: 'service', order: 70, key: 'overseas', label: 'menu.overseas', units: STATIONS } },
  { name: 'claimFineList', path: '/claimFine/list', keepAlive: true, privileges: ['expense.read'], page: 'ClaimFineListPage', menu: { group: 'service', order: 110, key: 'claimFine', label: 'menu.claimFine', units: STATIONS } },
  { name: 'dmsnoticeList', path: '/dmsnotice/list', keepAlive: true, privileges: ['notice.read'], page: 'NoticeListPage', menu: { group: 'service', order: 130, key: 'notice', label: 'menu.notice' } },
  { name: 'stationProfile', path: '/basicData/edit', privileges: ['station.read'], page: 'StationProfilePage', menu: { group: 'base', order: 10, key: 'stationProfile', label: 'menu.stationProfile', units: STATIONS } },
  { name: 'workerList', path: '/worker/list', privileges: ['worker.read'], page: 'WorkerListPage', menu: { group: 'base', order: 30, key: 'worker', label: 'menu.worker', units: STATIONS } },
  { name: 'kbList', path: '/kb/list', privileges: ['kb.read'], page: 'KbListPage', menu: { group: 'base', order: 40, key: 'kb', label: 'menu.kb' } },
  { name: 'invTaskList', path: '/inv/invTaskList', keepAlive: true, privileges: ['stock.read'], page: 'TaskListPage', menu: { group: 'inventory', order: 20, key: 'invTask', label: 'menu.invTask', units: STATIONS } },
  { name: 'stationPartBatch', path: '/stationPart/batchlist', privileges: ['stock.read'], page: 'StationInventoryPage', menu: { group: 'inventory', order: 40, key: 'stationInventory', label: 'menu.stationInventory', units: STATIONS } },
  { name: 'inventoryStatement', path: '/inventoryStatement/list', keepAlive: true, privileges: ['stock.read'], page: 'InventoryStatementPage', menu: { group: 'inventory', order: 50, key: 'inventoryStatement', label: 'menu.inventoryStatement' } },
  { name: 'stationAmountList', path: '/stationAmount/list', keepAlive: true, privileges: ['quota.read'], page: 'StationAmountListPage', menu: { group: 'inventory', order: 60, key: 'stationAmount', label: 'menu.stationAmount', units: STATIONS } },
  { name: 'amountFlow', path: '/amountFlow/list', keepAlive: true, privileges: ['quota.read'], page: 'QuotaFlowPage', menu: { group: 'inventory', order: 70, key: 'lineFlow', label: 'menu.lineFlow', units: STATIONS } },
  { name: 'chooseproduct', path: '/shoppingmall/chooseproduct/:name?/:id?', anonymous: true, page: 'ChooseProductPage', menu: { group: 'shop', order: 10, key: 'shopMall', label: 'menu.shopMall', privileges: ['product.read', 'shop.buy'], path: '/shoppingmall/chooseproduct' } },
  { name: 'shopcart', path: '/shopcart/list', privileges: ['shop.buy'], page: 'CartPage', menu: { group: 'shop', order: 20, key: 'shopCart', label: 'menu.shopCart' } },
  { name: 'quickOrderList', path: '/quickorder/list', anonymous: true, keepAlive: true, page: 'QuickOrderPage', menu: { group: 'shop', order: 30, key: 'quickOrder', label: 'menu.quickOrder', privileges: ['shop.buy'] } },
  { name: 'orderList', path: '/order/list', privileges: ['sales.read'], page: 'OrderListPage', menu: { group: 'shop', order: 40, key: 'orders', label: 'menu.orders' } },
  { name: 'collectList', path: '/collect/list', anonymous: true, page: 'FavouriteListPage', menu: { group: 'shop', order: 50, key: 'collect', label: 'menu.collect', privileges: ['product.read'] } },
  { name: 'myapprovalList', path: '/myapproval/list', privileges: ['approval.act'], page: 'MyApprovalListPage', menu: { group: 'system', order: 10, key: 'myApproval', label: 'menu.myApproval' } },
  { name: 'flowList', path: '/flow/list', privileges: ['flow.manage'], page: 'FlowListPage', menu: { group: 'system', order: 20, key: 'flowList', label: 'menu.flowList' } },
  { name: 'flowRole', path: '/flow/role', privileges: ['flow.manage'], page: 'FlowRoleListPage', menu: { group: 'system', order: 30, key: 'flowRole', label: 'menu.flowRole' } },
  { name: 'noticeManage', path: '/dmsnotice/manage', privileges: ['notice.publish'], page: 'NoticeManageListPage', menu: { group: 'system', order: 40, key: 'noticeManage', label: 'menu.noticeManage' } },
  { name: 'systemparameterList', path: '/systemparameter/list', privileges: ['parameter.manage'], page: 'ParameterListPage', menu: { group: 'system', order: 60, key: 'systemParameter', label: 'menu.systemParameter' } },
  { name: 'selfCheck', path: '/test/test', privileges: ['system.admin'], page: 'SelfCheckPage', menu: { group: 'system', order: 80, key: 'selfCheck', label: 'menu.selfCheck' } },
];
