import {
  caseState,
  getEntity,
  msg,
  type CaseCloseRequest,
  type CaseLinkRequest,
  type CaseResolveRequest,
  type CaseRespondRequest,
  type Lang,
  type PartsCommandResult,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { normGuid, parseInteger } from '../../records/validate.ts';
import { serverDefaults, writeHooks } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { assertMay, lockDocument } from '../../documents/access.ts';
import { answer } from '../../documents/result.ts';

/**
 * Customer service cases (客诉咨询, `new_srv_case`): registered open through the generic create
 * (number KS<yyyyMM>-0001, state open), changed through the generic update only while open or in
 * progress; respond, resolve, close and link a work order are the commands, one transaction each,
 * on a case inside the caller's station scope (404 outside it).
 */
export const CASE = getEntity('new_srv_case')!;
const WORK_ORDER = getEntity('new_srv_workorder')!;
const WRITE = 'workorder.write' as const;
const NOTE_MAX = 1000;

const month = () => chinaDate().slice(0, 7).replace('-', '');
/** `KS202611-0001` per month (China time). */
export const caseNumbers = (sql: Sql, n: number) => nextDocumentNumbers(sql, CASE.logicalName, `KS${month()}`, n);

type CaseRow = { state: number; station: string };
const lockCase = (sql: Sql, caller: Caller, id: string) =>
  lockDocument<CaseRow>(sql, caller, CASE, id, `COALESCE(t.new_casestate, ${caseState.open}) AS state, t.new_station_id AS station`);

/** A required note of at most 1000 characters, refused naming the field in the caller's language. */
function note(v: unknown, key: 'case.responseNote' | 'case.resolutionNote', field: string, lang: Lang): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw refuse('records.required', { field: msg(key, lang) }, field);
  if (s.length > NOTE_MAX) throw refuse('validation.maxLength', { field: msg(key, lang), max: NOTE_MAX }, field);
  return s;
}

const OPEN = [caseState.open, caseState.inProgress] as number[];

/** Open or in progress → in progress, the response noted (the first response time kept). */
export async function respondCase(
  sql: Sql,
  caller: Caller,
  id: string,
  body: Partial<CaseRespondRequest>,
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, WRITE);
  const c = await lockCase(sql, caller, id);
  if (!OPEN.includes(c.state)) throw refuse('case.onlyOpenRespond');
  const response = note(body.response, 'case.responseNote', 'response', lang);
  await sql.query(
    `UPDATE new_srv_case SET new_casestate = $2, new_response = $3, new_respondedon = COALESCE(new_respondedon, now()), modifiedon = now(), modifiedby = $4::uuid
      WHERE new_srv_caseid = $1::uuid`,
    [c.id, caseState.inProgress, response, caller.principal.userId],
  );
  return answer(c.id, 'case.responded', lang);
}

/** Open or in progress → resolved, with a resolution note (required). */
export async function resolveCase(
  sql: Sql,
  caller: Caller,
  id: string,
  body: Partial<CaseResolveRequest>,
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, WRITE);
  const c = await lockCase(sql, caller, id);
  if (!OPEN.includes(c.state)) throw refuse('case.onlyOpenResolve');
  const resolution = note(body.resolution, 'case.resolutionNote', 'resolution', lang);
  await sql.query(
    `UPDATE new_srv_case SET new_casestate = $2, new_resolution = $3, new_resolvedon = now(), new_respondedon = COALESCE(new_respondedon, now()), modifiedon = now(), modifiedby = $4::uuid
      WHERE new_srv_caseid = $1::uuid`,
    [c.id, caseState.resolved, resolution, caller.principal.userId],
  );
  return answer(c.id, 'case.resolvedDone', lang);
}

/** Resolved → closed, with the customer's satisfaction (1–5) when given. */
export async function closeCase(
  sql: Sql,
  caller: Caller,
  id: string,
  body: Partial<CaseCloseRequest>,
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, WRITE);
  const c = await lockCase(sql, caller, id);
  if (c.state !== caseState.resolved) throw refuse('case.onlyResolvedClose');
  const raw = body.satisfaction;
  const given = raw !== undefined && raw !== null && (raw as unknown) !== '';
  const digits = given ? parseInteger(raw) : null;
  const satisfaction = digits !== null && digits.length === 1 ? Number(digits) : null;
  if (given && !(satisfaction !== null && satisfaction >= 1 && satisfaction <= 5)) {
    throw refuse('records.option', { field: msg('case.satisfaction', lang), value: String(raw).slice(0, 20) }, 'satisfaction');
  }
  await sql.query(
    `UPDATE new_srv_case SET new_casestate = $2, new_satisfaction = $3, new_closedon = now(), modifiedon = now(), modifiedby = $4::uuid WHERE new_srv_caseid = $1::uuid`,
    [c.id, caseState.closed, satisfaction, caller.principal.userId],
  );
  return answer(c.id, 'case.closedDone', lang);
}

/**
 * Links a work order to the case: the order must be in the caller's reach and of the case's
 * handling station, and not linked to another case; a closed case links nothing more.
 */
export async function linkWorkOrder(
  sql: Sql,
  caller: Caller,
  id: string,
  body: Partial<CaseLinkRequest>,
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, WRITE);
  const c = await lockCase(sql, caller, id);
  if (c.state === caseState.closed) throw refuse('case.closedNoLink');
  const woId = normGuid(body.workOrderId);
  if (!woId) throw refuse('records.required', { field: msg('case.workOrder', lang) }, 'workOrderId');
  const p = new Params();
  const {
    rows: [wo],
  } = await sql.query<{ id: string; name: string; station: string; linked: string | null }>(
    `SELECT t.new_srv_workorderid AS id, t.new_name AS name, t.new_station_id AS station, k.new_name AS linked
       FROM new_srv_workorder t LEFT JOIN new_srv_case k ON k.new_srv_caseid = t.new_case_id AND k.new_srv_caseid <> ${p.add(c.id, 'uuid')}
      WHERE t.new_srv_workorderid = ${p.add(woId, 'uuid')} AND ${p.scope(WORK_ORDER, caller, 't')} FOR UPDATE OF t`,
    p.values,
  );
  if (!wo) throw recordNotFound();
  if (wo.station !== c.station) throw refuse('case.otherStation', { order: wo.name }, 'workOrderId');
  if (wo.linked) throw refuse('case.linkedElsewhere', { order: wo.name, case: wo.linked }, 'workOrderId');
  await sql.query(
    `UPDATE new_srv_workorder SET new_case_id = $2::uuid, modifiedon = now(), modifiedby = $3::uuid WHERE new_srv_workorderid = $1::uuid`,
    [wo.id, c.id, caller.principal.userId],
  );
  return answer(c.id, 'case.linked', lang);
}

/** Number and open state of new cases; generic updates only while open or in progress; delete only open without work orders. */
export function installServiceCase(): void {
  serverDefaults.set(CASE.logicalName, async (sql, rows) => {
    const nums = await caseNumbers(sql, rows.length);
    return rows.map((_, i) => ({ new_name: nums[i], new_casestate: caseState.open }));
  });
  writeHooks.set(CASE.logicalName, {
    // The states are the model's edit rule; a case that has orders stays (their history names it).
    async guard(sql, id, op) {
      if (op !== 'delete') return;
      const {
        rows: [c],
      } = await sql.query<{ orders: number }>(`SELECT count(*)::int AS orders FROM new_srv_workorder w WHERE w.new_case_id = $1::uuid`, [
        id,
      ]);
      if (c.orders > 0) throw refuse('case.onlyOpenDelete');
    },
  });
}
