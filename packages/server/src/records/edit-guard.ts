import { FIELD_REFUSAL_KEY, fieldRefusal, msg, rowLock, stateOf, stateRuleOf, type EntityDef, type Lang } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { AppError } from '../http/errors.ts';
import type { Caller } from './scope.ts';
import { q } from './sql.ts';
import { normGuid, type FieldError } from './validate.ts';

/*
 * The model's edit rules (model edit-rules.ts) on the generic record service's writes: a row
 * changes only in the states its entity allows, a field only for the callers and states its
 * grants name (issue 23). Commands do not come through here; they own what they write.
 */

type DocumentRow = Record<string, unknown> | null;

/** The columns of the document's row that its rule reads (state and closing flag). */
function stateColumns(d: EntityDef, alias: string): string {
  const s = stateRuleOf(d)!;
  const cols = [s.rule.field, ...(s.rule.closedBy ? [s.rule.closedBy] : [])];
  return cols.map((c) => `${alias}.${q(c)} AS ${q(c)}`).join(', ');
}

/**
 * The state-deciding row of a stored record (itself, or its document through the line's parent
 * lookup, share-locked so the document cannot be submitted while a line changes); undefined when
 * the entity has no edit rule.
 */
async function storedDocumentRow(sql: Sql, e: EntityDef, id: string): Promise<DocumentRow | undefined> {
  const s = stateRuleOf(e);
  if (!s) return undefined;
  if (!s.via) {
    const { rows } = await sql.query(`SELECT ${stateColumns(e, 't')} FROM ${q(e.logicalName)} t WHERE t.${q(e.primaryKey)} = $1::uuid`, [
      id,
    ]);
    return rows[0] ?? null;
  }
  const d = s.document;
  const { rows } = await sql.query(
    `SELECT ${stateColumns(d, 'd')} FROM ${q(e.logicalName)} l JOIN ${q(d.logicalName)} d ON d.${q(d.primaryKey)} = l.${q(s.via)}
      WHERE l.${q(e.primaryKey)} = $1::uuid FOR SHARE OF d`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Refuses (400, the rule's message) an update or delete of a row its edit rule does not allow in
 * its (document's) current state; answers that state (null without a rule) for the field checks.
 */
export async function assertRowEditable(sql: Sql, e: EntityDef, id: string, op: 'update' | 'delete'): Promise<number | null> {
  const row = await storedDocumentRow(sql, e, id);
  if (row === undefined) return null;
  const lock = rowLock(e, row, op);
  if (lock) throw new AppError(400, lock);
  return stateOf(stateRuleOf(e)!.rule, row);
}

/** Field errors for the given values the caller may not write in `state` (null: no rule). */
export function fieldErrors(e: EntityDef, values: Record<string, unknown>, state: number | null, caller: Caller, lang: Lang): FieldError[] {
  const can = (p: string) => caller.principal.privileges.has(p);
  const errors: FieldError[] = [];
  for (const name of Object.keys(values)) {
    const why = fieldRefusal(e, name, state, can);
    if (why)
      errors.push({
        field: name,
        message: msg(FIELD_REFUSAL_KEY[why], lang, { field: e.allFields[name]?.label[lang] ?? name.slice(0, 100) }),
      });
  }
  return errors;
}

/**
 * New rows: each is in its rule's initial state (the field grants are checked for it), and a line
 * may be added only while the document its parent lookup names may be edited (one query for all
 * the rows' documents; an unknown or invisible document is the lookup check's business).
 */
export async function newRowErrors(
  sql: Sql,
  e: EntityDef,
  rows: Record<string, unknown>[],
  caller: Caller,
  lang: Lang,
  rowLabel: (i: number) => string | null,
): Promise<FieldError[]> {
  const s = stateRuleOf(e);
  const errors: FieldError[] = [];
  const prefix = (i: number, m: string) => (rowLabel(i) === null ? m : msg('records.rowPrefix', lang, { row: rowLabel(i)!, message: m }));
  if (!s?.via) {
    const state = s ? s.rule.initial : null;
    rows.forEach((r, i) => errors.push(...fieldErrors(e, r, state, caller, lang).map((x) => ({ ...x, message: prefix(i, x.message) }))));
    return errors;
  }
  const d = s.document;
  const ids = [...new Set(rows.map((r) => normGuid(r[s.via!])).filter((v): v is string => !!v))];
  const { rows: docs } = ids.length
    ? await sql.query<Record<string, unknown> & { id: string }>(
        `SELECT d.${q(d.primaryKey)} AS id, ${stateColumns(d, 'd')} FROM ${q(d.logicalName)} d WHERE d.${q(d.primaryKey)} = ANY($1::uuid[]) FOR SHARE OF d`,
        [ids],
      )
    : { rows: [] };
  const byId = new Map(docs.map((r) => [r.id, r]));
  rows.forEach((r, i) => {
    const doc = byId.get(normGuid(r[s.via!]) ?? '');
    if (!doc) return;
    const lock = rowLock(e, doc, 'update');
    if (lock) {
      errors.push({ field: s.via!, message: prefix(i, msg(lock, lang)) });
      return;
    }
    errors.push(...fieldErrors(e, r, stateOf(s.rule, doc), caller, lang).map((x) => ({ ...x, message: prefix(i, x.message) })));
  });
  return errors;
}
