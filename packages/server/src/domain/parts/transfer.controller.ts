import { z } from 'zod';
import { msg, stockDocumentType, stockUsage, transferDocState, transferStatus, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { assertParty } from '../../documents/access.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import type { FieldError } from '../../records/validate.ts';
import { ValidationFailed } from '../../records/write.ts';
import { moveHeld, type HeldLine, type HoldingDocument } from '../stock/held.ts';
import { hasAddress, warehouseById } from './catalogue.ts';
import { prepareSubmit } from './request-lines.ts';
import { refreshTransferState, TRANSFER, transferDocument } from './transfer.ts';

/*
 * The parts transfer's business (调拨单; its life is declared on the entity: number DB<day>,
 * approval, lines, close). The kernel has checked privilege, reach, the sending side, open and
 * state under the document's lock before these run.
 */

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

/** The transfer as its stock moves name it, and its sending warehouse (where its lines are reserved, and released). */
async function holding(sql: Sql, id: string): Promise<{ doc: HoldingDocument; warehouse: string }> {
  const {
    rows: [doc],
  } = await sql.query<{ name: string; warehouse: string }>(
    `SELECT new_name AS name, new_warehouse_id AS warehouse FROM new_srv_parttransorder WHERE new_srv_parttransorderid = $1::uuid`,
    [id],
  );
  return {
    doc: { id, name: doc.name, docType: stockDocumentType.transfer, usage: stockUsage.partsTransfer, prefix: 'db' },
    warehouse: doc.warehouse,
  };
}

export const transferController: DocumentController = {
  entity: TRANSFER,
  bodies: { close: z.object({ reason: z.string().max(100) }) },
  /** Sending and receiving units from the warehouses; to deliver, undelivered, open, empty (number and draft: the declaration). */
  async defaults(sql, rows, caller, lang) {
    const out: Record<string, unknown>[] = [];
    for (const row of rows) {
      out.push({
        ...(await resolve(sql, row, caller, lang)),
        new_docstate: transferDocState.toDeliver,
        statuscode: transferStatus.undelivered,
        new_isclose: false,
        new_totalqty: 0,
        new_totalamount: '0',
        new_linecount: 0,
      });
    }
    return out;
  },
  write: {
    async guard(sql, id, op, values, caller, lang) {
      if (op === 'delete') return;
      if (!('new_warehouse_id' in values || 'new_towarehouse_id' in values)) return;
      const {
        rows: [doc],
      } = await sql.query<Record<string, unknown>>(
        `SELECT new_warehouse_id, new_towarehouse_id FROM new_srv_parttransorder WHERE new_srv_parttransorderid = $1::uuid`,
        [id],
      );
      await resolve(sql, { ...doc, ...values }, caller, lang);
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
  },
  flow: {
    submit: (sql, id) => prepareSubmit(sql, transferDocument, id),
    /** On final approval: every line's quantity is reserved in the sending warehouse. */
    async approved(sql, id, approver) {
      const { rows } = await sql.query<HeldLine>(
        `UPDATE new_srv_parttransdetail SET new_reservedqty = new_qty WHERE new_parttransorder_id = $1::uuid
         RETURNING new_srv_parttransdetailid AS id, new_product_id AS product, new_qty AS qty`,
        [id],
      );
      const { doc, warehouse } = await holding(sql, id);
      await moveHeld(sql, approver, doc, rows, [{ step: 'reserve', warehouseId: warehouse, balance: 'frozen', sign: 1 }]);
      await refreshTransferState(sql, id);
    },
  },
  commands: {
    /** Closes an approved transfer not fully shipped, with a reason: releases what is reserved and not shipped. */
    async close({ sql, caller, id, body, lang }) {
      const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
      if (!reason) throw refuse('parts.closeReasonRequired', undefined, 'reason');
      if (reason.length > 100) throw refuse('parts.reasonTooLong', { field: TRANSFER.allFields.new_closereason.label[lang] }, 'reason');
      const { rows: state } = await sql.query<{ s: number }>(
        'SELECT COALESCE(new_docstate, 1) AS s FROM new_srv_parttransorder WHERE new_srv_parttransorderid = $1::uuid',
        [id],
      );
      if (state[0].s >= transferDocState.delivered) throw refuse('parts.closeNotAllowed');
      const { rowCount: open } = await sql.query(
        `SELECT 1 FROM new_stockoutorder o WHERE o.new_parttransorder_id = $1::uuid AND COALESCE(o.new_state, 1) < 6 LIMIT 1`,
        [id],
      );
      if (open) throw refuse('parts.closeOpenDeliveries');
      const { rows } = await sql.query<HeldLine>(
        `SELECT new_srv_parttransdetailid AS id, new_product_id AS product, COALESCE(new_reservedqty, 0) AS qty
           FROM new_srv_parttransdetail WHERE new_parttransorder_id = $1::uuid ORDER BY new_srv_parttransdetailid FOR UPDATE`,
        [id],
      );
      const { doc, warehouse } = await holding(sql, id);
      await moveHeld(sql, caller.principal.userId, doc, rows, [{ step: 'release', warehouseId: warehouse, balance: 'frozen', sign: -1 }]);
      await sql.query(`UPDATE new_srv_parttransdetail SET new_reservedqty = 0 WHERE new_parttransorder_id = $1::uuid`, [id]);
      await sql.query(
        `UPDATE new_srv_parttransorder SET new_isclose = true, new_closetime = now(), new_closereason = $2 WHERE new_srv_parttransorderid = $1::uuid`,
        [id, reason],
      );
      return { message: 'parts.closedDone' };
    },
  },
};
