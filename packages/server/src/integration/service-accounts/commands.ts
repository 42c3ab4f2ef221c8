import {
  msg,
  SERVICE_ACCOUNT_DEFAULT_RATE,
  SERVICE_ACCOUNT_MAX_RATE,
  serviceAccountState,
  type Lang,
  type ServiceAccountDetail,
  type ServiceAccountInput,
  type ServiceAccountOptions,
  type ServiceAccountResult,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { forbidden, refuse } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid, type FieldError } from '../../records/validate.ts';
import { ValidationFailed } from '../../records/write.ts';
import { hashSecret, newClientId, newClientSecret } from './secrets.ts';

/**
 * The service accounts' business rules (model service-account-api.ts), one transaction each (the
 * caller's `sql`). An account is a systemuser row that never signs in any other way (its
 * domainname is its client id, it has no password) plus its new_serviceaccount row, which holds
 * the secret's hash, the state and the rate limit; its roles are the user's roles and its units
 * are new_serviceaccountunit rows (auth/principal.ts reads both). Ending the user's sessions ends
 * every token issued to it on every instance (the database announces session ends).
 */
const ADMIN = 'system.admin';

function assertAdmin(caller: Caller): void {
  if (!caller.principal.privileges.has(ADMIN)) throw forbidden();
}

type Checked = { name: string; roles: { id: string; name: string }[]; units: { id: string; name: string }[]; rateLimit: number };

const ids = (v: unknown): string[] | null => {
  if (!Array.isArray(v)) return null;
  const out = v.map(normGuid);
  return out.every((g): g is string => !!g) ? [...new Set(out)] : null;
};

async function checkInput(sql: Sql, caller: Caller, b: Partial<ServiceAccountInput>, lang: Lang): Promise<Checked> {
  const errors: FieldError[] = [];
  const name = typeof b.name === 'string' ? b.name.trim() : '';
  if (!name || name.length > 100) errors.push({ field: 'name', message: msg('sa.nameRequired', lang) });

  let roles: Checked['roles'] = [];
  const roleIds = ids(b.roles);
  if (!roleIds?.length) errors.push({ field: 'roles', message: msg(roleIds ? 'sa.rolesRequired' : 'sa.roleUnknown', lang) });
  else {
    ({ rows: roles } = await sql.query<{ id: string; name: string }>(
      'SELECT roleid AS id, name FROM role WHERE roleid = ANY($1::uuid[]) ORDER BY new_code',
      [roleIds],
    ));
    if (roles.length !== roleIds.length) errors.push({ field: 'roles', message: msg('sa.roleUnknown', lang) });
  }

  let units: Checked['units'] = [];
  const unitIds = ids(b.units);
  if (!unitIds?.length) errors.push({ field: 'units', message: msg(unitIds ? 'sa.unitsRequired' : 'sa.unitUnknown', lang) });
  else {
    // Only units in the administrator's own reach: nobody grants more than they hold.
    ({ rows: units } = await sql.query<{ id: string; name: string }>(
      `SELECT businessunitid AS id, name FROM businessunit
        WHERE businessunitid = ANY($1::uuid[]) AND businessunitid = ANY($2::uuid[]) ORDER BY new_code, name`,
      [unitIds, caller.subtree],
    ));
    if (units.length !== unitIds.length) errors.push({ field: 'units', message: msg('sa.unitUnknown', lang) });
  }

  const rate = b.rateLimit ?? SERVICE_ACCOUNT_DEFAULT_RATE;
  if (!Number.isInteger(rate) || rate < 1 || rate > SERVICE_ACCOUNT_MAX_RATE) {
    errors.push({ field: 'rateLimit', message: msg('sa.rateLimitInvalid', lang, { max: SERVICE_ACCOUNT_MAX_RATE }) });
  }
  if (errors.length) throw new ValidationFailed(errors, lang);
  return { name, roles, units, rateLimit: rate };
}

/** The station of a lone station unit: its account is the station's, as the station's people are. */
async function stationOf(sql: Sql, units: Checked['units']): Promise<string | null> {
  if (units.length !== 1) return null;
  const { rows } = await sql.query<{ id: string }>('SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_businessunit_id = $1', [
    units[0].id,
  ]);
  return rows[0]?.id ?? null;
}

const unitNames = (c: Checked) => c.units.map((x) => x.name).join('、');
const roleNames = (c: Checked) => c.roles.map((x) => x.name).join('、');

async function setUnits(sql: Sql, accountId: string, c: Checked): Promise<void> {
  await sql.query('DELETE FROM new_serviceaccountunit WHERE new_serviceaccount_id = $1', [accountId]);
  await sql.query('INSERT INTO new_serviceaccountunit (new_serviceaccount_id, new_businessunit_id) SELECT $1, unnest($2::uuid[])', [
    accountId,
    c.units.map((x) => x.id),
  ]);
}

/** A new account: its user, roles, units and first secret (answered only here). */
export async function createServiceAccount(
  sql: Sql,
  caller: Caller,
  b: Partial<ServiceAccountInput>,
  lang: Lang,
): Promise<ServiceAccountResult> {
  assertAdmin(caller);
  const c = await checkInput(sql, caller, b, lang);
  const me = caller.principal.userId;
  // The user's own unit: the first one (its reach is computed from all of them).
  const home = c.units[0].id;
  const station = await stationOf(sql, c.units);
  const clientId = newClientId();
  const secret = newClientSecret();
  const {
    rows: [u],
  } = await sql.query<{ id: string }>(
    `INSERT INTO systemuser (fullname, domainname, businessunitid, owningbusinessunit, new_station_id, isdisabled, ownerid, createdby, modifiedby)
     VALUES ($1, $2, $3, $3, $4, false, $5, $5, $5) RETURNING systemuserid AS id`,
    [c.name.slice(0, 60), clientId, home, station, me],
  );
  await sql.query('INSERT INTO systemuserroles (systemuserid, roleid) SELECT $1, unnest($2::uuid[])', [u.id, c.roles.map((r) => r.id)]);
  const {
    rows: [a],
  } = await sql.query<{ id: string }>(
    `INSERT INTO new_serviceaccount (new_name, new_clientid, new_secrethash, new_state, new_systemuser_id, new_unitnames, new_rolenames,
                                     new_ratelimit, new_secretrotatedon, ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), $9, $10, $9, $9) RETURNING new_serviceaccountid AS id`,
    [
      c.name,
      clientId,
      hashSecret(secret),
      serviceAccountState.enabled,
      u.id,
      unitNames(c),
      roleNames(c),
      c.rateLimit,
      me,
      caller.principal.businessUnitId,
    ],
  );
  await setUnits(sql, a.id, c);
  return { id: a.id, clientId, clientSecret: secret, message: msg('sa.created', lang) };
}

type Account = { id: string; clientid: string; state: number; userid: string };

async function account(sql: Sql, rawId: string): Promise<Account> {
  const id = normGuid(rawId);
  if (!id) throw recordNotFound();
  const { rows } = await sql.query<Account>(
    `SELECT new_serviceaccountid AS id, new_clientid AS clientid, new_state AS state, new_systemuser_id AS userid
       FROM new_serviceaccount WHERE new_serviceaccountid = $1 FOR UPDATE`,
    [id],
  );
  if (!rows[0]) throw recordNotFound();
  return rows[0];
}

/** Name, roles, units and limit as the edit dialog starts from them. */
export async function serviceAccountDetail(sql: Sql, caller: Caller, rawId: string): Promise<ServiceAccountDetail> {
  assertAdmin(caller);
  const id = normGuid(rawId);
  if (!id) throw recordNotFound();
  const row = (
    await sql.query<ServiceAccountDetail & Record<string, unknown>>(
      `SELECT sa.new_serviceaccountid AS id, sa.new_name AS name, sa.new_ratelimit AS "rateLimit",
              COALESCE(ARRAY(SELECT ur.roleid FROM systemuserroles ur WHERE ur.systemuserid = sa.new_systemuser_id), '{}') AS roles,
              COALESCE(ARRAY(SELECT su.new_businessunit_id FROM new_serviceaccountunit su WHERE su.new_serviceaccount_id = sa.new_serviceaccountid), '{}') AS units
         FROM new_serviceaccount sa WHERE sa.new_serviceaccountid = $1`,
      [id],
    )
  ).rows[0];
  if (!row) throw recordNotFound();
  return { ...row, rateLimit: row.rateLimit ?? SERVICE_ACCOUNT_DEFAULT_RATE };
}

/**
 * New name, roles, units or limit; the client id, secret and tokens stay. Its reach and privileges
 * follow on this instance at once, on the others within their principal cache (PRINCIPAL_CACHE_MS),
 * as for a person whose roles change.
 */
export async function changeServiceAccount(
  sql: Sql,
  caller: Caller,
  rawId: string,
  b: Partial<ServiceAccountInput>,
  lang: Lang,
): Promise<Outcome> {
  assertAdmin(caller);
  const a = await account(sql, rawId);
  const c = await checkInput(sql, caller, b, lang);
  const me = caller.principal.userId;
  await sql.query(
    `UPDATE new_serviceaccount SET new_name = $2, new_unitnames = $3, new_rolenames = $4, new_ratelimit = $5, modifiedon = now(), modifiedby = $6
      WHERE new_serviceaccountid = $1`,
    [a.id, c.name, unitNames(c), roleNames(c), c.rateLimit, me],
  );
  await sql.query(
    `UPDATE systemuser SET fullname = $2, businessunitid = $3, owningbusinessunit = $3, new_station_id = $4, modifiedon = now(), modifiedby = $5
      WHERE systemuserid = $1`,
    [a.userid, c.name.slice(0, 60), c.units[0].id, await stationOf(sql, c.units), me],
  );
  await sql.query('DELETE FROM systemuserroles WHERE systemuserid = $1', [a.userid]);
  await sql.query('INSERT INTO systemuserroles (systemuserid, roleid) SELECT $1, unnest($2::uuid[])', [a.userid, c.roles.map((r) => r.id)]);
  await setUnits(sql, a.id, c);
  return { result: { id: a.id, clientId: a.clientid, message: msg('sa.changed', lang) }, ended: [], userId: a.userid };
}

/**
 * Ends every live session (token) of the account's user; the database tells every instance at
 * commit. Answers the sessions ended, for the route to wait until this instance has heard (sessions.ts).
 */
async function endTokens(sql: Sql, userId: string, reason: string): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    'UPDATE auth_session SET ended_at = now(), end_reason = $2 WHERE user_id = $1 AND ended_at IS NULL RETURNING id',
    [userId, reason],
  );
  return rows.map((r) => r.id);
}

/** A command's answer and the sessions it ended. */
export interface Outcome {
  result: ServiceAccountResult;
  ended: string[];
  /** The account's user, whose cached principal the route forgets after the commit. */
  userId?: string;
}

/** A new secret (answered only here); the old one and the tokens it got stop working at once. */
export async function rotateServiceAccountSecret(sql: Sql, caller: Caller, rawId: string, lang: Lang): Promise<Outcome> {
  assertAdmin(caller);
  const a = await account(sql, rawId);
  const secret = newClientSecret();
  await sql.query(
    `UPDATE new_serviceaccount SET new_secrethash = $2, new_secretrotatedon = now(), modifiedon = now(), modifiedby = $3
      WHERE new_serviceaccountid = $1`,
    [a.id, hashSecret(secret), caller.principal.userId],
  );
  const ended = await endTokens(sql, a.userid, 'rotated');
  return { result: { id: a.id, clientId: a.clientid, clientSecret: secret, message: msg('sa.rotated', lang) }, ended, userId: a.userid };
}

/** Disabled (`enabled` false): no more tokens and the issued ones refused at once; enabled: tokens again. */
export async function setServiceAccountEnabled(sql: Sql, caller: Caller, rawId: string, enabled: boolean, lang: Lang): Promise<Outcome> {
  assertAdmin(caller);
  const a = await account(sql, rawId);
  const want = enabled ? serviceAccountState.enabled : serviceAccountState.disabled;
  if (a.state === want) throw refuse(enabled ? 'sa.alreadyEnabled' : 'sa.alreadyDisabled');
  await sql.query('UPDATE new_serviceaccount SET new_state = $2, modifiedon = now(), modifiedby = $3 WHERE new_serviceaccountid = $1', [
    a.id,
    want,
    caller.principal.userId,
  ]);
  // The user row follows, so the account reads as disabled wherever users are listed, and every
  // instance drops its cached privileges (trigger on systemuser.isdisabled).
  await sql.query('UPDATE systemuser SET isdisabled = $2, modifiedon = now(), modifiedby = $3 WHERE systemuserid = $1', [
    a.userid,
    !enabled,
    caller.principal.userId,
  ]);
  const ended = enabled ? [] : await endTokens(sql, a.userid, 'disabled');
  return {
    result: { id: a.id, clientId: a.clientid, message: msg(enabled ? 'sa.enabled' : 'sa.disabled', lang) },
    ended,
    userId: a.userid,
  };
}

/** What the create dialog offers: every role, and every business unit (an administrator's reach). */
export async function serviceAccountOptions(sql: Sql, caller: Caller): Promise<ServiceAccountOptions> {
  assertAdmin(caller);
  const roles = await sql.query<{ id: string; name: string; code: string }>(
    'SELECT roleid AS id, name, new_code AS code FROM role ORDER BY new_code',
  );
  const units = await sql.query<{ id: string; name: string; type: number | null }>(
    'SELECT businessunitid AS id, name, new_type AS type FROM businessunit WHERE businessunitid = ANY($1::uuid[]) ORDER BY new_code, name',
    [caller.subtree],
  );
  return { roles: roles.rows, units: units.rows };
}
