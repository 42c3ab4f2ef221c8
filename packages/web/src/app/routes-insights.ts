import type { MapRange } from '@portal/model';
import type { ComponentType } from 'react';
import { prefetchMapData } from '../api/work-order-insights.ts';
import { getSession } from '../session/store.ts';
import type { RouteDef } from './routes.ts';

/**
 * The map screens' loader also starts the map call, so the 10,000-order answer travels while the
 * screen's code (Leaflet) loads. main.tsx calls the same loader at start-up, before the guards and
 * right after a stale session was dropped (heartbeat): the call only goes out when the session is
 * signed in with the screen's privileges, else the screen asks for itself once the guards let it in
 * (a reload must not log a 401 for a call sent with a token that is already gone).
 */
export function mapScreen(load: () => Promise<{ default: ComponentType }>, permissions: readonly string[]) {
  return () => {
    const { auth, user } = getSession();
    if (auth.isLoggedIn && permissions.every((p) => user.privilege.includes(p))) {
      const r = new URLSearchParams(window.location.search).get('range');
      prefetchMapData(r === 'today' || r === 'tomorrow' ? (r as MapRange) : 'all');
    }
    return load();
  };
}

/** The work-order map screens (map, newmap, newmapassign, crm__newmapassign); one component serves them. */
export const INSIGHT_ROUTES: RouteDef[] = [
  { name: 'workOrderNewMap', path: '/workOrder/newmap', layout: 'shell', permissions: ['workorder.read'], page: 'MapViewPage' },
  {
    name: 'workOrderNewMapAssign',
    path: '/workOrder/newmapassign',
    layout: 'shell',
    permissions: ['workorder.dispatch'],
    page: 'MapAssignPage',
  },
  // Map assignment is dispatching: it needs the dispatch privilege (engineers get the 401 page).
  {
    name: 'crm__newmapassign',
    path: '/rootapp/crm__newmapassign',
    layout: 'shell',
    permissions: ['workorder.dispatch'],
    page: 'MapAssignPage',
  },
];
