import {
  getEntity, msg, returnState, returnType, stockDocumentType, stockUsage, warehouseType,
  type DocumentLineRequest, type Lang, type PartsCommandResult, type ReceiveRequest,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { AppError, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { serverDefaults, ValidationFailed, writeHooks } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { assertMay, assertParty, lockDocument } from '../../documents/access.ts';
import { checkQty, fieldLabel } from '../../documents/inputs.ts';
import { answer } from '../../documents/result.ts';
import { stationWarehouse, warehouseById } from '../parts/catalogue.ts';
import { recomputeDocumentTotals } from '../parts/document-totals.ts';
import { receivedNow } from '../parts/receipt-lines.ts';
import { addRequestLine, updateRequestLine, type RequestDocument } from '../parts/request-lines.ts';
import { postMoves, type StockMove } from '../stock/ledger.ts';

/**
 * Parts return application (配件退货申请, `new_srv_sitereturn`): a station returns good parts from
 * its own warehouse to a central warehouse. The station writes it while it is to be submitted
 * (draft) and delivers it: every line leaves the station's stock into the central warehouse's
 * transit (as a delivery's shipping does). The central warehouse receives it in one or several
 * receipts (semi received, received): transit into stock. Closing a draft abandons it; closing a
 * delivered one sends what was not received back to the station. One transaction per command.
 */
export const RETURN = getEntity('new_srv_sitereturn')!;
const LINE = getEntity('new_srv_sitereturndetail')!;

/** The usage of a return's moves by its return type (spec 001 §9: delivery/receipt documents for transfer, stocking, purchasing). */
export const returnUsage = (type: number | null | undefined) =>
  type === returnType.stocking ? stockUsage.stockingDocument : type === returnType.purchasing ? stockUsage.purchasingDocument : stockUsage.transferDocument;

export function recomputeReturn(sql: Sql, id: string): Promise<void> {
  return recomputeDocumentTotals(sql, RETURN, LINE, 'new_sitereturn_id', id);
}

/** The lines are request lines: a part once, quantity 1–99,999, the station's available stock shown; only while draft and open. */
export const siteReturnDocument: RequestDocument = {
  header: RETURN,
  line: LINE,
  parent: 'new_sitereturn_id',
  write: 'parts.write',
  ownerUnit: 'owningbusinessunit',
  copied: ['new_station_id', 'owningbusinessunit', 'new_tounit_id'],
  initial: () => ({ new_receivedqty: 0 }),
  recompute: recomputeReturn,
  editableSql: `COALESCE(t.new_state, ${returnState.draft}) = ${returnState.draft}`,
};

/** `TH20261125-0001`: per China-time day. */
const numbers = (sql: Sql, n: number) => nextDocumentNumbers(sql, RETURN.logicalName, `TH${chinaDate().replaceAll('-', '')}`, n);

/** The receiving warehouse must be a central one; returns its unit. */
async function receiving(sql: Sql, raw: unknown, lang: Lang): Promise<string> {
  const to = await warehouseById(sql, raw);
  if (!to || to.type !== warehouseType.central) throw new ValidationFailed([{ field: 'new_towarehouse_id', message: msg('siteReturn.centralOnly', lang) }], lang);
  return to.unit;
}

/** A line's returned number may not exceed what the station has available of the part (shown as what remains to return). */
async function assertHeld(sql: Sql, lineId: string | undefined): Promise<void> {
  const { rows: [l] } = await sql.query<{ qty: number; have: number | null; name: string; code: string }>(
    `SELECT new_qty AS qty, new_tempcurrentinv AS have, new_name AS name, new_code AS code FROM new_srv_sitereturndetail WHERE new_srv_sitereturndetailid = $1::uuid`,
    [lineId],
  );
  if (l && Number(l.qty) > Number(l.have ?? 0)) throw refuse('siteReturn.insufficient', { part: `${l.code} ${l.name}`, remaining: Number(l.have ?? 0) }, 'qty');
}

export async function addReturnLine(sql: Sql, caller: Caller, id: string, input: DocumentLineRequest, lang: Lang): Promise<PartsCommandResult> {
  const r = await addRequestLine(sql, caller, siteReturnDocument, id, input, lang);
  await assertHeld(sql, r.lineId);
  return r;
}

export async function updateReturnLine(sql: Sql, caller: Caller, id: string, lineId: string, input: Partial<DocumentLineRequest>, lang: Lang): Promise<PartsCommandResult> {
  const r = await updateRequestLine(sql, caller, siteReturnDocument, id, lineId, input, lang);
  await assertHeld(sql, r.lineId);
  return r;
}

type Header = { name: string; state: number; closed: boolean; type: number | null; warehouse: string; towarehouse: string; unit: string; tounit: string };
const HEADER = `t.new_name AS name, COALESCE(t.new_state, ${returnState.draft}) AS state, COALESCE(t.new_isclose, false) AS closed, t.new_returntype AS type,
  t.new_warehouse_id AS warehouse, t.new_towarehouse_id AS towarehouse, t.owningbusinessunit AS unit, t.new_tounit_id AS tounit`;

type Line = { id: string; product: string; name: string; code: string; qty: number; received: number };
async function lockLines(sql: Sql, id: string): Promise<Line[]> {
  const { rows } = await sql.query<Line>(
    `SELECT new_srv_sitereturndetailid AS id, new_product_id AS product, new_name AS name, new_code AS code, new_qty AS qty, COALESCE(new_receivedqty, 0) AS received
       FROM new_srv_sitereturndetail WHERE new_sitereturn_id = $1::uuid ORDER BY new_srv_sitereturndetailid FOR UPDATE`,
    [id],
  );
  return rows.map((r) => ({ ...r, qty: Number(r.qty), received: Number(r.received) }));
}

/**
 * Delivers a draft return (the station): at least one line, each above 0; each line leaves the
 * station's warehouse and enters the receiving warehouse's transit. The ledger checks the station's
 * available stock under its row locks, so two returns delivered at once cannot both take the same
 * parts: the later one is refused with what remains to return.
 */
export async function deliverReturn(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<PartsCommandResult> {
  assertMay(caller, 'parts.write');
  const h = await lockDocument<Header>(sql, caller, RETURN, id, HEADER);
  assertParty(caller, h.unit);
  if (h.closed) throw refuse('parts.closed');
  if (h.state !== returnState.draft) throw refuse('siteReturn.onlyDraftDeliver');
  const lines = await lockLines(sql, h.id);
  if (!lines.length) throw refuse('parts.detailRequired');
  const label = fieldLabel(LINE.logicalName, 'new_qty', lang);
  for (const l of lines) checkQty(l.qty, label, `lines.${l.id}`);
  const moves: StockMove[] = [];
  for (const l of lines) {
    const base = { productId: l.product, usage: returnUsage(h.type), docType: stockDocumentType.siteReturn, docId: h.id, docName: h.name, lineId: l.id };
    moves.push({ ...base, warehouseId: h.warehouse, qty: -l.qty, key: `th:${h.id}:deliver:${l.id}` });
    moves.push({ ...base, warehouseId: h.towarehouse, transit: l.qty, key: `th:${h.id}:transit:${l.id}` });
  }
  try {
    await postMoves(sql, caller.principal.userId, moves);
  } catch (err) {
    // The ledger names the part and what is available: for a return that is what remains to return.
    if (err instanceof AppError && err.key === 'stock.insufficient') {
      throw refuse('siteReturn.insufficient', { part: String(err.params?.part ?? ''), remaining: Number(err.params?.available ?? 0) });
    }
    throw err;
  }
  await sql.query(
    `UPDATE new_srv_sitereturndetail SET new_tempcurrentinv = COALESCE(s.new_available, 0), modifiedon = now()
       FROM new_srv_siteinv s WHERE new_sitereturn_id = $1::uuid AND s.new_warehouse_id = $2::uuid AND s.new_product_id = new_srv_sitereturndetail.new_product_id`,
    [h.id, h.warehouse],
  );
  await sql.query(
    `UPDATE new_srv_sitereturn SET new_state = $2, new_deliveredon = now(), modifiedon = now(), modifiedby = $3::uuid WHERE new_srv_sitereturnid = $1::uuid`,
    [h.id, returnState.delivered, caller.principal.userId],
  );
  return answer(h.id, 'delivery.sent', lang);
}

/**
 * A receipt by the receiving warehouse (in full or in part): each line at most what is not received
 * yet, at least one above 0; the quantities move from transit into its stock.
 */
export async function receiveReturn(sql: Sql, caller: Caller, id: string, input: ReceiveRequest, lang: Lang): Promise<PartsCommandResult> {
  assertMay(caller, 'parts.receive');
  const h = await lockDocument<Header>(sql, caller, RETURN, id, HEADER);
  assertParty(caller, h.tounit);
  if (h.closed) throw refuse('parts.closed');
  if (h.state !== returnState.delivered && h.state !== returnState.semiReceived) throw refuse('siteReturn.receiptNeedsDelivered');
  const lines = await lockLines(sql, h.id);
  const { got, taken } = receivedNow(lines, input.lines, fieldLabel(LINE.logicalName, 'new_receivedqty', lang));
  await postMoves(sql, caller.principal.userId, got.map(({ line, n }) => ({
    warehouseId: h.towarehouse, productId: line.product, qty: n, transit: -n, usage: returnUsage(h.type), docType: stockDocumentType.siteReturn,
    docId: h.id, docName: h.name, lineId: line.id, key: `th:${h.id}:receive:${line.id}:${line.received}`,
  })));
  await sql.query(
    `UPDATE new_srv_sitereturndetail l SET new_receivedqty = COALESCE(l.new_receivedqty, 0) + d.n, modifiedon = now()
       FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_srv_sitereturndetailid = d.id`,
    [got.map((g) => g.line.id), got.map((g) => g.n)],
  );
  const complete = lines.every((l) => l.received + (taken.get(l.id) ?? 0) >= l.qty);
  await sql.query(
    `UPDATE new_srv_sitereturn SET new_state = $2, new_receivedqty = COALESCE(new_receivedqty, 0) + $4::int, new_receivedon = now(), new_receiver_id = $3::uuid,
            modifiedon = now(), modifiedby = $3::uuid
      WHERE new_srv_sitereturnid = $1::uuid`,
    [h.id, complete ? returnState.received : returnState.semiReceived, caller.principal.userId, got.reduce((s, g) => s + g.n, 0)],
  );
  return answer(h.id, 'delivery.received', lang);
}

/**
 * Closes a return: the station closes its own draft (nothing moved); the receiving warehouse closes
 * a delivered or semi received one, and what it has not received leaves its transit back into the
 * station's stock. A received or closed return cannot be closed.
 */
export async function closeReturn(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<PartsCommandResult> {
  const h = await lockDocument<Header>(sql, caller, RETURN, id, HEADER);
  if (h.closed || h.state === returnState.received) throw refuse('siteReturn.closeNotAllowed');
  if (h.state === returnState.draft) {
    assertParty(caller, h.unit);
    assertMay(caller, 'parts.write');
  } else {
    assertParty(caller, h.tounit);
    assertMay(caller, 'parts.receive');
    const rest = (await lockLines(sql, h.id)).filter((l) => l.qty > l.received);
    const moves: StockMove[] = [];
    for (const l of rest) {
      const base = { productId: l.product, usage: returnUsage(h.type), docType: stockDocumentType.siteReturn, docId: h.id, docName: h.name, lineId: l.id };
      moves.push({ ...base, warehouseId: h.towarehouse, transit: -(l.qty - l.received), key: `th:${h.id}:close:${l.id}` });
      moves.push({ ...base, warehouseId: h.warehouse, qty: l.qty - l.received, key: `th:${h.id}:back:${l.id}` });
    }
    await postMoves(sql, caller.principal.userId, moves);
  }
  await sql.query(
    `UPDATE new_srv_sitereturn SET new_isclose = true, new_closetime = now(), modifiedon = now(), modifiedby = $2::uuid WHERE new_srv_sitereturnid = $1::uuid`,
    [h.id, caller.principal.userId],
  );
  return answer(h.id, 'parts.closedDone', lang);
}

/** Server defaults (number, the caller's station and its warehouse, the receiving unit, draft) and draft-only header writes. */
export function installSiteReturn(): void {
  serverDefaults.set(RETURN.logicalName, async (sql, rows, caller, lang) => {
    const station = caller.principal.stationId;
    if (!station) throw refuse('user.noStation');
    const from = await stationWarehouse(sql, station);
    const nums = await numbers(sql, rows.length);
    const out: Record<string, unknown>[] = [];
    for (const [i, row] of rows.entries()) {
      out.push({
        new_name: nums[i], new_station_id: station, new_warehouse_id: from.id, new_tounit_id: await receiving(sql, row.new_towarehouse_id, lang),
        new_state: returnState.draft, new_isclose: false, new_totalqty: 0, new_receivedqty: 0, new_totalamount: '0', new_linecount: 0,
      });
    }
    return out;
  });
  writeHooks.set(RETURN.logicalName, {
    // Only an open draft is changed, only a draft deleted: the model's edit rule.
    async guard(sql, id, op, values, _caller, lang) {
      if (op === 'delete') {
        await sql.query(`DELETE FROM new_srv_sitereturndetail WHERE new_sitereturn_id = $1::uuid`, [id]);
        return;
      }
      if ('new_towarehouse_id' in values) await receiving(sql, values.new_towarehouse_id, lang);
    },
    async after(sql, ids, op) {
      if (op !== 'update') return;
      await sql.query(
        `UPDATE new_srv_sitereturn t SET new_tounit_id = w.new_businessunit_id FROM new_srv_warehouse w
          WHERE t.new_srv_sitereturnid = ANY($1::uuid[]) AND w.new_srv_warehouseid = t.new_towarehouse_id`,
        [ids],
      );
      await sql.query(
        `UPDATE new_srv_sitereturndetail l SET new_tounit_id = t.new_tounit_id FROM new_srv_sitereturn t
          WHERE t.new_srv_sitereturnid = ANY($1::uuid[]) AND l.new_sitereturn_id = t.new_srv_sitereturnid`,
        [ids],
      );
    },
  });
}
