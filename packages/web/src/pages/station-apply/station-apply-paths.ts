import { stationApplyType } from '@portal/model';

export const STATION_APPLY = 'new_srv_stationapply';
export type StationApplyKind = 'change' | 'continue' | 'exit';

const BASE: Record<StationApplyKind, string> = {
  change: '/basicData/stationchangeapply',
  continue: '/basicData/stationcontinueapply',
  exit: '/basicData/stationexitapply',
};

export const KINDS: StationApplyKind[] = ['change', 'continue', 'exit'];

/** The kind of an application type value (a row's new_applytype). */
export const kindOf = (type: unknown): StationApplyKind | undefined => KINDS.find((k) => stationApplyType[k] === Number(type));

/** Where an application of a kind is created, or (with its id) opened. */
export const applyPath = (kind: StationApplyKind, id?: string) =>
  id ? `${BASE[kind]}/edit/${encodeURIComponent(id)}` : `${BASE[kind]}/create`;
