import { accountMoveKind, approvalStatus, expenseFormStatus, invoiceState } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { testPortal } from '../testing/test-portal.ts';
import { postAccountMove } from '../domain/dealer-account/ledger.ts';
import { DATA_STEPS, runDataSteps } from './data-steps.ts';

describe('one-time data steps on a database of an earlier release', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await testPortal();
  });
  afterAll(async () => portal?.close());

  const privileges = async (roleId: string) =>
    (
      await portal.db.query<{ new_name: string }>('SELECT new_name FROM new_roleprivilege WHERE new_role_id = $1 ORDER BY new_name', [
        roleId,
      ])
    ).rows.map((r) => r.new_name);
  async function role(name: string, privs: string[]): Promise<string> {
    const id = (await portal.db.one<{ id: string }>(`INSERT INTO role (name, new_code) VALUES ($1, $1) RETURNING roleid AS id`, [name]))!
      .id;
    for (const p of privs) await portal.db.query('INSERT INTO new_roleprivilege (new_name, new_role_id) VALUES ($1, $2)', [p, id]);
    return id;
  }

  it('a fresh database has every step recorded, and running them again changes nothing', async () => {
    const recorded = (await portal.db.query<{ name: string }>('SELECT name FROM portal_data_step')).rows.map((r) => r.name);
    expect(recorded.sort()).toEqual(DATA_STEPS.map((s) => s.name).sort());
    expect(await runDataSteps(portal.db)).toEqual([]);
  });

  it('work-order reach: dispatching roles keep the whole reach, old engineer roles service their own orders only', async () => {
    const principal = await role('旧-站长', ['portal.login', 'workorder.read', 'workorder.write', 'workorder.dispatch']);
    const approver = await role('旧-审批', ['workorder.read', 'workorder.audit']);
    const engineer = await role('旧-工程师', ['portal.login', 'workorder.read', 'workorder.write']);
    const reader = await role('旧-只读', ['workorder.read']);
    await portal.db.query("DELETE FROM portal_data_step WHERE name = '2026-11-work-order-reach'");
    expect(await runDataSteps(portal.db)).toEqual(['2026-11-work-order-reach']);
    expect(await privileges(principal)).toEqual([
      'portal.login',
      'workorder.all',
      'workorder.dispatch',
      'workorder.read',
      'workorder.write',
    ]);
    expect(await privileges(approver)).toEqual(['workorder.all', 'workorder.audit', 'workorder.read']);
    expect(await privileges(engineer)).toEqual(['portal.login', 'workorder.read', 'workorder.service']);
    expect(await privileges(reader)).toEqual(['workorder.read']);
    // An administrator's later choice stands: the step does not run twice.
    await portal.db.query("DELETE FROM new_roleprivilege WHERE new_role_id = $1 AND new_name = 'workorder.all'", [principal]);
    expect(await runDataSteps(portal.db)).toEqual([]);
    expect(await privileges(principal)).not.toContain('workorder.all');
  });

  it('order documents reach: roles that read parts or the knowledge base without working with orders keep the whole station', async () => {
    const clerk = await role('旧-配件员', ['portal.login', 'parts.read', 'parts.write']);
    const reader = await role('旧-知识库', ['kb.read']);
    const engineer = await role('旧-工程师2', ['portal.login', 'workorder.read', 'workorder.service', 'parts.read', 'kb.read']);
    const guest = await role('旧-访客', ['notice.read']);
    await portal.db.query("DELETE FROM portal_data_step WHERE name = '2026-11-order-documents-reach'");
    expect(await runDataSteps(portal.db)).toEqual(['2026-11-order-documents-reach']);
    expect(await privileges(clerk)).toEqual(['parts.read', 'parts.write', 'portal.login', 'workorder.all']);
    expect(await privileges(reader)).toEqual(['kb.read', 'workorder.all']);
    expect(await privileges(engineer)).not.toContain('workorder.all');
    expect(await privileges(guest)).toEqual(['notice.read']);
  });

  it('expense statements: the approval status an earlier release wrote is cleared, every other field kept', async () => {
    const { rows: claims } = await portal.db.query<{ id: string; form: number }>(
      'SELECT new_srv_expense_claimid AS id, new_formstatus AS form FROM new_srv_expense_claim ORDER BY new_name',
    );
    expect(claims.length).toBeGreaterThan(1);
    // As the earlier release left them: 已审批 once confirmed, 审批中 before.
    await portal.db.query(
      'UPDATE new_srv_expense_claim SET new_approvalstatus = CASE WHEN new_formstatus >= $1::int THEN $2::int ELSE $3::int END',
      [expenseFormStatus.confirmed, approvalStatus.approved, approvalStatus.underReview],
    );
    await portal.db.query("DELETE FROM portal_data_step WHERE name = '2026-11-expense-claim-no-approval-status'");
    expect(await runDataSteps(portal.db)).toEqual(['2026-11-expense-claim-no-approval-status']);
    const { rows: after } = await portal.db.query<{ id: string; form: number; approval: number | null }>(
      'SELECT new_srv_expense_claimid AS id, new_formstatus AS form, new_approvalstatus AS approval FROM new_srv_expense_claim ORDER BY new_name',
    );
    expect(after).toEqual(claims.map((c) => ({ ...c, approval: null })));
  });

  it('invoice rebate credit: an earlier invoice takes the rebate credited against it (all of it settles it), others none', async () => {
    const { rows: inv } = await portal.db.query<{ id: string; name: string; unit: string; total: string }>(
      `SELECT invoiceid AS id, name, owningbusinessunit AS unit, totalamount::text AS total FROM invoice
        WHERE new_state = $1 AND new_paidamount = 0 ORDER BY name LIMIT 2`,
      [invoiceState.unpaid],
    );
    expect(inv).toHaveLength(2);
    const [covered, plain] = inv;
    const user = (await portal.db.one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser ORDER BY createdon LIMIT 1`))!.id;
    // As the earlier release left them: no credit column value, the order's rebate move keyed to the invoice.
    await portal.db.tx((sql) =>
      postAccountMove(sql, user, {
        unitId: covered.unit,
        kind: accountMoveKind.rebate,
        amount: `-${covered.total}`,
        docEntity: 'salesorder',
        docId: covered.id,
        docName: covered.name,
        key: `rebate:${covered.id}:invoice`,
      }),
    );
    await portal.db.query('UPDATE invoice SET new_rebatecredit = NULL WHERE invoiceid = ANY($1::uuid[])', [inv.map((i) => i.id)]);
    await portal.db.query("DELETE FROM portal_data_step WHERE name = '2026-11-invoice-rebate-credit'");
    expect(await runDataSteps(portal.db)).toEqual(['2026-11-invoice-rebate-credit']);
    const row = (id: string) =>
      portal.db.one<{ state: number; credit: string; open: string }>(
        'SELECT new_state AS state, new_rebatecredit::text AS credit, new_openamount::text AS open FROM invoice WHERE invoiceid = $1',
        [id],
      );
    expect(await row(covered.id)).toEqual({ state: invoiceState.paid, credit: covered.total, open: '0.00' });
    expect(await row(plain.id)).toEqual({ state: invoiceState.unpaid, credit: '0.00', open: plain.total });
  });
});
