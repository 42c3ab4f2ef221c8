import type { RouteDef } from './routes.ts';

/**
 * The engineer app (issue 15): 我的工单 and one order, phone-first, working offline (IndexedDB and
 * the action queue in src/offline). Screens live in pages/engineer-app (the service worker
 * precaches their chunks).
 */
export const ENGINEER_APP_ROUTES: RouteDef[] = [
  { name: 'myWorkOrders', path: '/mobile/workorders', layout: 'shell', keepAlive: true, permissions: ['workorder.service'], load: () => import('../pages/engineer-app/MyWorkOrdersPage.tsx') },
  { name: 'myWorkOrder', path: '/mobile/workorders/:id', layout: 'shell', permissions: ['workorder.service'], load: () => import('../pages/engineer-app/MobileOrderPage.tsx') },
];
