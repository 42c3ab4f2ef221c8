import { accountMoveKind, approvalStatus, invoiceState, noticeStatus, partsApplyStatus } from '@portal/model';
import { fillAllFromProduct } from '../domain/work-order/product-fill.ts';
import type { Db, Sql } from './db.ts';

/**
 * One-time changes to existing data that a release needs (schema changes are idempotent DDL in
 * schema.ts; these are not: an administrator may later undo what a step did, and it must not come
 * back at the next start). Each step runs once per database, in its own transaction, recorded in
 * `portal_data_step`. On a fresh database the steps find nothing to change and are recorded.
 */
interface DataStep {
  name: string;
  run(sql: Sql): Promise<void>;
}

const grantWhere = (privilege: string, where: string) =>
  `INSERT INTO new_roleprivilege (new_name, new_role_id)
   SELECT '${privilege}', r.roleid FROM role r
    WHERE ${where}
      AND NOT EXISTS (SELECT 1 FROM new_roleprivilege x WHERE x.new_role_id = r.roleid AND x.new_name = '${privilege}')`;
const holds = (privilege: string) =>
  `EXISTS (SELECT 1 FROM new_roleprivilege p WHERE p.new_role_id = r.roleid AND p.new_name = '${privilege}')`;

export const DATA_STEPS: DataStep[] = [
  {
    // Issue 10: work-order reach split in two. Roles that dispatch or audit kept seeing every order
    // in their reach (workorder.all); roles that only read and wrote orders were the engineers':
    // they now service the orders assigned to them (workorder.service) and no longer edit or cancel.
    name: '2026-11-work-order-reach',
    async run(sql) {
      await sql.query(
        grantWhere('workorder.all', `${holds('workorder.read')} AND (${holds('workorder.dispatch')} OR ${holds('workorder.audit')})`),
      );
      const engineer = `${holds('workorder.write')} AND NOT ${holds('workorder.dispatch')} AND NOT ${holds('workorder.audit')} AND NOT ${holds('workorder.all')}`;
      await sql.query(grantWhere('workorder.service', engineer));
      await sql.query(
        `DELETE FROM new_roleprivilege d USING role r
          WHERE d.new_role_id = r.roleid AND d.new_name = 'workorder.write' AND ${engineer}`,
      );
    },
  },
  {
    // Issue 11: the station quota became a ledger (Σ moves = balance). A station's quota from before
    // is carried over as its first move (usage 1 opening, document the station itself).
    name: '2026-11-station-quota-ledger',
    async run(sql) {
      await sql.query(
        `INSERT INTO new_srv_amountchangelog (new_name, new_station_id, new_usage, new_doctype, new_docid, new_beforeamount, new_changeamount, new_afteramount,
                                              new_seq, new_key, owningbusinessunit)
         SELECT s.new_name, s.new_srv_stationid, 1, 1, s.new_srv_stationid::text, 0, s.new_currentamount, s.new_currentamount, 1,
                'station:' || s.new_srv_stationid || ':carried', s.owningbusinessunit
           FROM new_srv_station s
          WHERE COALESCE(s.new_currentamount, 0) <> 0
            AND NOT EXISTS (SELECT 1 FROM new_srv_amountchangelog l WHERE l.new_station_id = s.new_srv_stationid)`,
      );
    },
  },
  {
    // Issue 12: orders written with a product but no product line or model (the form did not fill
    // them) were counted under 未指定 on the dashboard; new writes are filled by the work order's hook.
    name: '2026-11-work-order-line-from-product',
    async run(sql) {
      await fillAllFromProduct(sql);
    },
  },
  {
    // Issue 23: statements have no approval flow, yet their approval status mirrored the form status
    // (审批中 while waiting for the station, 已审批 once confirmed); it is left empty now.
    name: '2026-11-expense-claim-no-approval-status',
    async run(sql) {
      await sql.query('UPDATE new_srv_expense_claim SET new_approvalstatus = NULL WHERE new_approvalstatus IS NOT NULL');
    },
  },
  {
    // Issue 23: what hangs off an order (returns, parts applications, warranty extensions, cases,
    // excellent cases) follows the order's reach. Roles that read those documents but never worked
    // with orders (warehouse, store) keep the station's whole reach of them; roles that read orders
    // without workorder.all were narrowed to their own orders in 2026-11-work-order-reach.
    name: '2026-11-order-documents-reach',
    async run(sql) {
      await sql.query(
        grantWhere(
          'workorder.all',
          `(${holds('parts.read')} OR ${holds('kb.read')}) AND NOT ${holds('workorder.read')} AND NOT ${holds('workorder.service')}`,
        ),
      );
    },
  },
  {
    // Issue 24: a notice published without 发布时间 showed a blank time, sorted last and missed the
    // home carousel. Publishing now stamps the time; those already published take their last change.
    name: '2026-11-notice-publish-time',
    async run(sql) {
      await sql.query(
        'UPDATE new_notice SET new_publishtime = COALESCE(modifiedon, createdon) WHERE new_status = $1 AND new_publishtime IS NULL',
        [noticeStatus.published],
      );
    },
  },
  {
    // Issue 24: a parts application has a delivery status (待发货 …) only once approved; drafts,
    // rejected, vetoed and submitted ones were created reading 待发货.
    name: '2026-11-application-delivery-status',
    async run(sql) {
      await sql.query('UPDATE new_srv_partsapply SET statuscode = NULL WHERE COALESCE(new_approvalstatus, $1) <> $2 AND statuscode = $3', [
        approvalStatus.draft,
        approvalStatus.approved,
        partsApplyStatus.toDeliver,
      ]);
    },
  },
  {
    // Issue 24: the demo's knowledge-base articles named files they did not have (暂无附件).
    name: '2026-11-kb-file-names',
    async run(sql) {
      await sql.query(
        `UPDATE new_kbarticle a SET new_filename = NULL
          WHERE a.new_filename IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM file_attachment f WHERE f.module_type = 'new_kbarticle' AND f.object_id = a.new_kbarticleid)`,
      );
    },
  },
  {
    // Issue 28: an invoice carries the rebate credited against it (返利抵扣); those made before took
    // their credit from the order's rebate move keyed to them, and count it as settled.
    name: '2026-11-invoice-rebate-credit',
    async run(sql) {
      await sql.query(
        `UPDATE invoice i SET new_rebatecredit = COALESCE((SELECT -m.new_amount FROM new_accountmove m
                                                            WHERE m.new_key = 'rebate:' || i.invoiceid || ':invoice' AND m.new_kind = $1), 0)
          WHERE i.new_rebatecredit IS NULL`,
        [accountMoveKind.rebate],
      );
      await sql.query(
        `UPDATE invoice SET new_state = CASE WHEN new_paidamount + new_rebatecredit >= totalamount THEN $1::int
                                             WHEN new_paidamount > 0 THEN $2::int ELSE $3::int END
          WHERE new_state = ANY($4::int[])`,
        [invoiceState.paid, invoiceState.partPaid, invoiceState.unpaid, [invoiceState.unpaid, invoiceState.partPaid]],
      );
    },
  },
];

export async function runDataSteps(db: Db, steps: DataStep[] = DATA_STEPS): Promise<string[]> {
  // Under the steps' lock: two instances starting at once would both try to create the table, and
  // CREATE TABLE IF NOT EXISTS is not safe against a concurrent one (duplicate key in pg_type).
  await db.tx(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock(727003)');
    await sql.query(
      `CREATE TABLE IF NOT EXISTS portal_data_step (name varchar(100) PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
  });
  const applied: string[] = [];
  for (const step of steps) {
    const ran = await db.tx(async (sql) => {
      // Instances starting together: one runs the step, the others find it recorded.
      await sql.query('SELECT pg_advisory_xact_lock(727003)');
      if ((await sql.query('SELECT 1 FROM portal_data_step WHERE name = $1', [step.name])).rowCount) return false;
      await step.run(sql);
      await sql.query('INSERT INTO portal_data_step (name) VALUES ($1)', [step.name]);
      return true;
    });
    if (ran) applied.push(step.name);
  }
  return applied;
}
