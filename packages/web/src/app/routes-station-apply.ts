import type { RouteDef } from './routes.ts';

/**
 * Station applications (spec 001 §2, Basic data): the list of every kind, and per kind (change,
 * continuation, exit) its create and edit screens. Station principals (station.apply) file them;
 * head office reads them (station.read) and approves through the approval engine.
 */
export const STATION_APPLY_ROUTES: RouteDef[] = [
  {
    name: 'stationChangeApplyCreate',
    path: '/basicData/stationchangeapply/create',
    layout: 'shell',
    permissions: ['station.apply'],
    page: 'StationChangeApplyPage',
  },
  {
    name: 'stationContinueApplyCreate',
    path: '/basicData/stationcontinueapply/create',
    layout: 'shell',
    permissions: ['station.apply'],
    page: 'StationContinueApplyPage',
  },
  {
    name: 'stationContinueApplyEdit',
    path: '/basicData/stationcontinueapply/edit/:id',
    layout: 'shell',
    permissions: ['station.read'],
    page: 'StationContinueApplyPage',
  },
  {
    name: 'stationExitApplyCreate',
    path: '/basicData/stationexitapply/create',
    layout: 'shell',
    permissions: ['station.apply'],
    page: 'StationExitApplyPage',
  },
  {
    name: 'stationExitApplyEdit',
    path: '/basicData/stationexitapply/edit/:id',
    layout: 'shell',
    permissions: ['station.read'],
    page: 'StationExitApplyPage',
  },
];
