import { PATTERNS } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { checkCaptcha } from '../auth/captcha.ts';
import { assertNotLocked, clearAccountFailures, clearFailures, recordFailure } from '../auth/lockout.ts';
import { hashPassword, newPasswordProblem, verifyPassword } from '../auth/passwords.ts';
import { findUser, forgetCachedUsers, userInfo } from '../auth/principal.ts';
import { endSession, endUserSessions } from '../auth/sessions.ts';
import { consumeSmsCode, issueSmsCode } from '../auth/sms.ts';
import { writeLog } from '../domain/operation-log.ts';
import { ok } from '../http/envelope.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { BEARER, PUBLIC, returns } from '../http/openapi.ts';
import { t } from '../http/request-context.ts';
import type { Services } from '../services.ts';

const str = z.string().optional();
const AVATAR = /^data:image\/(png|jpeg|gif);base64,([A-Za-z0-9+/=]+)$/;
const MAX_AVATAR_BYTES = 100 * 1024;
const CHANGE = z.object({ oldPassword: str, newPassword: str, confirmPassword: str });
const RESET = z.object({ mobilephone: str, smscode: str, newPassword: str, confirmPassword: str });
const AVATAR_BODY = z.object({ image: z.string().describe('data:image/(png|jpeg|gif);base64,… at most 100 KB') });
const SMS = z.object({ mobilephone: str, captchaId: str, captcha: str, purpose: z.enum(['login', 'reset']).optional() });
const TAGS = ['account'];
const text = z.string().nullable();
/** The user object of spec 000 §3 (auth/principal.ts userInfo). */
const USER = z.object({
  userId: z.string(),
  userName: z.string(),
  nickName: z.string(),
  fullName: z.string(),
  loginType: z.string(),
  avatarUrl: z.string().describe('data: URL, or empty'),
  departName: z.string(),
  departId: z.string().describe('The station, else the business unit'),
  userType: z.number().int().nullable(),
  unitType: z.number().int().nullable().describe("The kind of the account's business unit (1 head office … 5 central warehouse)"),
  privilege: z.array(z.string()),
  roles: z.array(z.string()),
  mobilephone: text,
  stationName: text,
  businessUnitName: text,
  portal: z.string(),
  sessionStartedAt: z.string().describe('ISO date-time'),
  workerId: text.describe("The account's own personnel record (new_srv_worker): its orders are 我的工单"),
});

/** Magic numbers, so the declared type cannot lie about the content. */
function imageKind(bytes: Buffer): 'png' | 'jpeg' | 'gif' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  return null;
}

export function portalUserRoutes(app: FastifyInstance, s: Services) {
  const { db } = s;
  const auth = requireAuth(s.authenticate);
  // preValidation: the caller is checked before the body, as when the handlers parsed it.
  const signedIn = (summary: string, body?: z.ZodType) => ({
    preValidation: auth,
    schema: { summary, tags: TAGS, security: BEARER, ...(body ? { body } : {}) },
  });

  app.post('/api/portaluser/logout', signedIn('Sign out (ends this session)'), async (req) => {
    const p = req.principal!;
    await endSession(db, p.sessionId, 'logout');
    await writeLog(db, req, { action: 'logout', userId: p.userId, userName: p.userName });
    return ok(null);
  });

  const me = signedIn('The signed-in user, roles and privileges');
  app.get('/api/portaluser/me', { ...me, schema: { ...me.schema, ...returns(USER) } }, async (req) => {
    const p = req.principal!;
    const row = await db.one<{ avatar: string | null; worker: string | null }>(
      `SELECT CASE WHEN $2::boolean THEN new_avatar END AS avatar, new_worker_id::text AS worker FROM systemuser WHERE systemuserid = $1`,
      [p.userId, !!p.hasAvatar],
    );
    return ok({ ...userInfo(p, row?.avatar ?? null), workerId: row?.worker ?? null });
  });

  app.post('/api/portaluser/changepassword', signedIn('Change the password (ends every session)', CHANGE), async (req) => {
    const p = req.principal!;
    const b = CHANGE.parse(req.body ?? {});
    if (!b.oldPassword) throw badRequest('login.oldPasswordRequired');
    const problem = newPasswordProblem(b.newPassword, b.confirmPassword);
    if (problem) throw badRequest(problem);
    const subject = `user:${p.userName.toLowerCase()}`;
    await assertNotLocked(db, subject);
    const user = await findUser(db, { id: p.userId });
    if (!(await verifyPassword(user?.new_password, b.oldPassword))) {
      await recordFailure(db, subject);
      throw badRequest('login.oldPasswordWrong');
    }
    await db.query('UPDATE systemuser SET new_password = $2, modifiedon = now(), modifiedby = $1 WHERE systemuserid = $1', [
      p.userId,
      await hashPassword(b.newPassword!),
    ]);
    await endUserSessions(db, p.userId, 'password');
    await writeLog(db, req, { action: 'changepassword', userId: p.userId, userName: p.userName });
    return ok(null, t(req, 'password.changed'));
  });

  /** Forgotten password: an SMS code sent to the account's mobile number (purpose "reset"). */
  app.post(
    '/api/portaluser/resetpassword',
    {
      config: { rateLimit: { max: s.cfg.authRateLimit, timeWindow: 60_000 } },
      schema: { summary: 'Reset a forgotten password with an SMS code', tags: TAGS, body: RESET, security: PUBLIC },
    },
    async (req) => {
      const b = RESET.parse(req.body ?? {});
      const mobile = b.mobilephone?.trim() ?? '';
      if (!mobile) throw badRequest('login.mobileRequired');
      if (!PATTERNS.mobile.test(mobile)) throw badRequest('login.mobileInvalid');
      if (!b.smscode) throw badRequest('login.smsCodeRequired');
      const problem = newPasswordProblem(b.newPassword, b.confirmPassword);
      if (problem) throw badRequest(problem);
      const subject = `mobile:${mobile}`;
      await assertNotLocked(db, subject);
      const user = await findUser(db, { mobilephone: mobile });
      if (!user || !(await consumeSmsCode(db, s.smsKey, mobile, 'reset', b.smscode.trim()))) {
        await recordFailure(db, subject);
        throw badRequest('login.smsCodeWrong');
      }
      await clearFailures(db, subject);
      await clearAccountFailures(db, 'password', user.domainname);
      await db.query('UPDATE systemuser SET new_password = $2, modifiedon = now() WHERE systemuserid = $1', [
        user.systemuserid,
        await hashPassword(b.newPassword!),
      ]);
      await endUserSessions(db, user.systemuserid, 'password');
      await writeLog(db, req, { action: 'resetpassword', userId: user.systemuserid, userName: user.domainname });
      return ok(null, t(req, 'password.reset'));
    },
  );

  app.post(
    '/api/portaluser/avatar',
    { ...signedIn('Change the avatar (PNG, JPEG or GIF data URL)', AVATAR_BODY), bodyLimit: 256 * 1024 },
    async (req) => {
      const p = req.principal!;
      const b = AVATAR_BODY.parse(req.body ?? {});
      const m = AVATAR.exec(b.image);
      if (!m) throw badRequest('avatar.badType');
      const bytes = Buffer.from(m[2], 'base64');
      if (bytes.length > MAX_AVATAR_BYTES) throw badRequest('avatar.tooLarge');
      const kind = imageKind(bytes);
      if (!kind || kind !== m[1]) throw badRequest('avatar.badType');
      await db.query('UPDATE systemuser SET new_avatar = $2, modifiedon = now(), modifiedby = $1 WHERE systemuserid = $1', [
        p.userId,
        b.image,
      ]);
      forgetCachedUsers(p.userId);
      await writeLog(db, req, { action: 'changeavatar', userId: p.userId, userName: p.userName });
      return ok({ avatarUrl: b.image }, t(req, 'avatar.changed'));
    },
  );

  /** Sends a login or password-reset code. Captcha-protected and rate-limited; the answer does not say whether the number is registered. */
  app.post(
    '/api/sms/code',
    {
      config: { rateLimit: { max: Math.max(5, Math.floor(s.cfg.authRateLimit / 3)), timeWindow: 60_000 } },
      schema: { summary: 'Send a sign-in or password-reset SMS code (captcha required)', tags: TAGS, body: SMS, security: PUBLIC },
    },
    async (req) => {
      const b = SMS.parse(req.body ?? {});
      const mobile = b.mobilephone?.trim() ?? '';
      if (!mobile) throw badRequest('login.mobileRequired');
      if (!PATTERNS.mobile.test(mobile)) throw badRequest('login.mobileInvalid');
      if (!b.captchaId || !b.captcha) throw badRequest('login.captchaRequired');
      if (!(await checkCaptcha(db, b.captchaId, b.captcha))) throw badRequest('login.captchaWrong');
      const user = await findUser(db, { mobilephone: mobile });
      if (user && !user.isdisabled) {
        const outcome = await issueSmsCode(db, s.smsKey, s.sms, mobile, b.purpose ?? 'login');
        if (outcome !== 'sent') throw new AppError(429, 'error.tooManyRequests');
      }
      return ok(null, t(req, 'login.smsSent'));
    },
  );
}
