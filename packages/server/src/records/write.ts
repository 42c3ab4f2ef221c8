import { randomUUID } from 'node:crypto';
import { ENTITIES, getEntity, isClientField, msg, stateRuleOf, userType, type EntityDef, type Lang, type LookupField } from '@portal/model';
import type { Principal } from '../auth/principal.ts';
import type { Sql } from '../db/db.ts';
import { AppError, badRequest, forbidden, refuse } from '../http/errors.ts';
import { recordNotFound } from './access.ts';
import { businessUnitSubtree, type Caller } from './scope.ts';
import { forgetCachedUsers } from '../auth/principal.ts';
import { CAST, kindOf, Params, q } from './sql.ts';
import { checkName, uniqueIndexName } from '../db/schema.ts';
import { normGuid, stationField, type FieldError } from './validate.ts';
import { assertRowEditable, fieldErrors, newRowErrors } from './edit-guard.ts';
import { deleteDocumentLines } from '../documents/lines.ts';
import { removeAttachmentRows } from '../files/attachments.ts';
import { refreshSums, summingDocuments } from '../documents/totals.ts';

/** At most this many field errors are joined into the Message; Data carries all of them. */
const MESSAGE_ERRORS = 20;

/**
 * A 400 with every field error: Message joins them (in the caller's language), `errors` keeps
 * them one by one. The record routes answer `Data: { errors }`; elsewhere the app's error
 * handler renders the joined Message.
 */
export class ValidationFailed extends AppError {
  constructor(
    readonly errors: FieldError[],
    lang: Lang,
  ) {
    const sep = lang === 'zh-CN' ? '；' : '; ';
    const shown = errors.slice(0, MESSAGE_ERRORS).map((e) => e.message);
    if (errors.length > MESSAGE_ERRORS) shown.push('…');
    super(400, 'records.validationFailed', { detail: shown.join(sep) });
  }
}

const CHUNK = 1000;

/**
 * Values the server sets on new rows of an entity (readOnly fields such as document numbers),
 * one object per row, given the validated rows (so a default may follow what a row brings);
 * registered by the entity's domain module.
 */
export const serverDefaults = new Map<
  string,
  (sql: Sql, rows: readonly Record<string, unknown>[], caller: Caller, lang: Lang) => Promise<Record<string, unknown>[]>
>();

/**
 * Business rules of an entity's domain module that the generic writes must respect, run inside the
 * write's transaction after the row is locked: `guard` refuses an update or delete the document's
 * state does not allow (throw an AppError); `after` keeps derived values (totals) of written rows.
 */
export interface WriteHooks {
  guard?: (sql: Sql, id: string, op: 'update' | 'delete', values: Record<string, unknown>, caller: Caller, lang: Lang) => Promise<void>;
  /** After the write, in its transaction (a refusal here undoes it; `lang` is the caller's, for its message). */
  after?: (sql: Sql, ids: string[], op: 'create' | 'update', lang: Lang) => Promise<void>;
}
export const writeHooks = new Map<string, WriteHooks>();

/**
 * Entities whose rows are new business of their station (registered by domain/station-active.ts):
 * the check refuses stations that may take none (exited), on create and when a row changes station.
 */
export const activeStationChecks = new Map<string, (sql: Sql, stationIds: unknown[], field: string) => Promise<void>>();

/** The station's business unit: the column station rows carry (see the station entity). */
const STATION_UNIT_FIELD = 'new_businessunit_id';

/** For businessUnit-scoped entities whose scope field is a unit lookup, that field decides the owning unit. */
function unitField(e: EntityDef): string | null {
  if (e.scope.kind !== 'businessUnit') return null;
  const f = e.allFields[e.scope.field];
  return e.scope.field !== 'owningbusinessunit' && f?.type === 'lookup' && f.target === 'businessunit' ? e.scope.field : null;
}

/** Visible rows among `ids` of `target` for the caller, key-share locked so a concurrent delete waits. */
async function visibleIds(
  sql: Sql,
  target: EntityDef,
  caller: Caller,
  ids: string[],
  extra?: string,
): Promise<Map<string, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  const p = new Params();
  const pk = q(target.primaryKey);
  const cols = extra ? `, t.${q(extra)} AS extra` : '';
  const { rows } = await sql.query<{ id: string; extra?: string }>(
    `SELECT t.${pk} AS id${cols} FROM ${q(target.logicalName)} t WHERE t.${pk} = ANY(${p.add(ids, 'uuid[]')}) AND ${p.scope(target, caller, 't')} FOR KEY SHARE OF t`,
    p.values,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

interface Ownership {
  owningbusinessunit?: string | null;
}

/**
 * Resolves the station (for station-scoped entities) of each row: defaults it to the caller's
 * station, refuses another station for a station user (403), checks the station is visible and
 * returns its business unit as the row's owning unit. Errors are collected per row.
 */
async function resolveStations(
  sql: Sql,
  e: EntityDef,
  caller: Caller,
  rows: Record<string, unknown>[],
  errors: FieldError[],
  lang: Lang,
  rowLabel: (i: number) => string | null,
  mode: 'create' | 'update',
): Promise<Ownership[]> {
  const sf = stationField(e);
  const own: Ownership[] = rows.map(() => ({}));
  if (!sf) return own;
  const f = e.allFields[sf] as LookupField;
  const target = getEntity(f.target)!;
  const mine = normGuid(caller.principal.stationId);
  // A station user creates for their own station: without one, the spec's "user has no service station".
  if (mode === 'create' && !mine && caller.principal.userType === userType.station) throw refuse('user.noStation', undefined, sf);
  const label = f.label[lang];
  const wanted = new Set<string>();
  rows.forEach((r, i) => {
    if (mode === 'update' && !(sf in r)) return;
    const v = r[sf] == null ? null : normGuid(r[sf]);
    if (v === null && mode === 'create' && mine) {
      r[sf] = mine;
      wanted.add(mine);
    } else if (v === null) {
      r[sf] = null;
      if (f.required) errors.push({ field: sf, message: prefix(rowLabel(i), msg('records.required', lang, { field: label }), lang) });
    } else {
      if (mine && v !== mine) throw forbidden('records.notYourStation');
      r[sf] = v;
      wanted.add(v);
    }
  });
  const seen = await visibleIds(sql, target, caller, [...wanted], target.allFields[STATION_UNIT_FIELD] ? STATION_UNIT_FIELD : undefined);
  rows.forEach((r, i) => {
    const v = r[sf] as string | null | undefined;
    if (!v) return;
    const row = seen.get(v);
    if (!row) {
      errors.push({ field: sf, message: prefix(rowLabel(i), msg('records.lookupNotVisible', lang, { field: label }), lang) });
      return;
    }
    const unit = row.extra as string | null | undefined;
    if (!unit || !caller.subtree.includes(unit)) throw forbidden('records.notYourStation');
    own[i].owningbusinessunit = unit;
  });
  return own;
}

function prefix(label: string | null, message: string, lang: Lang): string {
  return label === null ? message : msg('records.rowPrefix', lang, { row: label, message });
}

/** Every other lookup value must be a row of its target the caller can see: one query per field. */
async function checkLookups(
  sql: Sql,
  e: EntityDef,
  caller: Caller,
  rows: Record<string, unknown>[],
  errors: FieldError[],
  lang: Lang,
  rowLabel: (i: number) => string | null,
): Promise<void> {
  const sf = stationField(e);
  for (const [name, f] of Object.entries(e.allFields)) {
    if (f.type !== 'lookup' || name === sf || !isClientField(e, name)) continue;
    const ids = new Set<string>();
    for (const r of rows) if (typeof r[name] === 'string') ids.add(r[name] as string);
    if (!ids.size) continue;
    const target = getEntity(f.target);
    const seen = target ? await visibleIds(sql, target, caller, [...ids]) : new Map();
    rows.forEach((r, i) => {
      if (typeof r[name] === 'string' && !seen.has(r[name] as string)) {
        errors.push({ field: name, message: prefix(rowLabel(i), msg('records.lookupNotVisible', lang, { field: f.label[lang] }), lang) });
      }
    });
  }
}

/**
 * Unique fields: a value already taken (by another row, or twice in the batch) is an error of
 * its row. One query per unique field; the unique index stays the backstop for races.
 */
async function checkUnique(
  sql: Sql,
  e: EntityDef,
  rows: Record<string, unknown>[],
  errors: FieldError[],
  lang: Lang,
  rowLabel: (i: number) => string | null,
  selfId?: string,
): Promise<void> {
  for (const [name, f] of Object.entries(e.allFields)) {
    if (!f.unique || !isClientField(e, name)) continue;
    const vals = rows.map((r) => r[name]).filter((v) => v !== null && v !== undefined);
    if (!vals.length) continue;
    const p = new Params();
    const self = selfId ? ` AND ${q(e.primaryKey)} <> ${p.add(selfId, 'uuid')}` : '';
    const cast = CAST[kindOf(e, name)];
    const { rows: taken } = await sql.query<{ v: unknown }>(
      `SELECT ${q(name)}::text AS v FROM ${q(e.logicalName)} WHERE ${q(name)} = ANY(${p.add(vals, `${cast}[]`)})${self}`,
      p.values,
    );
    const used = new Set(taken.map((t) => String(t.v)));
    rows.forEach((r, i) => {
      const v = r[name];
      if (v === null || v === undefined) return;
      const key = String(v);
      if (used.has(key))
        errors.push({
          field: name,
          message: prefix(rowLabel(i), msg('records.duplicate', lang, { field: f.label[lang], value: key.slice(0, 100) }), lang),
        });
      used.add(key);
    });
  }
  // Composite keys ending in a text code (a worker's code within its station) get the same message
  // naming the code. Keys of lookups only (one line per part) are checked by their domain modules.
  for (const cols of e.uniques) {
    const last = cols[cols.length - 1];
    const lf = e.allFields[last];
    if (lf?.type !== 'text' || !rows.some((r) => cols.some((c) => c in r))) continue;
    // An update brings only what changes: the rest of the key is the row's own.
    const base = selfId
      ? ((
          await sql.query<Record<string, unknown>>(
            `SELECT ${cols.map((c) => `${q(c)}::text AS ${q(c)}`).join(', ')} FROM ${q(e.logicalName)} WHERE ${q(e.primaryKey)} = $1::uuid`,
            [selfId],
          )
        ).rows[0] ?? {})
      : {};
    const keyOf = (r: Record<string, unknown>) => cols.map((c) => (c in r ? r[c] : base[c]));
    const full = rows.map(keyOf).filter((k) => k.every((v) => v !== null && v !== undefined));
    if (!full.length) continue;
    const p = new Params();
    const arrays = cols.map((c, j) =>
      p.add(
        full.map((k) => k[j]),
        `${CAST[kindOf(e, c)]}[]`,
      ),
    );
    const self = selfId ? ` AND ${q(e.primaryKey)} <> ${p.add(selfId, 'uuid')}` : '';
    const { rows: taken } = await sql.query<{ k: string }>(
      `SELECT concat_ws(chr(31), ${cols.map((c) => `${q(c)}::text`).join(', ')}) AS k FROM ${q(e.logicalName)}
        WHERE (${cols.map(q).join(', ')}) IN (SELECT * FROM unnest(${arrays.join(', ')}))${self}`,
      p.values,
    );
    const used = new Set(taken.map((t) => t.k));
    rows.forEach((r, i) => {
      const k = keyOf(r);
      if (k.some((v) => v === null || v === undefined)) return;
      const key = k.map(String).join('\u001f');
      const code = String(k[k.length - 1]);
      if (used.has(key))
        errors.push({
          field: last,
          message: prefix(rowLabel(i), msg('records.duplicate', lang, { field: lf.label[lang], value: code.slice(0, 100) }), lang),
        });
      used.add(key);
    });
  }
}

/**
 * A unique index refusing a row that raced past checkUnique (or a composite key the hooks did not
 * check), or a row check of the model refusing the values: a 400 naming the field, not a 500.
 */
async function uniqueBackstop<T>(e: EntityDef, lang: Lang, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const pgErr = err as { code?: string; constraint?: string };
    if (pgErr.code === '23514' && Object.keys(e.checks).some((n) => pgErr.constraint === checkName(e, n))) {
      throw new ValidationFailed([{ field: '', message: msg('records.checkFailed', lang, { entity: e.label[lang] }) }], lang);
    }
    if (pgErr.code !== '23505') throw err;
    const composite = e.uniques.find((cols) => pgErr.constraint === uniqueIndexName(e, cols));
    const field =
      composite?.at(-1) ?? Object.keys(e.allFields).find((n) => pgErr.constraint === `ux_${e.logicalName}_${n}`.slice(0, 63)) ?? '';
    const label = e.allFields[field]?.label[lang] ?? field;
    throw new ValidationFailed([{ field, message: msg('records.duplicateField', lang, { field: label }) }], lang);
  }
}

/** Identity data the principal cache holds: writing it clears this instance's cache. */
const IDENTITY = new Set(['systemuser', 'role', 'new_roleprivilege', 'systemuserroles', 'businessunit', 'new_srv_station']);
const touchIdentity = (e: EntityDef) => {
  if (IDENTITY.has(e.logicalName)) forgetCachedUsers();
};

/**
 * Inserts rows already checked by validateValues, set-based: one `INSERT … SELECT FROM unnest(…)`
 * per 1000 rows. Applies the ownership rules — station-scoped rows get their station (the
 * caller's own by default; a station user may not name another: 403) and that station's business
 * unit as owning unit; a unit-scoped row whose scope field names a unit is owned by that unit;
 * every other row by the caller's unit; ownerid, createdby, modifiedby = the caller — and checks
 * every lookup against the caller's scope with one query per lookup field. Lookup errors are
 * reported together, numbered `第 {row} 行：…` from `firstRowNumber` (default 1) when there are
 * several rows. Returns the new ids in row order.
 */
export async function insertRecords(
  sql: Sql,
  e: EntityDef,
  caller: { principal: Principal; subtree: string[] },
  rows: Record<string, unknown>[],
  lang: Lang,
  opts: { firstRowNumber?: number; ids?: readonly string[] } = {},
): Promise<string[]> {
  touchIdentity(e);
  if (!rows.length) return [];
  // Rows made by commands only (model access.notCreatedHere): refused on every way in (form, Excel import).
  if (e.access?.notCreatedHere) throw forbidden(e.access.notCreatedHere);
  const first = opts.firstRowNumber ?? 1;
  const many = rows.length > 1 || opts.firstRowNumber !== undefined;
  const rowLabel = (i: number) => (many ? String(first + i) : null);
  const work = rows.map((r) => ({ ...r }));
  const errors: FieldError[] = await newRowErrors(sql, e, work, caller, lang, rowLabel);
  const own = await resolveStations(sql, e, caller, work, errors, lang, rowLabel, 'create');
  await checkLookups(sql, e, caller, work, errors, lang, rowLabel);
  await checkUnique(sql, e, work, errors, lang, rowLabel);
  if (errors.length) throw new ValidationFailed(errors, lang);
  const sf = stationField(e);
  if (sf)
    await activeStationChecks.get(e.logicalName)?.(
      sql,
      work.map((r) => r[sf]),
      sf,
    );

  const uf = unitField(e);
  const me = caller.principal.userId;
  // `ids`: the caller's own ids (a Web API upsert creates the row under the id it named).
  const ids = work.map((_, i) => opts.ids?.[i] ?? randomUUID());
  const cols = new Set<string>();
  for (const r of work) for (const k of Object.keys(r)) if (isClientField(e, k)) cols.add(k);
  // Server-set values of new rows (document numbers, initial approval status): readOnly fields.
  const defaults = serverDefaults.get(e.logicalName);
  if (defaults) {
    const extra = await defaults(sql, work, caller, lang);
    work.forEach((r, i) => Object.assign(r, extra[i]));
    for (const k of Object.keys(extra[0] ?? {})) if (Object.hasOwn(e.allFields, k)) cols.add(k);
  }
  const fieldCols = [...cols];
  const sys: [string, string, (i: number) => unknown][] = [
    [e.primaryKey, 'uuid', (i) => ids[i]],
    ['createdby', 'uuid', () => me],
    ['modifiedby', 'uuid', () => me],
  ];
  if (!e.noOwner) {
    sys.push(['ownerid', 'uuid', () => me]);
    sys.push(['owningbusinessunit', 'uuid', (i) => own[i].owningbusinessunit ?? (uf && work[i][uf]) ?? caller.principal.businessUnitId]);
  }
  for (let start = 0; start < work.length; start += CHUNK) {
    const end = Math.min(work.length, start + CHUNK);
    const p = new Params();
    const names: string[] = [];
    const arrays: string[] = [];
    for (const [name, cast, get] of sys) {
      names.push(q(name));
      const a: unknown[] = [];
      for (let i = start; i < end; i++) a.push(get(i));
      arrays.push(p.add(a, `${cast}[]`));
    }
    for (const name of fieldCols) {
      names.push(q(name));
      const a: unknown[] = [];
      for (let i = start; i < end; i++) a.push(work[i][name] ?? null);
      arrays.push(p.add(a, `${CAST[kindOf(e, name)]}[]`));
    }
    await uniqueBackstop(e, lang, () =>
      sql.query(`INSERT INTO ${q(e.logicalName)} (${names.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')})`, p.values),
    );
  }
  await writeHooks.get(e.logicalName)?.after?.(sql, ids, 'create', lang);
  await refreshSums(sql, await summingDocuments(sql, e, ids));
  return ids;
}

/** The row inside the caller's scope, locked for the write; 404 when it is not there. */
async function lockVisible(sql: Sql, e: EntityDef, caller: Caller, id: string): Promise<void> {
  const p = new Params();
  const { rowCount } = await sql.query(
    `SELECT 1 FROM ${q(e.logicalName)} t WHERE t.${q(e.primaryKey)} = ${p.add(id, 'uuid')} AND ${p.scope(e, caller, 't')} FOR UPDATE OF t`,
    p.values,
  );
  if (!rowCount) throw recordNotFound();
}

/**
 * Updates one row the caller can see (else 404) with values checked by validateValues ('update').
 * Station and unit rules as on create: a new station must be visible and in the caller's subtree,
 * a station user cannot move a row to another station; the owning unit follows. modifiedon and
 * modifiedby are maintained.
 */
export async function updateRecord(
  sql: Sql,
  e: EntityDef,
  caller: Caller,
  id: string,
  values: Record<string, unknown>,
  lang: Lang,
): Promise<string> {
  touchIdentity(e);
  const gid = normGuid(id);
  if (!gid) throw recordNotFound();
  await lockVisible(sql, e, caller, gid);
  const state = await assertRowEditable(sql, e, gid, 'update');
  const before = await summingDocuments(sql, e, [gid]);
  // A line moved to another document lands there: that document must take lines, in its state.
  const via = stateRuleOf(e)?.via;
  const errors: FieldError[] =
    via && via in values ? await newRowErrors(sql, e, [values], caller, lang, () => null) : fieldErrors(e, values, state, caller, lang);
  if (errors.length) throw new ValidationFailed(errors, lang);
  await writeHooks.get(e.logicalName)?.guard?.(sql, gid, 'update', values, caller, lang);
  const work = { ...values };
  const own = await resolveStations(sql, e, caller, [work], errors, lang, () => null, 'update');
  await checkLookups(sql, e, caller, [work], errors, lang, () => null);
  await checkUnique(sql, e, [work], errors, lang, () => null, gid);
  if (errors.length) throw new ValidationFailed(errors, lang);
  const sf = stationField(e);
  if (sf && sf in work) await activeStationChecks.get(e.logicalName)?.(sql, [work[sf]], sf);
  if (e.logicalName === 'businessunit' && typeof work.parentbusinessunitid === 'string') {
    // The unit tree must stay a tree: scopes are computed by walking it.
    if ((await businessUnitSubtree(sql, gid)).includes(work.parentbusinessunitid)) throw badRequest('records.cycle');
  }
  const p = new Params();
  const sets: string[] = [];
  for (const [name, v] of Object.entries(work)) {
    if (!isClientField(e, name)) continue;
    sets.push(`${q(name)} = ${p.add(v ?? null, CAST[kindOf(e, name)])}`);
  }
  if (!e.noOwner) {
    const uf = unitField(e);
    const unit =
      own[0].owningbusinessunit ?? (uf && uf in work ? ((work[uf] as string | null) ?? caller.principal.businessUnitId) : undefined);
    if (unit) sets.push(`"owningbusinessunit" = ${p.add(unit, 'uuid')}`);
  }
  sets.push('"modifiedon" = now()', `"modifiedby" = ${p.add(caller.principal.userId, 'uuid')}`);
  await uniqueBackstop(e, lang, () =>
    sql.query(`UPDATE ${q(e.logicalName)} SET ${sets.join(', ')} WHERE ${q(e.primaryKey)} = ${p.add(gid, 'uuid')}`, p.values),
  );
  await writeHooks.get(e.logicalName)?.after?.(sql, [gid], 'update', lang);
  // A line moved to another document changes the sums of both.
  await refreshSums(sql, [...before, ...(await summingDocuments(sql, e, [gid]))]);
  return gid;
}

/** Every (entity, lookup field) that may point at rows of `e`. */
function referencesTo(e: EntityDef): { entity: EntityDef; field: string }[] {
  const out: { entity: EntityDef; field: string }[] = [];
  for (const other of ENTITIES) {
    for (const [name, f] of Object.entries(other.allFields))
      if (f.type === 'lookup' && f.target === e.logicalName) out.push({ entity: other, field: name });
  }
  return out;
}

/**
 * Deletes one row the caller can see (else 404). A row still referenced by a lookup of any
 * entity is kept: 400 naming the referencing entity (restrict, as Dataverse's default). The row
 * is locked first; inserts that reference it take a key-share lock, so neither side can slip by.
 * Its attachments go with it: their rows here, their files by the caller after the commit (the
 * storage keys answered; `deleteQuietly`).
 */
export async function deleteRecord(sql: Sql, e: EntityDef, caller: Caller, id: string, lang: Lang): Promise<string[]> {
  touchIdentity(e);
  const gid = normGuid(id);
  if (!gid) throw recordNotFound();
  await lockVisible(sql, e, caller, gid);
  await assertRowEditable(sql, e, gid, 'delete');
  await writeHooks.get(e.logicalName)?.guard?.(sql, gid, 'delete', {}, caller, lang);
  await deleteDocumentLines(sql, e, gid);
  const refs = referencesTo(e);
  if (refs.length) {
    const p = new Params();
    const idp = p.add(gid, 'uuid');
    const parts = refs.map((r, i) => {
      const self = r.entity === e ? ` AND ${q(e.primaryKey)} <> ${idp}` : '';
      return `SELECT ${i} AS i WHERE EXISTS (SELECT 1 FROM ${q(r.entity.logicalName)} WHERE ${q(r.field)} = ${idp}${self})`;
    });
    const { rows } = await sql.query<{ i: number }>(`${parts.join(' UNION ALL ')} LIMIT 1`, p.values);
    if (rows.length) throw new AppError(400, 'records.referenced', { entity: refs[rows[0].i].entity.label[lang] });
  }
  const sums = await summingDocuments(sql, e, [gid]);
  await sql.query(`DELETE FROM ${q(e.logicalName)} WHERE ${q(e.primaryKey)} = $1::uuid`, [gid]);
  await refreshSums(sql, sums);
  return e.attachments ? removeAttachmentRows(sql, e.logicalName, gid) : [];
}
