import { getEntity, paymentPlanState } from '@portal/model';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.ts';
import { type CompileContext, compileQuery } from '../../records/query/compile.ts';
import { parseFilter } from '../../records/query/odata.ts';
import { installPaymentPlans } from './plan-state.ts';

/*
 * A plan's state is read as of today (已逾期 never stored), and a filter on it is written over the
 * stored columns — state and due date, both indexed — not over the CASE that reads it, so an index
 * can serve the plan list's tabs.
 */

const PLAN = getEntity('new_paymentplan')!;
const ctx: CompileContext = {
  caller: {
    principal: {
      userId: '22222222-2222-4222-8222-222222222222',
      businessUnitId: '11111111-1111-4111-8111-111111111111',
      privileges: new Set(),
    } as unknown as Principal,
    subtree: ['11111111-1111-4111-8111-111111111111'],
  },
  lang: 'zh-CN',
  mayRead: () => true,
};
const where = (filter: string) => {
  const { sql } = compileQuery(
    { entity: PLAN, select: ['new_state'], filters: [parseFilter(filter)], orderBy: [], top: 10, skip: 0, count: false, formatted: false },
    ctx,
  );
  return sql.slice(sql.indexOf('WHERE'));
};

beforeAll(() => installPaymentPlans());

describe('payment plan state', () => {
  it('is read through today: overdue when not paid and past its due date', () => {
    const { sql } = compileQuery(
      { entity: PLAN, select: ['new_state'], filters: [], orderBy: [], top: 1, skip: 0, count: false, formatted: false },
      ctx,
    );
    expect(sql).toMatch(/CASE WHEN \(t\.new_state <> 3 AND t\.new_duedate < .*\) THEN 4 ELSE t\.new_state END/);
  });

  it('filters on stored columns: overdue, not due, paid and their negation', () => {
    expect(where(`new_state eq ${paymentPlanState.overdue}`)).toMatch(/\(t\.new_state <> 3 AND t\.new_duedate < /);
    expect(where(`new_state eq ${paymentPlanState.notDue}`)).toMatch(/\(t\.new_state = 1 AND t\.new_duedate >= /);
    expect(where(`new_state eq ${paymentPlanState.paid}`)).toContain('t.new_state = 3');
    expect(where(`new_state in (${paymentPlanState.partPaid}, ${paymentPlanState.overdue})`)).toMatch(
      /t\.new_state = 2 .* OR \(t\.new_state <> 3/,
    );
    expect(where(`new_state ne ${paymentPlanState.overdue}`)).toMatch(/NOT \(\(t\.new_state <> 3/);
    for (const f of ['new_state eq 4', 'new_state in (1, 2)']) expect(where(f)).not.toContain('CASE');
  });
});
