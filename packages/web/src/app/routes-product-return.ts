import type { RouteDef } from './routes.ts';

/**
 * Product returns / pullouts (退机申请, spec 001 §2 Service and parts): the generic list (kept), the
 * create screen and the record screen /productReturn/edit/:id/:type (type = the return's type). The
 * list opens a record at /productReturn/edit/:id, which takes the record's type into its path.
 */
export const PRODUCT_RETURN_ROUTES: RouteDef[] = [
  {
    name: 'productReturnEdit',
    path: '/productReturn/edit/:id/:type',
    layout: 'shell',
    permissions: ['parts.read'],
    page: 'ProductReturnPage',
  },
];
