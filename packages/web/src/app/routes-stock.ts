import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';

/**
 * Stock screens of spec 001 §2 (Service and parts, Inventory) and the warehouses of the user
 * centre. Generic screens are one line each (app/entity-screens.ts); counts, tasks and the batch
 * limits grid are pages of their own.
 */
export const STOCK_ROUTES: RouteDef[] = [
  { name: 'siteInvList', path: '/siteInv/list', keepAlive: true, ...screen.list('new_srv_siteinv', { title: 'menu.siteInv' }) },
  { name: 'siteInvLine', path: '/siteInv/line/:id', ...screen.view('new_srv_siteinv') },
  { name: 'partStockTransactionList', path: '/partStockTransaction/list', keepAlive: true, ...screen.list('new_srv_stocktransaction', { title: 'menu.partStockTransaction' }) },
  { name: 'partStockTransactionLine', path: '/partStockTransaction/line/:id', ...screen.view('new_srv_stocktransaction') },
  { name: 'stationPartList', path: '/stationPart/list', ...screen.list('new_srv_stationpart', { title: 'menu.stationPart' }) },
  { name: 'stationPartEdit', path: '/stationPart/edit', ...screen.edit('new_srv_stationpart', { idFromQuery: true }) },
  { name: 'warehouseList', path: '/usercenter/warehouselist', ...screen.list('new_srv_warehouse', { title: 'menu.warehouse' }) },
  { name: 'warehouseView', path: '/usercenter/warehouseview/:id', ...screen.edit('new_srv_warehouse', { allowDelete: false }) },
  { name: 'warehouseCreate', path: '/usercenter/warehousecreate', ...screen.create('new_srv_warehouse') },
];
