import { defineNamedOptionSet, label } from '../define-fields.ts';

/**
 * A payment plan's state (回款计划, issue 29). 未到期, 部分回款 and 已回款 are stored by the
 * settlement of receipts; 已逾期 is never stored: a plan not yet paid in full whose due date has
 * passed is read as overdue (server domain/sales-contracts/plan-status.ts), so it needs no nightly job.
 */
export const paymentPlanState = defineNamedOptionSet('new_paymentplan_state', label('回款状态', 'Payment state'), {
  notDue: { value: 1, label: label('未到期', 'Not due'), color: 'blue' },
  partPaid: { value: 2, label: label('部分回款', 'Part paid'), color: 'gold' },
  paid: { value: 3, label: label('已回款', 'Paid'), color: 'green' },
  overdue: { value: 4, label: label('已逾期', 'Overdue'), color: 'red' },
});
