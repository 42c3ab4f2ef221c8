import { randomUUID } from 'node:crypto';
import {
  approvalStatus,
  expenseFormStatus,
  stationState,
  expenseLineType,
  fineType,
  getEntity,
  msg,
  siteConfirmStatus,
  workOrderStatus,
  type GenerateExpenseRequest,
  type GenerateExpenseResult,
  type Lang,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { assertStationsActive } from '../station-active.ts';
import { settleOldPartReturns } from '../parts-return/settlement.ts';
import { assertMay } from '../../documents/access.ts';
import { ACTION, logSummary } from '../work-order/log.ts';
import { IN_CNY } from '../work-order/overseas.ts';
import { checkPeriod, type Period } from './period.ts';

const STATION = getEntity('new_srv_station')!;
/** Audited (10) or revisited (11): checked by head office, not yet in any settlement. */
const SETTLEABLE = [workOrderStatus.audited, workOrderStatus.revisited];
const [REWARD, PUNISHMENT] = fineType.options.map((o) => o.value);

/** `FY202611A`: the period's number prefix (A first half, B second half). */
const prefixOf = (p: Period) => `FY${p.year}${String(p.month).padStart(2, '0')}${p.section === 1 ? 'A' : 'B'}`;

/**
 * Generates a period's settlements (head office): one statement per chosen station that has
 * audited, unsettled work orders audited before the period's end or approved reward/punishment
 * orders of the period or earlier, none yet settled. Each work order moves to 14 (in settlement)
 * and links the statement, each claim fine links it, both become its lines; the statement's totals
 * are the sums of its lines. One transaction, a fixed number of set-based statements whatever the
 * number of stations and orders. Stations that already have the period's statement are left as
 * they are; when every chosen station has one, the specification's "can only be modified, not
 * created" refuses the call.
 */
export async function generateSettlements(
  sql: Sql,
  caller: Caller,
  input: Partial<GenerateExpenseRequest>,
  lang: Lang,
  now = new Date(),
): Promise<GenerateExpenseResult> {
  assertMay(caller, 'expense.write');
  const period = checkPeriod(input, now);
  const chosen = input.stationIds?.length ? input.stationIds.map((s) => normGuid(s)) : null;
  if (chosen?.some((s) => !s)) throw refuse('expense.stationNotFound', undefined, 'stationIds');
  // An exited station takes no new settlement: named when chosen, passed over when all are meant.
  if (chosen) await assertStationsActive(sql, chosen, 'stationIds');
  // Two generations at once would both see "no statement yet": one waits for the other.
  await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['new_srv_expense_claim.generate']);

  const p = new Params();
  const { rows: stations } = await sql.query<{ id: string; has: boolean }>(
    `SELECT s.new_srv_stationid AS id,
            EXISTS (SELECT 1 FROM new_srv_expense_claim c WHERE c.new_station_id = s.new_srv_stationid
                       AND c.new_year = ${p.add(period.year, 'int')} AND c.new_month = ${p.add(period.month, 'int')} AND c.new_section = ${p.add(period.section, 'int')}) AS has
       FROM new_srv_station s
      WHERE ${p.scope(STATION, caller, 's')} ${chosen ? `AND s.new_srv_stationid = ANY(${p.add([...new Set(chosen)], 'uuid[]')})` : `AND s.statecode = ${p.add(stationState.active, 'int')}`}
      ORDER BY s.new_code, s.new_srv_stationid`,
    p.values,
  );
  if (chosen && stations.length < new Set(chosen).size) throw refuse('expense.stationNotFound', undefined, 'stationIds');
  const fresh = stations.filter((s) => !s.has).map((s) => s.id);
  const existing = stations.length - fresh.length;
  if (!fresh.length) throw refuse('expense.onlyModify');

  const periodKey = period.year * 100 + period.month;
  const { rows: due } = await sql.query<{ id: string }>(
    `SELECT x.id FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n)
      WHERE EXISTS (SELECT 1 FROM new_srv_workorder o WHERE o.new_station_id = x.id AND o.new_status = ANY($2::int[])
                      AND o.new_expenseclaim_id IS NULL AND o.new_audittime < $3::timestamptz AND ${IN_CNY})
         OR EXISTS (SELECT 1 FROM new_srv_claimfine f WHERE f.new_station_id = x.id AND f.new_approvalstatus = $4::int
                      AND f.new_expenseclaim_id IS NULL AND f.new_year * 100 + f.new_checkmonth <= $5::int)
      ORDER BY x.n`,
    [fresh, SETTLEABLE, period.end, approvalStatus.approved, periodKey],
  );
  if (!due.length) throw refuse('expense.nothingToSettle');

  const stationIds = due.map((d) => d.id);
  const claimIds = stationIds.map(() => randomUUID());
  const numbers = await nextDocumentNumbers(sql, 'new_srv_expense_claim', prefixOf(period), stationIds.length);
  const user = caller.principal.userId;
  const MAP = `m AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::varchar[]) AS m(station, claim, no))`;

  // Work orders: locked, moved to 14 with the link, one line each and one history entry each.
  const orders = await sql.query(
    `WITH ${MAP},
     picked AS (
       SELECT o.new_srv_workorderid AS id, o.new_name AS name, o.new_status AS from_status, o.new_station_id AS station, o.new_worker_id AS worker,
              o.owningbusinessunit AS unit, m.claim, m.no,
              COALESCE(o.new_servicecharge, 0) AS labour, COALESCE(o.new_partcost, 0) AS parts, COALESCE(o.new_outsidecost, 0) AS outside,
              COALESCE(o.new_othercost, 0) AS other, COALESCE(o.new_specialfee, 0) AS grants, COALESCE(o.new_fineamount, 0) AS fine
         FROM new_srv_workorder o JOIN m ON m.station = o.new_station_id
        WHERE o.new_status = ANY($4::int[]) AND o.new_expenseclaim_id IS NULL AND o.new_audittime < $5::timestamptz AND ${IN_CNY}
        FOR UPDATE OF o),
     moved AS (
       UPDATE new_srv_workorder o SET new_status = $6::int, new_expenseclaim_id = picked.claim, new_expenseclaimno = picked.no, modifiedon = now(), modifiedby = $7::uuid
         FROM picked WHERE o.new_srv_workorderid = picked.id RETURNING o.new_srv_workorderid),
     lines AS (
       INSERT INTO new_srv_expense_claimline (new_name, new_expenseclaim_id, new_station_id, new_linetype, new_workorder_id, new_workhouramount, new_partsamount,
              new_outsideamount, new_otheramount, new_grantsamount, new_rewardamount, new_fineamount, createdby, modifiedby, ownerid, owningbusinessunit)
       SELECT name, claim, station, $8::int, id, labour, parts, outside, other, grants, GREATEST(fine, 0), GREATEST(-fine, 0), $7::uuid, $7::uuid, $7::uuid, unit FROM picked)
     INSERT INTO new_srv_workorderlog (new_name, new_workorder_id, new_station_id, new_action, new_fromstatus, new_tostatus, new_worker_id, new_memo,
              createdon, createdby, modifiedby, ownerid, owningbusinessunit)
     SELECT $9::varchar, id, station, $10::int, from_status, $6::int, worker, no, clock_timestamp(), $7::uuid, $7::uuid, $7::uuid, unit FROM picked`,
    [
      stationIds,
      claimIds,
      numbers,
      SETTLEABLE,
      period.end,
      workOrderStatus.inSettlement,
      user,
      expenseLineType.workOrder,
      logSummary(ACTION.settlement).slice(0, 200),
      ACTION.settlement,
    ],
  );

  // Approved reward/punishment orders of the period or earlier: linked, one line each.
  const fines = await sql.query(
    `WITH ${MAP},
     picked AS (
       SELECT f.new_srv_claimfineid AS id, f.new_name AS name, f.new_station_id AS station, f.new_finetype AS type, COALESCE(f.new_amount, 0) AS amount,
              f.owningbusinessunit AS unit, m.claim
         FROM new_srv_claimfine f JOIN m ON m.station = f.new_station_id
        WHERE f.new_approvalstatus = $4::int AND f.new_expenseclaim_id IS NULL AND f.new_year * 100 + f.new_checkmonth <= $5::int
        FOR UPDATE OF f),
     linked AS (UPDATE new_srv_claimfine f SET new_expenseclaim_id = picked.claim, modifiedon = now() FROM picked WHERE f.new_srv_claimfineid = picked.id RETURNING 1)
     INSERT INTO new_srv_expense_claimline (new_name, new_expenseclaim_id, new_station_id, new_linetype, new_claimfine_id, new_workhouramount, new_partsamount,
            new_outsideamount, new_otheramount, new_grantsamount, new_rewardamount, new_fineamount, createdby, modifiedby, ownerid, owningbusinessunit)
     SELECT name, claim, station, $6::int, id, 0, 0, 0, 0, 0, CASE WHEN type = $7::int THEN amount ELSE 0 END, CASE WHEN type = $8::int THEN amount ELSE 0 END,
            $9::uuid, $9::uuid, $9::uuid, unit FROM picked`,
    [stationIds, claimIds, numbers, approvalStatus.approved, periodKey, expenseLineType.claimFine, REWARD, PUNISHMENT, user],
  );

  // The statements: their totals are the sums of their lines (old-part amount and freight: 0 here, set from the returns below).
  // No approval status: a statement has no approval flow (decisions: "Expense statement: no approval status").
  const claims = await sql.query(
    `WITH ${MAP}
     INSERT INTO new_srv_expense_claim (new_srv_expense_claimid, new_name, new_station_id, new_year, new_month, new_section, new_settleway, new_periodend,
            new_workordercount, new_workhouramount, new_partsamount, new_outsideamount, new_otheramount, new_grantsamount, new_rewardamount, new_fineamount,
            new_returnamount, new_oldpartamount, new_outsourcedamount, new_oldpartfreight, new_returnfreight, new_adjustamount, new_ispayed, new_iscommit,
            new_siteconfirmstatus, new_formstatus, createdby, modifiedby, ownerid, owningbusinessunit)
     SELECT m.claim, m.no, m.station, $4::int, $5::int, $6::int, $7::int, $8::date,
            count(*) FILTER (WHERE l.new_linetype = $9::int), sum(l.new_workhouramount), sum(l.new_partsamount), sum(l.new_outsideamount), sum(l.new_otheramount),
            sum(l.new_grantsamount), sum(l.new_rewardamount), sum(l.new_fineamount), 0, 0, 0, 0, 0, 0, false, false,
            $10::int, $11::int, $12::uuid, $12::uuid, $12::uuid, s.new_businessunit_id
       FROM m JOIN new_srv_station s ON s.new_srv_stationid = m.station
       JOIN new_srv_expense_claimline l ON l.new_expenseclaim_id = m.claim
      GROUP BY m.claim, m.no, m.station, s.new_businessunit_id`,
    [
      stationIds,
      claimIds,
      numbers,
      period.year,
      period.month,
      period.section,
      period.settleWay,
      period.lastDay,
      expenseLineType.workOrder,
      siteConfirmStatus.unstarted,
      expenseFormStatus.toSubmit,
      user,
    ],
  );

  await settleOldPartReturns(sql, stationIds, claimIds, period.end);

  const counts = { created: claims.rowCount ?? 0, orders: orders.rowCount ?? 0, fines: fines.rowCount ?? 0, existing };
  const message = existing ? msg('expense.generatedSome', lang, counts) : msg('expense.generated', lang, counts);
  return { id: claimIds[0], message, created: counts.created, workOrders: counts.orders, claimFines: counts.fines, existing };
}
