import { msg, partsApplyStatus, partsApplyType, payStatus, stockDocumentType, stockUsage, warehouseType, type Lang } from '@portal/model';
import { z } from 'zod';
import type { Sql } from '../../db/db.ts';
import { assertParty } from '../../documents/access.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { checkQty, fieldLabel } from '../../documents/inputs.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import { normGuid, type FieldError } from '../../records/validate.ts';
import { ValidationFailed } from '../../records/write.ts';
import { drawForApplication, returnAllOfApplication, returnUnapproved, returnUnshipped } from '../quota/parts-quota.ts';
import { postMoves, type StockMove } from '../stock/ledger.ts';
import { APPLICATION, applicationDocument, recomputeApplication, refreshApplicationStatus } from './application.ts';
import { hasAddress, stationWarehouse, warehouseById } from './catalogue.ts';
import { prepareSubmit } from './request-lines.ts';

/*
 * The parts application's business (配件申请; its life is declared on the entity: number PA<day>,
 * approval, lines, the approver's approved quantities and close). The kernel has checked privilege,
 * reach, open and state under the document's lock before these run.
 */

const LINE = 'new_srv_partsapplydetil';
const APPROVED = z.object({ lines: z.array(z.object({ lineId: z.string().max(200), approvedQty: z.unknown() })).max(5000) });
const ADDRESS = ['new_province', 'new_city', 'new_county', 'new_address'] as const;

/**
 * Where an application's row stands: its supplying warehouse must be a central one, a repair
 * application names a work order of its station; the receiving warehouse is the station's own
 * (refused when the station has none) and the delivery address defaults to that warehouse's.
 */
async function resolve(sql: Sql, row: Record<string, unknown>, lang: Lang): Promise<Record<string, unknown>> {
  const errors: FieldError[] = [];
  const supply = await warehouseById(sql, row.new_warehouse_id);
  if (!supply || supply.type !== warehouseType.central) errors.push({ field: 'new_warehouse_id', message: msg('parts.centralOnly', lang) });
  else if (!hasAddress(supply)) errors.push({ field: 'new_warehouse_id', message: msg('parts.warehouseNoAddress', lang) });
  const station = normGuid(row.new_station_id);
  if (!station) errors.push({ field: 'new_station_id', message: msg('parts.stationRequired', lang) });
  if (Number(row.new_type) === partsApplyType.repair) {
    const wo = normGuid(row.new_workorder_id);
    if (!wo) errors.push({ field: 'new_workorder_id', message: msg('parts.workOrderRequired', lang) });
    else if (
      station &&
      !(
        await sql.query('SELECT 1 FROM new_srv_workorder WHERE new_srv_workorderid = $1::uuid AND new_station_id = $2::uuid', [wo, station])
      ).rowCount
    ) {
      errors.push({ field: 'new_workorder_id', message: msg('parts.workOrderOfStation', lang) });
    }
  }
  if (errors.length) throw new ValidationFailed(errors, lang);
  const receiving = await stationWarehouse(sql, station!);
  const given = ADDRESS.some((f) => typeof row[f] === 'string' && (row[f] as string).trim());
  if (!given && !hasAddress(receiving))
    throw new ValidationFailed([{ field: 'new_address', message: msg('parts.warehouseNoAddress', lang) }], lang);
  return {
    new_towarehouse_id: receiving.id,
    new_supplyunit_id: supply!.unit,
    ...(given
      ? {}
      : { new_province: receiving.province, new_city: receiving.city, new_county: receiving.county, new_address: receiving.address }),
  };
}

type Line = { id: string; product: string; qty: number };
const move = (id: string, doc: { name: string; warehouse: string }, l: Line, frozen: number, key: string): StockMove => ({
  warehouseId: doc.warehouse,
  productId: l.product,
  frozen,
  usage: stockUsage.partsStocking,
  docType: stockDocumentType.application,
  docId: id,
  docName: doc.name,
  lineId: l.id,
  key,
});

async function header(sql: Sql, id: string) {
  const { rows } = await sql.query<{ name: string; warehouse: string; owner: string; supplier: string; code: number | null }>(
    `SELECT new_name AS name, new_warehouse_id AS warehouse, owningbusinessunit AS owner, new_supplyunit_id AS supplier, statuscode AS code
       FROM new_srv_partsapply WHERE new_srv_partsapplyid = $1::uuid`,
    [id],
  );
  return rows[0];
}

/**
 * On final approval (inside the approving transaction): each line's approved quantity (the applied
 * one unless an approver lowered it) is reserved in the supplying warehouse — refused, with the part
 * and what is available, when the warehouse cannot cover it. Nothing approved: the application closes.
 */
async function reserveOnApproval(sql: Sql, id: string, approver: string): Promise<void> {
  const doc = await header(sql, id);
  const { rows: lines } = await sql.query<Line>(
    `UPDATE new_srv_partsapplydetil SET new_approvedqty = COALESCE(new_approvedqty, new_qty), new_reservedqty = COALESCE(new_approvedqty, new_qty)
      WHERE new_partsapply_id = $1::uuid RETURNING new_srv_partsapplydetilid AS id, new_product_id AS product, new_approvedqty AS qty`,
    [id],
  );
  const moves = lines.filter((l) => l.qty > 0).map((l) => move(id, doc, l, l.qty, `pa:${id}:reserve:${l.id}`));
  await postMoves(sql, approver, moves);
  if (!moves.length) {
    await sql.query(`UPDATE new_srv_partsapply SET new_isclose = true, new_closetime = now() WHERE new_srv_partsapplyid = $1::uuid`, [id]);
  }
  await recomputeApplication(sql, id);
  await refreshApplicationStatus(sql, id);
}

export const applicationController: DocumentController = {
  entity: APPLICATION,
  bodies: { approved: APPROVED, close: z.object({ reason: z.string().max(100) }) },
  /** Receiving warehouse, supplying unit and address from the row; no delivery status before approval; open, unpaid, empty. */
  async defaults(sql, rows, _caller, lang) {
    const out: Record<string, unknown>[] = [];
    for (const row of rows) {
      out.push({
        ...(await resolve(sql, row, lang)),
        statuscode: null,
        new_isclose: false,
        new_paystatus: payStatus.unpaid,
        new_totalamount: '0',
        new_linecount: 0,
      });
    }
    // Every row carries the same keys (the insert's columns are the first row's).
    const keys = new Set(out.flatMap((o) => Object.keys(o)));
    return out.map((o, i) => Object.fromEntries([...keys].map((k) => [k, k in o ? o[k] : (rows[i][k] ?? null)])));
  },
  write: {
    // Which states may be changed or deleted, and closed ones, are the declared status.
    async guard(sql, id, op, values, _caller, lang) {
      if (op === 'delete') return;
      const {
        rows: [doc],
      } = await sql.query<Record<string, unknown>>(
        `SELECT new_type, new_station_id, new_warehouse_id, new_workorder_id, new_province, new_city, new_county, new_address
           FROM new_srv_partsapply WHERE new_srv_partsapplyid = $1::uuid`,
        [id],
      );
      // The row as it will be: checked like a new one; an emptied address takes the warehouse's again.
      const derived = await resolve(sql, { ...doc, ...values }, lang);
      for (const f of ADDRESS) if (f in derived) values[f] = derived[f];
    },
    async after(sql, ids, op) {
      if (op !== 'update') return;
      // Receiving warehouse and supplying unit follow station and warehouse; lines carry the scope.
      await sql.query(
        `UPDATE new_srv_partsapply a SET new_supplyunit_id = w.new_businessunit_id,
                new_towarehouse_id = (SELECT s.new_srv_warehouseid FROM new_srv_warehouse s WHERE s.new_station_id = a.new_station_id AND s.new_type = $2 AND s.statecode = 0)
           FROM new_srv_warehouse w WHERE a.new_srv_partsapplyid = ANY($1::uuid[]) AND w.new_srv_warehouseid = a.new_warehouse_id`,
        [ids, warehouseType.station],
      );
      await sql.query(
        `UPDATE new_srv_partsapplydetil l SET new_supplyunit_id = a.new_supplyunit_id, new_station_id = a.new_station_id, owningbusinessunit = a.owningbusinessunit,
                new_warehouse_id = a.new_warehouse_id
           FROM new_srv_partsapply a WHERE a.new_srv_partsapplyid = ANY($1::uuid[]) AND l.new_partsapply_id = a.new_srv_partsapplyid`,
        [ids],
      );
    },
  },
  // Submitting draws the station's quota (when limited); an unapproved end gives it back, approval gives back what was not approved.
  flow: {
    async submit(sql, id, userId) {
      await prepareSubmit(sql, applicationDocument, id);
      await drawForApplication(sql, id, userId);
    },
    async approved(sql, id, approver) {
      await reserveOnApproval(sql, id, approver);
      await returnUnapproved(sql, id, approver);
    },
    ended: returnAllOfApplication,
  },
  commands: {
    /** The current step's approver lowers (or restores) approved quantities before approving: 0 ≤ approved ≤ applied, integers. */
    async approved({ sql, caller, id, body, lang }) {
      const { rows: step } = await sql.query<{ user: string | null }>(
        'SELECT new_stepuser_id AS "user" FROM new_srv_partsapply WHERE new_srv_partsapplyid = $1::uuid',
        [id],
      );
      if (step[0]?.user !== caller.principal.userId) throw new Refusal('parts.notCurrentApprover', undefined, undefined, 403);
      const label = fieldLabel(LINE, 'new_approvedqty', lang);
      const { rows: lines } = await sql.query<{ id: string; name: string; qty: number }>(
        `SELECT new_srv_partsapplydetilid AS id, new_name AS name, new_qty AS qty FROM new_srv_partsapplydetil WHERE new_partsapply_id = $1::uuid`,
        [id],
      );
      const byId = new Map(lines.map((l) => [l.id, l]));
      const ids: string[] = [];
      const qtys: number[] = [];
      for (const x of APPROVED.parse(body).lines) {
        const line = byId.get(normGuid(x.lineId) ?? '');
        if (!line) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
        const n = checkQty(x.approvedQty, label, `lines.${line.id}`, { zero: true });
        if (n > line.qty) throw refuse('parts.approvedOverApplied', { part: line.name, qty: line.qty }, `lines.${line.id}`);
        ids.push(line.id);
        qtys.push(n);
      }
      await sql.query(
        `UPDATE new_srv_partsapplydetil l SET new_approvedqty = d.n, modifiedon = now(), modifiedby = $3::uuid
           FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_srv_partsapplydetilid = d.id`,
        [ids, qtys, caller.principal.userId],
      );
      await recomputeApplication(sql, id);
      return { message: 'parts.saved' };
    },

    /**
     * The station (parts.write) or the supplying warehouse (delivery.create) closes an approved
     * application not fully delivered: what is reserved and not shipped is released, a quota-limited
     * station gets back what was drawn and not shipped. Refused while a delivery of it is still on its way out.
     */
    async close({ sql, caller, id, body, lang }) {
      const doc = await header(sql, id);
      const may = caller.principal.privileges;
      const side =
        (may.has('parts.write') && caller.subtree.includes(doc.owner)) ||
        (may.has('delivery.create') && caller.subtree.includes(doc.supplier));
      if (!side) assertParty(caller, null);
      const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
      if (!reason) throw refuse('parts.closeReasonRequired', undefined, 'reason');
      if (reason.length > 100) throw refuse('parts.reasonTooLong', { field: APPLICATION.allFields.new_closereason.label[lang] }, 'reason');
      if (doc.code !== partsApplyStatus.toDeliver && doc.code !== partsApplyStatus.semiDelivered) throw refuse('parts.closeNotAllowed');
      const { rowCount: open } = await sql.query(
        `SELECT 1 FROM new_stockoutorderdetail l JOIN new_stockoutorder o ON o.new_stockoutorderid = l.new_stockoutorder_id
          WHERE l.new_partsapply_id = $1::uuid AND COALESCE(o.new_state, 1) < 6 LIMIT 1`,
        [id],
      );
      if (open) throw refuse('parts.closeOpenDeliveries');
      const { rows: lines } = await sql.query<Line>(
        `SELECT new_srv_partsapplydetilid AS id, new_product_id AS product, COALESCE(new_reservedqty, 0) AS qty
           FROM new_srv_partsapplydetil WHERE new_partsapply_id = $1::uuid ORDER BY new_srv_partsapplydetilid FOR UPDATE`,
        [id],
      );
      const me = caller.principal.userId;
      await postMoves(
        sql,
        me,
        lines.filter((l) => l.qty > 0).map((l) => move(id, doc, l, -l.qty, `pa:${id}:release:${l.id}`)),
      );
      await sql.query(`UPDATE new_srv_partsapplydetil SET new_reservedqty = 0, new_pendingqty = 0 WHERE new_partsapply_id = $1::uuid`, [
        id,
      ]);
      await returnUnshipped(sql, id, me);
      await sql.query(
        `UPDATE new_srv_partsapply SET new_isclose = true, statuscode = $2, new_closetime = now(), new_closereason = $3 WHERE new_srv_partsapplyid = $1::uuid`,
        [id, partsApplyStatus.closed, reason],
      );
      return { message: 'parts.closedDone' };
    },
  },
};
