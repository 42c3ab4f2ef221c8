import {
  APPROVAL_EDITABLE,
  approvalStatus,
  type EntityDef,
  type Lang,
  type Privilege,
  type DocumentLineRequest,
  type PartsCommandResult,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { q } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';
import { stockLevels } from '../stock/ledger.ts';
import { assertMay, assertParty, lockDocument } from '../../documents/access.ts';
import { checkQty, fieldLabel, memoOf } from '../../documents/inputs.ts';
import { answer } from '../../documents/result.ts';
import { amountOf, partOf, type Part } from './catalogue.ts';

/**
 * Lines of a request document — a parts application or a parts transfer: a part and a quantity
 * per line, each part once, editable only while the document is draft or rejected (spec 001 §4),
 * by the side that owns it. Each line shows the current stock of its part in the supplying
 * warehouse (`new_tempcurrentinv`, taken when the line is written and again on submit); the
 * header's totals follow the lines in the same transaction.
 */
export interface RequestDocument {
  header: EntityDef;
  line: EntityDef;
  /** The line's lookup of its header. */
  parent: string;
  /** Who writes lines. */
  write: Privilege;
  /** The header column of the unit that edits the document. */
  ownerUnit: string;
  /** Header columns copied onto every line (its scope: station, owner and party units). */
  copied: string[];
  /** Line values a new line starts with, besides part, quantity and prices. */
  initial: (qty: number, amount: string) => Record<string, unknown>;
  /** Keeps derived line values and the header's totals (SQL over the document's lines). */
  recompute: (sql: Sql, docId: string) => Promise<void>;
  /**
   * SQL over the header `t`: may its lines change (its state allows it), and is it closed? Default:
   * the approval status is editable (APPROVAL_EDITABLE: draft or rejected), and new_isclose.
   */
  editableSql?: string;
  closedSql?: string;
}

/** The approval rule of line changes in SQL (the model's named values, no client input). */
const APPROVAL_LINES_OPEN = `COALESCE(t.new_approvalstatus, ${approvalStatus.draft}) IN (${APPROVAL_EDITABLE.join(', ')})`;

type Header = { id: string; editable: boolean; closed: boolean; warehouse: string | null; owner: string | null } & Record<string, unknown>;

/** The header, locked, checked for the caller's side and for a state that allows line changes. */
async function openHeader(sql: Sql, caller: Caller, d: RequestDocument, id: string): Promise<Header> {
  assertMay(caller, d.write);
  const copied = d.copied.map((c) => `t.${q(c)} AS ${q(c)}`).join(', ');
  const h = await lockDocument<Header>(
    sql,
    caller,
    d.header,
    id,
    `${d.editableSql ?? APPROVAL_LINES_OPEN} AS editable, ${d.closedSql ?? 'COALESCE(t.new_isclose, false)'} AS closed, t.new_warehouse_id AS warehouse, t.${q(d.ownerUnit)} AS owner${copied ? `, ${copied}` : ''}`,
  );
  assertParty(caller, h.owner);
  if (h.closed) throw refuse('parts.closed');
  if (!h.editable) throw refuse('parts.linesLocked');
  return h;
}

async function lockLine(sql: Sql, d: RequestDocument, docId: string, rawLine: string): Promise<{ id: string; product: string }> {
  const id = normGuid(rawLine);
  const { rows } = id
    ? await sql.query<{ id: string; product: string }>(
        `SELECT ${q(d.line.primaryKey)} AS id, new_product_id AS product FROM ${q(d.line.logicalName)} WHERE ${q(d.line.primaryKey)} = $1::uuid AND ${q(d.parent)} = $2::uuid FOR UPDATE`,
        [id, docId],
      )
    : { rows: [] };
  if (!rows[0]) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
  return rows[0];
}

/** Refuses a part that is already on the document (another line than `except`). */
async function assertNewPart(sql: Sql, d: RequestDocument, docId: string, part: Part, except?: string): Promise<void> {
  const { rowCount } = await sql.query(
    `SELECT 1 FROM ${q(d.line.logicalName)} WHERE ${q(d.parent)} = $1::uuid AND new_product_id = $2::uuid${except ? ` AND ${q(d.line.primaryKey)} <> $3::uuid` : ''}`,
    except ? [docId, part.id, except] : [docId, part.id],
  );
  if (rowCount) throw refuse('parts.repeatedPart', { part: `${part.code} ${part.name}` }, 'productId');
}

const available = async (sql: Sql, warehouse: string | null, productId: string) =>
  warehouse ? ((await stockLevels(sql, warehouse, [productId])).get(productId)?.available ?? 0) : null;

export async function addRequestLine(
  sql: Sql,
  caller: Caller,
  d: RequestDocument,
  id: string,
  input: DocumentLineRequest,
  lang: Lang,
): Promise<PartsCommandResult> {
  const h = await openHeader(sql, caller, d, id);
  const part = await partOf(sql, input.productId);
  const qty = checkQty(input.qty, fieldLabel(d.line.logicalName, 'new_qty', lang), 'qty');
  const memo = memoOf(input.memo, lang);
  await assertNewPart(sql, d, h.id, part);
  const amount = amountOf(qty, part.price);
  const values: Record<string, unknown> = {
    new_name: part.name,
    [d.parent]: h.id,
    new_code: part.code,
    new_product_id: part.id,
    new_uom: part.uom,
    new_price: part.price,
    new_qty: qty,
    new_amount: amount,
    new_tempcurrentinv: await available(sql, h.warehouse, part.id),
    new_memo: memo,
    ...Object.fromEntries(d.copied.map((c) => [c, h[c]])),
    ...d.initial(qty, amount),
  };
  const me = caller.principal.userId;
  const cols = [...Object.keys(values), 'ownerid', 'createdby', 'modifiedby'];
  const vals = [...Object.values(values), me, me, me];
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO ${q(d.line.logicalName)} (${cols.map(q).join(', ')}) VALUES (${vals.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${q(d.line.primaryKey)} AS id`,
    vals,
  );
  await d.recompute(sql, h.id);
  return answer(h.id, 'parts.added', lang, rows[0].id);
}

export async function updateRequestLine(
  sql: Sql,
  caller: Caller,
  d: RequestDocument,
  id: string,
  lineId: string,
  input: Partial<DocumentLineRequest>,
  lang: Lang,
): Promise<PartsCommandResult> {
  const h = await openHeader(sql, caller, d, id);
  const line = await lockLine(sql, d, h.id, lineId);
  const sets: Record<string, unknown> = {};
  let productId = line.product;
  if (input.productId !== undefined && normGuid(input.productId) !== line.product) {
    const part = await partOf(sql, input.productId);
    await assertNewPart(sql, d, h.id, part, line.id);
    Object.assign(sets, { new_product_id: part.id, new_name: part.name, new_code: part.code, new_uom: part.uom, new_price: part.price });
    productId = part.id;
  }
  if (input.qty !== undefined) sets.new_qty = checkQty(input.qty, fieldLabel(d.line.logicalName, 'new_qty', lang), 'qty');
  if (input.memo !== undefined) sets.new_memo = memoOf(input.memo, lang);
  sets.new_tempcurrentinv = await available(sql, h.warehouse, productId);
  const names = Object.keys(sets);
  await sql.query(
    `UPDATE ${q(d.line.logicalName)} SET ${names.map((n, i) => `${q(n)} = $${i + 1}`).join(', ')}, modifiedon = now(), modifiedby = $${names.length + 1}::uuid
      WHERE ${q(d.line.primaryKey)} = $${names.length + 2}::uuid`,
    [...Object.values(sets), caller.principal.userId, line.id],
  );
  await d.recompute(sql, h.id);
  return answer(h.id, 'parts.saved', lang, line.id);
}

export async function deleteRequestLine(
  sql: Sql,
  caller: Caller,
  d: RequestDocument,
  id: string,
  lineId: string,
  lang: Lang,
): Promise<PartsCommandResult> {
  const h = await openHeader(sql, caller, d, id);
  const line = await lockLine(sql, d, h.id, lineId);
  await sql.query(`DELETE FROM ${q(d.line.logicalName)} WHERE ${q(d.line.primaryKey)} = $1::uuid`, [line.id]);
  await d.recompute(sql, h.id);
  return answer(h.id, 'parts.deleted', lang, line.id);
}

/** Before submitting: at least one line, and every line's current stock taken afresh. */
export async function prepareSubmit(sql: Sql, d: RequestDocument, docId: string): Promise<void> {
  const { rows } = await sql.query<{ warehouse: string | null }>(
    `SELECT new_warehouse_id AS warehouse FROM ${q(d.header.logicalName)} WHERE ${q(d.header.primaryKey)} = $1::uuid`,
    [docId],
  );
  const { rowCount } = await sql.query(`SELECT 1 FROM ${q(d.line.logicalName)} WHERE ${q(d.parent)} = $1::uuid LIMIT 1`, [docId]);
  if (!rowCount) throw refuse('parts.detailRequired');
  await sql.query(
    `UPDATE ${q(d.line.logicalName)} l SET new_tempcurrentinv = COALESCE(s.new_available, 0)
       FROM ${q(d.line.logicalName)} x LEFT JOIN new_srv_siteinv s ON s.new_warehouse_id = $2::uuid AND s.new_product_id = x.new_product_id
      WHERE l.${q(d.line.primaryKey)} = x.${q(d.line.primaryKey)} AND x.${q(d.parent)} = $1::uuid`,
    [docId, rows[0]?.warehouse ?? null],
  );
}
