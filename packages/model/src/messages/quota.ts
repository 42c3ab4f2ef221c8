import { label } from '../define.ts';

/** Texts of the station quota: the spec's "station quota insufficient" (with the difference) and the adjustment's rules. */
export const quotaMessages = {
  'quota.insufficient': label('站点额度不足，还差 {amount}', 'Station quota insufficient: {amount} short'),
  'quota.decreaseOver': label(
    '调减金额超过服务站当前额度 {available}，还差 {amount}',
    "The decrease exceeds the station's current quota of {available}: {amount} short",
  ),
  'quota.amountPositive': label('调整金额必须大于0', 'The adjustment amount must be larger than 0'),
  'quota.adjustInvalid': label('无效的额度调整单不能提交审批', 'An invalid quota adjustment cannot be submitted'),
  'quota.limitNegative': label(
    '服务站当前额度为负，不能设为额度受控',
    "The station's current quota is negative: it cannot be made quota limited",
  ),
} as const;
