import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';


/**
 * Parts documents of spec 001 §2 (Service and parts): applications, deliveries, receipts and
 * transfers. Generic screens are one line each (app/entity-screens.ts); the documents with lines
 * and commands are pages of their own that declare the entity screen they stand for. A delivery
 * opens for the warehouse (delivery.read) and for the receiver (parts.receive): both stand for its
 * edit screen and screenPath picks the one the user may open.
 */
export const PARTS_ROUTES: RouteDef[] = [
  { name: 'partsApplyList', path: '/partsApply/list', keepAlive: true, ...screen.list('new_srv_partsapply', { title: 'menu.partsApply', allowImport: false }) },
  { name: 'partsApplyCreate', path: '/partsApply/create', layout: 'shell', permissions: ['parts.write'], screen: { entity: 'new_srv_partsapply', kind: 'create' }, page: 'PartsApplyFormPage' },
  { name: 'partsApplyEdit', path: '/partsApply/edit/:id', layout: 'shell', permissions: ['parts.read'], screen: { entity: 'new_srv_partsapply', kind: 'edit' }, page: 'PartsApplyFormPage' },
  { name: 'partsDispatchList', path: '/partsDispatch/list', layout: 'shell', keepAlive: true, permissions: ['delivery.read'], page: 'DeliveryListPage' },
  { name: 'partsDispatchCreate', path: '/partsDispatch/create', layout: 'shell', permissions: ['delivery.create'], page: 'DeliveryCreatePage' },
  { name: 'partsDispatchEdit', path: '/partsDispatch/edit/:id', layout: 'shell', permissions: ['delivery.read'], screen: { entity: 'new_stockoutorder', kind: 'edit' }, page: 'DeliveryFormPage' },
  { name: 'partsDispatchDetailCreate', path: '/partsDispatch/detailcreate/:id', layout: 'shell', permissions: ['delivery.create'], page: 'DeliveryLineCreatePage' },
  { name: 'partsDispatchDetailEdit', path: '/partsDispatch/detailedit/:id', layout: 'shell', permissions: ['delivery.create'], page: 'DeliveryLineEditPage' },
  { name: 'partsSignList', path: '/partsSign/list', layout: 'shell', keepAlive: true, permissions: ['parts.receive'], page: 'ReceiptListPage' },
  { name: 'partsSignEdit', path: '/partsSign/edit/:id', layout: 'shell', permissions: ['parts.receive'], screen: { entity: 'new_stockoutorder', kind: 'edit' }, page: 'ReceiptPage' },
  { name: 'partsTransferList', path: '/partsTransfer/list', keepAlive: true, ...screen.list('new_srv_parttransorder', { title: 'menu.partsTransfer', allowImport: false }) },
  { name: 'partsTransferCreate', path: '/partsTransfer/create', ...screen.create('new_srv_parttransorder') },
  { name: 'partsTransferEdit', path: '/partsTransfer/edit/:id', layout: 'shell', permissions: ['parts.read'], screen: { entity: 'new_srv_parttransorder', kind: 'edit' }, page: 'PartsTransferFormPage' },
  // Parts sales: the create and edit screens are one page (the spec's create path is /newOrder/edit without an id).
  { name: 'newOrderList', path: '/newOrder/list', keepAlive: true, ...screen.list('new_order', { title: 'menu.partsSales', allowImport: false }) },
  { name: 'newOrderCreate', path: '/newOrder/edit', layout: 'shell', permissions: ['parts.write'], screen: { entity: 'new_order', kind: 'create' }, page: 'SalesOrderPage' },
  { name: 'newOrderEdit', path: '/newOrder/edit/:id', layout: 'shell', permissions: ['parts.read'], screen: { entity: 'new_order', kind: 'edit' }, page: 'SalesOrderPage' },
];
