import {
  approvalStatus,
  getEntity,
  msg,
  partsApplyStatus,
  partsApplyType,
  payStatus,
  stockDocumentType,
  stockUsage,
  warehouseType,
  type ApprovedQuantitiesRequest,
  type CloseRequest,
  type Lang,
  type PartsCommandResult,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import { registerFlowHooks } from '../../flow/hooks.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid, type FieldError } from '../../records/validate.ts';
import { serverDefaults, ValidationFailed, writeHooks } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { postMoves, type StockMove } from '../stock/ledger.ts';
import { assertMay, assertParty, lockDocument } from '../../documents/access.ts';
import { checkQty } from '../../documents/inputs.ts';
import { answer } from '../../documents/result.ts';
import { hasAddress, stationWarehouse, warehouseById } from './catalogue.ts';
import { prepareSubmit, type RequestDocument } from './request-lines.ts';
import { drawForApplication, returnAllOfApplication, returnUnapproved, returnUnshipped } from '../quota/parts-quota.ts';

export const APPLICATION = getEntity('new_srv_partsapply')!;
const LINE = getEntity('new_srv_partsapplydetil')!;

/** The application as a request document (lines, totals): see request-lines.ts. */
export const applicationDocument: RequestDocument = {
  header: APPLICATION,
  line: LINE,
  parent: 'new_partsapply_id',
  write: 'parts.write',
  ownerUnit: 'owningbusinessunit',
  copied: ['new_station_id', 'new_supplyunit_id', 'owningbusinessunit'],
  initial: (qty, amount) => ({ new_reservedqty: 0, new_shippedqty: 0, new_actualqty: 0, new_pendingqty: qty, new_partscost: amount }),
  recompute: recomputeApplication,
};

/** Line amounts and pending quantities, then the header's total and line count. */
export async function recomputeApplication(sql: Sql, id: string): Promise<void> {
  await sql.query(
    `UPDATE new_srv_partsapplydetil SET new_amount = round(new_qty * new_price, 2),
            new_partscost = round(COALESCE(new_approvedqty, new_qty) * new_price, 2),
            new_pendingqty = CASE WHEN COALESCE(new_approvedqty, new_qty) > COALESCE(new_shippedqty, 0) THEN COALESCE(new_approvedqty, new_qty) - COALESCE(new_shippedqty, 0) ELSE 0 END
      WHERE new_partsapply_id = $1::uuid`,
    [id],
  );
  await sql.query(
    `UPDATE new_srv_partsapply a SET new_totalamount = x.total, new_linecount = x.n, modifiedon = now()
       FROM (SELECT COALESCE(sum(new_amount), 0) AS total, count(*)::int AS n FROM new_srv_partsapplydetil WHERE new_partsapply_id = $1::uuid) x
      WHERE a.new_srv_partsapplyid = $1::uuid`,
    [id],
  );
}

/** `PA20261123-0001`: per China-time day. */
const numbers = (sql: Sql, n: number) => nextDocumentNumbers(sql, 'new_srv_partsapply', `PA${chinaDate().replaceAll('-', '')}`, n);

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
  const address = ['new_province', 'new_city', 'new_county', 'new_address'] as const;
  const given = address.some((f) => typeof row[f] === 'string' && (row[f] as string).trim());
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

/**
 * The statuscode an approved application has from its lines (closed stays closed). Before the
 * final approval an application has no delivery status (a draft or rejected one read 待发货).
 */
async function refreshStatus(sql: Sql, id: string): Promise<void> {
  await sql.query(
    `UPDATE new_srv_partsapply a SET statuscode = CASE
            WHEN a.new_isclose THEN $2::int
            WHEN x.approved > 0 AND x.shipped >= x.approved THEN $3::int
            WHEN x.shipped > 0 THEN $4::int ELSE $5::int END, modifiedon = now()
       FROM (SELECT COALESCE(sum(COALESCE(new_approvedqty, 0)), 0) AS approved, COALESCE(sum(COALESCE(new_shippedqty, 0)), 0) AS shipped
               FROM new_srv_partsapplydetil WHERE new_partsapply_id = $1::uuid) x
      WHERE a.new_srv_partsapplyid = $1::uuid`,
    [id, partsApplyStatus.closed, partsApplyStatus.delivered, partsApplyStatus.semiDelivered, partsApplyStatus.toDeliver],
  );
}
export const refreshApplicationStatus = refreshStatus;

/**
 * On final approval (inside the approving transaction): each line's approved quantity (the applied
 * one unless an approver lowered it) is reserved in the supplying warehouse — refused, with the part
 * and what is available, when the warehouse cannot cover it. Nothing approved: the application closes.
 */
async function reserveOnApproval(sql: Sql, id: string, approver: string): Promise<void> {
  const {
    rows: [doc],
  } = await sql.query<{ name: string; warehouse: string }>(
    `SELECT new_name AS name, new_warehouse_id AS warehouse FROM new_srv_partsapply WHERE new_srv_partsapplyid = $1::uuid`,
    [id],
  );
  const { rows: lines } = await sql.query<{ id: string; product: string; qty: number }>(
    `UPDATE new_srv_partsapplydetil SET new_approvedqty = COALESCE(new_approvedqty, new_qty), new_reservedqty = COALESCE(new_approvedqty, new_qty)
      WHERE new_partsapply_id = $1::uuid RETURNING new_srv_partsapplydetilid AS id, new_product_id AS product, new_approvedqty AS qty`,
    [id],
  );
  const moves: StockMove[] = lines
    .filter((l) => l.qty > 0)
    .map((l) => ({
      warehouseId: doc.warehouse,
      productId: l.product,
      frozen: l.qty,
      usage: stockUsage.partsStocking,
      docType: stockDocumentType.application,
      docId: id,
      docName: doc.name,
      lineId: l.id,
      key: `pa:${id}:reserve:${l.id}`,
    }));
  await postMoves(sql, approver, moves);
  if (!moves.length) {
    await sql.query(`UPDATE new_srv_partsapply SET new_isclose = true, new_closetime = now() WHERE new_srv_partsapplyid = $1::uuid`, [id]);
  }
  await recomputeApplication(sql, id);
  await refreshStatus(sql, id);
}

/**
 * The current step's approver lowers (or restores) approved quantities before approving:
 * 0 ≤ approved ≤ applied, integers.
 */
export async function setApprovedQuantities(
  sql: Sql,
  caller: Caller,
  id: string,
  input: ApprovedQuantitiesRequest,
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, 'approval.act');
  const doc = await lockDocument<{ status: number; stepuser: string | null }>(
    sql,
    caller,
    APPLICATION,
    id,
    'COALESCE(t.new_approvalstatus, 1) AS status, t.new_stepuser_id AS stepuser',
  );
  if (doc.status !== approvalStatus.underReview || doc.stepuser !== caller.principal.userId)
    throw new Refusal('parts.notCurrentApprover', undefined, undefined, 403);
  const label = LINE.allFields.new_approvedqty.label[lang];
  const { rows: lines } = await sql.query<{ id: string; name: string; qty: number }>(
    `SELECT new_srv_partsapplydetilid AS id, new_name AS name, new_qty AS qty FROM new_srv_partsapplydetil WHERE new_partsapply_id = $1::uuid`,
    [doc.id],
  );
  const byId = new Map(lines.map((l) => [l.id, l]));
  const ids: string[] = [];
  const qtys: number[] = [];
  for (const x of input.lines) {
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
  await recomputeApplication(sql, doc.id);
  return answer(doc.id, 'parts.saved', lang);
}

/**
 * Closes an approved application that is not fully delivered: what is reserved and not shipped is
 * released. Refused while a delivery of it is still on its way out of the warehouse.
 */
export async function closeApplication(sql: Sql, caller: Caller, id: string, input: CloseRequest, lang: Lang): Promise<PartsCommandResult> {
  const doc = await lockDocument<{
    name: string;
    status: number;
    closed: boolean;
    code: number;
    warehouse: string;
    owner: string;
    supplier: string;
  }>(
    sql,
    caller,
    APPLICATION,
    id,
    `t.new_name AS name, COALESCE(t.new_approvalstatus, 1) AS status, COALESCE(t.new_isclose, false) AS closed, t.statuscode AS code,
     t.new_warehouse_id AS warehouse, t.owningbusinessunit AS owner, t.new_supplyunit_id AS supplier`,
  );
  // The station (parts.write) or the supplying warehouse (delivery.create) closes it.
  const stationSide = caller.principal.privileges.has('parts.write') && caller.subtree.includes(doc.owner);
  const supplySide = caller.principal.privileges.has('delivery.create') && caller.subtree.includes(doc.supplier);
  if (!stationSide && !supplySide) assertParty(caller, null);
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason) throw refuse('parts.closeReasonRequired', undefined, 'reason');
  if (reason.length > 100) throw refuse('parts.reasonTooLong', { field: APPLICATION.allFields.new_closereason.label[lang] }, 'reason');
  if (
    doc.closed ||
    doc.status !== approvalStatus.approved ||
    (doc.code !== partsApplyStatus.toDeliver && doc.code !== partsApplyStatus.semiDelivered)
  )
    throw refuse('parts.closeNotAllowed');
  const { rowCount: open } = await sql.query(
    `SELECT 1 FROM new_stockoutorderdetail l JOIN new_stockoutorder o ON o.new_stockoutorderid = l.new_stockoutorder_id
      WHERE l.new_partsapply_id = $1::uuid AND COALESCE(o.new_state, 1) < 6 LIMIT 1`,
    [doc.id],
  );
  if (open) throw refuse('parts.closeOpenDeliveries');
  const { rows: lines } = await sql.query<{ id: string; product: string; reserved: number }>(
    `SELECT new_srv_partsapplydetilid AS id, new_product_id AS product, COALESCE(new_reservedqty, 0) AS reserved
       FROM new_srv_partsapplydetil WHERE new_partsapply_id = $1::uuid ORDER BY new_srv_partsapplydetilid FOR UPDATE`,
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
        usage: stockUsage.partsStocking,
        docType: stockDocumentType.application,
        docId: doc.id,
        docName: doc.name,
        lineId: l.id,
        key: `pa:${doc.id}:release:${l.id}`,
      })),
  );
  await sql.query(`UPDATE new_srv_partsapplydetil SET new_reservedqty = 0, new_pendingqty = 0 WHERE new_partsapply_id = $1::uuid`, [
    doc.id,
  ]);
  // A quota-limited station gets back what was drawn and not shipped.
  await returnUnshipped(sql, doc.id, caller.principal.userId);
  await sql.query(
    `UPDATE new_srv_partsapply SET new_isclose = true, statuscode = $2, new_closetime = now(), new_closereason = $3, modifiedon = now(), modifiedby = $4::uuid
      WHERE new_srv_partsapplyid = $1::uuid`,
    [doc.id, partsApplyStatus.closed, reason, caller.principal.userId],
  );
  return answer(doc.id, 'parts.closedDone', lang);
}

/**
 * Registers the application's server defaults (number, states, receiving warehouse, address), the
 * generic-write rules (draft or rejected only, delete only as draft, lines go with the header)
 * and its approval hooks. Called once when the routes are set up.
 */
export function installApplication(): void {
  serverDefaults.set(APPLICATION.logicalName, async (sql, rows, _caller, lang) => {
    const nums = await numbers(sql, rows.length);
    const out: Record<string, unknown>[] = [];
    for (const [i, row] of rows.entries()) {
      out.push({
        ...(await resolve(sql, row, lang)),
        new_name: nums[i],
        statuscode: null,
        new_approvalstatus: approvalStatus.draft,
        new_isclose: false,
        new_paystatus: payStatus.unpaid,
        new_totalamount: '0',
        new_linecount: 0,
        new_iscommit: false,
      });
    }
    // Every row carries the same keys (the insert's columns are the first row's).
    const keys = new Set(out.flatMap((o) => Object.keys(o)));
    return out.map((o, i) => Object.fromEntries([...keys].map((k) => [k, k in o ? o[k] : (rows[i][k] ?? null)])));
  });
  writeHooks.set(APPLICATION.logicalName, {
    async guard(sql, id, op, values, _caller, lang) {
      const {
        rows: [doc],
      } = await sql.query<Record<string, unknown> & { status: number; closed: boolean }>(
        `SELECT COALESCE(new_approvalstatus, 1) AS status, COALESCE(new_isclose, false) AS closed, new_type, new_station_id, new_warehouse_id, new_workorder_id,
                new_province, new_city, new_county, new_address
           FROM new_srv_partsapply WHERE new_srv_partsapplyid = $1::uuid`,
        [id],
      );
      // Which states may be changed or deleted, and closed ones, are the model's edit rule.
      if (op === 'delete') {
        await sql.query(`DELETE FROM new_srv_partsapplydetil WHERE new_partsapply_id = $1::uuid`, [id]);
        return;
      }
      // The row as it will be: checked like a new one; an emptied address takes the warehouse's again.
      const derived = await resolve(sql, { ...doc, ...values }, lang);
      for (const f of ['new_province', 'new_city', 'new_county', 'new_address']) if (f in derived) values[f] = derived[f];
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
  });
  // Submitting draws the station's quota (when limited); an unapproved end gives it back, approval gives back what was not approved.
  registerFlowHooks(APPLICATION.logicalName, {
    approved: async (sql, id, approver) => {
      await reserveOnApproval(sql, id, approver);
      await returnUnapproved(sql, id, approver);
    },
    submit: async (sql, id, userId) => {
      await prepareSubmit(sql, applicationDocument, id);
      await drawForApplication(sql, id, userId);
    },
    ended: returnAllOfApplication,
  });
}
