import { randomInt } from 'node:crypto';
import {
  businessUnitType,
  msg,
  PATTERNS,
  portalKind,
  STAFF_ROLES,
  STAFF_UNITS,
  userType,
  type Lang,
  type StaffDetail,
  type StaffInput,
  type StaffOptions,
} from '@portal/model';
import { hashPassword, passwordProblem } from '../../auth/passwords.ts';
import type { Sql } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid, type FieldError } from '../../records/validate.ts';
import { ValidationFailed } from '../../records/write.ts';

/**
 * A dealer's staff accounts (issue 27): created with a mobile number as sign-in name, in the dealer's
 * unit or one of its stores, with roles of STAFF_ROLES only and a portal kind the roles allow; the
 * first password is generated here (argon2id like every password) and answered once. Disabling or
 * resetting the password ends every session of the account (the caller ends them after commit).
 * Reach: the caller's unit subtree (a dealer: its chain; head office: every chain), 404 outside.
 */

const ALLOWED = new Set<string>(STAFF_ROLES);
const LOGIN_PRIVILEGE = { [portalKind.standard]: 'portal.login', [portalKind.store]: 'portal.store.login' } as Record<number, string>;

/** 14 characters from letters (no I, l, O, o), digits (no 0, 1) and a few symbols; at least one of each kind. */
export function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@#%*+=?'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]);
  while (chars.length < 14) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const p = chars.join('');
  if (passwordProblem(p)) throw new Error('generated password breaks the policy');
  return p;
}

/** The units a staff account may sit in for this caller: dealer and store units of its reach. */
export async function staffOptions(sql: Sql, caller: Caller): Promise<StaffOptions> {
  const { rows: units } = await sql.query<StaffOptions['units'][number]>(
    `SELECT businessunitid AS id, name, new_code AS code, new_type AS type FROM businessunit
      WHERE businessunitid = ANY($1::uuid[]) AND new_type = ANY($2::int[]) ORDER BY new_type DESC, new_code`,
    [caller.subtree, STAFF_UNITS],
  );
  const { rows: roles } = await sql.query<{ code: string; name: string; description: string | null; privs: string[] }>(
    `SELECT r.new_code AS code, r.name, r.new_description AS description,
            COALESCE(ARRAY(SELECT rp.new_name FROM new_roleprivilege rp WHERE rp.new_role_id = r.roleid), '{}') AS privs
       FROM role r WHERE r.new_code = ANY($1::text[])`,
    [STAFF_ROLES],
  );
  const order = (code: string) => STAFF_ROLES.indexOf(code as (typeof STAFF_ROLES)[number]);
  return {
    units,
    roles: roles
      .sort((a, b) => order(a.code) - order(b.code))
      .map((r) => ({
        code: r.code,
        name: r.name,
        description: r.description,
        portals: [
          ...(r.privs.includes('portal.login') ? (['standard'] as const) : []),
          ...(r.privs.includes('portal.store.login') ? (['store'] as const) : []),
        ],
      })),
  };
}

interface Checked {
  fullname: string;
  title: string | null;
  unit: { id: string; type: number };
  roles: { id: string; code: string }[];
  portal: number;
}

/** The fields a create and a change share; every problem reported at once (400), nothing written. */
async function checkInput(sql: Sql, caller: Caller, b: StaffInput, lang: Lang, errors: FieldError[]): Promise<Checked> {
  const fullname = (b.fullname ?? '').trim();
  if (!fullname) errors.push({ field: 'fullname', message: msg('staff.nameRequired', lang) });
  else if (fullname.length > 60) errors.push({ field: 'fullname', message: msg('staff.nameTooLong', lang) });
  const title = (b.title ?? '').trim() || null;
  if (title && title.length > 60) errors.push({ field: 'title', message: msg('staff.titleTooLong', lang) });

  let unit: Checked['unit'] = { id: '', type: 0 };
  const unitId = normGuid(b.unitId);
  if (!b.unitId) errors.push({ field: 'unitId', message: msg('staff.unitRequired', lang) });
  else {
    const { rows } = await sql.query<{ type: number }>(
      'SELECT new_type AS type FROM businessunit WHERE businessunitid = $1::uuid AND businessunitid = ANY($2::uuid[]) AND new_type = ANY($3::int[])',
      [unitId ?? '00000000-0000-0000-0000-000000000000', caller.subtree, STAFF_UNITS],
    );
    if (!unitId || !rows[0]) errors.push({ field: 'unitId', message: msg('staff.unitOutside', lang) });
    else unit = { id: unitId, type: rows[0].type };
  }

  const codes = [...new Set((b.roles ?? []).map((r) => String(r)))];
  let roles: Checked['roles'] = [];
  let privileges = new Set<string>();
  if (!codes.length) errors.push({ field: 'roles', message: msg('staff.rolesRequired', lang) });
  for (const c of codes)
    if (!ALLOWED.has(c)) errors.push({ field: 'roles', message: msg('staff.roleNotAllowed', lang, { role: c.slice(0, 40) }) });
  if (codes.length && codes.every((c) => ALLOWED.has(c))) {
    const { rows } = await sql.query<{ id: string; code: string; privs: string[] }>(
      `SELECT r.roleid AS id, r.new_code AS code,
              COALESCE(ARRAY(SELECT rp.new_name FROM new_roleprivilege rp WHERE rp.new_role_id = r.roleid), '{}') AS privs
         FROM role r WHERE r.new_code = ANY($1::text[])`,
      [codes],
    );
    roles = rows.map(({ id, code }) => ({ id, code }));
    privileges = new Set(rows.flatMap((r) => r.privs));
  }

  const portal = Number(b.portal);
  const kind = portalKind.options.find((o) => o.value === portal);
  if (!kind) errors.push({ field: 'portal', message: msg('staff.portalRequired', lang) });
  else if (roles.length && !privileges.has(LOGIN_PRIVILEGE[portal])) {
    errors.push({ field: 'portal', message: msg('staff.portalNotGranted', lang, { portal: kind.label[lang] }) });
  }
  return { fullname, title, unit, roles, portal };
}

const accountType = (unitType: number) => (unitType === businessUnitType.store ? userType.store : userType.dealer);

async function setRoles(sql: Sql, userId: string, roles: Checked['roles']): Promise<void> {
  await sql.query('DELETE FROM systemuserroles WHERE systemuserid = $1', [userId]);
  await sql.query('INSERT INTO systemuserroles (systemuserid, roleid) SELECT $1, unnest($2::uuid[])', [userId, roles.map((r) => r.id)]);
}

/** A new staff account; answers its id, sign-in name and first password (only here, never again). */
export async function createStaff(
  sql: Sql,
  caller: Caller,
  b: StaffInput,
  lang: Lang,
): Promise<{ id: string; userName: string; password: string }> {
  const errors: FieldError[] = [];
  const mobile = (b.mobilephone ?? '').trim();
  if (!mobile) errors.push({ field: 'mobilephone', message: msg('staff.mobileRequired', lang) });
  else if (!PATTERNS.mobile.test(mobile) || mobile.length > 20)
    errors.push({ field: 'mobilephone', message: msg('staff.mobileInvalid', lang) });
  else {
    // Serialise concurrent creations of one number; the unique indexes are the backstop.
    await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`staff:${mobile}`]);
    const { rowCount } = await sql.query('SELECT 1 FROM systemuser WHERE mobilephone = $1 OR lower(domainname) = lower($1)', [mobile]);
    if (rowCount) errors.push({ field: 'mobilephone', message: msg('staff.mobileTaken', lang, { mobile }) });
  }
  const c = await checkInput(sql, caller, b, lang, errors);
  if (errors.length) throw new ValidationFailed(errors, lang);
  const password = generatePassword();
  const me = caller.principal.userId;
  const {
    rows: [u],
  } = await sql.query<{ id: string }>(
    `INSERT INTO systemuser (fullname, domainname, mobilephone, title, businessunitid, owningbusinessunit, new_usertype, new_portalkind,
                             new_password, isdisabled, ownerid, createdby, modifiedby)
     VALUES ($1, $2, $2, $3, $4, $4, $5, $6, $7, false, $8, $8, $8) RETURNING systemuserid AS id`,
    [c.fullname, mobile, c.title, c.unit.id, accountType(c.unit.type), c.portal, await hashPassword(password), me],
  );
  await setRoles(sql, u.id, c.roles);
  return { id: u.id, userName: mobile, password };
}

type Target = {
  id: string;
  fullname: string;
  domainname: string;
  mobilephone: string | null;
  title: string | null;
  unit: string;
  unitname: string;
  unittype: number;
  roles: string[];
  portal: number | null;
  disabled: boolean;
};

/** The staff account in the caller's reach (404 outside), locked for a change; 403 for an account that is not dealer staff. */
async function target(sql: Sql, caller: Caller, rawId: string, lock: boolean): Promise<Target> {
  const id = normGuid(rawId);
  if (!id) throw recordNotFound();
  const { rows } = await sql.query<Target>(
    `SELECT u.systemuserid AS id, u.fullname, u.domainname, u.mobilephone, u.title, u.businessunitid AS unit, b.name AS unitname,
            b.new_type AS unittype, u.new_portalkind AS portal, COALESCE(u.isdisabled, false) AS disabled,
            COALESCE(ARRAY(SELECT r.new_code FROM systemuserroles ur JOIN role r ON r.roleid = ur.roleid
                            WHERE ur.systemuserid = u.systemuserid ORDER BY r.new_code), '{}') AS roles
       FROM systemuser u JOIN businessunit b ON b.businessunitid = u.businessunitid
      WHERE u.systemuserid = $1::uuid AND u.businessunitid = ANY($2::uuid[])${lock ? ' FOR UPDATE OF u' : ''}`,
    [id, caller.subtree],
  );
  const t = rows[0];
  if (!t) throw recordNotFound();
  if (!(STAFF_UNITS as readonly number[]).includes(t.unittype) || t.roles.some((r) => !ALLOWED.has(r))) {
    throw new AppError(403, 'staff.notManaged');
  }
  return t;
}

export async function staffDetail(sql: Sql, caller: Caller, id: string): Promise<StaffDetail> {
  const t = await target(sql, caller, id, false);
  return {
    id: t.id,
    fullname: t.fullname,
    userName: t.domainname,
    mobilephone: t.mobilephone,
    title: t.title,
    unitId: t.unit,
    unitName: t.unitname,
    roles: t.roles,
    portal: t.portal,
    disabled: t.disabled,
    self: t.id === caller.principal.userId,
  };
}

async function endSessions(sql: Sql, userId: string, reason: string): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    'UPDATE auth_session SET ended_at = now(), end_reason = $2 WHERE user_id = $1 AND ended_at IS NULL RETURNING id',
    [userId, reason],
  );
  return rows.map((r) => r.id);
}

/**
 * Name, title, unit, roles and portal of a staff account. A new portal kind ends its sessions (they
 * were signed in on the other portal); new roles and unit take effect on its next call.
 */
export async function changeStaff(sql: Sql, caller: Caller, id: string, b: StaffInput, lang: Lang): Promise<{ ended: string[] }> {
  const t = await target(sql, caller, id, true);
  const errors: FieldError[] = [];
  const c = await checkInput(sql, caller, b, lang, errors);
  if (errors.length) throw new ValidationFailed(errors, lang);
  await sql.query(
    `UPDATE systemuser SET fullname = $2, title = $3, businessunitid = $4, owningbusinessunit = $4, new_usertype = $5, new_portalkind = $6,
            modifiedon = now(), modifiedby = $7 WHERE systemuserid = $1`,
    [t.id, c.fullname, c.title, c.unit.id, accountType(c.unit.type), c.portal, caller.principal.userId],
  );
  await setRoles(sql, t.id, c.roles);
  return { ended: t.portal === c.portal ? [] : await endSessions(sql, t.id, 'portal') };
}

/** Disables (signing the account out everywhere) or enables a staff account; a dealer cannot disable itself. */
export async function setStaffDisabled(sql: Sql, caller: Caller, id: string, disabled: boolean): Promise<{ ended: string[] }> {
  const t = await target(sql, caller, id, true);
  if (disabled && t.id === caller.principal.userId) throw new AppError(400, 'staff.notSelf');
  await sql.query('UPDATE systemuser SET isdisabled = $2, modifiedon = now(), modifiedby = $3 WHERE systemuserid = $1', [
    t.id,
    disabled,
    caller.principal.userId,
  ]);
  return { ended: disabled ? await endSessions(sql, t.id, 'disabled') : [] };
}

/** A new generated password for a staff account (answered once); its sessions end. */
export async function resetStaffPassword(
  sql: Sql,
  caller: Caller,
  id: string,
): Promise<{ id: string; userName: string; password: string; ended: string[] }> {
  const t = await target(sql, caller, id, true);
  const password = generatePassword();
  await sql.query('UPDATE systemuser SET new_password = $2, modifiedon = now(), modifiedby = $3 WHERE systemuserid = $1', [
    t.id,
    await hashPassword(password),
    caller.principal.userId,
  ]);
  return { id: t.id, userName: t.domainname, password, ended: await endSessions(sql, t.id, 'password') };
}
