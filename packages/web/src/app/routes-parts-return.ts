import type { RouteDef } from './routes.ts';

/**
 * Old parts back to factory (旧件返厂, spec 001 §2): the generic list (kept), create and edit on one
 * record page (lines picked from owed old parts, the logistics commands), and the printable
 * service-provider old-parts return list (`bare`, like the settlement confirmation form).
 */
export const PARTS_RETURN_ROUTES: RouteDef[] = [
  { name: 'partsReturnPrint', path: '/partsReturn/print/:id', layout: 'bare', permissions: ['parts.read'], page: 'PartsReturnPrintPage' },
];
