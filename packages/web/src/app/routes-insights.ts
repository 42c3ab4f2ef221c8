import type { MapRange } from '@portal/model';
import type { ComponentType } from 'react';
import { prefetchMapData } from '../api/work-order-insights.ts';
import type { RouteDef } from './routes.ts';

/**
 * The map screens' loader also starts the map call, so the 10,000-order answer travels while the
 * screen's code (Leaflet) loads. Loaders run once the guards let the user in.
 */
function mapScreen(load: () => Promise<{ default: ComponentType }>) {
  return () => {
    const r = new URLSearchParams(window.location.search).get('range');
    prefetchMapData(r === 'today' || r === 'tomorrow' ? (r as MapRange) : 'all');
    return load();
  };
}
const viewPage = mapScreen(() => import('../pages/workorder/map/MapViewPage.tsx'));
const assignPage = mapScreen(() => import('../pages/workorder/MapAssignPage.tsx'));

/** The work-order map screens (map, newmap, newmapassign, crm__newmapassign); one component serves them. */
export const INSIGHT_ROUTES: RouteDef[] = [
  { name: 'workOrderMap', path: '/workOrder/map', layout: 'shell', permissions: ['workorder.read'], load: viewPage },
  { name: 'workOrderNewMap', path: '/workOrder/newmap', layout: 'shell', permissions: ['workorder.read'], load: viewPage },
  { name: 'workOrderNewMapAssign', path: '/workOrder/newmapassign', layout: 'shell', permissions: ['workorder.dispatch'], load: assignPage },
  // Map assignment is dispatching: it needs the dispatch privilege (engineers get the 401 page).
  {
    name: 'crm__newmapassign',
    path: '/rootapp/crm__newmapassign',
    layout: 'shell',
    permissions: ['workorder.dispatch'],
    load: assignPage,
  },
];
