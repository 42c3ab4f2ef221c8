import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { AppError, otherPortal, superseded } from '../http/errors.ts';
import { sessionsEnded } from './session-cache.ts';
import { randomToken, sha256 } from './tokens.ts';

export type LoginType = 'password' | 'smscode' | 'sso_mscrm';
export type PortalKind = 'standard' | 'store';

export interface NewSession {
  userId: string;
  loginType: LoginType;
  portal: PortalKind;
  ip: string;
  userAgent: string;
}

/**
 * One active session per account: starting a session ends every other one of the same user
 * (their next call gets HTTP 409). Sessions live in the database so all app instances agree.
 */
export async function startSession(db: Db, cfg: Config, s: NewSession): Promise<{ sessionId: string; refreshToken: string }> {
  const started = await db.tx(async (sql) => {
    // Serialise concurrent sign-ins of one account so exactly one session stays active.
    await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [s.userId]);
    const ended = await sql.query<{ id: string }>(
      `UPDATE auth_session SET ended_at = now(), end_reason = 'superseded' WHERE user_id = $1 AND ended_at IS NULL RETURNING id`,
      [s.userId],
    );
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO auth_session (user_id, login_type, portal, absolute_expiry, ip, user_agent)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5, $6) RETURNING id`,
      [s.userId, s.loginType, s.portal, cfg.sessionAbsoluteTtlSec, s.ip, s.userAgent],
    );
    const sessionId = rows[0].id;
    const refreshToken = randomToken();
    await sql.query(
      `INSERT INTO auth_refresh_token (token_hash, session_id, expires_at)
       VALUES ($1, $2, LEAST(now() + make_interval(secs => $3), (SELECT absolute_expiry FROM auth_session WHERE id = $2)))`,
      [sha256(refreshToken), sessionId, cfg.refreshTokenTtlSec],
    );
    return { sessionId, refreshToken, ended: ended.rows.map((r) => r.id) };
  });
  await sessionsEnded(db, started.ended); // the user's earlier sessions: refused everywhere from now on
  return { sessionId: started.sessionId, refreshToken: started.refreshToken };
}

const refreshRefused = () => new AppError(400, 'login.refreshInvalid', undefined, 'invalid_grant');

/**
 * Rotates a refresh token: the old one is spent, a new one issued. Presenting a spent token again
 * is a replay: the whole session (the token family) is ended. A token of a session signed in on the
 * other portal kind is refused and stays unspent (it still works on its own portal).
 */
export async function rotateRefreshToken(
  db: Db,
  cfg: Config,
  token: string,
  portal: PortalKind,
): Promise<{ sessionId: string; userId: string; loginType: LoginType; refreshToken: string }> {
  const hash = sha256(token);
  const outcome = await db.tx(async (sql) => {
    const { rows } = await sql.query<{
      session_id: string;
      used_at: Date | null;
      expires_at: Date;
      user_id: string;
      login_type: LoginType;
      portal: PortalKind;
      ended_at: Date | null;
      end_reason: string | null;
      absolute_expiry: Date;
    }>(
      `SELECT r.session_id, r.used_at, r.expires_at, s.user_id, s.login_type, s.portal, s.ended_at, s.end_reason, s.absolute_expiry
         FROM auth_refresh_token r JOIN auth_session s ON s.id = r.session_id
        WHERE r.token_hash = $1 FOR UPDATE OF r, s`,
      [hash],
    );
    const r = rows[0];
    if (!r) return { refused: 'unknown' as const };
    if (r.ended_at) return { refused: r.end_reason === 'superseded' ? ('superseded' as const) : ('ended' as const) };
    if (r.used_at) {
      await sql.query(`UPDATE auth_session SET ended_at = now(), end_reason = 'replay' WHERE id = $1`, [r.session_id]);
      return { refused: 'replay' as const, sessionId: r.session_id };
    }
    if (r.portal !== portal) return { refused: 'portal' as const };
    const now = Date.now();
    if (r.expires_at.getTime() <= now || r.absolute_expiry.getTime() <= now) return { refused: 'expired' as const };
    await sql.query('UPDATE auth_refresh_token SET used_at = now() WHERE token_hash = $1', [hash]);
    const refreshToken = randomToken();
    await sql.query(
      `INSERT INTO auth_refresh_token (token_hash, session_id, expires_at)
       VALUES ($1, $2, LEAST(now() + make_interval(secs => $3), $4::timestamptz))`,
      [sha256(refreshToken), r.session_id, cfg.refreshTokenTtlSec, r.absolute_expiry],
    );
    return { sessionId: r.session_id, userId: r.user_id, loginType: r.login_type, refreshToken };
  });
  if ('refused' in outcome) {
    if (outcome.refused === 'replay') await sessionsEnded(db, [outcome.sessionId]);
    if (outcome.refused === 'superseded') throw superseded();
    if (outcome.refused === 'portal') throw otherPortal(400, 'invalid_grant');
    throw refreshRefused();
  }
  return outcome;
}

export async function endSession(db: Db, sessionId: string, reason: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE auth_session SET ended_at = now(), end_reason = $2 WHERE id = $1 AND ended_at IS NULL RETURNING id`,
    [sessionId, reason],
  );
  await sessionsEnded(
    db,
    rows.map((r) => r.id),
  );
}

/** Ends every session of a user (after a password change or reset). */
export async function endUserSessions(db: Db, userId: string, reason: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE auth_session SET ended_at = now(), end_reason = $2 WHERE user_id = $1 AND ended_at IS NULL RETURNING id`,
    [userId, reason],
  );
  await sessionsEnded(
    db,
    rows.map((r) => r.id),
  );
}
