import { msg, USER_CENTRE_API } from '@portal/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { forgetCachedUsers } from '../auth/principal.ts';
import { sessionsEnded } from '../auth/session-cache.ts';
import { writeLog } from '../domain/operation-log.ts';
import { changeStaff, createStaff, resetStaffPassword, setStaffDisabled, staffDetail, staffOptions } from '../domain/user-centre/staff.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, returns } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

const STAFF = z.object({
  fullname: z.string().max(200).optional(),
  mobilephone: z.string().max(200).optional(),
  title: z.string().max(200).optional().nullable(),
  unitId: z.string().max(200).optional(),
  roles: z.array(z.string().max(100)).max(20).optional(),
  portal: z.number().int().optional(),
});
const CHANGE = STAFF.omit({ mobilephone: true });
const ID = z.object({ id: z.string().max(200) });
const PASSWORD = z.object({ id: z.string(), userName: z.string(), password: z.string() });
const RESULT = z.object({ id: z.string() });
const DETAIL = z.object({
  id: z.string(),
  fullname: z.string(),
  userName: z.string(),
  mobilephone: z.string().nullable(),
  title: z.string().nullable(),
  unitId: z.string(),
  unitName: z.string(),
  roles: z.array(z.string()),
  portal: z.number().int().nullable(),
  disabled: z.boolean(),
  self: z.boolean(),
});
const OPTIONS = z.object({
  units: z.array(z.object({ id: z.string(), name: z.string(), code: z.string().nullable(), type: z.number().int() })),
  roles: z.array(
    z.object({ code: z.string(), name: z.string(), description: z.string().nullable(), portals: z.array(z.enum(['standard', 'store'])) }),
  ),
});
const doc = (summary: string, parts: object = {}) => ({ summary, tags: ['usercenter'], security: BEARER, ...parts });

/**
 * The dealer's staff accounts (model user-centre-api.ts; domain/user-centre/staff.ts): dealer.manage,
 * within the caller's unit subtree. Each change is one transaction; the sessions it ended are
 * announced after the commit, so the account is signed out on every instance before the answer.
 * Passwords are answered once, never cached (no-store) and never kept for an idempotent replay.
 */
export function userCentreRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  const pre = requireAuth(s.authenticate, 'dealer.manage');
  const signedOut = async (userId: string, ended: string[]) => {
    forgetCachedUsers(userId);
    await sessionsEnded(db, ended);
  };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const log = (req: FastifyRequest, action: string, id: string, detail?: string) =>
    writeLog(db, req, { action, userId: req.principal!.userId, userName: req.principal!.userName, detail: detail ?? `staff ${id}` });

  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    r.get(
      `${USER_CENTRE_API}/staff/options`,
      { preValidation: pre, schema: doc('Units (the dealer and its stores) and roles a staff account may be given', returns(OPTIONS)) },
      async (req) => ok(await db.tx(async (sql) => staffOptions(sql, await requestCaller(sql, req)))),
    );
    r.get(
      `${USER_CENTRE_API}/staff/:id`,
      {
        preValidation: pre,
        schema: doc('A staff account of the caller’s chain: unit, roles, portal kind, state', { params: ID, ...returns(DETAIL) }),
      },
      async (req) => {
        const { id } = ID.parse(req.params);
        return ok(await db.tx(async (sql) => staffDetail(sql, await requestCaller(sql, req), id)));
      },
    );
    r.post(
      `${USER_CENTRE_API}/staff`,
      {
        preValidation: pre,
        schema: doc('Create a staff account (mobile number as sign-in name); answers the first password once', {
          body: STAFF,
          ...returns(PASSWORD),
        }),
      },
      async (req, reply) => {
        const b = STAFF.parse(req.body ?? {});
        const lang = requestLang(req);
        const made = await db.tx(async (sql) =>
          createStaff(sql, await requestCaller(sql, req), { ...b, title: b.title ?? undefined }, lang),
        );
        await log(req, 'staff.create', made.id, `staff ${made.userName}`);
        noStore(reply);
        return ok(made, msg('staff.created', lang, { userName: made.userName }));
      },
    );
    r.post(
      `${USER_CENTRE_API}/staff/:id`,
      {
        preValidation: pre,
        schema: doc('Change name, title, unit, roles and portal kind of a staff account', { params: ID, body: CHANGE, ...returns(RESULT) }),
      },
      async (req) => {
        const { id } = ID.parse(req.params);
        const b = CHANGE.parse(req.body ?? {});
        const lang = requestLang(req);
        const { ended } = await db.tx(async (sql) =>
          changeStaff(sql, await requestCaller(sql, req), id, { ...b, title: b.title ?? undefined }, lang),
        );
        await signedOut(id, ended);
        await log(req, 'staff.change', id);
        return ok({ id }, msg('staff.saved', lang));
      },
    );
    for (const [path, disabled] of [
      ['disable', true],
      ['enable', false],
    ] as const) {
      r.post(
        `${USER_CENTRE_API}/staff/:id/${path}`,
        {
          preValidation: pre,
          schema: doc(disabled ? 'Disable a staff account: it is signed out everywhere' : 'Enable a staff account again', {
            params: ID,
            ...returns(RESULT),
          }),
        },
        async (req) => {
          const { id } = ID.parse(req.params);
          const { ended } = await db.tx(async (sql) => setStaffDisabled(sql, await requestCaller(sql, req), id, disabled));
          await signedOut(id, ended);
          await log(req, `staff.${path}`, id);
          return ok({ id }, msg(disabled ? 'staff.disabled' : 'staff.enabled', requestLang(req)));
        },
      );
    }
    r.post(
      `${USER_CENTRE_API}/staff/:id/password`,
      {
        preValidation: pre,
        schema: doc('Reset the password of a staff account: a new one answered once; it is signed out everywhere', {
          params: ID,
          ...returns(PASSWORD),
        }),
      },
      async (req, reply) => {
        const { id } = ID.parse(req.params);
        const { ended, ...made } = await db.tx(async (sql) => resetStaffPassword(sql, await requestCaller(sql, req), id));
        await signedOut(id, ended);
        await log(req, 'staff.password', id);
        noStore(reply);
        return ok(made, msg('staff.passwordReset', requestLang(req)));
      },
    );
  });
}
