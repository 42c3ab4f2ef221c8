import { randomInt } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { hmac } from './tokens.ts';

/** Sends a text message. Real deployments plug a carrier's API in here. */
export interface SmsProvider {
  send(mobilephone: string, body: string, code?: string): Promise<void>;
}

/** Built-in provider: writes to the outbox table (read back only under PORTAL_TEST_MODE). */
export class OutboxSmsProvider implements SmsProvider {
  constructor(private readonly db: Db) {}
  async send(mobilephone: string, body: string, code?: string): Promise<void> {
    await this.db.query('INSERT INTO sms_outbox (mobilephone, body, code) VALUES ($1, $2, $3)', [mobilephone, body, code ?? null]);
  }
}

export type SmsPurpose = 'login' | 'reset';
export const SMS_CODE_TTL_SEC = 300;
export const SMS_RESEND_SEC = 60;
export const SMS_MAX_PER_DAY = 10;
export const SMS_MAX_ATTEMPTS = 5;

export type IssueOutcome = 'sent' | 'tooSoon' | 'dailyLimit';

/** Issues a 6-digit code (kept only as an HMAC), at most one a minute and ten a day per number. */
export async function issueSmsCode(
  db: Db,
  key: Uint8Array,
  provider: SmsProvider,
  mobilephone: string,
  purpose: SmsPurpose,
): Promise<IssueOutcome> {
  const recent = await db.one<{ last: Date | null; today: number }>(
    `SELECT max(created_at) AS last, count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS today
       FROM auth_sms_code WHERE mobilephone = $1`,
    [mobilephone],
  );
  if (recent?.last && Date.now() - recent.last.getTime() < SMS_RESEND_SEC * 1000) return 'tooSoon';
  if ((recent?.today ?? 0) >= SMS_MAX_PER_DAY) return 'dailyLimit';
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query(
    `INSERT INTO auth_sms_code (mobilephone, purpose, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [mobilephone, purpose, hmac(key, `${mobilephone}:${purpose}:${code}`), SMS_CODE_TTL_SEC],
  );
  const text =
    purpose === 'login'
      ? `【华辰售后】您的登录验证码为 ${code}，${SMS_CODE_TTL_SEC / 60} 分钟内有效，请勿泄露。`
      : `【华辰售后】您正在重置密码，验证码为 ${code}，${SMS_CODE_TTL_SEC / 60} 分钟内有效。`;
  await provider.send(mobilephone, text, code);
  return 'sent';
}

/** Checks and spends the newest live code for the number; five wrong tries spend it too. */
export async function consumeSmsCode(db: Db, key: Uint8Array, mobilephone: string, purpose: SmsPurpose, code: string): Promise<boolean> {
  return db.tx(async (sql) => {
    const { rows } = await sql.query<{ id: string; code_hash: string; attempts: number }>(
      `SELECT id, code_hash, attempts FROM auth_sms_code
        WHERE mobilephone = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [mobilephone, purpose],
    );
    const row = rows[0];
    if (!row) return false;
    if (/^\d{6}$/.test(code) && hmac(key, `${mobilephone}:${purpose}:${code}`) === row.code_hash) {
      await sql.query('UPDATE auth_sms_code SET used_at = now() WHERE id = $1', [row.id]);
      return true;
    }
    await sql.query(
      `UPDATE auth_sms_code SET attempts = attempts + 1, used_at = CASE WHEN attempts + 1 >= $2 THEN now() END WHERE id = $1`,
      [row.id, SMS_MAX_ATTEMPTS],
    );
    return false;
  });
}

/** Test mode only: the last code sent to a number. */
export async function lastSentCode(db: Db, mobilephone: string): Promise<string | undefined> {
  return (await db.one<{ code: string }>('SELECT code FROM sms_outbox WHERE mobilephone = $1 ORDER BY id DESC LIMIT 1', [mobilephone]))
    ?.code;
}
