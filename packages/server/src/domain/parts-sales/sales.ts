import { getEntity, partsSalesState, stockDocumentType, stockUsage, type Lang, type PartsCommandResult } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { recomputeDocumentTotals } from '../parts/document-totals.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { serverDefaults, writeHooks } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { assertMay, assertParty, lockDocument } from '../../documents/access.ts';
import { fieldLabel } from '../../documents/inputs.ts';
import { answer } from '../../documents/result.ts';
import { stationWarehouse } from '../parts/catalogue.ts';
import type { RequestDocument } from '../parts/request-lines.ts';
import { postMoves } from '../stock/ledger.ts';

/**
 * Parts sales (配件销售, `new_order`): a station sells parts to an end customer out of its own
 * warehouse. The header and its lines change only while it is to be submitted (draft); confirming
 * it ("sold") takes every line out of the station's stock in one transaction.
 */
export const SALES = getEntity('new_order')!;
const LINE = getEntity('new_orderdetail')!;

/** Totals of the lines onto the header. */
export function recomputeSale(sql: Sql, id: string): Promise<void> {
  return recomputeDocumentTotals(sql, SALES, LINE, 'new_order_id', id);
}

/** The lines are request lines (parts/request-lines.ts): a part once, quantity 1–99,999, the station's current stock shown. */
export const salesDocument: RequestDocument = {
  header: SALES,
  line: LINE,
  parent: 'new_order_id',
  write: 'parts.write',
  ownerUnit: 'owningbusinessunit',
  copied: ['new_station_id', 'owningbusinessunit'],
  initial: () => ({}),
  recompute: recomputeSale,
  // Only "to be submitted" takes line changes.
  editableSql: `COALESCE(t.new_state, ${partsSalesState.draft}) = ${partsSalesState.draft}`,
  closedSql: 'false',
};

/** `XS20261125-0001`: per China-time day. */
const numbers = (sql: Sql, n: number) => nextDocumentNumbers(sql, SALES.logicalName, `XS${chinaDate().replaceAll('-', '')}`, n);

/**
 * Confirms a draft sale: at least one line, every quantity above 0, and an outbound move of usage
 * "parts sales" per line from the station's warehouse (the ledger refuses a shortfall naming the part
 * and what is available; its per-line keys make a retried confirm count once), then state sold.
 */
export async function confirmSale(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<PartsCommandResult> {
  assertMay(caller, 'parts.write');
  const doc = await lockDocument<{ name: string; state: number; warehouse: string | null; unit: string }>(
    sql,
    caller,
    SALES,
    id,
    `t.new_name AS name, COALESCE(t.new_state, ${partsSalesState.draft}) AS state, t.new_warehouse_id AS warehouse, t.owningbusinessunit AS unit`,
  );
  assertParty(caller, doc.unit);
  if (doc.state !== partsSalesState.draft) throw refuse('parts.onlyDraftConfirm');
  const { rows: lines } = await sql.query<{ id: string; product: string; qty: number | null }>(
    `SELECT new_orderdetailid AS id, new_product_id AS product, new_qty AS qty FROM new_orderdetail WHERE new_order_id = $1::uuid ORDER BY new_orderdetailid`,
    [doc.id],
  );
  if (!lines.length) throw refuse('parts.detailRequired');
  if (lines.some((l) => !(Number(l.qty) > 0))) throw refuse('parts.qtyPositive', { field: fieldLabel(LINE.logicalName, 'new_qty', lang) });
  if (!doc.warehouse) throw refuse('parts.stationNoWarehouse');
  await postMoves(
    sql,
    caller.principal.userId,
    lines.map((l) => ({
      warehouseId: doc.warehouse!,
      productId: l.product,
      qty: -Number(l.qty),
      usage: stockUsage.partsSales,
      docType: stockDocumentType.sale,
      docId: doc.id,
      docName: doc.name,
      lineId: l.id,
      key: `xs:${doc.id}:sold:${l.id}`,
    })),
  );
  await sql.query(
    `UPDATE new_order SET new_state = $2, new_soldon = now(), modifiedon = now(), modifiedby = $3::uuid WHERE new_orderid = $1::uuid`,
    [doc.id, partsSalesState.sold, caller.principal.userId],
  );
  return answer(doc.id, 'parts.confirmed', lang);
}

/** Server defaults (number, the caller's station and its warehouse, draft) and draft-only header writes. */
export function installPartsSales(): void {
  serverDefaults.set(SALES.logicalName, async (sql, rows, caller) => {
    const station = caller.principal.stationId;
    if (!station) throw refuse('user.noStation');
    const warehouse = await stationWarehouse(sql, station);
    const nums = await numbers(sql, rows.length);
    return rows.map((_, i) => ({
      new_name: nums[i],
      new_station_id: station,
      new_warehouse_id: warehouse.id,
      new_state: partsSalesState.draft,
      new_totalqty: 0,
      new_totalamount: '0',
      new_linecount: 0,
    }));
  });
  writeHooks.set(SALES.logicalName, {
    // Only a draft is changed or deleted: the model's edit rule.
    async guard(sql, id, op) {
      if (op === 'delete') await sql.query(`DELETE FROM new_orderdetail WHERE new_order_id = $1::uuid`, [id]);
    },
  });
}
