import type { RouteDef } from './routes.ts';

/** The work-order map screens (map, newmap, newmapassign, crm__newmapassign); one component serves them. */
export const INSIGHT_ROUTES: RouteDef[] = [
  { name: 'workOrderMap', path: '/workOrder/map', layout: 'shell', permissions: ['workorder.read'], load: () => import('../pages/workorder/map/MapViewPage.tsx') },
  { name: 'workOrderNewMap', path: '/workOrder/newmap', layout: 'shell', permissions: ['workorder.read'], load: () => import('../pages/workorder/map/MapViewPage.tsx') },
  { name: 'workOrderNewMapAssign', path: '/workOrder/newmapassign', layout: 'shell', permissions: ['workorder.dispatch'], load: () => import('../pages/workorder/MapAssignPage.tsx') },
  // Map assignment is dispatching: it needs the dispatch privilege (engineers get the 401 page).
  {
    name: 'crm__newmapassign',
    path: '/rootapp/crm__newmapassign',
    layout: 'shell',
    permissions: ['workorder.dispatch'],
    load: () => import('../pages/workorder/MapAssignPage.tsx'),
  },
];
