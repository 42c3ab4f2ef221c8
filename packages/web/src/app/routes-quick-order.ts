import type { RouteDef } from './routes.ts';

/**
 * Quick order (spec 001 §2, Shop: /quickorder/list and /quickorder/importproduct, "anon, keep"):
 * open to visitors, who check codes without prices and sign in to add to the cart; kept in tabs.
 */
export const QUICK_ORDER_ROUTES: RouteDef[] = [
  {
    name: 'quickOrderImport',
    path: '/quickorder/importproduct',
    anonymous: true,
    keepAlive: true,
    layout: 'shell',
    page: 'QuickOrderImportPage',
  },
];
