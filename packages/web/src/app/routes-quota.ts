import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';

/**
 * Station quota screens of spec 001 §2 (Service and parts, Contracts and amounts): generic screens
 * are one line each (app/entity-screens.ts). The station quota screens are pages of their own (the
 * station entity's quota fields, quota.read) and declare no entity screen, so station lookups
 * elsewhere keep opening the station profile; the adjustment's record screen adds the approval.
 */
export const QUOTA_ROUTES: RouteDef[] = [
  { name: 'stationAmountList', path: '/stationAmount/list', keepAlive: true, layout: 'shell', permissions: ['quota.read'], page: 'StationAmountListPage' },
  { name: 'stationAmountEdit', path: '/stationAmount/edit', layout: 'shell', permissions: ['quota.read'], page: 'StationAmountEditPage' },
  { name: 'amountAdjustList', path: '/amountAdjust/list', keepAlive: true, ...screen.list('new_srv_amountadjustment', { title: 'menu.amountAdjust', allowImport: false, allowDelete: false }) },
  { name: 'amountAdjustCreate', path: '/amountAdjust/create', ...screen.create('new_srv_amountadjustment') },
  { name: 'amountAdjustEdit', path: '/amountAdjust/edit/:id', layout: 'shell', permissions: ['quota.read'], screen: { entity: 'new_srv_amountadjustment', kind: 'edit' }, page: 'AmountAdjustFormPage' },
  { name: 'amountChangeLogList', path: '/amountChangeLog/list', keepAlive: true, ...screen.list('new_srv_amountchangelog', { title: 'menu.amountChangeLog', readOnly: true }) },
  // 流水 (issue 24): the quota ledger as a flow with balances, at a path of ours (the spec names no path for it).
  { name: 'amountFlow', path: '/amountFlow/list', keepAlive: true, layout: 'shell', permissions: ['quota.read'], page: 'QuotaFlowPage' },
  { name: 'amountChangeLogLine', path: '/amountChangeLog/Line/:id', ...screen.view('new_srv_amountchangelog') },
];
