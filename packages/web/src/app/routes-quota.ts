import type { RouteDef } from './routes.ts';

/**
 * Station quota screens of spec 001 §2 (Service and parts, Contracts and amounts): the entities'
 * screens are declared on the entities (model `screens`). The station quota screens are pages of their own (the
 * station entity's quota fields, quota.read) and declare no entity screen, so station lookups
 * elsewhere keep opening the station profile; the adjustment's record screen adds the approval.
 */
export const QUOTA_ROUTES: RouteDef[] = [
  { name: 'stationAmountEdit', path: '/stationAmount/edit', layout: 'shell', permissions: ['quota.read'], page: 'StationAmountEditPage' },
  // 流水 (issue 24): the quota ledger as a flow with balances, at a path of ours (the spec names no path for it).
];
