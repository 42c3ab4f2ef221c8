import { defineNamedOptionSet, label } from '../define-fields.ts';

/**
 * Sales targets (销售目标, issue 28): a target's period is a calendar month or a quarter (China time),
 * and it is measured in order amount (¥, the audited orders' line amounts) or in the number of orders.
 * The values are this portal's own numbering (stored, stable).
 */
export const targetPeriodType = defineNamedOptionSet('new_target_periodtype', label('期间类型', 'Period type'), {
  month: { value: 1, label: label('月度', 'Month') },
  quarter: { value: 2, label: label('季度', 'Quarter') },
});

export const targetMetric = defineNamedOptionSet('new_target_metric', label('考核指标', 'Metric'), {
  amount: { value: 1, label: label('订单金额', 'Order amount') },
  count: { value: 2, label: label('订单数', 'Order count') },
});
