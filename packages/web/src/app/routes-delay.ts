import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';

/**
 * Warranty extensions and their cancellations (spec 001 §2, Service and parts: routes only). Lists
 * are generic screens; the record screens are the approval document (create is not in the spec's
 * table: the lists' 新建 opens it).
 */
export const DELAY_ROUTES: RouteDef[] = [
  { name: 'delayProductList', path: '/delayproduct/list', keepAlive: true, ...screen.list('new_srv_delayproduct', { title: 'menu.delayProduct', allowImport: false, allowDelete: false }) },
  { name: 'delayProductCreate', path: '/delayproduct/create', layout: 'shell', permissions: ['workorder.write'], screen: { entity: 'new_srv_delayproduct', kind: 'create' }, page: 'DelayProductPage' },
  { name: 'delayProductDetail', path: '/delayproduct/detail/:id', layout: 'shell', permissions: ['workorder.read'], screen: { entity: 'new_srv_delayproduct', kind: 'edit' }, page: 'DelayProductPage' },
  { name: 'delayCancelList', path: '/delaycancle/list', keepAlive: true, ...screen.list('new_srv_delaycancel', { title: 'menu.delayCancel', allowImport: false, allowDelete: false }) },
  { name: 'delayCancelCreate', path: '/delaycancle/create', layout: 'shell', permissions: ['workorder.write'], screen: { entity: 'new_srv_delaycancel', kind: 'create' }, page: 'DelayCancelPage' },
  { name: 'delayCancelDetail', path: '/delaycancle/detail/:id', layout: 'shell', permissions: ['workorder.read'], screen: { entity: 'new_srv_delaycancel', kind: 'edit' }, page: 'DelayCancelPage' },
];
