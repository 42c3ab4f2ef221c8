import type { RouteDef } from './routes.ts';

const orderPage = () => import('../pages/overseas/OverseasOrderPage.tsx');

/**
 * Overseas work orders (spec 001 §2, Service and parts): work orders marked overseas, on the work
 * order's own screens. Create is not in the spec's table: the list's 新建 opens /overseas/create.
 */
export const OVERSEAS_ROUTES: RouteDef[] = [
  { name: 'overseasList', path: '/overseas/list', layout: 'shell', keepAlive: true, permissions: ['workorder.read'], load: () => import('../pages/overseas/OverseasListPage.tsx') },
  { name: 'overseasCreate', path: '/overseas/create', layout: 'shell', permissions: ['workorder.write'], load: orderPage },
  { name: 'overseasEdit', path: '/overseas/edit/:id', layout: 'shell', permissions: ['workorder.read'], load: orderPage },
];
