import { PATTERNS } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkCaptcha } from '../auth/captcha.ts';
import { assertNotLocked, clearFailures, recordFailure, throttleSubject } from '../auth/lockout.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { findUser, mayUsePortal } from '../auth/principal.ts';
import { rotateRefreshToken, startSession, type LoginType } from '../auth/sessions.ts';
import { consumeSmsCode } from '../auth/sms.ts';
import { consumeSsoAssertion } from '../auth/sso.ts';
import type { Services } from '../services.ts';
import { writeLog } from '../domain/operation-log.ts';
import { AppError } from '../http/errors.ts';
import { answers, documented, PUBLIC } from '../http/openapi.ts';
import { portalKind } from '../http/portal-kind.ts';
import { clientIp, userAgent } from '../http/request-context.ts';

/** Every field a grant reads: an optional string of bounded length; anything else is a malformed request. */
const short = z.string().max(256).optional();
const long = z.string().max(4096).optional();
const TokenForm = z.object({
  grant_type: short,
  username: short,
  password: short,
  captcha1: short,
  captcha2: short,
  userid: short,
  assertion: long,
  mobilephone: short,
  refresh_token: long,
});
type Form = z.infer<typeof TokenForm>;
const grantError = (key: ConstructorParameters<typeof AppError>[1], params?: Record<string, string | number>) =>
  new AppError(400, key, params, 'invalid_grant');

/** POST /token (form-encoded): the grants of spec 000 §7. */
export function tokenRoutes(app: FastifyInstance, s: Services) {
  const { db, cfg } = s;

  async function issue(
    req: FastifyRequest,
    user: {
      systemuserid: string;
      domainname: string;
      privileges: string[];
      isdisabled: boolean;
      new_portalkind: number | null;
      sa_id: string | null;
    },
    loginType: LoginType,
  ) {
    const portal = portalKind(cfg, req);
    // A system's service account gets tokens from /api/oauth2/token only, whatever its row holds.
    if (user.sa_id) {
      await writeLog(db, req, {
        action: 'login',
        result: 'refused',
        userId: user.systemuserid,
        userName: user.domainname,
        detail: `${loginType}: service account`,
      });
      throw grantError('sa.noSignIn');
    }
    if (user.isdisabled) {
      await writeLog(db, req, {
        action: 'login',
        result: 'refused',
        userId: user.systemuserid,
        userName: user.domainname,
        detail: `${loginType}: disabled`,
      });
      throw grantError('login.disabled');
    }
    if (!mayUsePortal(user.privileges, portal, user.new_portalkind)) {
      await writeLog(db, req, {
        action: 'login',
        result: 'refused',
        userId: user.systemuserid,
        userName: user.domainname,
        detail: `${loginType}: role not allowed on ${portal} portal`,
      });
      throw grantError('login.notAllowed');
    }
    const { sessionId, refreshToken } = await startSession(db, cfg, {
      userId: user.systemuserid,
      loginType,
      portal,
      ip: clientIp(req),
      userAgent: userAgent(req),
    });
    await writeLog(db, req, {
      action: 'login',
      userId: user.systemuserid,
      userName: user.domainname,
      detail: `${loginType} on ${portal} portal`,
    });
    return {
      access_token: await s.tokens.sign({ sub: user.systemuserid, sid: sessionId, lt: loginType }),
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: cfg.accessTokenTtlSec,
    };
  }

  async function passwordGrant(req: FastifyRequest, f: Form) {
    const username = f.username?.trim();
    if (!username) throw grantError('login.usernameRequired');
    if (!f.password) throw grantError('login.passwordRequired');
    if (!f.captcha1 || !f.captcha2) throw grantError('login.captchaRequired');
    // The captcha first: no answer about the account (not even a lock) without a solved one.
    if (!(await checkCaptcha(db, f.captcha1, f.captcha2))) throw grantError('login.captchaWrong');
    const subject = throttleSubject('password', username, clientIp(req));
    await assertNotLocked(db, subject, 'invalid_grant');
    const user = await findUser(db, { userName: username });
    if (!(await verifyPassword(user?.new_password, f.password)) || !user) {
      await recordFailure(db, subject);
      await writeLog(db, req, {
        action: 'login',
        result: 'failure',
        userId: user?.systemuserid,
        userName: username.slice(0, 60),
        detail: 'password: incorrect username or password',
      });
      throw grantError('login.incorrect');
    }
    await clearFailures(db, subject);
    return issue(req, user, 'password');
  }

  /** "password with userid only": the CRM hand-off, which must carry a valid signed assertion. */
  async function ssoGrant(req: FastifyRequest, f: Form) {
    const vouched = f.assertion ? await consumeSsoAssertion(db, s.ssoKey, f.assertion) : undefined;
    if (!vouched || (f.userid && f.userid.toLowerCase() !== vouched.toLowerCase())) {
      await writeLog(db, req, {
        action: 'login',
        result: 'refused',
        userName: (f.userid ?? '').slice(0, 60),
        detail: 'sso_mscrm: invalid, tampered or replayed assertion',
      });
      throw grantError('login.ssoInvalid');
    }
    const user = await findUser(db, { id: vouched });
    if (!user) throw grantError('login.ssoInvalid');
    return issue(req, user, 'sso_mscrm');
  }

  async function smsGrant(req: FastifyRequest, f: Form) {
    const mobile = f.mobilephone?.trim();
    if (!mobile) throw grantError('login.mobileRequired');
    if (!PATTERNS.mobile.test(mobile)) throw grantError('login.mobileInvalid');
    if (!f.captcha1) throw grantError('login.smsCodeRequired');
    // Its own counter (mobile + address): a password lock does not stop the owner signing in by SMS.
    const subject = throttleSubject('sms', mobile, clientIp(req));
    await assertNotLocked(db, subject, 'invalid_grant');
    const user = await findUser(db, { mobilephone: mobile });
    if (!user || !(await consumeSmsCode(db, s.smsKey, mobile, 'login', f.captcha1.trim()))) {
      await recordFailure(db, subject);
      await writeLog(db, req, {
        action: 'login',
        result: 'failure',
        userId: user?.systemuserid,
        userName: mobile.replace(/^(\d{3})\d+(\d{4})$/, '$1****$2'),
        detail: 'smscode: wrong or expired code',
      });
      throw grantError('login.smsCodeWrong');
    }
    await clearFailures(db, subject);
    return issue(req, user, 'smscode');
  }

  async function refreshGrant(req: FastifyRequest, f: Form) {
    if (!f.refresh_token) throw grantError('login.refreshInvalid');
    const r = await rotateRefreshToken(db, cfg, f.refresh_token, portalKind(cfg, req));
    return {
      access_token: await s.tokens.sign({ sub: r.userId, sid: r.sessionId, lt: r.loginType }),
      refresh_token: r.refreshToken,
      token_type: 'bearer',
      expires_in: cfg.accessTokenTtlSec,
    };
  }

  app.post(
    '/token',
    {
      config: { rateLimit: { max: s.cfg.authRateLimit, timeWindow: 60_000 } },
      schema: {
        summary: 'Sign in or refresh (OAuth 2 token endpoint, form-encoded)',
        description:
          'grant_type `password` (username, password, captcha1 = captcha id, captcha2 = its answer; or the CRM hand-off: userid + assertion), ' +
          '`smscode` (mobilephone, captcha1 = the SMS code) or `refresh_token`. Answers `{ access_token, refresh_token, token_type, expires_in }` (not the envelope); ' +
          'refusals 400 with the envelope plus `error` (invalid_grant, unsupported_grant_type) and `error_description`.',
        tags: ['sign-in'],
        consumes: ['application/x-www-form-urlencoded'],
        body: documented(TokenForm),
        security: PUBLIC,
        ...answers('json'),
      },
    },
    async (req) => {
      const parsed = TokenForm.safeParse(req.body ?? {});
      if (!parsed.success) throw new AppError(400, 'error.badRequest', undefined, 'invalid_request');
      const f = parsed.data;
      switch (f.grant_type) {
        case 'password':
          return f.assertion || (f.userid && !f.username) ? ssoGrant(req, f) : passwordGrant(req, f);
        case 'smscode':
          return smsGrant(req, f);
        case 'refresh_token':
          return refreshGrant(req, f);
        default:
          throw new AppError(400, 'login.unsupportedGrant', undefined, 'unsupported_grant_type');
      }
    },
  );
}
