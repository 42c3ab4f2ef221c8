import type { Db } from '../db/db.ts';
import { AppError } from '../http/errors.ts';

/**
 * Failed attempts are counted per subject. Sign-in subjects are an account (or mobile number)
 * together with the client address (throttleSubject), so a stranger's wrong passwords lock only
 * the stranger's address out of that account, never the owner at theirs (docs/decisions.md,
 * "Sign-in throttle").
 */
export const MAX_FAILURES = 5;
/** Failures older than this no longer count towards a lock. */
export const WINDOW_MIN = 15;
/** The first lock of a subject; each further lock doubles it, up to MAX_LOCK_MIN. */
export const FIRST_LOCK_MIN = 1;
export const MAX_LOCK_MIN = 60;
/** A subject quiet this long starts again at the first lock length. */
const FORGET_LOCKS_MIN = 24 * 60;

/** The counter of one account (or mobile number) at one client address, for one kind of secret. */
export function throttleSubject(kind: 'password' | 'sms' | 'crm', account: string, ip: string): string {
  // The account is cut so the address always fits (subject is varchar(120)).
  return `${kind}:${account.trim().toLowerCase().slice(0, 60)}|${ip.slice(0, 50)}`;
}

/** Minutes the subject stays locked, or 0. */
export async function lockedMinutes(db: Db, subject: string): Promise<number> {
  const row = await db.one<{ locked_until: Date | null }>('SELECT locked_until FROM auth_failure WHERE subject = $1', [subject]);
  const until = row?.locked_until?.getTime() ?? 0;
  return until > Date.now() ? Math.ceil((until - Date.now()) / 60000) : 0;
}

/**
 * Counts a failure. The MAX_FAILURES-th within the window locks the subject for
 * FIRST_LOCK_MIN × 2^(earlier locks) minutes (capped) and starts a new count.
 */
export async function recordFailure(db: Db, subject: string): Promise<void> {
  await db.query(
    `INSERT INTO auth_failure AS a (subject, failures, window_start, locks) VALUES ($1, 1, now(), 0)
     ON CONFLICT (subject) DO UPDATE SET
       failures = CASE WHEN a.window_start < now() - make_interval(mins => $2) THEN 1
                       WHEN a.failures + 1 >= $3 THEN 0 ELSE a.failures + 1 END,
       window_start = CASE WHEN a.window_start < now() - make_interval(mins => $2) THEN now() ELSE a.window_start END,
       locks = CASE WHEN a.window_start < now() - make_interval(mins => $6) THEN 0
                    WHEN a.window_start >= now() - make_interval(mins => $2) AND a.failures + 1 >= $3 THEN a.locks + 1 ELSE a.locks END,
       locked_until = CASE WHEN a.window_start >= now() - make_interval(mins => $2) AND a.failures + 1 >= $3
                           THEN now() + make_interval(mins => least($5::int, $4::int * (2 ^ least(a.locks, 10))::int))
                           ELSE a.locked_until END`,
    [subject, WINDOW_MIN, MAX_FAILURES, FIRST_LOCK_MIN, MAX_LOCK_MIN, FORGET_LOCKS_MIN],
  );
}

export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.query('DELETE FROM auth_failure WHERE subject = $1', [subject]);
}

/** Forgets every address's counter of an account (after its owner proved who they are, e.g. a password reset by SMS). */
export async function clearAccountFailures(db: Db, kind: 'password' | 'sms' | 'crm', account: string): Promise<void> {
  await db.query('DELETE FROM auth_failure WHERE starts_with(subject, $1)', [throttleSubject(kind, account, '')]);
}

/** Refuses with the lockout message (HTTP 400, or the given reason phrase) while the subject is locked. */
export async function assertNotLocked(db: Db, subject: string, statusText?: string): Promise<void> {
  const minutes = await lockedMinutes(db, subject);
  if (minutes) throw new AppError(400, 'login.locked', { minutes }, statusText);
}
