import type { Db } from '../db/db.ts';
import { AppError } from '../http/errors.ts';

export const MAX_FAILURES = 5;
export const WINDOW_MIN = 15;
export const LOCK_MIN = 15;

/** Minutes the subject (an account or a mobile number) stays locked, or 0. */
export async function lockedMinutes(db: Db, subject: string): Promise<number> {
  const row = await db.one<{ locked_until: Date | null }>('SELECT locked_until FROM auth_failure WHERE subject = $1', [subject]);
  const until = row?.locked_until?.getTime() ?? 0;
  return until > Date.now() ? Math.ceil((until - Date.now()) / 60000) : 0;
}

/** Counts a failure; the fifth within the window locks the subject. */
export async function recordFailure(db: Db, subject: string): Promise<void> {
  await db.query(
    `INSERT INTO auth_failure (subject, failures, window_start) VALUES ($1, 1, now())
     ON CONFLICT (subject) DO UPDATE SET
       failures = CASE WHEN auth_failure.window_start < now() - make_interval(mins => $2) THEN 1 ELSE auth_failure.failures + 1 END,
       window_start = CASE WHEN auth_failure.window_start < now() - make_interval(mins => $2) THEN now() ELSE auth_failure.window_start END,
       locked_until = CASE WHEN auth_failure.window_start >= now() - make_interval(mins => $2) AND auth_failure.failures + 1 >= $3
                           THEN now() + make_interval(mins => $4) ELSE auth_failure.locked_until END`,
    [subject, WINDOW_MIN, MAX_FAILURES, LOCK_MIN],
  );
}

export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.query('DELETE FROM auth_failure WHERE subject = $1', [subject]);
}

/** Refuses with the lockout message (HTTP 400, or the given reason phrase) while the subject is locked. */
export async function assertNotLocked(db: Db, subject: string, statusText?: string): Promise<void> {
  const minutes = await lockedMinutes(db, subject);
  if (minutes) throw new AppError(400, 'login.locked', { minutes }, statusText);
}
