import type { Privilege } from '@portal/model';
import type { Db } from '../db/db.ts';

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
  hasAvatar: boolean;
  disabled: boolean;
  privileges: Set<string>;
  roles: string[];
  sessionStartedAt: Date;
}

export type SessionRow = {
  ended_at: Date | null;
  end_reason: string | null;
  absolute_expiry: Date;
};

const USER_COLUMNS = `
  u.systemuserid, u.domainname, u.fullname, u.new_nickname, u.mobilephone, u.businessunitid, u.new_station_id,
  u.new_usertype, COALESCE(u.isdisabled, false) AS isdisabled, (u.new_avatar IS NOT NULL) AS has_avatar,
  bu.name AS bu_name, st.new_name AS station_name,
  COALESCE((SELECT array_agg(DISTINCT rp.new_name) FROM systemuserroles ur
             JOIN new_roleprivilege rp ON rp.new_role_id = ur.roleid WHERE ur.systemuserid = u.systemuserid), '{}') AS privileges,
  COALESCE((SELECT array_agg(r.name ORDER BY r.new_code) FROM systemuserroles ur
             JOIN role r ON r.roleid = ur.roleid WHERE ur.systemuserid = u.systemuserid), '{}') AS roles`;
const USER_JOINS = `LEFT JOIN businessunit bu ON bu.businessunitid = u.businessunitid
  LEFT JOIN new_srv_station st ON st.new_srv_stationid = u.new_station_id`;

type UserRow = {
  systemuserid: string; domainname: string; fullname: string; new_nickname: string | null; mobilephone: string | null;
  businessunitid: string; new_station_id: string | null; new_usertype: number | null; isdisabled: boolean; has_avatar: boolean;
  bu_name: string | null; station_name: string | null; privileges: string[]; roles: string[];
};

function toPrincipal(u: UserRow, s: { id: string; login_type: string; portal: string; created_at: Date }): Principal {
  return {
    userId: u.systemuserid, sessionId: s.id, loginType: s.login_type, portal: s.portal,
    userName: u.domainname, fullName: u.fullname, nickName: u.new_nickname, mobilephone: u.mobilephone,
    businessUnitId: u.businessunitid, businessUnitName: u.bu_name, stationId: u.new_station_id, stationName: u.station_name,
    userType: u.new_usertype, hasAvatar: u.has_avatar, disabled: u.isdisabled,
    privileges: new Set(u.privileges), roles: u.roles, sessionStartedAt: s.created_at,
  };
}

/** One query: the session's state and, while it lives, its user with privileges. */
export async function loadSessionPrincipal(db: Db, sessionId: string, userId: string): Promise<{ session?: SessionRow; principal?: Principal }> {
  const row = await db.one<UserRow & SessionRow & { id: string; login_type: string; portal: string; created_at: Date }>(
    `SELECT s.id, s.login_type, s.portal, s.created_at, s.ended_at, s.end_reason, s.absolute_expiry, ${USER_COLUMNS}
       FROM auth_session s JOIN systemuser u ON u.systemuserid = s.user_id ${USER_JOINS}
      WHERE s.id = $1 AND s.user_id = $2`,
    [sessionId, userId],
  );
  if (!row) return {};
  return { session: row, principal: toPrincipal(row, row) };
}

/** A user with privileges, by id or by sign-in name / mobile number (for the grants). */
export async function findUser(db: Db, by: { id?: string; userName?: string; mobilephone?: string }): Promise<(UserRow & { new_password: string | null }) | undefined> {
  const [where, value] = by.id ? ['u.systemuserid = $1', by.id] : by.userName ? ['lower(u.domainname) = lower($1)', by.userName] : ['u.mobilephone = $1', by.mobilephone];
  if (by.id && !/^[0-9a-f-]{36}$/i.test(by.id)) return undefined;
  return db.one(`SELECT ${USER_COLUMNS}, u.new_password FROM systemuser u ${USER_JOINS} WHERE ${where}`, [value]);
}

/** Only users of allowed roles may sign in (spec 001 §1): the portal's login privilege. */
export function mayUsePortal(privileges: Iterable<string>, portal: 'standard' | 'store'): boolean {
  const need: Privilege = portal === 'store' ? 'portal.store.login' : 'portal.login';
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
    privilege: [...p.privileges].sort(),
    roles: p.roles,
    mobilephone: p.mobilephone,
    stationName: p.stationName,
    businessUnitName: p.businessUnitName,
    portal: p.portal,
    sessionStartedAt: p.sessionStartedAt.toISOString(),
  };
}
