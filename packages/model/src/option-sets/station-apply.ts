import { defineNamedOptionSet, label } from '../define.ts';

/** The three station applications (服务站申请, /basicData/stationapplylist): change of the station's data, continuation of its term, exit. */
export const stationApplyType = defineNamedOptionSet('new_applytype', label('申请类型', 'Application type'), {
  change: { value: 1, label: label('变更申请', 'Change') },
  continue: { value: 2, label: label('续约申请', 'Continuation') },
  exit: { value: 3, label: label('退出申请', 'Exit') },
});

/** Record state (statecode) of a station: an approved exit makes it inactive. */
export const stationState = { active: 0, inactive: 1 } as const;
