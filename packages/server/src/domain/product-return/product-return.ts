import {
  approvalStatus,
  isApprovalEditable,
  productReturnItemType,
  productReturnState,
  pulloutStatus,
  pulloutType,
  workOrderStatus,
  type Lang,
  type PartsCommandResult,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { registerFlowHooks } from '../../flow/hooks.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid } from '../../records/validate.ts';
import { serverDefaults, writeHooks } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { requiredDate } from '../checked-input.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { assertMay, assertParty, lockDocument } from '../../documents/access.ts';
import { answer } from '../../documents/result.ts';
import { getEntity } from '@portal/model';

/**
 * Product returns / pullouts (退机申请, `new_srv_productreturn` + lines): a machine taken back from a
 * customer, linked to its work order, through the approval engine. Every rule runs inside the one
 * transaction of the write or command that triggers it:
 * - create / change: the work order is locked, must not be cancelled, must belong to the return's
 *   station, and may have only one return that is not vetoed;
 * - lines only while the return is draft or rejected; header delete only while draft;
 * - submit: at least one line, an exchange names the replacement machine;
 * - final approval: the work order's pullout type = the return's type, status to be pulled out;
 * - collect (station): the day taken from the customer (approval day … today) and a note; the work
 *   order pulled out (已拉回), with that day as its pullout time;
 * - ship (station, collected only): logistics company and tracking number; the work order delivered, with them;
 * - receive (head office): the work order received, with the time.
 * A rejected or vetoed return leaves the work order as it was.
 */
export const RETURN = getEntity('new_srv_productreturn')!;
export const RETURN_LINE = getEntity('new_srv_productreturndetail')!;

/** `TJ202611-0001` per month (China time). */
export const productReturnNumbers = (sql: Sql, n: number, now = new Date()) =>
  nextDocumentNumbers(sql, RETURN.logicalName, `TJ${chinaDate(now).slice(0, 7).replace('-', '')}`, n);

/**
 * The work order of a return, locked (two returns of one order are decided one after the other):
 * not cancelled, of `station`, and without another return that is not vetoed (other than `except`).
 */
// NO KEY UPDATE: the record service's lookup check holds KEY SHARE on the work order already; two
// creates both upgrading to FOR UPDATE would deadlock, NO KEY UPDATE still serialises them.
async function assertReturnable(sql: Sql, workOrder: string, station: string | null, except: string | null): Promise<void> {
  const {
    rows: [wo],
  } = await sql.query<{ name: string; station: string; status: number | null }>(
    `SELECT new_name AS name, new_station_id AS station, new_status AS status FROM new_srv_workorder WHERE new_srv_workorderid = $1::uuid FOR NO KEY UPDATE`,
    [workOrder],
  );
  if (!wo) throw refuse('parts.relatedNotFound', undefined, 'new_workorder_id');
  if (wo.status === workOrderStatus.cancelled) throw refuse('productReturn.workOrderCancelled', undefined, 'new_workorder_id');
  if (station && normGuid(station) !== wo.station) throw refuse('productReturn.stationMismatch', undefined, 'new_workorder_id');
  const {
    rows: [other],
  } = await sql.query<{ name: string }>(
    `SELECT new_name AS name FROM new_srv_productreturn
      WHERE new_workorder_id = $1::uuid AND COALESCE(new_approvalstatus, $2) <> $3 AND ($4::uuid IS NULL OR new_srv_productreturnid <> $4::uuid)
      ORDER BY createdon LIMIT 1`,
    [workOrder, approvalStatus.draft, approvalStatus.vetoed, except],
  );
  if (other) throw refuse('productReturn.openExists', { order: wo.name, number: other.name }, 'new_workorder_id');
}

type Header = {
  id: string;
  name: string;
  approval: number;
  state: number;
  type: number;
  workOrder: string;
  station: string;
  exchange: string | null;
  unit: string;
};
const HEADER_COLUMNS = `t.new_name AS name, COALESCE(t.new_approvalstatus, ${approvalStatus.draft}) AS approval, COALESCE(t.new_returnstate, ${productReturnState.pending}) AS state,
  t.new_returntype AS type, t.new_workorder_id AS "workOrder", t.new_station_id AS station, t.new_exchangeserial AS exchange, t.owningbusinessunit AS unit`;

async function loadHeader(sql: Sql, id: string): Promise<Header> {
  const {
    rows: [h],
  } = await sql.query<Header>(
    `SELECT t.new_srv_productreturnid AS id, ${HEADER_COLUMNS} FROM new_srv_productreturn t WHERE t.new_srv_productreturnid = $1::uuid FOR UPDATE`,
    [id],
  );
  if (!h) throw refuse('parts.relatedNotFound');
  return h;
}

/** Lines change only while their return is draft (1) or rejected (4) (spec 001 §4). */
async function assertLinesOpen(sql: Sql, returnId: string): Promise<Header> {
  const h = await loadHeader(sql, returnId);
  if (!isApprovalEditable(h.approval)) throw refuse('parts.linesLocked');
  return h;
}

/** Submit: at least one line; an exchange names its replacement machine; still the only open return of its work order. */
async function checkSubmit(sql: Sql, id: string): Promise<void> {
  const h = await loadHeader(sql, id);
  const { rowCount } = await sql.query(`SELECT 1 FROM new_srv_productreturndetail WHERE new_productreturn_id = $1::uuid LIMIT 1`, [id]);
  if (!rowCount) throw refuse('parts.detailRequired');
  if (h.type === pulloutType.exchange && !h.exchange?.trim())
    throw refuse('productReturn.exchangeSerialRequired', undefined, 'new_exchangeserial');
  await assertReturnable(sql, h.workOrder, h.station, id);
}

/** Final approval: the return is to be collected; its work order shows the pullout type and "to be pulled out". */
export async function applyApproval(sql: Sql, id: string): Promise<void> {
  const h = await loadHeader(sql, id);
  if (h.state !== productReturnState.pending) return;
  await sql.query(`UPDATE new_srv_productreturn SET new_returnstate = $2 WHERE new_srv_productreturnid = $1::uuid`, [
    id,
    productReturnState.toCollect,
  ]);
  await sql.query(
    `UPDATE new_srv_workorder SET new_pullouttype = $2, new_pulloutstatus = $3, modifiedon = now() WHERE new_srv_workorderid = $1::uuid`,
    [h.workOrder, h.type, pulloutStatus.toBePulledOut],
  );
}

const LOGISTICS_MAX = 60;
const COLLECT_MEMO_MAX = 200;

/**
 * The station records that the machine was collected from the customer (approved, to be
 * collected): the day (required; not after today, not before the approval day, China time) and
 * an optional note. The return is collected; its work order pulled out (已拉回), its pullout time
 * that day — one transaction.
 */
export async function collectProductReturn(
  sql: Sql,
  caller: Caller,
  id: string,
  input: { collectedOn?: unknown; memo?: unknown },
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, 'parts.write');
  const h = await lockDocument<Omit<Header, 'id'> & { approvedOn: string | null }>(
    sql,
    caller,
    RETURN,
    id,
    `${HEADER_COLUMNS}, to_char(t.new_approvedtime AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS "approvedOn"`,
  );
  assertParty(caller, h.unit);
  if (h.approval !== approvalStatus.approved || h.state !== productReturnState.toCollect) throw refuse('productReturn.notToCollect');
  const day = requiredDate(input.collectedOn, RETURN.allFields.new_collectedon.label[lang], 'collectedOn');
  if (day > chinaDate()) throw refuse('productReturn.collectedFuture', undefined, 'collectedOn');
  if (h.approvedOn && day < h.approvedOn) throw refuse('productReturn.collectedBeforeApproval', { date: h.approvedOn }, 'collectedOn');
  const memo = typeof input.memo === 'string' ? input.memo.trim() : '';
  if (memo.length > COLLECT_MEMO_MAX) throw refuse('productReturn.collectMemoTooLong', undefined, 'memo');
  await sql.query(
    `UPDATE new_srv_productreturn SET new_returnstate = $2, new_collectedon = $3::date, new_collectmemo = $4, new_collectedby = $5::uuid, modifiedon = now(), modifiedby = $5::uuid
      WHERE new_srv_productreturnid = $1::uuid`,
    [h.id, productReturnState.collected, day, memo || null, caller.principal.userId],
  );
  await sql.query(
    `UPDATE new_srv_workorder SET new_pulloutstatus = $2, new_pullouttime = ($3::date)::timestamp AT TIME ZONE 'Asia/Shanghai', modifiedon = now()
      WHERE new_srv_workorderid = $1::uuid`,
    [h.workOrder, pulloutStatus.pulledOut, day],
  );
  return answer(h.id, 'productReturn.collected', lang);
}

/**
 * The station ships the machine back (approved and collected; before collection refused):
 * logistics company and tracking number required (≤ 60 characters); the return is shipped and its
 * work order delivered, with the logistics company and tracking number — one transaction.
 */
export async function shipProductReturn(
  sql: Sql,
  caller: Caller,
  id: string,
  input: { logisticsCorp?: string; trackingNo?: string },
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, 'parts.write');
  const h = await lockDocument<Omit<Header, 'id'>>(sql, caller, RETURN, id, HEADER_COLUMNS);
  assertParty(caller, h.unit);
  if (h.approval !== approvalStatus.approved || h.state !== productReturnState.collected) throw refuse('productReturn.notToShip');
  const corp = (input.logisticsCorp ?? '').trim();
  const tracking = (input.trackingNo ?? '').trim();
  if (!corp || !tracking) throw refuse('parts.logisticsRequired', undefined, corp ? 'trackingNo' : 'logisticsCorp');
  if (corp.length > LOGISTICS_MAX || tracking.length > LOGISTICS_MAX)
    throw refuse('productReturn.logisticsTooLong', undefined, corp.length > LOGISTICS_MAX ? 'logisticsCorp' : 'trackingNo');
  await sql.query(
    `UPDATE new_srv_productreturn SET new_returnstate = $2, new_logisticscorp = $3, new_trackingno = $4, new_shippedon = now(), modifiedon = now(), modifiedby = $5::uuid
      WHERE new_srv_productreturnid = $1::uuid`,
    [h.id, productReturnState.shipped, corp, tracking, caller.principal.userId],
  );
  await sql.query(
    `UPDATE new_srv_workorder SET new_pulloutstatus = $2, new_pullouttime = COALESCE(new_pullouttime, now()), new_logisticscorp = $3, new_trackingno = $4, modifiedon = now()
      WHERE new_srv_workorderid = $1::uuid`,
    [h.workOrder, pulloutStatus.delivered, corp, tracking],
  );
  return answer(h.id, 'delivery.sent', lang);
}

/**
 * Head office receives the machine (a shipped return; callers without a station holding
 * workorder.audit): the return is received, its work order received with the time — one transaction.
 */
export async function receiveProductReturn(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<PartsCommandResult> {
  assertMay(caller, 'workorder.audit');
  if (caller.principal.stationId) throw refuse('parts.notYourDocument');
  const h = await lockDocument<Omit<Header, 'id'>>(sql, caller, RETURN, id, HEADER_COLUMNS);
  if (h.state !== productReturnState.shipped) throw refuse('productReturn.notShipped');
  await sql.query(
    `UPDATE new_srv_productreturn SET new_returnstate = $2, new_receivedon = now(), new_receivedby = $3::uuid, modifiedon = now(), modifiedby = $3::uuid
      WHERE new_srv_productreturnid = $1::uuid`,
    [h.id, productReturnState.received, caller.principal.userId],
  );
  await sql.query(
    `UPDATE new_srv_workorder SET new_pulloutstatus = $2, new_receivedon = now(), modifiedon = now() WHERE new_srv_workorderid = $1::uuid`,
    [h.workOrder, pulloutStatus.received],
  );
  return answer(h.id, 'delivery.received', lang);
}

const str = (v: unknown) => (v == null || v === '' ? null : String(v));

/** Server defaults, write guards of the header and its lines, and the approval hooks. */
export function installProductReturn(): void {
  serverDefaults.set(RETURN.logicalName, async (sql, rows) => {
    for (const r of rows) await assertReturnable(sql, String(r.new_workorder_id), str(r.new_station_id), null);
    const numbers = await productReturnNumbers(sql, rows.length);
    return numbers.map((n) => ({
      new_name: n,
      new_approvalstatus: approvalStatus.draft,
      new_iscommit: false,
      new_returnstate: productReturnState.pending,
    }));
  });
  writeHooks.set(RETURN.logicalName, {
    async guard(sql, id, op, values) {
      const h = await loadHeader(sql, id);
      if (op === 'delete') {
        await sql.query(`DELETE FROM new_srv_productreturndetail WHERE new_productreturn_id = $1::uuid`, [id]);
        return;
      }
      if ('new_workorder_id' in values || 'new_station_id' in values) {
        const wo = 'new_workorder_id' in values ? str(values.new_workorder_id) : h.workOrder;
        if (wo) await assertReturnable(sql, wo, 'new_station_id' in values ? str(values.new_station_id) : h.station, id);
      }
    },
  });
  serverDefaults.set(RETURN_LINE.logicalName, async (sql, rows) => {
    const out: Record<string, unknown>[] = [];
    for (const r of rows) {
      const h = await assertLinesOpen(sql, String(r.new_productreturn_id));
      const {
        rows: [p],
      } = await sql.query<{ name: string }>(`SELECT name FROM product WHERE productid = $1::uuid`, [r.new_product_id]);
      // The machine's own line carries the return's serial number unless another is given.
      const serial =
        str(r.new_serialnumber) ??
        (Number(r.new_itemtype) === productReturnItemType.machine
          ? (
              await sql.query<{ s: string }>(
                `SELECT new_serialnumber AS s FROM new_srv_productreturn WHERE new_srv_productreturnid = $1::uuid`,
                [h.id],
              )
            ).rows[0].s
          : null);
      out.push({ new_station_id: h.station, new_name: p?.name ?? null, new_serialnumber: serial });
    }
    return out;
  });
  writeHooks.set(RETURN_LINE.logicalName, {
    async guard(sql, id, _op, values) {
      // Lines only while the return is draft or rejected: the model's edit rule (`parent`).
      const {
        rows: [l],
      } = await sql.query<{ parent: string }>(
        `SELECT new_productreturn_id AS parent FROM new_srv_productreturndetail WHERE new_srv_productreturndetailid = $1::uuid`,
        [id],
      );
      // A line stays on its return.
      if ('new_productreturn_id' in values && normGuid(values.new_productreturn_id) !== l.parent)
        throw refuse('parts.linesLocked', undefined, 'new_productreturn_id');
    },
    async after(sql, ids, op) {
      if (op !== 'update') return;
      await sql.query(
        `UPDATE new_srv_productreturndetail l SET new_name = p.name FROM product p WHERE p.productid = l.new_product_id AND l.new_srv_productreturndetailid = ANY($1::uuid[])`,
        [ids],
      );
    },
  });
  registerFlowHooks(RETURN.logicalName, {
    submit: (sql, id) => checkSubmit(sql, id),
    approved: (sql, id) => applyApproval(sql, id),
  });
}
