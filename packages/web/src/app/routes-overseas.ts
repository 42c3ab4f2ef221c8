import type { RouteDef } from './routes.ts';

/**
 * Overseas work orders (spec 001 §2, Service and parts): work orders marked overseas, on the work
 * order's own screens. Create is not in the spec's table: the list's 新建 opens /overseas/create.
 */
export const OVERSEAS_ROUTES: RouteDef[] = [
  { name: 'overseasCreate', path: '/overseas/create', layout: 'shell', permissions: ['workorder.write'], page: 'OverseasOrderPage' },
  { name: 'overseasEdit', path: '/overseas/edit/:id', layout: 'shell', permissions: ['workorder.read'], page: 'OverseasOrderPage' },
];
