import {
  approvalStatus,
  getEntity,
  msg,
  stockDocumentType,
  stockUsage,
  transferDocState,
  transferStatus,
  type CloseRequest,
  type Lang,
  type PartsCommandResult,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { recomputeDocumentTotals } from './document-totals.ts';
import { refuse } from '../../http/errors.ts';
import { registerFlowHooks } from '../../flow/hooks.ts';
import type { Caller } from '../../records/scope.ts';
import type { FieldError } from '../../records/validate.ts';
import { serverDefaults, ValidationFailed, writeHooks } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { postMoves } from '../stock/ledger.ts';
import { assertParty, lockDocument } from '../../documents/access.ts';
import { answer } from '../../documents/result.ts';
import { hasAddress, warehouseById } from './catalogue.ts';
import { prepareSubmit, type RequestDocument } from './request-lines.ts';

/**
 * Parts transfers (调拨单) between two warehouses: made by the sending side (its unit owns the
 * document, the receiving unit is a party), approved through a flow, reserved in the sending
 * warehouse on approval, shipped by deliveries of out type "transfer", received by the receiver.
 */
export const TRANSFER = getEntity('new_srv_parttransorder')!;
const LINE = getEntity('new_srv_parttransdetail')!;

export const transferDocument: RequestDocument = {
  header: TRANSFER,
  line: LINE,
  parent: 'new_parttransorder_id',
  write: 'transfer.write',
  ownerUnit: 'new_fromunit_id',
  copied: ['new_fromunit_id', 'new_tounit_id', 'owningbusinessunit'],
  initial: () => ({ new_reservedqty: 0, new_shippedqty: 0, new_receivedqty: 0 }),
  recompute: recomputeTransfer,
};

export function recomputeTransfer(sql: Sql, id: string): Promise<void> {
  return recomputeDocumentTotals(sql, TRANSFER, LINE, 'new_parttransorder_id', id);
}

/** Document state and logistics status from the lines: shipped and received against the quantities. */
export async function refreshTransferState(sql: Sql, id: string): Promise<void> {
  await sql.query(
    `UPDATE new_srv_parttransorder t SET
            new_docstate = CASE WHEN x.received >= x.qty AND x.qty > 0 THEN $2::int WHEN x.received > 0 THEN $3::int
                                WHEN x.shipped >= x.qty AND x.qty > 0 THEN $4::int WHEN x.shipped > 0 THEN $5::int ELSE $6::int END,
            statuscode = CASE WHEN x.received >= x.qty AND x.qty > 0 THEN $7::int WHEN x.shipped > 0 THEN $8::int ELSE $9::int END,
            modifiedon = now()
       FROM (SELECT COALESCE(sum(new_qty), 0) AS qty, COALESCE(sum(new_shippedqty), 0) AS shipped, COALESCE(sum(new_receivedqty), 0) AS received
               FROM new_srv_parttransdetail WHERE new_parttransorder_id = $1::uuid) x
      WHERE t.new_srv_parttransorderid = $1::uuid`,
    [
      id,
      transferDocState.received,
      transferDocState.semiReceived,
      transferDocState.delivered,
      transferDocState.semiDelivered,
      transferDocState.toDeliver,
      transferStatus.delivered,
      transferStatus.onTheWay,
      transferStatus.undelivered,
    ],
  );
}

/** `DB20261123-0001`: per China-time day. */
const numbers = (sql: Sql, n: number) => nextDocumentNumbers(sql, TRANSFER.logicalName, `DB${chinaDate().replaceAll('-', '')}`, n);

/** Both warehouses exist, differ and have an address; the sending one is the caller's to send from. Returns their units. */
async function resolve(
  sql: Sql,
  row: Record<string, unknown>,
  caller: Caller,
  lang: Lang,
): Promise<{ new_fromunit_id: string; new_tounit_id: string }> {
  const from = await warehouseById(sql, row.new_warehouse_id);
  const to = await warehouseById(sql, row.new_towarehouse_id);
  const errors: FieldError[] = [];
  if (!from) errors.push({ field: 'new_warehouse_id', message: msg('parts.warehouseRequired', lang) });
  else if (!hasAddress(from)) errors.push({ field: 'new_warehouse_id', message: msg('parts.warehouseNoAddress', lang) });
  if (!to) errors.push({ field: 'new_towarehouse_id', message: msg('parts.warehouseRequired', lang) });
  else if (from && from.id === to.id) errors.push({ field: 'new_towarehouse_id', message: msg('parts.sameWarehouse', lang) });
  else if (!hasAddress(to)) errors.push({ field: 'new_towarehouse_id', message: msg('parts.warehouseNoAddress', lang) });
  if (errors.length) throw new ValidationFailed(errors, lang);
  assertParty(caller, from!.unit);
  return { new_fromunit_id: from!.unit, new_tounit_id: to!.unit };
}

/** On final approval: every line's quantity is reserved in the sending warehouse. */
async function reserveOnApproval(sql: Sql, id: string, approver: string): Promise<void> {
  const {
    rows: [doc],
  } = await sql.query<{ name: string; warehouse: string }>(
    `SELECT new_name AS name, new_warehouse_id AS warehouse FROM new_srv_parttransorder WHERE new_srv_parttransorderid = $1::uuid`,
    [id],
  );
  const { rows: lines } = await sql.query<{ id: string; product: string; qty: number }>(
    `UPDATE new_srv_parttransdetail SET new_reservedqty = new_qty WHERE new_parttransorder_id = $1::uuid
     RETURNING new_srv_parttransdetailid AS id, new_product_id AS product, new_qty AS qty`,
    [id],
  );
  await postMoves(
    sql,
    approver,
    lines.map((l) => ({
      warehouseId: doc.warehouse,
      productId: l.product,
      frozen: l.qty,
      usage: stockUsage.partsTransfer,
      docType: stockDocumentType.transfer,
      docId: id,
      docName: doc.name,
      lineId: l.id,
      key: `db:${id}:reserve:${l.id}`,
    })),
  );
  await refreshTransferState(sql, id);
}

/** Closes an approved transfer not fully shipped: releases what is reserved and not shipped. */
export async function closeTransfer(sql: Sql, caller: Caller, id: string, input: CloseRequest, lang: Lang): Promise<PartsCommandResult> {
  const doc = await lockDocument<{ name: string; status: number; closed: boolean; state: number; warehouse: string; from: string }>(
    sql,
    caller,
    TRANSFER,
    id,
    `t.new_name AS name, COALESCE(t.new_approvalstatus, 1) AS status, COALESCE(t.new_isclose, false) AS closed, COALESCE(t.new_docstate, 1) AS state,
     t.new_warehouse_id AS warehouse, t.new_fromunit_id AS "from"`,
  );
  if (!caller.principal.privileges.has('transfer.write')) assertParty(caller, null);
  assertParty(caller, doc.from);
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason) throw refuse('parts.closeReasonRequired', undefined, 'reason');
  if (reason.length > 100) throw refuse('parts.reasonTooLong', { field: TRANSFER.allFields.new_closereason.label[lang] }, 'reason');
  if (doc.closed || doc.status !== approvalStatus.approved || doc.state >= transferDocState.delivered)
    throw refuse('parts.closeNotAllowed');
  const { rowCount: open } = await sql.query(
    `SELECT 1 FROM new_stockoutorder o WHERE o.new_parttransorder_id = $1::uuid AND COALESCE(o.new_state, 1) < 6 LIMIT 1`,
    [doc.id],
  );
  if (open) throw refuse('parts.closeOpenDeliveries');
  const { rows: lines } = await sql.query<{ id: string; product: string; reserved: number }>(
    `SELECT new_srv_parttransdetailid AS id, new_product_id AS product, COALESCE(new_reservedqty, 0) AS reserved
       FROM new_srv_parttransdetail WHERE new_parttransorder_id = $1::uuid ORDER BY new_srv_parttransdetailid FOR UPDATE`,
    [doc.id],
  );
  await postMoves(
    sql,
    caller.principal.userId,
    lines
      .filter((l) => l.reserved > 0)
      .map((l) => ({
        warehouseId: doc.warehouse,
        productId: l.product,
        frozen: -l.reserved,
        usage: stockUsage.partsTransfer,
        docType: stockDocumentType.transfer,
        docId: doc.id,
        docName: doc.name,
        lineId: l.id,
        key: `db:${doc.id}:release:${l.id}`,
      })),
  );
  await sql.query(`UPDATE new_srv_parttransdetail SET new_reservedqty = 0 WHERE new_parttransorder_id = $1::uuid`, [doc.id]);
  await sql.query(
    `UPDATE new_srv_parttransorder SET new_isclose = true, new_closetime = now(), new_closereason = $2, modifiedon = now(), modifiedby = $3::uuid
      WHERE new_srv_parttransorderid = $1::uuid`,
    [doc.id, reason, caller.principal.userId],
  );
  return answer(doc.id, 'parts.closedDone', lang);
}

/** Server defaults (number, units, states), draft-only writes and the approval hooks. */
export function installTransfer(): void {
  serverDefaults.set(TRANSFER.logicalName, async (sql, rows, caller, lang) => {
    const nums = await numbers(sql, rows.length);
    const out: Record<string, unknown>[] = [];
    for (const [i, row] of rows.entries()) {
      out.push({
        ...(await resolve(sql, row, caller, lang)),
        new_name: nums[i],
        new_approvalstatus: approvalStatus.draft,
        new_docstate: transferDocState.toDeliver,
        statuscode: transferStatus.undelivered,
        new_isclose: false,
        new_totalqty: 0,
        new_totalamount: '0',
        new_linecount: 0,
      });
    }
    return out;
  });
  writeHooks.set(TRANSFER.logicalName, {
    async guard(sql, id, op, values, caller, lang) {
      const {
        rows: [doc],
      } = await sql.query<{ status: number; new_warehouse_id: string; new_towarehouse_id: string }>(
        `SELECT COALESCE(new_approvalstatus, 1) AS status, new_warehouse_id, new_towarehouse_id FROM new_srv_parttransorder WHERE new_srv_parttransorderid = $1::uuid`,
        [id],
      );
      if (op === 'delete') {
        await sql.query(`DELETE FROM new_srv_parttransdetail WHERE new_parttransorder_id = $1::uuid`, [id]);
        return;
      }
      if ('new_warehouse_id' in values || 'new_towarehouse_id' in values) await resolve(sql, { ...doc, ...values }, caller, lang);
    },
    async after(sql, ids, op) {
      if (op !== 'update') return;
      await sql.query(
        `UPDATE new_srv_parttransorder t SET new_fromunit_id = f.new_businessunit_id, owningbusinessunit = f.new_businessunit_id, new_tounit_id = w.new_businessunit_id
           FROM new_srv_warehouse f, new_srv_warehouse w
          WHERE t.new_srv_parttransorderid = ANY($1::uuid[]) AND f.new_srv_warehouseid = t.new_warehouse_id AND w.new_srv_warehouseid = t.new_towarehouse_id`,
        [ids],
      );
      await sql.query(
        `UPDATE new_srv_parttransdetail l SET new_fromunit_id = t.new_fromunit_id, new_tounit_id = t.new_tounit_id, owningbusinessunit = t.owningbusinessunit
           FROM new_srv_parttransorder t WHERE t.new_srv_parttransorderid = ANY($1::uuid[]) AND l.new_parttransorder_id = t.new_srv_parttransorderid`,
        [ids],
      );
    },
  });
  registerFlowHooks(TRANSFER.logicalName, { approved: reserveOnApproval, submit: (sql, id) => prepareSubmit(sql, transferDocument, id) });
}
