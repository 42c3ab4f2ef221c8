import { getEntity, msg, type Lang, type WorkerLinkCandidates, type WorkerLinkParty, type WorkerLinkRequest } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { forbidden, refuse } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';

/**
 * The link between a user account and its personnel record (model worker-link-api.ts). Who may
 * set it: an administrator (user.manage) or a station's principal (worker.write), each within
 * their reach — both rows must be in the caller's scope, so a principal links only the people of
 * their own station. The user must belong to the record's station (their station, or, for an
 * account without one, the station's business unit); a record is linked to one user at most.
 */
const USER = getEntity('systemuser')!;
const WORKER = getEntity('new_srv_worker')!;
const MAY = ['user.manage', 'worker.write'] as const;
/** The dialog lists a station's people: more than this is not a list anyone scrolls. */
const OPTIONS_MAX = 500;

type UserRow = { id: string; name: string; login: string; station: string | null; unit: string; disabled: boolean; worker: string | null };
type WorkerRow = { id: string; name: string; code: string; station: string; unit: string | null };

function assertMayLink(caller: Caller): void {
  if (!MAY.some((p) => caller.principal.privileges.has(p))) throw forbidden();
}

const id = (v: unknown, field: string): string => {
  const g = typeof v === 'string' ? normGuid(v) : null;
  if (!g) throw refuse('parts.relatedNotFound', undefined, field);
  return g;
};

/** The user in the caller's reach (else 404), locked when asked. */
async function loadUser(sql: Sql, caller: Caller, userId: string, lock = false): Promise<UserRow> {
  const p = new Params();
  const {
    rows: [u],
  } = await sql.query<UserRow>(
    `SELECT t.systemuserid AS id, t.fullname AS name, t.domainname AS login, t.new_station_id AS station, t.businessunitid AS unit,
            COALESCE(t.isdisabled, false) AS disabled, t.new_worker_id AS worker
       FROM systemuser t WHERE t.systemuserid = ${p.add(userId, 'uuid')} AND ${p.scope(USER, caller, 't')}${lock ? ' FOR UPDATE OF t' : ''}`,
    p.values,
  );
  if (!u) throw recordNotFound();
  return u;
}

/** The personnel record in the caller's reach (else 404), with its station's business unit; locked when asked (one link at a time per record). */
async function loadWorker(sql: Sql, caller: Caller, workerId: string, lock = false): Promise<WorkerRow> {
  const p = new Params();
  const {
    rows: [w],
  } = await sql.query<WorkerRow>(
    `SELECT t.new_srv_workerid AS id, t.new_name AS name, t.new_code AS code, t.new_station_id AS station, s.new_businessunit_id AS unit
       FROM new_srv_worker t JOIN new_srv_station s ON s.new_srv_stationid = t.new_station_id
      WHERE t.new_srv_workerid = ${p.add(workerId, 'uuid')} AND ${p.scope(WORKER, caller, 't')}${lock ? ' FOR NO KEY UPDATE OF t' : ''}`,
    p.values,
  );
  if (!w) throw recordNotFound();
  return w;
}

const sameStation = (u: Pick<UserRow, 'station' | 'unit'>, w: Pick<WorkerRow, 'station' | 'unit'>) =>
  u.station ? u.station === w.station : u.unit === w.unit;

const userLabel = (u: { name: string; login: string }) => `${u.name}（${u.login}）`;

export async function linkWorker(
  sql: Sql,
  caller: Caller,
  input: Partial<WorkerLinkRequest>,
  lang: Lang,
): Promise<{ id: string; message: string }> {
  assertMayLink(caller);
  const userId = id(input.userId, 'userId');
  const workerId = id(input.workerId, 'workerId');
  const w = await loadWorker(sql, caller, workerId, true);
  const u = await loadUser(sql, caller, userId, true);
  if (u.disabled) throw refuse('workerLink.userDisabled', { user: userLabel(u) }, 'userId');
  if (!sameStation(u, w)) throw refuse('workerLink.notSameStation', { user: userLabel(u), worker: w.name }, 'workerId');
  const {
    rows: [other],
  } = await sql.query<{ name: string; login: string }>(
    `SELECT fullname AS name, domainname AS login FROM systemuser WHERE new_worker_id = $1::uuid AND systemuserid <> $2::uuid LIMIT 1`,
    [workerId, userId],
  );
  if (other) throw refuse('workerLink.takenBy', { worker: w.name, user: userLabel(other) }, 'workerId');
  await sql.query(
    'UPDATE systemuser SET new_worker_id = $2::uuid, modifiedon = now(), modifiedby = $3::uuid WHERE systemuserid = $1::uuid',
    [userId, workerId, caller.principal.userId],
  );
  return { id: userId, message: msg('workerLink.linked', lang, { user: userLabel(u), worker: w.name }) };
}

export async function unlinkWorker(
  sql: Sql,
  caller: Caller,
  input: Partial<WorkerLinkRequest>,
  lang: Lang,
): Promise<{ id: string; message: string }> {
  assertMayLink(caller);
  const userId = id(input.userId, 'userId');
  const u = await loadUser(sql, caller, userId, true);
  if (!u.worker) throw refuse('workerLink.notLinked', { user: userLabel(u) }, 'userId');
  // The record it leaves must be in reach too: a principal unlinks only their own station's people.
  await loadWorker(sql, caller, u.worker);
  await sql.query('UPDATE systemuser SET new_worker_id = NULL, modifiedon = now(), modifiedby = $2::uuid WHERE systemuserid = $1::uuid', [
    userId,
    caller.principal.userId,
  ]);
  return { id: userId, message: msg('workerLink.unlinked', lang, { user: userLabel(u) }) };
}

/** What the link dialog offers: opened on a user, the personnel of their station; on a record, its station's enabled users. */
export async function linkCandidates(
  sql: Sql,
  caller: Caller,
  query: { userId?: string; workerId?: string },
): Promise<WorkerLinkCandidates> {
  assertMayLink(caller);
  if (query.userId) {
    const u = await loadUser(sql, caller, id(query.userId, 'userId'));
    const linked = u.worker
      ? (await sql.query<{ name: string }>('SELECT new_name AS name FROM new_srv_worker WHERE new_srv_workerid = $1::uuid', [u.worker]))
          .rows[0]
      : undefined;
    const p = new Params();
    const { rows } = await sql.query<WorkerLinkParty & Record<string, unknown>>(
      `SELECT t.new_srv_workerid::text AS id, t.new_name AS name, t.new_code AS code, l.systemuserid::text AS "linkedId",
              CASE WHEN l.systemuserid IS NOT NULL THEN l.fullname || '（' || l.domainname || '）' END AS "linkedName"
         FROM new_srv_worker t JOIN new_srv_station s ON s.new_srv_stationid = t.new_station_id
         LEFT JOIN systemuser l ON l.new_worker_id = t.new_srv_workerid
        WHERE ${u.station ? `t.new_station_id = ${p.add(u.station, 'uuid')}` : `s.new_businessunit_id = ${p.add(u.unit, 'uuid')}`} AND ${p.scope(WORKER, caller, 't')}
        ORDER BY t.new_code, t.new_srv_workerid LIMIT ${OPTIONS_MAX}`,
      p.values,
    );
    return { self: { id: u.id, name: u.name, code: u.login, linkedId: u.worker, linkedName: linked?.name ?? null }, options: rows };
  }
  const w = await loadWorker(sql, caller, id(query.workerId, 'workerId'));
  const p = new Params();
  const { rows } = await sql.query<WorkerLinkParty & Record<string, unknown>>(
    `SELECT t.systemuserid::text AS id, t.fullname AS name, t.domainname AS code, t.new_worker_id::text AS "linkedId", lw.new_name AS "linkedName"
       FROM systemuser t LEFT JOIN new_srv_worker lw ON lw.new_srv_workerid = t.new_worker_id
      WHERE NOT COALESCE(t.isdisabled, false)
        AND (t.new_station_id = ${p.add(w.station, 'uuid')} OR (t.new_station_id IS NULL AND t.businessunitid = ${p.add(w.unit, 'uuid')}))
        AND ${p.scope(USER, caller, 't')}
      ORDER BY t.domainname, t.systemuserid LIMIT ${OPTIONS_MAX}`,
    p.values,
  );
  const {
    rows: [lu],
  } = await sql.query<{ id: string; name: string }>(
    `SELECT systemuserid::text AS id, fullname || '（' || domainname || '）' AS name FROM systemuser WHERE new_worker_id = $1::uuid LIMIT 1`,
    [w.id],
  );
  return {
    self: { id: w.id, name: w.name, code: w.code, linkedId: lu?.id ?? null, linkedName: lu?.name ?? null },
    options: rows,
  };
}
