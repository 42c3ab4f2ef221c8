import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';

/**
 * Product returns / pullouts (退机申请, spec 001 §2 Service and parts): the generic list (kept), the
 * create screen and the record screen /productReturn/edit/:id/:type (type = the return's type). The
 * list opens a record at /productReturn/edit/:id, which takes the record's type into its path.
 */
export const PRODUCT_RETURN_ROUTES: RouteDef[] = [
  { name: 'productReturnList', path: '/productReturn/list', keepAlive: true, ...screen.list('new_srv_productreturn', { title: 'menu.productReturn', allowImport: false, allowDelete: false }) },
  { name: 'productReturnCreate', path: '/productReturn/create', layout: 'shell', permissions: ['parts.write'], screen: { entity: 'new_srv_productreturn', kind: 'create' }, page: 'ProductReturnPage' },
  { name: 'productReturnOpen', path: '/productReturn/edit/:id', layout: 'shell', permissions: ['parts.read'], screen: { entity: 'new_srv_productreturn', kind: 'edit' }, page: 'ProductReturnPage' },
  { name: 'productReturnEdit', path: '/productReturn/edit/:id/:type', layout: 'shell', permissions: ['parts.read'], page: 'ProductReturnPage' },
];
