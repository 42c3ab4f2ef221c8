import {
  getEntity,
  invTaskState,
  msg as msgOf,
  stockCheckSource,
  stockCheckState,
  stockDocumentType,
  stockUsage,
  type CountLinesRequest,
  type CreateCountRequest,
  type CreateTaskRequest,
  type Lang,
  type PartsCommandResult,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { AppError, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { normGuid, parseInteger, unsafeNumber } from '../../records/validate.ts';
import { optionalDate, requiredDate, type AsSent } from '../checked-input.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { assertMay, assertParty, lockDocument } from '../../documents/access.ts';
import { checkQty, fieldLabel, MEMO_MAX, memoOf } from '../../documents/inputs.ts';
import { answer } from '../../documents/result.ts';
import { stationWarehouse, warehouseById, type Warehouse } from '../parts/catalogue.ts';
import { notify } from '../message/messages.ts';
import { postMoves } from './ledger.ts';

/**
 * Stock counts (盘点) and head office's inventory tasks. A sheet lists every part its warehouse
 * holds (or held) when it is opened; counted quantities are entered (grid or Excel), the sheet is
 * submitted, and confirming posts each line's variance against the quantity at that moment as a
 * "storage adjustment", so on-hand equals what was counted. Set-based throughout: a 5,000-line
 * sheet is a handful of statements.
 */

const CHECK = getEntity('new_srv_stockcheck')!;
const LINE = getEntity('new_srv_stockcheckdetail')!;

const today = () => chinaDate().replaceAll('-', '');

type SheetHead = {
  source: number;
  task: string | null;
  deadline: string | null;
  checkDate: string | null;
  memo: string | null;
  /** A task's subject and head office's note, as released. */
  subject?: string | null;
  note?: string | null;
};

/**
 * One open count per warehouse (docs/decisions.md "One open stock count per warehouse"): a second
 * sheet would show book figures that the first one's confirm makes out of date. The warehouse rows
 * are locked first so two openings of one warehouse queue; the partial unique index is the backstop.
 */
async function assertNoOpenCount(sql: Sql, warehouses: Warehouse[]): Promise<void> {
  const ids = warehouses.map((w) => w.id);
  await sql.query('SELECT 1 FROM new_srv_warehouse WHERE new_srv_warehouseid = ANY($1::uuid[]) ORDER BY new_srv_warehouseid FOR UPDATE', [
    ids,
  ]);
  const {
    rows: [open],
  } = await sql.query<{ name: string; wh: string }>(
    `SELECT new_name AS name, new_warehouse_id AS wh FROM new_srv_stockcheck
      WHERE new_warehouse_id = ANY($1::uuid[]) AND new_state IN ($2::int, $3::int) ORDER BY createdon LIMIT 1`,
    [ids, stockCheckState.counting, stockCheckState.submitted],
  );
  if (open) throw refuse('stock.countAlreadyOpen', { warehouse: warehouses.find((w) => w.id === open.wh)?.name ?? '', name: open.name });
}

/** Opens one sheet per warehouse with a line per part held there (book quantity = on hand now). */
async function openSheets(sql: Sql, me: string, warehouses: Warehouse[], head: SheetHead): Promise<string[]> {
  await assertNoOpenCount(sql, warehouses);
  const names = await nextDocumentNumbers(sql, CHECK.logicalName, `PD${today()}`, warehouses.length);
  const { rows } = await sql.query<{ id: string; wh: string }>(
    `INSERT INTO new_srv_stockcheck (new_name, new_warehouse_id, new_station_id, new_source, new_invtask_id, new_state, new_checkdate, new_deadline, new_memo,
                                     new_tasksubject, new_tasknote, new_linecount, new_countedcount, new_variancecount, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT u.name, u.wh, u.station, $5, $6::uuid, $7, $8::date, $9::date, $10, $12, $13, 0, 0, 0, $11::uuid, u.unit, $11::uuid, $11::uuid
       FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::uuid[]) AS u(name, wh, station, unit)
     RETURNING new_srv_stockcheckid AS id, new_warehouse_id AS wh`,
    [
      names,
      warehouses.map((w) => w.id),
      warehouses.map((w) => w.stationId),
      warehouses.map((w) => w.unit),
      head.source,
      head.task,
      stockCheckState.counting,
      head.checkDate,
      head.deadline,
      head.memo,
      me,
      head.subject ?? null,
      head.note ?? null,
    ],
  );
  await sql.query(
    `INSERT INTO new_srv_stockcheckdetail (new_name, new_stockcheck_id, new_code, new_product_id, new_uom, new_bookqty, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT s.new_name, c.new_srv_stockcheckid, s.new_code, s.new_product_id, p.new_uom, s.new_quantity, $2::uuid, c.owningbusinessunit, $2::uuid, $2::uuid
       FROM new_srv_stockcheck c JOIN new_srv_siteinv s ON s.new_warehouse_id = c.new_warehouse_id JOIN product p ON p.productid = s.new_product_id
      WHERE c.new_srv_stockcheckid = ANY($1::uuid[])`,
    [rows.map((r) => r.id), me],
  );
  await refreshCounts(
    sql,
    rows.map((r) => r.id),
  );
  return rows.map((r) => r.id);
}

/** Line, counted and variance counts of sheets. */
async function refreshCounts(sql: Sql, ids: string[]): Promise<void> {
  await sql.query(
    `UPDATE new_srv_stockcheck c SET new_linecount = x.n, new_countedcount = x.counted, new_variancecount = x.variance, modifiedon = now()
       FROM (SELECT c2.new_srv_stockcheckid AS id, count(l.new_srv_stockcheckdetailid)::int AS n, count(l.new_countqty)::int AS counted,
                    count(*) FILTER (WHERE l.new_variance <> 0)::int AS variance
               FROM new_srv_stockcheck c2 LEFT JOIN new_srv_stockcheckdetail l ON l.new_stockcheck_id = c2.new_srv_stockcheckid
              WHERE c2.new_srv_stockcheckid = ANY($1::uuid[]) GROUP BY c2.new_srv_stockcheckid) x
      WHERE c.new_srv_stockcheckid = x.id`,
    [ids],
  );
}

/** A count sheet of a warehouse of the caller's. */
export async function createCount(
  sql: Sql,
  caller: Caller,
  input: AsSent<CreateCountRequest, 'checkDate'>,
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, 'stock.write');
  const wh = await warehouseById(sql, input.warehouseId);
  if (!wh) throw refuse('parts.warehouseRequired', undefined, 'warehouseId');
  assertParty(caller, wh.unit);
  const checkDate = optionalDate(input.checkDate, fieldLabel(CHECK.logicalName, 'new_checkdate', lang), 'checkDate') ?? chinaDate();
  const [id] = await openSheets(sql, caller.principal.userId, [wh], {
    source: stockCheckSource.own,
    task: null,
    deadline: null,
    checkDate,
    memo: memoOf(input.memo, lang),
  });
  return answer(id, 'parts.created', lang);
}

type Sheet = { id: string; name: string; state: number; source: number; task: string | null; warehouse: string; owner: string };
const SHEET = `t.new_name AS name, COALESCE(t.new_state, 1) AS state, t.new_source AS source, t.new_invtask_id AS task, t.new_warehouse_id AS warehouse,
  t.owningbusinessunit AS owner`;

async function sheetFor(sql: Sql, caller: Caller, id: string, privilege: 'stock.write' | 'stock.adjust'): Promise<Sheet> {
  assertMay(caller, privilege);
  const s = await lockDocument<Sheet>(sql, caller, CHECK, id, SHEET);
  assertParty(caller, s.owner);
  return s;
}

type Counted = { lineId: string; countQty: number | null; memo?: string | null };

/** Writes counted quantities (and memos) of a counting sheet's lines, set-based. */
async function applyCounts(sql: Sql, sheet: Sheet, counts: Counted[], me: string): Promise<void> {
  if (!counts.length) return;
  await sql.query(
    `UPDATE new_srv_stockcheckdetail l SET new_countqty = d.n, new_memo = CASE WHEN d.setmemo THEN d.memo ELSE l.new_memo END,
            new_variance = CASE WHEN d.n IS NULL THEN NULL ELSE d.n - l.new_bookqty END, modifiedon = now(), modifiedby = $6::uuid
       FROM unnest($1::uuid[], $2::int[], $3::boolean[], $4::text[]) AS d(id, n, setmemo, memo)
      WHERE l.new_srv_stockcheckdetailid = d.id AND l.new_stockcheck_id = $5::uuid`,
    [
      counts.map((c) => c.lineId),
      counts.map((c) => c.countQty),
      counts.map((c) => c.memo !== undefined),
      counts.map((c) => c.memo ?? null),
      sheet.id,
      me,
    ],
  );
  await refreshCounts(sql, [sheet.id]);
}

/** Counted quantities of lines of a sheet that is still counting (null clears a count). */
export async function setCounts(sql: Sql, caller: Caller, id: string, input: CountLinesRequest, lang: Lang): Promise<PartsCommandResult> {
  const sheet = await sheetFor(sql, caller, id, 'stock.write');
  if (sheet.state !== stockCheckState.counting) throw refuse('stock.countNotOpen');
  const { rows } = await sql.query<{ id: string }>(
    `SELECT new_srv_stockcheckdetailid AS id FROM new_srv_stockcheckdetail WHERE new_stockcheck_id = $1::uuid`,
    [sheet.id],
  );
  const mine = new Set(rows.map((r) => r.id));
  const label = fieldLabel(LINE.logicalName, 'new_countqty', lang);
  const counts: Counted[] = (input.lines ?? []).map((x) => {
    const lineId = normGuid(x.lineId) ?? '';
    if (!mine.has(lineId)) throw new AppError(404, 'wo.lineNotFound');
    const countQty =
      x.countQty === null || x.countQty === undefined ? null : checkQty(x.countQty, label, `lines.${lineId}`, { zero: true });
    return { lineId, countQty, ...(x.memo !== undefined ? { memo: memoOf(x.memo, lang, `lines.${lineId}`) } : {}) };
  });
  await applyCounts(sql, sheet, counts, caller.principal.userId);
  return answer(sheet.id, 'parts.saved', lang);
}

/** Rows read from an Excel file: part number, counted quantity and memo, with the file's row number. */
export interface CountRow {
  row: number;
  code: string;
  qty: unknown;
  memo: string | null;
}

export interface RowError {
  row: number;
  field: string;
  message: string;
}

/**
 * An Excel import into a counting sheet: every row checked (part on the sheet, once, quantity an
 * integer 0–99999), every error listed at once; nothing is written unless all rows are right.
 */
export async function importCounts(
  sql: Sql,
  caller: Caller,
  id: string,
  rows: CountRow[],
  lang: Lang,
): Promise<{ sheet: PartsCommandResult; errors: RowError[]; imported: number }> {
  const sheet = await sheetFor(sql, caller, id, 'stock.write');
  if (sheet.state !== stockCheckState.counting) throw refuse('stock.countNotOpen');
  const { rows: lines } = await sql.query<{ id: string; code: string }>(
    `SELECT new_srv_stockcheckdetailid AS id, new_code AS code FROM new_srv_stockcheckdetail WHERE new_stockcheck_id = $1::uuid`,
    [sheet.id],
  );
  const byCode = new Map(lines.map((l) => [l.code.trim().toUpperCase(), l.id]));
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  const counts: Counted[] = [];
  const codeLabel = fieldLabel(LINE.logicalName, 'new_code', lang);
  const qtyLabel = fieldLabel(LINE.logicalName, 'new_countqty', lang);
  for (const r of rows) {
    const code = r.code.trim().toUpperCase();
    const lineId = byCode.get(code);
    if (!lineId)
      errors.push({ row: r.row, field: codeLabel, message: msgOf('stock.importRowPart', lang, { row: r.row, code: r.code.slice(0, 60) }) });
    else if (seen.has(code))
      errors.push({
        row: r.row,
        field: codeLabel,
        message: msgOf('stock.importRowDuplicate', lang, { row: r.row, code: r.code.slice(0, 60) }),
      });
    seen.set(code, r.row);
    const digits = unsafeNumber(r.qty) ? null : parseInteger(r.qty);
    const n = digits !== null && !digits.startsWith('-') && digits.length <= 5 ? Number(digits) : NaN;
    if (Number.isNaN(n)) errors.push({ row: r.row, field: qtyLabel, message: msgOf('stock.importRowQty', lang, { row: r.row }) });
    else if (r.memo && [...r.memo].length > MEMO_MAX)
      errors.push({
        row: r.row,
        field: fieldLabel(LINE.logicalName, 'new_memo', lang),
        message: msgOf('parts.reasonTooLong', lang, { field: fieldLabel(LINE.logicalName, 'new_memo', lang) }),
      });
    if (lineId && Number.isInteger(n)) counts.push({ lineId, countQty: n, ...(r.memo ? { memo: r.memo } : {}) });
  }
  if (errors.length) return { sheet: answer(sheet.id, 'parts.saved', lang), errors, imported: 0 };
  await applyCounts(sql, sheet, counts, caller.principal.userId);
  return { sheet: answer(sheet.id, 'parts.saved', lang), errors: [], imported: counts.length };
}

/** Counting → submitted: every line counted. */
export async function submitCount(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<PartsCommandResult> {
  const sheet = await sheetFor(sql, caller, id, 'stock.write');
  if (sheet.state !== stockCheckState.counting) throw refuse('stock.countNotOpen');
  const {
    rows: [x],
  } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM new_srv_stockcheckdetail WHERE new_stockcheck_id = $1::uuid AND new_countqty IS NULL`,
    [sheet.id],
  );
  if (x.n) throw refuse('stock.countIncomplete', { count: x.n });
  await sql.query(
    `UPDATE new_srv_stockcheck SET new_state = $2, new_submittime = now(), modifiedon = now(), modifiedby = $3::uuid WHERE new_srv_stockcheckid = $1::uuid`,
    [sheet.id, stockCheckState.submitted, caller.principal.userId],
  );
  return answer(sheet.id, 'parts.submitted', lang);
}

/**
 * Submitted → confirmed (stock.adjust): under the balance rows' lock, each line's book quantity is
 * what is on hand now and its variance (counted − on hand) is posted as a storage adjustment; a
 * count below what is reserved is refused with the part and the frozen quantity.
 */
export async function confirmCount(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<PartsCommandResult> {
  const sheet = await sheetFor(sql, caller, id, 'stock.adjust');
  if (sheet.state !== stockCheckState.submitted) throw refuse('stock.countNotSubmitted');
  // Lock the balances in the ledger's order, then read them with the counts.
  await sql.query(
    `SELECT 1 FROM new_srv_siteinv s WHERE s.new_warehouse_id = $1::uuid
        AND s.new_product_id IN (SELECT new_product_id FROM new_srv_stockcheckdetail WHERE new_stockcheck_id = $2::uuid)
      ORDER BY s.new_warehouse_id, s.new_product_id FOR UPDATE`,
    [sheet.warehouse, sheet.id],
  );
  const { rows: lines } = await sql.query<{ id: string; product: string; name: string; counted: number; quantity: number; frozen: number }>(
    `SELECT l.new_srv_stockcheckdetailid AS id, l.new_product_id AS product, l.new_name AS name, l.new_countqty AS counted,
            COALESCE(s.new_quantity, 0) AS quantity, COALESCE(s.new_frozen, 0) AS frozen
       FROM new_srv_stockcheckdetail l LEFT JOIN new_srv_siteinv s ON s.new_warehouse_id = $2::uuid AND s.new_product_id = l.new_product_id
      WHERE l.new_stockcheck_id = $1::uuid`,
    [sheet.id, sheet.warehouse],
  );
  const short = lines.find((l) => Number(l.counted) < Number(l.frozen));
  if (short) throw refuse('stock.belowFrozen', { part: short.name, frozen: short.frozen });
  await postMoves(
    sql,
    caller.principal.userId,
    lines
      .filter((l) => Number(l.counted) !== Number(l.quantity))
      .map((l) => ({
        warehouseId: sheet.warehouse,
        productId: l.product,
        qty: Number(l.counted) - Number(l.quantity),
        usage: stockUsage.adjustment,
        docType: stockDocumentType.count,
        docId: sheet.id,
        docName: sheet.name,
        lineId: l.id,
        key: `pd:${sheet.id}:${l.id}`,
      })),
  );
  await sql.query(
    `UPDATE new_srv_stockcheckdetail l SET new_bookqty = d.q, new_variance = l.new_countqty - d.q, modifiedon = now()
       FROM unnest($1::uuid[], $2::int[]) AS d(id, q) WHERE l.new_srv_stockcheckdetailid = d.id`,
    [lines.map((l) => l.id), lines.map((l) => Number(l.quantity))],
  );
  await sql.query(
    `UPDATE new_srv_stockcheck SET new_state = $2, new_confirmtime = now(), new_confirmedby_id = $3::uuid, modifiedon = now(), modifiedby = $3::uuid
      WHERE new_srv_stockcheckid = $1::uuid`,
    [sheet.id, stockCheckState.confirmed, caller.principal.userId],
  );
  await refreshCounts(sql, [sheet.id]);
  if (sheet.task) await refreshTask(sql, sheet.task);
  return answer(sheet.id, 'parts.confirmed', lang);
}

/** Counting or submitted → cancelled; a task's sheet only by whoever releases tasks. */
export async function cancelCount(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<PartsCommandResult> {
  const sheet = await sheetFor(sql, caller, id, 'stock.write');
  if (sheet.state !== stockCheckState.counting && sheet.state !== stockCheckState.submitted) throw refuse('stock.countNotOpen');
  if (sheet.source === stockCheckSource.task) assertMay(caller, 'invtask.manage');
  await sql.query(
    `UPDATE new_srv_stockcheck SET new_state = $2, modifiedon = now(), modifiedby = $3::uuid WHERE new_srv_stockcheckid = $1::uuid`,
    [sheet.id, stockCheckState.cancelled, caller.principal.userId],
  );
  if (sheet.task) await refreshTask(sql, sheet.task);
  return answer(sheet.id, 'parts.cancelled', lang);
}

/** A task is completed when none of its sheets is open any more. */
async function refreshTask(sql: Sql, task: string): Promise<void> {
  await sql.query(
    `UPDATE new_srv_invtask t SET new_donecount = x.done, new_state = CASE WHEN x.open = 0 THEN $2::int ELSE $3::int END, modifiedon = now()
       FROM (SELECT count(*) FILTER (WHERE new_state = $4::int)::int AS done, count(*) FILTER (WHERE new_state IN ($5::int, $6::int))::int AS open
               FROM new_srv_stockcheck WHERE new_invtask_id = $1::uuid) x
      WHERE t.new_srv_invtaskid = $1::uuid AND t.new_state <> $7::int`,
    [
      task,
      invTaskState.completed,
      invTaskState.inProgress,
      stockCheckState.confirmed,
      stockCheckState.counting,
      stockCheckState.submitted,
      invTaskState.cancelled,
    ],
  );
}

/** Each station of a released task is told (its users who count: stock.write) which sheet to count by when. */
async function tellStations(sql: Sql, me: string, sheetIds: string[], subject: string, deadline: string): Promise<void> {
  const { rows } = await sql.query<{ id: string; name: string; station: string | null }>(
    'SELECT new_srv_stockcheckid AS id, new_name AS name, new_station_id AS station FROM new_srv_stockcheck WHERE new_srv_stockcheckid = ANY($1::uuid[])',
    [sheetIds],
  );
  for (const r of rows) {
    if (!r.station) continue;
    await notify(
      sql,
      me,
      { station: r.station, privilege: 'stock.write' },
      {
        kind: 'parts',
        key: 'message.text.countTask',
        params: { subject, deadline, name: r.name },
        entity: CHECK.logicalName,
        recordId: r.id,
      },
    );
  }
}

/**
 * An inventory task (invtask.manage): a subject, a deadline not before today, and one sheet per
 * chosen station in the station's warehouse (refused for a station without one).
 */
export async function createTask(
  sql: Sql,
  caller: Caller,
  input: AsSent<CreateTaskRequest, 'deadline'>,
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, 'invtask.manage');
  const subject = typeof input.subject === 'string' ? input.subject.trim() : '';
  if (!subject) throw refuse('records.required', { field: fieldLabel('new_srv_invtask', 'new_subject', lang) }, 'subject');
  if (subject.length > 100) throw refuse('parts.reasonTooLong', { field: fieldLabel('new_srv_invtask', 'new_subject', lang) }, 'subject');
  const deadline = requiredDate(input.deadline, fieldLabel('new_srv_invtask', 'new_deadline', lang), 'deadline');
  if (deadline < chinaDate()) throw refuse('stock.deadlinePast', undefined, 'deadline');
  const ids = [...new Set((input.stationIds ?? []).map((x) => normGuid(x)).filter((x): x is string => !!x))];
  if (!ids.length) throw refuse('stock.stationsRequired', undefined, 'stationIds');
  const station = getEntity('new_srv_station')!;
  const p = new Params();
  const { rows: visible } = await sql.query<{ id: string }>(
    `SELECT t.new_srv_stationid AS id FROM new_srv_station t WHERE t.new_srv_stationid = ANY(${p.add(ids, 'uuid[]')}) AND ${p.scope(station, caller, 't')}`,
    p.values,
  );
  if (visible.length !== ids.length) throw refuse('records.lookupNotVisible', { field: station.label[lang] }, 'stationIds');
  const warehouses: Warehouse[] = [];
  for (const s of ids) warehouses.push(await stationWarehouse(sql, s));
  const me = caller.principal.userId;
  const [name] = await nextDocumentNumbers(sql, 'new_srv_invtask', `RW${today()}`, 1);
  const memo = memoOf(input.memo, lang);
  const {
    rows: [task],
  } = await sql.query<{ id: string }>(
    `INSERT INTO new_srv_invtask (new_name, new_subject, new_deadline, new_state, new_stationcount, new_donecount, new_memo, ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2, $3::date, $4, $5, 0, $6, $7::uuid, $8::uuid, $7::uuid, $7::uuid) RETURNING new_srv_invtaskid AS id`,
    [name, subject, deadline, invTaskState.inProgress, warehouses.length, memo, me, caller.principal.businessUnitId],
  );
  // The sheet's own memo is the station's; the task's subject and note travel in their own fields.
  const sheets = await openSheets(sql, me, warehouses, {
    source: stockCheckSource.task,
    task: task.id,
    deadline,
    checkDate: null,
    memo: null,
    subject,
    note: memo,
  });
  await tellStations(sql, me, sheets, subject, deadline);
  return answer(task.id, 'parts.created', lang);
}
