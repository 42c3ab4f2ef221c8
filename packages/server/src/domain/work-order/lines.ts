import {
  EDITABLE_STATUSES,
  getEntity,
  LINE_ENTITIES,
  msg,
  WORK_ORDER_COMMAND_PRIVILEGES,
  workOrderStatus,
  type CommandResult,
  type EntityDef,
  type Lang,
  type LineKind,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { returnLineParts, syncOrderParts } from '../stock/work-order-parts.ts';
import { assertPartLineFitsReturns } from '../parts-return/held-part-lines.ts';
import { notFound } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { CAST, kindOf, Params, q } from '../../records/sql.ts';
import { normGuid, validateValues, type FieldError } from '../../records/validate.ts';
import { ValidationFailed } from '../../records/write.ts';
import { refuse, WorkOrderRefusal } from './errors.ts';
import { ACTION, appendLog } from './log.ts';
import { assertMay, lockOrder, result, type OrderRow } from './order.ts';
import { recomputeCosts } from './totals.ts';

/** Details may change while the order is open or completed (not cancelled, not yet audited). */
const LINE_STATUSES = EDITABLE_STATUSES;

/** How a line's amount follows from its values (repair items: hours × rate; parts: quantity × price). */
const AMOUNT: Partial<Record<LineKind, string>> = {
  repairitems: 'round(new_hours * new_price, 2)',
  partlines: 'round(new_qty * new_price, 2)',
};

export type LineResult = CommandResult & { lineId: string };

function lineEntity(kind: string): { kind: LineKind; e: EntityDef } {
  const name = Object.hasOwn(LINE_ENTITIES, kind) ? LINE_ENTITIES[kind as LineKind] : undefined;
  const e = name && getEntity(name);
  if (!e) throw notFound('error.notFound');
  return { kind: kind as LineKind, e };
}

async function openOrder(sql: Sql, caller: Caller, id: string): Promise<OrderRow> {
  assertMay(caller, ...WORK_ORDER_COMMAND_PRIVILEGES.lines);
  const o = await lockOrder(sql, caller, id);
  if (!LINE_STATUSES.includes(o.status)) throw refuse('wo.linesLocked');
  return o;
}

/** A part's name and catalogue price, if the caller can see the product. */
async function product(sql: Sql, caller: Caller, raw: unknown): Promise<{ name: string; price: string } | null> {
  const id = normGuid(raw);
  if (!id) return null;
  const e = getEntity('product')!;
  const p = new Params();
  const { rows } = await sql.query<{ name: string; price: string | null }>(
    `SELECT t.name, t.price::text AS price FROM product t WHERE t.productid = ${p.add(id, 'uuid')} AND ${p.scope(e, caller, 't')}`,
    p.values,
  );
  return rows[0] ? { name: rows[0].name, price: rows[0].price ?? '0' } : null;
}

/** Every lookup value must be a row of its target the caller can see (the record service's rule). */
async function checkLookups(sql: Sql, e: EntityDef, caller: Caller, values: Record<string, unknown>, lang: Lang): Promise<void> {
  const errors: FieldError[] = [];
  for (const [name, v] of Object.entries(values)) {
    const f = e.allFields[name];
    if (f?.type !== 'lookup' || typeof v !== 'string') continue;
    const target = getEntity(f.target);
    const p = new Params();
    const seen = target
      ? (
          await sql.query(
            `SELECT 1 FROM ${q(target.logicalName)} t WHERE t.${q(target.primaryKey)} = ${p.add(v, 'uuid')} AND ${p.scope(target, caller, 't')} FOR KEY SHARE OF t`,
            p.values,
          )
        ).rowCount
      : 0;
    if (!seen) errors.push({ field: name, message: msg('records.lookupNotVisible', lang, { field: f.label[lang] }) });
  }
  if (errors.length) throw new ValidationFailed(errors, lang);
}

/** An outside trip's engineer must be one of the order's station (a head-office caller sees all). */
async function checkWorkerStation(sql: Sql, e: EntityDef, values: Record<string, unknown>, o: OrderRow, lang: Lang): Promise<void> {
  const w = values.new_worker_id;
  if (typeof w !== 'string' || !e.allFields.new_worker_id) return;
  const { rowCount } = await sql.query('SELECT 1 FROM new_srv_worker WHERE new_srv_workerid = $1::uuid AND new_station_id = $2::uuid', [
    w,
    o.stationId,
  ]);
  if (!rowCount) throw new ValidationFailed([{ field: 'new_worker_id', message: msg('wo.workerNotOfStation', lang) }], lang);
}

function validated(e: EntityDef, input: Record<string, unknown>, mode: 'create' | 'update', lang: Lang): Record<string, unknown> {
  const v = validateValues(e, input, mode, lang);
  if (v.errors.length) throw new ValidationFailed(v.errors, lang);
  return v.values;
}

/** The order's history records each detail change: which kind, which line, by whom (the log's createdby). */
async function logLine(
  sql: Sql,
  caller: Caller,
  e: EntityDef,
  lineId: string,
  o: OrderRow,
  key: 'wo.log.lineAdded' | 'wo.log.lineChanged' | 'wo.log.lineDeleted',
): Promise<void> {
  const { rows } = await sql.query<{ name: string | null }>(
    `SELECT new_name AS name FROM ${q(e.logicalName)} WHERE ${q(e.primaryKey)} = $1::uuid`,
    [lineId],
  );
  const summary = msg(key, 'zh-CN', { kind: e.label['zh-CN'], name: rows[0]?.name ?? '' });
  await appendLog(sql, caller.principal.userId, {
    orderId: o.id,
    stationId: o.stationId,
    unitId: o.unitId,
    action: ACTION.lines,
    from: o.status,
    to: o.status,
    summary,
  });
}

async function finish(
  sql: Sql,
  caller: Caller,
  e: EntityDef,
  kind: LineKind,
  lineId: string,
  o: OrderRow,
  key: 'wo.log.lineAdded' | 'wo.log.lineChanged',
): Promise<void> {
  const amount = AMOUNT[kind];
  if (amount) await sql.query(`UPDATE ${q(e.logicalName)} SET new_amount = ${amount} WHERE ${q(e.primaryKey)} = $1::uuid`, [lineId]);
  await recomputeCosts(sql, [o.id]);
  if (kind === 'partlines') await syncOrderParts(sql, caller.principal.userId, o);
  await logLine(sql, caller, e, lineId, o, key);
}

/**
 * Adds a detail line to the order. The body holds the detail's writable fields (validated as a
 * generic create); the server sets the order, its station and owning unit, a part line's name and
 * (when omitted) its catalogue price, and the amount; then the order's costs are recomputed.
 */
export async function addLine(
  sql: Sql,
  caller: Caller,
  id: string,
  kindName: string,
  input: Record<string, unknown>,
  lang: Lang,
): Promise<LineResult> {
  const { kind, e } = lineEntity(kindName);
  const o = await openOrder(sql, caller, id);
  const body = { ...input };
  const part = kind === 'partlines' ? await product(sql, caller, body.new_product_id) : null;
  if (part && (body.new_price === undefined || body.new_price === null || body.new_price === '')) body.new_price = part.price;
  const values = validated(e, body, 'create', lang);
  await checkLookups(sql, e, caller, values, lang);
  await checkWorkerStation(sql, e, values, o, lang);
  if (part) values.new_name = part.name;
  const me = caller.principal.userId;
  const p = new Params();
  const cols = ['new_workorder_id', 'new_station_id', 'owningbusinessunit', 'ownerid', 'createdby', 'modifiedby'];
  const vals = [
    p.add(o.id, 'uuid'),
    p.add(o.stationId, 'uuid'),
    p.add(o.unitId, 'uuid'),
    p.add(me, 'uuid'),
    p.add(me, 'uuid'),
    p.add(me, 'uuid'),
  ];
  for (const [name, v] of Object.entries(values)) {
    cols.push(q(name));
    vals.push(p.add(v, CAST[kindOf(e, name)]));
  }
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO ${q(e.logicalName)} (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING ${q(e.primaryKey)} AS id`,
    p.values,
  );
  await finish(sql, caller, e, kind, rows[0].id, o, 'wo.log.lineAdded');
  return { ...result(o, o.status, o.dealstatus, 'wo.added', lang), lineId: rows[0].id };
}

/** The line of this order, locked; 404 when it is not one of the order's lines. */
async function lockLine(sql: Sql, e: EntityDef, o: OrderRow, lineId: string): Promise<string> {
  const id = normGuid(lineId);
  const { rows } = id
    ? await sql.query<{ id: string }>(
        `SELECT ${q(e.primaryKey)} AS id FROM ${q(e.logicalName)} WHERE ${q(e.primaryKey)} = $1::uuid AND new_workorder_id = $2::uuid FOR UPDATE`,
        [id, o.id],
      )
    : { rows: [] };
  if (!rows[0]) throw new WorkOrderRefusal('wo.lineNotFound', undefined, undefined, 404);
  return rows[0].id;
}

/** Changes a detail line (fields validated as a generic update); a new part brings its name and, unless given, its price. */
export async function updateLine(
  sql: Sql,
  caller: Caller,
  id: string,
  kindName: string,
  lineId: string,
  input: Record<string, unknown>,
  lang: Lang,
): Promise<LineResult> {
  const { kind, e } = lineEntity(kindName);
  const o = await openOrder(sql, caller, id);
  const lid = await lockLine(sql, e, o, lineId);
  const body = { ...input };
  const part = kind === 'partlines' && 'new_product_id' in body ? await product(sql, caller, body.new_product_id) : null;
  if (part && !('new_price' in body)) body.new_price = part.price;
  const values = validated(e, body, 'update', lang);
  await checkLookups(sql, e, caller, values, lang);
  await checkWorkerStation(sql, e, values, o, lang);
  if (part) values.new_name = part.name;
  if (kind === 'partlines')
    await assertPartLineFitsReturns(sql, lid, {
      qty: values.new_qty as number | undefined,
      product: values.new_product_id as string | undefined,
    });
  const p = new Params();
  const sets = Object.entries(values).map(([name, v]) => `${q(name)} = ${p.add(v ?? null, CAST[kindOf(e, name)])}`);
  sets.push('modifiedon = now()', `modifiedby = ${p.add(caller.principal.userId, 'uuid')}`);
  await sql.query(`UPDATE ${q(e.logicalName)} SET ${sets.join(', ')} WHERE ${q(e.primaryKey)} = ${p.add(lid, 'uuid')}`, p.values);
  await finish(sql, caller, e, kind, lid, o, 'wo.log.lineChanged');
  return { ...result(o, o.status, o.dealstatus, 'wo.saved', lang), lineId: lid };
}

export async function deleteLine(sql: Sql, caller: Caller, id: string, kindName: string, lineId: string, lang: Lang): Promise<LineResult> {
  const { e } = lineEntity(kindName);
  const o = await openOrder(sql, caller, id);
  const lid = await lockLine(sql, e, o, lineId);
  if (e.logicalName === 'new_srv_partline') await assertPartLineFitsReturns(sql, lid, { delete: true });
  await logLine(sql, caller, e, lid, o, 'wo.log.lineDeleted');
  if (e.logicalName === 'new_srv_partline' && o.status === workOrderStatus.completed)
    await returnLineParts(sql, caller.principal.userId, o, lid);
  await sql.query(`DELETE FROM ${q(e.logicalName)} WHERE ${q(e.primaryKey)} = $1::uuid`, [lid]);
  await recomputeCosts(sql, [o.id]);
  return { ...result(o, o.status, o.dealstatus, 'wo.deleted', lang), lineId: lid };
}
