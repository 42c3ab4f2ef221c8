import { defineNamedOptionSet, label } from '../define-fields.ts';

/**
 * What moved a dealer's rebate (返利, issue 28): a monthly accrual of a policy on the signed order
 * lines of the month (+), an order using it at submit (−), and the rebate given back when that
 * order is rejected, revoked or cancelled (+). Values are this portal's (stable: stored).
 */
export const rebateMoveKind = defineNamedOptionSet('new_rebatemove_kind', label('返利类型', 'Rebate move'), {
  accrual: { value: 1, label: label('返利计提', 'Accrual'), color: 'green' },
  use: { value: 2, label: label('订单抵扣', 'Used on an order'), color: 'orange' },
  release: { value: 3, label: label('抵扣退回', 'Given back'), color: 'blue' },
});

/**
 * A rebate policy's life: kept by head office while a draft, accrued monthly once in force, stopped
 * (its end moved to the stop day: months after it accrue nothing; months before still may).
 */
export const rebatePolicyState = defineNamedOptionSet('new_rebatepolicy_state', label('政策状态', 'Policy state'), {
  draft: { value: 1, label: label('草稿', 'Draft'), color: 'default' },
  active: { value: 2, label: label('生效', 'In force'), color: 'green' },
  stopped: { value: 3, label: label('已停用', 'Stopped'), color: 'red' },
});
