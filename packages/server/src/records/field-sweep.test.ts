import {
  ENTITIES,
  FIELD_REFUSAL_KEY,
  editRuleOf,
  fieldRefusal,
  getEntity,
  isClientField,
  msg,
  rowLock,
  stateOf,
  stateRuleOf,
  type EntityDef,
  type FieldDef,
  type MessageKey,
} from '@portal/model';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import type { Sql } from '../db/db.ts';
import { callerOf } from '../demo/parts.ts';
import { AppError } from '../http/errors.ts';
import { commandWrites } from '../testing/command-writes.ts';
import { testPortal } from '../testing/test-portal.ts';
import { isServed } from './access.ts';
import type { Caller } from './scope.ts';
import { Params, q } from './sql.ts';
import { validateValues } from './validate.ts';
import { insertRecords, updateRecord, ValidationFailed } from './write.ts';

/*
 * Issue 23's sweep: every served entity × every demo role that may write it × every field, on a
 * row in each state the demo holds, through the generic update exactly as the record route runs it
 * (validateValues, then updateRecord), each attempt rolled back to a savepoint. A field the model
 * says this caller may not write in this state must be refused; one it may write must not be
 * refused by the edit rules. A second oracle, independent of the declarations: every column a
 * command's SQL writes (testing/command-writes.ts) is owned, unless listed below with its reason.
 */

/** Columns commands write that users may also write through the form, and why. */
const SHARED_WITH_COMMANDS: Record<string, string> = {
  'new_salescontractline.new_name':
    "a contract line of a catalogue product takes the product's name; a line without one keeps what was typed (after-write fill)",
  'new_salescontractline.new_price': "a contract line with no price takes the product's list price (after-write fill)",
  'new_srv_contractline.new_startdate': "a new line takes the contract's dates where it names none (after-write fill)",
  'new_srv_contractline.new_enddate': "a new line takes the contract's dates where it names none (after-write fill)",
  'new_srv_contractline.new_qty': 'a new line counts 1 where it names no quantity (after-write fill)',
  'new_srv_station.new_limitamount': 'head office switches it (quota.adjust); the quota guard posts the opening move',
  'new_srv_station.new_termenddate': 'head office maintains the term; an approved continuation also sets it',
  'systemuser.isdisabled': 'the administrator (un)blocks users; an approved station exit disables its users',
  'opportunity.closeprobability': "the salesman's estimate while open; 赢单/输单 set it to 100 or 0 (closed, it is read-only)",
  'new_rebatepolicy.new_validto': "finance sets a draft policy's period; stopping an active one ends it (only a draft is edited)",
  'businessunit.name': "the administrator names units; renaming a dealer's store renames its unit (user centre)",
  'businessunit.new_code': "the administrator codes units; recoding a dealer's store recodes its unit (user centre)",
  'systemuser.fullname': "the administrator edits any account; a dealer edits its staff's through the staff calls (user centre)",
  'systemuser.title': "the administrator edits any account; a dealer edits its staff's through the staff calls (user centre)",
  'systemuser.businessunitid': 'the administrator places any account; a dealer moves its staff within its chain (staff calls)',
  'systemuser.new_station_id':
    "the administrator places any account; a service account acting for one station's unit alone gets that station (its commands)",
  'systemuser.new_usertype': "the administrator sets any account's type; the staff calls set it from the staff's unit",
  'systemuser.new_avatar': "the administrator and the user's own profile photo command",
  'new_srv_workorder.new_warranty': 'the station while the order is open; a covering contract makes it 保内 (after-write fill)',
  'new_srv_workorder.new_productline_id': 'filled from the product where the order names none (after-write fill)',
  'new_srv_workorder.new_model': 'filled from the product where the order names none (after-write fill)',
  'new_notice.new_publishtime': 'the editor may set 发布时间; publishing without one stamps the time (after-write fill)',
};

const LOGINS = ['admin', 'hq', 'branch1', 'station1', 'station2', 'engineer1', 'warehouse1', 'picker1', 'shipper1', 'store1'] as const;
const LANG = 'zh-CN';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const SERVED = ENTITIES.filter(isServed).filter((e) => e.access.write);

let p: Portal;
const callers = new Map<string, Caller>();

beforeAll(async () => {
  p = await testPortal();
  for (const login of LOGINS) callers.set(login, await callerOf(p.db, login));
});
afterAll(() => p?.close());

const can = (c: Caller) => (priv: string) => c.principal.privileges.has(priv);

const BY_PATTERN: Record<string, string> = {
  phone: '13912345678',
  mobile: '13912345678',
  email: 'sweep@example.cn',
  url: 'http://example.cn',
  idcard: '11010519491231002X',
  integer: '7',
  uinteger: '7',
  numeric: '7.5',
  unumeric: '7.5',
};

/** A value of the field's type, different from `current` where that matters, within its limits. */
function valueFor(f: FieldDef | undefined, current: unknown, lookupIds: string[]): unknown {
  if (!f) return 'x';
  switch (f.type) {
    case 'text':
      return (f.pattern && BY_PATTERN[f.pattern]) || '扫描';
    case 'memo':
      return '扫描测试';
    case 'int':
      return Math.max(f.min ?? 1, Math.min(f.max ?? 7, 7));
    case 'decimal':
    case 'money':
      return String(Math.max(f.min ?? 1, Math.min(f.max ?? 7, 7)));
    case 'bool':
      return current !== true;
    case 'datetime':
      return '2026-12-01T08:00:00+08:00';
    case 'date':
      return '2026-12-15';
    case 'optionset':
      return (f.optionSet.options.find((o) => o.value !== Number(current)) ?? f.optionSet.options[0]).value;
    case 'lookup':
      return lookupIds.find((id) => id !== current) ?? current ?? '00000000-0000-4000-8000-000000000000';
    case 'image':
      return PNG;
  }
}

/** Up to two ids of the target the caller may see (for lookup values). */
async function visibleIds(sql: Sql, target: EntityDef | undefined, caller: Caller): Promise<string[]> {
  if (!target || target.scope.kind === 'system') {
    if (!target) return [];
    const { rows } = await sql.query<{ id: string }>(`SELECT ${q(target.primaryKey)}::text AS id FROM ${q(target.logicalName)} LIMIT 2`);
    return rows.map((r) => r.id);
  }
  const prm = new Params();
  const { rows } = await sql.query<{ id: string }>(
    `SELECT t.${q(target.primaryKey)}::text AS id FROM ${q(target.logicalName)} t WHERE ${prm.scope(target, caller, 't')} ORDER BY t.createdon LIMIT 2`,
    prm.values,
  );
  return rows.map((r) => r.id);
}

/** One row the caller may write in each document state the demo holds (one row where the entity has no rule). */
async function sampleRows(
  sql: Sql,
  e: EntityDef,
  caller: Caller,
): Promise<{ row: Record<string, unknown>; doc: Record<string, unknown> | null }[]> {
  const s = stateRuleOf(e);
  const prm = new Params();
  const scope = prm.scope(e, caller, 't');
  if (!s) {
    const { rows } = await sql.query(`SELECT t.* FROM ${q(e.logicalName)} t WHERE ${scope} ORDER BY t.createdon LIMIT 1`, prm.values);
    return rows.map((row) => ({ row, doc: null }));
  }
  const d = s.document;
  const cols = [s.rule.field, ...(s.rule.closedBy ? [s.rule.closedBy] : [])].map((c) => `d.${q(c)} AS ${q(`doc_${c}`)}`).join(', ');
  const join = s.via
    ? `JOIN ${q(d.logicalName)} d ON d.${q(d.primaryKey)} = t.${q(s.via)}`
    : `JOIN ${q(e.logicalName)} d ON d.${q(e.primaryKey)} = t.${q(e.primaryKey)}`;
  const closedKey = s.rule.closedBy ? `COALESCE(d.${q(s.rule.closedBy)}, false)` : 'false';
  const { rows } = await sql.query(
    `SELECT DISTINCT ON (x.sweep_state, x.sweep_closed) x.* FROM (
       SELECT t.*, ${cols}, COALESCE(d.${q(s.rule.field)}, ${Number(s.rule.initial)}) AS sweep_state, ${closedKey} AS sweep_closed
         FROM ${q(e.logicalName)} t ${join} WHERE ${scope}) x
      ORDER BY x.sweep_state, x.sweep_closed, x.createdon`,
    prm.values,
  );
  return rows.map((row) => {
    const doc: Record<string, unknown> = { [s.rule.field]: row[`doc_${s.rule.field}`] };
    if (s.rule.closedBy) doc[s.rule.closedBy] = row[`doc_${s.rule.closedBy}`];
    return { row, doc };
  });
}

/** The texts the edit rules refuse with, for one field and entity (any of them means "the rule said no"). */
function ruleTexts(e: EntityDef, name: string): Set<string> {
  const label = e.allFields[name]?.label[LANG] ?? name;
  const out = new Set(Object.values(FIELD_REFUSAL_KEY).map((k) => msg(k, LANG, { field: label })));
  out.add(msg('validation.unknownField', LANG, { field: name }));
  return out;
}
function ruleLockKeys(e: EntityDef): Set<MessageKey> {
  const s = stateRuleOf(e);
  const r = s?.rule;
  const line = editRuleOf(e);
  const keys: (MessageKey | undefined)[] = [
    r?.locked,
    r?.deleteLocked,
    r?.closedLocked,
    line && 'parent' in line ? line.locked : undefined,
    'parts.linesLocked',
    'parts.onlyDraftModify',
  ];
  return new Set(keys.filter((k): k is MessageKey => !!k));
}

/**
 * The demo users who may write the entity, one per kind the rules tell apart: the privileges its
 * field grants name, and a station's user or a unit's (admin and hq, station1 and station2 are
 * the same case twice).
 */
function writersOf(e: EntityDef): string[] {
  const grantPrivileges = new Set(
    Object.values(e.allFields).flatMap((f) =>
      [f.edit ?? []]
        .flat()
        .map((g) => g.privilege)
        .filter((x) => !!x),
    ),
  );
  const seen = new Set<string>();
  return LOGINS.filter((login) => {
    const c = callers.get(login)!;
    if (!can(c)(e.access!.write!)) return false;
    const key = `${[...grantPrivileges]
      .filter((x) => can(c)(x!))
      .sort()
      .join(',')}|${c.principal.stationId ? 'station' : 'unit'}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type Outcome = { accepted: true } | { accepted: false; byRule: boolean; why: string };

/** One attempt through the record service's update, undone at once. */
async function attempt(sql: Sql, e: EntityDef, caller: Caller, id: string, name: string, value: unknown): Promise<Outcome> {
  await sql.query('SAVEPOINT sweep');
  const texts = ruleTexts(e, name);
  try {
    const v = validateValues(e, { [name]: value }, 'update', LANG);
    if (v.errors.length) throw new ValidationFailed(v.errors, LANG);
    await updateRecord(sql, e, caller, id, v.values, LANG);
    return { accepted: true };
  } catch (err) {
    if (err instanceof ValidationFailed) {
      const mine = err.errors.filter((x) => x.field === name.slice(0, 100));
      return { accepted: false, byRule: mine.some((x) => texts.has(x.message)), why: err.errors.map((x) => x.message).join('; ') };
    }
    if (err instanceof AppError) return { accepted: false, byRule: ruleLockKeys(e).has(err.key), why: err.key };
    return { accepted: false, byRule: false, why: String(err) };
  } finally {
    await sql.query('ROLLBACK TO SAVEPOINT sweep');
  }
}

describe('the generic record update, swept (issue 23)', () => {
  it("refuses every field a caller may not write in the row's state, and only those", async () => {
    const wronglyAccepted: string[] = [];
    const wronglyRefused: string[] = [];
    let attempts = 0;
    let refused = 0;
    for (const e of SERVED) {
      for (const login of writersOf(e)) {
        const caller = callers.get(login)!;
        const client = await p.db.pool.connect();
        try {
          await client.query('BEGIN');
          const lookups = new Map<string, string[]>();
          for (const [name, f] of Object.entries(e.allFields)) {
            if (f.type === 'lookup') lookups.set(name, await visibleIds(client, getEntity(f.target), caller));
          }
          for (const { row, doc } of await sampleRows(client, e, caller)) {
            const id = String(row[e.primaryKey]);
            const s = stateRuleOf(e);
            const state = s ? stateOf(s.rule, doc) : null;
            const locked = !!s && !!rowLock(e, doc, 'update');
            for (const name of Object.keys(e.allFields)) {
              const allowed = isClientField(e, name) && !locked && fieldRefusal(e, name, state, can(caller)) === null;
              const out = await attempt(client, e, caller, id, name, valueFor(e.allFields[name], row[name], lookups.get(name) ?? []));
              attempts++;
              const where = `${login} ${e.logicalName}.${name} (state ${state ?? '-'})`;
              if (!allowed && out.accepted) wronglyAccepted.push(where);
              if (!out.accepted) refused++;
              if (allowed && !out.accepted && out.byRule) wronglyRefused.push(`${where}: ${out.why}`);
            }
          }
        } finally {
          await client.query('ROLLBACK');
          client.release();
        }
      }
    }
    console.log(`field sweep: ${attempts} updates tried, ${refused} refused, ${attempts - refused} accepted (all rolled back)`);
    expect(wronglyAccepted).toEqual([]);
    expect(wronglyRefused).toEqual([]);
    expect(attempts).toBeGreaterThan(1000);
  }, 300_000);

  it('refuses on create every field the caller may not set on a new row, naming it', async () => {
    const missed: string[] = [];
    for (const e of SERVED) {
      for (const login of LOGINS) {
        const caller = callers.get(login)!;
        if (!can(caller)(e.access.write!) || e.access.notCreatedHere) continue;
        const s = stateRuleOf(e);
        for (const name of Object.keys(e.allFields)) {
          if (s?.via || fieldRefusal(e, name, s ? s.rule.initial : null, can(caller)) === null) continue;
          const value = valueFor(e.allFields[name], null, []);
          const v = validateValues(e, { [name]: value }, 'create', LANG);
          let errors = v.errors;
          if (!errors.some((x) => x.field === name)) {
            // Type-valid and a client field: the privilege and state grants are insertRecords' to refuse.
            errors = await p.db
              .tx(async (sql) => {
                try {
                  await insertRecords(sql, e, caller, [v.values], LANG);
                  return [];
                } catch (err) {
                  if (err instanceof ValidationFailed) return err.errors;
                  throw err;
                }
              })
              .catch(() => []);
          }
          const texts = ruleTexts(e, name);
          if (!errors.some((x) => x.field === name && texts.has(x.message))) missed.push(`${login} ${e.logicalName}.${name}`);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it('leaves every column a command writes to the commands (or names why users share it)', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const writes = commandWrites(src);
    expect(writes.length).toBeGreaterThan(200);
    const open = new Set<string>();
    for (const w of writes) {
      const e = getEntity(w.table);
      if (!e || !isServed(e) || !e.access.write || !isClientField(e, w.column)) continue;
      if (!SHARED_WITH_COMMANDS[`${w.table}.${w.column}`]) open.add(`${w.table}.${w.column} (written by ${w.file})`);
    }
    expect([...open]).toEqual([]);
    for (const key of Object.keys(SHARED_WITH_COMMANDS)) {
      const [table, column] = key.split('.');
      expect(
        writes.some((w) => w.table === table && w.column === column),
        `${key} is still written by a command`,
      ).toBe(true);
    }
  });
});
