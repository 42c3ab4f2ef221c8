import { paymentPlanState } from '@portal/model';
import { deriveField } from '../../records/query/derived.ts';
import { TODAY_SQL } from '../contract/contract.ts';

/*
 * A payment plan's state as of today. Receipts store 未到期 / 部分回款 / 已回款 as they settle a
 * plan; 已逾期 is never stored: a plan not paid in full whose due date has passed reads as overdue in
 * every query of the record service (lists, tabs and their counts, filters, exports, the plan's
 * screen), so no nightly job has to run first and no screen can disagree with another.
 */

const { paid, overdue } = paymentPlanState;

/** SQL: the plan (alias `t`) is past its due date and not paid in full. */
export const overdueSql = (t: string) => `(${t}.new_state <> ${paid} AND ${t}.new_duedate < ${TODAY_SQL})`;

/** SQL: the plan's state as of today. */
export const planStateSql = (t: string) => `(CASE WHEN ${overdueSql(t)} THEN ${overdue} ELSE ${t}.new_state END)`;

/**
 * Filters on the state keep to the stored columns (index new_state, new_duedate): "overdue" is
 * `state <> paid AND due < today`, a stored state is itself and, unless paid, not yet due.
 */
export function planStateIn(t: string, values: readonly number[]): string {
  const parts = values.map((v) =>
    v === overdue
      ? overdueSql(t)
      : v === paid
        ? `${t}.new_state = ${paid}`
        : `(${t}.new_state = ${Number(v)} AND ${t}.new_duedate >= ${TODAY_SQL})`,
  );
  return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
}

/** Every query of the record service reads a plan's state as of today. */
export function installPaymentPlans(): void {
  deriveField('new_paymentplan', 'new_state', planStateSql, planStateIn);
}
