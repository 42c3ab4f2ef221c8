import type { RouteDef } from './routes.ts';

/** The work-order map screens (map, newmap, newmapassign, crm__newmapassign). */
export const INSIGHT_ROUTES: RouteDef[] = [
  // Map assignment is dispatching: it needs the dispatch privilege (engineers get the 401 page).
  {
    name: 'crm__newmapassign',
    path: '/rootapp/crm__newmapassign',
    layout: 'shell',
    permissions: ['workorder.dispatch'],
    load: () => import('../pages/workorder/MapAssignPage.tsx'),
  },
];
