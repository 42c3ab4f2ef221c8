import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/db.ts';

const TTL_SEC = 300;

/** An image captcha: glyphs drawn as SVG paths (not text), answer kept server-side, single use. */
export async function createCaptcha(db: Db): Promise<{ captchaId: string; image: string }> {
  const c = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1ilIL', color: true, background: '#f4f7fb', width: 120, height: 40 });
  const row = await db.one<{ id: string }>(
    `INSERT INTO auth_captcha (answer, expires_at) VALUES ($1, now() + make_interval(secs => $2)) RETURNING id`,
    [c.text.toLowerCase(), TTL_SEC],
  );
  return { captchaId: row!.id, image: c.data };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spends the captcha whatever the answer, so each one can be tried once. */
export async function checkCaptcha(db: Db, captchaId: string | undefined, typed: string | undefined): Promise<boolean> {
  if (!captchaId || !typed || !UUID.test(captchaId)) return false;
  const row = await db.one<{ answer: string }>(
    `UPDATE auth_captcha SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING answer`,
    [captchaId],
  );
  return !!row && row.answer === typed.trim().toLowerCase();
}

/** Test mode only: the answer of a captcha, so automated tests can sign in like a person. */
export async function peekCaptcha(db: Db, captchaId: string): Promise<string | undefined> {
  if (!UUID.test(captchaId)) return undefined;
  return (await db.one<{ answer: string }>('SELECT answer FROM auth_captcha WHERE id = $1', [captchaId]))?.answer;
}

/** Housekeeping: drops spent and expired one-time rows. */
export async function purgeExpired(db: Db): Promise<void> {
  await db.query(`DELETE FROM auth_captcha WHERE expires_at < now() - interval '1 hour'`);
  await db.query(`DELETE FROM auth_sms_code WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM auth_sso_assertion WHERE expires_at < now() - interval '1 hour'`);
  // A system asks for a token (a session of its own) every few minutes and never signs out: its
  // sessions are kept a week past their expiry (for the log's sake), then dropped. People's stay.
  await db.query(`DELETE FROM auth_session WHERE login_type = 'client_credentials' AND absolute_expiry < now() - interval '7 days'`);
}
