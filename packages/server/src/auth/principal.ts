import { portalKind, SERVICE_ACCOUNT_DEFAULT_RATE, serviceAccountState, type Privilege } from '@portal/model';
import type { Db } from '../db/db.ts';
import { sessionCacheOf } from './session-cache.ts';

/** Who is calling: the user, the session and what the user's roles grant. */
export interface Principal {
  userId: string;
  sessionId: string;
  loginType: string;
  portal: string;
  userName: string;
  fullName: string;
  nickName: string | null;
  mobilephone: string | null;
  businessUnitId: string;
  businessUnitName: string | null;
  stationId: string | null;
  stationName: string | null;
  userType: number | null;
  /** The kind of the account's business unit (businessunit_type): the menu offers what its reach can hold. */
  unitType: number | null;
  hasAvatar: boolean;
  disabled: boolean;
  privileges: Set<string>;
  roles: string[];
  sessionStartedAt: Date;
  /** The caller's business unit and every unit below it (the reach of their scope). */
  subtree: string[];
  /** Set when the caller is a system's service account (its reach: the subtrees of all its units). */
  serviceAccount?: ServiceAccountOf | null;
}

/** The service account a systemuser row stands for (integration/service-accounts). */
export interface ServiceAccountOf {
  id: string;
  name: string;
  clientId: string;
  /** Requests per minute. */
  rateLimit: number;
  enabled: boolean;
}

export type SessionRow = {
  ended_at: Date | null;
  end_reason: string | null;
  absolute_expiry: Date;
};

const USER_COLUMNS = `
  u.systemuserid, u.domainname, u.fullname, u.new_nickname, u.mobilephone, u.businessunitid, u.new_station_id,
  u.new_usertype, u.new_portalkind, COALESCE(u.isdisabled, false) AS isdisabled, (u.new_avatar IS NOT NULL) AS has_avatar,
  bu.name AS bu_name, bu.new_type AS bu_type, st.new_name AS station_name,
  COALESCE((SELECT array_agg(DISTINCT rp.new_name) FROM systemuserroles ur
             JOIN new_roleprivilege rp ON rp.new_role_id = ur.roleid WHERE ur.systemuserid = u.systemuserid), '{}') AS privileges,
  COALESCE((SELECT array_agg(r.name ORDER BY r.new_code) FROM systemuserroles ur
             JOIN role r ON r.roleid = ur.roleid WHERE ur.systemuserid = u.systemuserid), '{}') AS roles,
  sa.new_serviceaccountid AS sa_id, sa.new_name AS sa_name, sa.new_clientid AS sa_clientid, sa.new_ratelimit AS sa_ratelimit,
  sa.new_state AS sa_state`;
const USER_JOINS = `LEFT JOIN businessunit bu ON bu.businessunitid = u.businessunitid
  LEFT JOIN new_srv_station st ON st.new_srv_stationid = u.new_station_id
  LEFT JOIN new_serviceaccount sa ON sa.new_systemuser_id = u.systemuserid`;

type UserRow = {
  systemuserid: string;
  domainname: string;
  fullname: string;
  new_nickname: string | null;
  mobilephone: string | null;
  businessunitid: string;
  new_station_id: string | null;
  new_usertype: number | null;
  /** The one portal the account signs in on (model portalKind: 1 standard, 2 store), else any its roles allow. */
  new_portalkind: number | null;
  isdisabled: boolean;
  has_avatar: boolean;
  bu_name: string | null;
  bu_type: number | null;
  station_name: string | null;
  privileges: string[];
  roles: string[];
  /** The service account this user stands for, if any (else all null). */
  sa_id: string | null;
  sa_name: string | null;
  sa_clientid: string | null;
  sa_ratelimit: number | null;
  sa_state: number | null;
};

type SessionInfo = SessionRow & { id: string; user_id: string; login_type: string; portal: string; created_at: Date };

function toPrincipal(
  u: UserRow & { subtree: string[] },
  s: { id: string; login_type: string; portal: string; created_at: Date },
): Principal {
  return {
    userId: u.systemuserid,
    sessionId: s.id,
    loginType: s.login_type,
    portal: s.portal,
    userName: u.domainname,
    fullName: u.fullname,
    nickName: u.new_nickname,
    mobilephone: u.mobilephone,
    businessUnitId: u.businessunitid,
    businessUnitName: u.bu_name,
    stationId: u.new_station_id,
    stationName: u.station_name,
    userType: u.new_usertype,
    unitType: u.bu_type,
    hasAvatar: u.has_avatar,
    disabled: u.isdisabled,
    privileges: new Set(u.privileges),
    roles: u.roles,
    sessionStartedAt: s.created_at,
    subtree: u.subtree,
    serviceAccount: u.sa_id
      ? {
          id: u.sa_id,
          name: u.sa_name ?? '',
          clientId: u.sa_clientid ?? '',
          rateLimit: u.sa_ratelimit ?? SERVICE_ACCOUNT_DEFAULT_RATE,
          enabled: u.sa_state === serviceAccountState.enabled,
        }
      : null,
  };
}

// A service account's reach is the union of its units' subtrees (its own unit does not count).
const SUBTREE = `ARRAY(WITH RECURSIVE t AS (
    SELECT b.businessunitid AS id FROM businessunit b
     WHERE (sa.new_serviceaccountid IS NULL AND b.businessunitid = u.businessunitid)
        OR b.businessunitid IN (SELECT su.new_businessunit_id FROM new_serviceaccountunit su
                                 WHERE su.new_serviceaccount_id = sa.new_serviceaccountid)
    UNION ALL SELECT b.businessunitid FROM businessunit b JOIN t ON b.parentbusinessunitid = t.id
  ) SELECT DISTINCT id FROM t) AS subtree`;

/**
 * Users' privileges, roles and scope reach change rarely but are needed on every request: they are
 * kept for a few seconds per app instance (live sessions are cached too, but every session end and
 * every disabled user is announced by the database to all instances: session-cache.ts). Writes to
 * identity data clear the cache of this instance.
 */
const USER_CACHE_MS = Number(process.env.PRINCIPAL_CACHE_MS ?? 10_000);
// Keyed by user, held with the instance's database: another instance in the same process (a
// second app in a test, a test file after another) reads its own rows.
const userCache = new Map<string, { at: number; db: Db; row: UserRow & { subtree: string[] } }>();

export function forgetCachedUsers(userId?: string): void {
  if (userId) userCache.delete(userId);
  else userCache.clear();
}

async function cachedUser(db: Db, userId: string): Promise<(UserRow & { subtree: string[] }) | undefined> {
  const hit = userCache.get(userId);
  if (hit && hit.db === db && Date.now() - hit.at < USER_CACHE_MS) return hit.row;
  const row = await db.one<UserRow & { subtree: string[] }>(
    `SELECT ${USER_COLUMNS}, ${SUBTREE} FROM systemuser u ${USER_JOINS} WHERE u.systemuserid = $1`,
    [userId],
  );
  if (row) {
    if (userCache.size > 5000) userCache.clear();
    userCache.set(userId, { at: Date.now(), db, row });
  }
  return row;
}

/**
 * The session's state and, while it lives, its user with privileges. A live session may come from
 * this instance's session cache, which the database empties on every session end (session-cache.ts);
 * an ended one is always read.
 */
export async function loadSessionPrincipal(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{ session?: SessionRow; principal?: Principal }> {
  const cache = sessionCacheOf(db);
  let session: SessionInfo | undefined = cache?.get(sessionId);
  if (session && session.user_id !== userId) session = undefined;
  if (!session) {
    const mark = cache?.mark();
    session = await db.one<SessionInfo>(
      'SELECT id, user_id, login_type, portal, created_at, ended_at, end_reason, absolute_expiry FROM auth_session WHERE id = $1 AND user_id = $2',
      [sessionId, userId],
    );
    if (session && !session.ended_at && cache && mark) cache.put(session, mark);
  }
  if (!session) return {};
  if (session.ended_at) return { session };
  const user = await cachedUser(db, userId);
  if (!user) return {};
  return { session, principal: toPrincipal(user, session) };
}

/** A user with privileges, by id or by sign-in name / mobile number (for the grants). */
export async function findUser(
  db: Db,
  by: { id?: string; userName?: string; mobilephone?: string },
): Promise<(UserRow & { new_password: string | null }) | undefined> {
  const [where, value] = by.id
    ? ['u.systemuserid = $1', by.id]
    : by.userName
      ? ['lower(u.domainname) = lower($1)', by.userName]
      : ['u.mobilephone = $1', by.mobilephone];
  if (by.id && !/^[0-9a-f-]{36}$/i.test(by.id)) return undefined;
  return db.one(`SELECT ${USER_COLUMNS}, u.new_password FROM systemuser u ${USER_JOINS} WHERE ${where}`, [value]);
}

/**
 * Only users of allowed roles may sign in (spec 001 §1): the portal's login privilege, and the
 * account's portal kind where it has one (a dealer's staff user made for the store portal only).
 */
export function mayUsePortal(privileges: Iterable<string>, portal: 'standard' | 'store', kind?: number | null): boolean {
  const need: Privilege = portal === 'store' ? 'portal.store.login' : 'portal.login';
  if (kind != null && kind !== (portal === 'store' ? portalKind.store : portalKind.standard)) return false;
  return new Set(privileges).has(need);
}

/** The user object the web app keeps (spec 000 §3), plus roles for "about me". */
export function userInfo(p: Principal, avatarDataUrl: string | null) {
  return {
    userId: p.userId,
    userName: p.userName,
    nickName: p.nickName ?? p.fullName,
    fullName: p.fullName,
    loginType: p.loginType,
    avatarUrl: avatarDataUrl ?? '',
    departName: p.stationName ?? p.businessUnitName ?? '',
    departId: p.stationId ?? p.businessUnitId,
    userType: p.userType,
    unitType: p.unitType,
    privilege: [...p.privileges].sort(),
    roles: p.roles,
    mobilephone: p.mobilephone,
    stationName: p.stationName,
    businessUnitName: p.businessUnitName,
    portal: p.portal,
    sessionStartedAt: p.sessionStartedAt.toISOString(),
  };
}
