import {
  LINE_ENTITIES,
  PROGRESS_STEPS,
  WORK_ORDER_API,
  WORK_ORDER_PARTS_MAX,
  WORK_ORDER_COMMAND_PRIVILEGES,
  type CommandResult,
  type Lang,
  type Privilege,
  type WorkOrderPartOption,
} from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Sql } from '../db/db.ts';
import { once } from '../domain/idempotency.ts';
import { auditOrder, cancelOrder, revisitOrder, settleOrder, superviseOrder } from '../domain/work-order/closing.ts';
import { dispatchOrder, setAppointment } from '../domain/work-order/dispatch.ts';
import { addLine, deleteLine, updateLine } from '../domain/work-order/lines.ts';
import { orderPartOptions } from '../domain/work-order/part-search.ts';
import { completeOrder, recordProgress } from '../domain/work-order/progress.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { forbidden } from '../http/errors.ts';
import { BEARER, documented, returns } from '../http/openapi.ts';
import { ok } from '../http/envelope.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Caller } from '../records/scope.ts';
import type { Services } from '../services.ts';

// Bodies are checked for shape here; the commands check the business rules and answer with the
// specific message (a missing worker, slot or reason), so those fields stay loose.
const text = (max = 10_000) => z.string().max(max);
const memo = text().optional();
// Dates and times are read by the commands' date parser, whatever their type (a number is an invalid date).
const when = (what: string) => z.unknown().describe(what);
const BODIES = {
  dispatch: z.object({ workerId: text(200).default(''), memo }),
  appointment: z.object({
    date: when('YYYY-MM-DD').optional(),
    begin: z.number().int().default(-1),
    end: z.number().int().default(-1),
    status: z.number().int(),
    reason: z.number().int().nullish(),
    memo,
  }),
  progress: z.object({
    step: z.enum(PROGRESS_STEPS),
    time: when('ISO date-time').optional(),
    address: text().optional(),
    longitude: z.number().min(-180).max(180).optional(),
    latitude: z.number().min(-90).max(90).optional(),
    memo,
  }),
  complete: z.object({
    departureTime: when('ISO date-time').optional(),
    departureAddress: text().optional(),
    arrivalTime: when('ISO date-time').optional(),
    arrivalAddress: text().optional(),
    completionTime: when('ISO date-time').optional(),
    completionAddress: text().optional(),
    fixtype: z.number().int().nullish(),
    solution: text().optional(),
    serviceResult: text().optional(),
  }),
  cancel: z.object({ reason: text().default('') }),
  audit: z.object({ pass: z.boolean(), memo }),
  revisit: z.object({ memo: text().default(''), sampleStatus: z.number().int().nullish() }),
  settlement: z.object({ status: z.number().int(), settlementNo: text(200).optional() }),
  supervise: z.object({ reason: text().default('') }),
};
const LINE_BODY = z.record(z.string().max(100), z.unknown());
const LINE_KIND = z.enum(Object.keys(LINE_ENTITIES) as [keyof typeof LINE_ENTITIES, ...(keyof typeof LINE_ENTITIES)[]]);

const SUMMARY: Record<keyof typeof BODIES, string> = {
  dispatch: 'Dispatch to a service engineer',
  appointment: 'Set or change the appointment',
  progress: 'Record a progress step (departure, arrival, …)',
  complete: 'Complete the service',
  cancel: 'Cancel the work order',
  audit: 'Audit (pass or return)',
  revisit: 'Record the return visit',
  settlement: 'Set the settlement status',
  supervise: 'Supervise (urge) the work order',
};
const ID = z.object({ id: z.string().describe('Work order id (GUID)') });
const KIND_PARAMS = documented(z.object({ id: z.string().describe('Work order id (GUID)'), kind: LINE_KIND }));
const LINE_PARAMS = documented(KIND_PARAMS.extend({ lineId: z.string().describe('Line id (GUID)') }));
const LINE_DOC = documented(LINE_BODY.describe("The detail line's fields (entity-defined, by logical name)"));
const TAGS = ['work orders'];

type Command<B> = (sql: Sql, caller: Caller, id: string, body: B, lang: Lang) => Promise<CommandResult>;
// Any one of a command's privileges (the model's table; the engineer's workorder.service included).
const PRIVILEGE: Record<keyof typeof BODIES | 'lines', readonly Privilege[]> = WORK_ORDER_COMMAND_PRIVILEGES;
const COMMANDS: { [K in keyof typeof BODIES]: Command<z.infer<(typeof BODIES)[K]>> } = {
  dispatch: dispatchOrder,
  appointment: setAppointment,
  progress: recordProgress,
  complete: completeOrder,
  cancel: cancelOrder,
  audit: auditOrder,
  revisit: revisitOrder,
  settlement: settleOrder,
  supervise: superviseOrder,
};

/**
 * The work-order commands (WORK_ORDER_API in the model): one transaction each, answered as
 * `ok(CommandResult, message)`; refusals as the envelope plus `error: { code, message, field? }`,
 * field validation of detail lines as the record service's `Data: { errors }`.
 */
export function workOrderRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    // preValidation: the caller is checked before the body, as when the handlers parsed it.
    const auth = (any: readonly Privilege[]) => ({
      preValidation: async (req: FastifyRequest) => {
        const p = await s.authenticate(req);
        if (!any.some((x) => p.privileges.has(x))) throw forbidden();
      },
    });
    const answer = (res: CommandResult) => ok(res, res.message);
    // An Idempotency-Key makes a retry (the engineer app's queue replaying an action) answer the
    // first result and change nothing: claimed inside the command's transaction (domain/idempotency.ts).
    const once$ = (req: FastifyRequest, caller: Caller, run: (sql: Sql) => Promise<CommandResult>) => {
      const key = req.headers['idempotency-key'];
      return db.tx((sql) =>
        once(sql, caller.principal.userId, `${req.method} ${req.url}`, typeof key === 'string' ? key : undefined, req.body, () => run(sql)),
      );
    };

    for (const name of Object.keys(BODIES) as (keyof typeof BODIES)[]) {
      r.post<{ Params: { id: string } }>(
        `${WORK_ORDER_API}/:id/${name}`,
        {
          ...auth(PRIVILEGE[name]),
          schema: { summary: SUMMARY[name], tags: TAGS, params: ID, body: BODIES[name], security: BEARER },
        },
        async (req) => {
          const body = BODIES[name].parse(req.body ?? {});
          const caller = await requestCaller(db, req);
          const run = COMMANDS[name] as Command<typeof body>;
          return answer(await once$(req, caller, (sql) => run(sql, caller, req.params.id, body, requestLang(req))));
        },
      );
    }

    const line = async (req: FastifyRequest<{ Params: { id: string; kind: string } }>) => ({
      kind: LINE_KIND.parse(req.params.kind),
      caller: await requestCaller(db, req),
      lang: requestLang(req),
    });
    r.post<{ Params: { id: string; kind: string } }>(
      `${WORK_ORDER_API}/:id/lines/:kind`,
      {
        ...auth(PRIVILEGE.lines),
        schema: {
          summary: 'Add a detail line (parts used, charges, …)',
          tags: TAGS,
          params: KIND_PARAMS,
          body: LINE_DOC,
          security: BEARER,
        },
      },
      async (req) => {
        const { kind, caller, lang } = await line(req);
        const body = LINE_BODY.parse(req.body ?? {});
        return answer(await once$(req, caller, (sql) => addLine(sql, caller, req.params.id, kind, body, lang)));
      },
    );
    r.patch<{ Params: { id: string; kind: string; lineId: string } }>(
      `${WORK_ORDER_API}/:id/lines/:kind/:lineId`,
      {
        ...auth(PRIVILEGE.lines),
        schema: { summary: 'Update a detail line', tags: TAGS, params: LINE_PARAMS, body: LINE_DOC, security: BEARER },
      },
      async (req) => {
        const { kind, caller, lang } = await line(req);
        const body = LINE_BODY.parse(req.body ?? {});
        return answer(await once$(req, caller, (sql) => updateLine(sql, caller, req.params.id, kind, req.params.lineId, body, lang)));
      },
    );
    const PART_OPTIONS = z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        number: z.string(),
        available: z.number().nullable().describe("Available at the order's station warehouse; null when the station has none"),
      }),
    ) satisfies z.ZodType<WorkOrderPartOption[]>;
    // The part picker of the engineer app: parts with the order's station stock (a read, no transaction).
    r.get<{ Params: { id: string }; Querystring: { q?: string; limit?: number } }>(
      `${WORK_ORDER_API}/:id/parts`,
      {
        ...auth(PRIVILEGE.lines),
        schema: {
          summary: "Parts for a part line, with the available stock of the order's station",
          tags: TAGS,
          params: ID,
          security: BEARER,
          querystring: z.object({ q: text(200).optional(), limit: z.coerce.number().int().min(1).max(WORK_ORDER_PARTS_MAX).optional() }),
          ...returns(PART_OPTIONS),
        },
      },
      async (req) => {
        const caller = await requestCaller(db, req);
        return ok(await orderPartOptions(db, caller, req.params.id, req.query.q, req.query.limit));
      },
    );
    r.delete<{ Params: { id: string; kind: string; lineId: string } }>(
      `${WORK_ORDER_API}/:id/lines/:kind/:lineId`,
      {
        ...auth(PRIVILEGE.lines),
        schema: { summary: 'Delete a detail line', tags: TAGS, params: LINE_PARAMS, security: BEARER },
      },
      async (req) => {
        const { kind, caller, lang } = await line(req);
        return answer(await once$(req, caller, (sql) => deleteLine(sql, caller, req.params.id, kind, req.params.lineId, lang)));
      },
    );
  });
}
