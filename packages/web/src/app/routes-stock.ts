import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';

/**
 * Stock screens of spec 001 §2 (Service and parts, Inventory) and the warehouses of the user
 * centre. Generic screens are one line each (app/entity-screens.ts); stock rows and moves, count
 * sheets, tasks and the station inventory are pages of their own (pages/stock/), declaring the
 * entity screen they stand for so that screenPath() finds them.
 */
export const STOCK_ROUTES: RouteDef[] = [
  { name: 'siteInvList', path: '/siteInv/list', keepAlive: true, ...screen.list('new_srv_siteinv', { title: 'menu.siteInv' }) },
  { name: 'siteInvLine', path: '/siteInv/line/:id', layout: 'shell', permissions: ['stock.read'], screen: { entity: 'new_srv_siteinv', kind: 'view' }, page: 'StockRowPage' },
  { name: 'partStockTransactionList', path: '/partStockTransaction/list', keepAlive: true, layout: 'shell', permissions: ['stock.read'], screen: { entity: 'new_srv_stocktransaction', kind: 'list' }, page: 'StockTransactionListPage' },
  { name: 'partStockTransactionLine', path: '/partStockTransaction/line/:id', layout: 'shell', permissions: ['stock.read'], screen: { entity: 'new_srv_stocktransaction', kind: 'view' }, page: 'StockTransactionPage' },
  // Count sheets: the list of spec 001, and the sheet at a path of ours (the spec names none) — the same page as a task's sheet.
  { name: 'stockcheckList', path: '/stockcheck/list', layout: 'shell', permissions: ['stock.read'], screen: { entity: 'new_srv_stockcheck', kind: 'list' }, page: 'CountListPage' },
  { name: 'stockcheckEdit', path: '/stockcheck/edit/:id', layout: 'shell', permissions: ['stock.read'], screen: { entity: 'new_srv_stockcheck', kind: 'edit' }, page: 'CountSheetPage' },
  { name: 'invTaskList', path: '/inv/invTaskList', keepAlive: true, layout: 'shell', permissions: ['stock.read'], page: 'TaskListPage' },
  { name: 'invTaskEdit', path: '/inv/invTaskEdit/:id', layout: 'shell', permissions: ['stock.read'], page: 'CountSheetPage' },
  { name: 'stationPartList', path: '/stationPart/list', ...screen.list('new_srv_stationpart', { title: 'menu.stationPart' }) },
  { name: 'stationPartEdit', path: '/stationPart/edit', ...screen.edit('new_srv_stationpart', { idFromQuery: true }) },
  // 库存报表 (issue 24): a report of its own at a path of ours (the spec names the menu item, not its path).
  { name: 'inventoryStatement', path: '/inventoryStatement/list', keepAlive: true, layout: 'shell', permissions: ['stock.read'], page: 'InventoryStatementPage' },
  { name: 'stationPartBatch', path: '/stationPart/batchlist', layout: 'shell', permissions: ['stock.read'], page: 'StationInventoryPage' },
  { name: 'warehouseList', path: '/usercenter/warehouselist', ...screen.list('new_srv_warehouse', { title: 'menu.warehouse' }) },
  { name: 'warehouseView', path: '/usercenter/warehouseview/:id', ...screen.edit('new_srv_warehouse', { allowDelete: false }) },
  { name: 'warehouseCreate', path: '/usercenter/warehousecreate', ...screen.create('new_srv_warehouse') },
];
