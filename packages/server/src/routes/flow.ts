import { msg } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import {
  act,
  flowList,
  flowStepList,
  logList,
  myApprovalCount,
  myApprovals,
  progress,
  requireDocument,
  revoke,
  submit,
} from '../flow/engine.ts';
import { flowBad, WORKFLOW_PREFIX } from '../flow/errors.ts';
import { fail, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { BEARER, returns } from '../http/openapi.ts';
import { requestLang, t } from '../http/request-context.ts';
import { assertCanSeeRecord, recordNotFound, requestCaller } from '../records/access.ts';
import { normGuid } from '../records/validate.ts';
import type { Services } from '../services.ts';

const DOC_QUERY = z.object({
  entityName: z.string().max(100).describe('Document entity (logical name)'),
  entityId: z.string().max(100).describe('Document id (GUID)'),
});
const STEP_QUERY = DOC_QUERY.extend({ flowId: z.string().max(100) });
const SUBMIT = z.object({
  EntityId: z.string().max(100),
  EntityTypeName: z.string().max(100),
  FlowId: z.string().max(100),
  ApproveList: z
    .array(z.object({ StepId: z.string().max(100).nullish(), ApproveUserId: z.string().max(100).nullish() }))
    .max(100)
    .default([]),
});
const APPROVE = z.object({
  EntityId: z.string().max(100),
  EntityTypeName: z.string().max(100),
  Action: z.enum(['approve', 'reject', 'veto']).default('approve'),
  Memo: z.string().max(100_000).nullish(),
});
const REVOKE = z.object({ EntityId: z.string().max(100), EntityTypeName: z.string().max(100) });
const INBOX = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1),
  count: z.coerce.number().int().min(1).max(100).default(20),
});
const doc = (summary: string, parts: object = {}) => ({ summary, tags: ['approval (CrmFlow)'], security: BEARER, ...parts });
// What the reads answer (documentation).
const when = z.string().nullable().describe('ISO date-time');
const FLOWS = z.array(z.object({ new_flowid: z.string(), new_name: z.string() }));
const STEPS = z.array(
  z.object({
    new_flowstepsid: z.string(),
    new_name: z.string(),
    new_sequence: z.number().int(),
    new_stepusers: z.array(z.object({ systemuserid: z.string(), fullname: z.string() })).describe('Who may approve the step'),
  }),
);
const PROGRESS = z.array(
  z.object({
    StepId: z.string().nullable(),
    StepName: z.string(),
    Sequence: z.number().int(),
    Status: z.number().int(),
    UserName: z.string(),
    Date: when,
  }),
);
const LOG = z.array(
  z.object({
    LogId: z.string(),
    Date: z.string().describe('ISO date-time'),
    ActionName: z.string().describe("In the caller's language"),
    StepName: z.string(),
    UserName: z.string(),
    Memo: z.string(),
  }),
);
const INBOX_PAGE = z.object({
  items: z.array(
    z.object({
      EntityName: z.string(),
      EntityLabel: z.string(),
      EntityId: z.string(),
      DocumentName: z.string(),
      StepName: z.string(),
      SubmitterName: z.string(),
      SubmitTime: when,
    }),
  ),
  TotalRecordCount: z.number().int(),
});

const guid = (v: unknown) => {
  const g = normGuid(v);
  if (!g) throw recordNotFound();
  return g;
};

/**
 * The CrmFlow calls (spec 000 §7): flows and steps for the submit dialog, submit, approve /
 * reject / veto, revoke, progress, log and the caller's approval inbox. Refusals (400/403/404)
 * answer `WorkflowException: <text>` as the CRM's plugins did.
 */
export function flowRoutes(app: FastifyInstance, s: Services) {
  const { db } = s;
  app.register(async (r) => {
    r.setErrorHandler((err, req, reply) => {
      if (err instanceof AppError && [400, 403, 404].includes(err.status)) {
        return reply.code(err.status).send(fail(err.status, WORKFLOW_PREFIX + msg(err.key, requestLang(req), err.params)));
      }
      throw err;
    });
    // preValidation: the caller is checked before the query or body, as when the handlers parsed them.
    const auth = { preValidation: requireAuth(s.authenticate) };
    const actor = { preValidation: requireAuth(s.authenticate, 'approval.act') };

    /** The document named by the query or body, visible to the caller with `need`. */
    const document = async (req: FastifyRequest, entityName: unknown, entityId: unknown, need: 'read' | 'write') => {
      const d = requireDocument(String(entityName ?? ''));
      const id = guid(entityId);
      await assertCanSeeRecord(db, await requestCaller(db, req), d.entity.logicalName, id, need);
      return { d, id };
    };
    const docQuery = DOC_QUERY;

    r.get(
      '/api/CrmFlow/GetFlowList',
      { ...auth, schema: doc('Flows the document may be submitted to', { querystring: DOC_QUERY, ...returns(FLOWS) }) },
      async (req) => {
        const qy = docQuery.parse(req.query);
        const { d, id } = await document(req, qy.entityName, qy.entityId, 'read');
        return ok(await flowList(db, d, id));
      },
    );

    r.get(
      '/api/CrmFlow/GetFlowStepList',
      { ...auth, schema: doc('Steps of a flow and their candidate approvers', { querystring: STEP_QUERY, ...returns(STEPS) }) },
      async (req) => {
        const qy = STEP_QUERY.parse(req.query);
        const { d, id } = await document(req, qy.entityName, qy.entityId, 'read');
        const flowId = normGuid(qy.flowId);
        if (!flowId) throw flowBad('flow.flowNotFound');
        return ok(await flowStepList(db, d, id, flowId, req.principal!.userId));
      },
    );

    r.post('/api/CrmFlow/submit', { ...auth, schema: doc('Submit the document for approval', { body: SUBMIT }) }, async (req) => {
      const b = SUBMIT.parse(req.body ?? {});
      const { d, id } = await document(req, b.EntityTypeName, b.EntityId, 'write');
      const flowId = normGuid(b.FlowId);
      if (!flowId) throw flowBad('flow.flowNotFound');
      const approvers = b.ApproveList.map((a) => ({ StepId: normGuid(a.StepId) ?? '', ApproveUserId: normGuid(a.ApproveUserId) ?? '' }));
      await db.tx((sql) => submit(sql, d, id, req.principal!.userId, { flowId, approvers }));
      return ok(null, t(req, 'approval.outcome.submit'));
    });

    r.post(
      '/api/CrmFlow/approve',
      { ...actor, schema: doc('Approve, reject or veto the current step', { body: APPROVE }) },
      async (req) => {
        const b = APPROVE.parse(req.body ?? {});
        const d = requireDocument(b.EntityTypeName);
        const id = guid(b.EntityId);
        const memo = b.Memo?.trim() || null;
        if (memo && memo.length > 500) throw flowBad('flow.memoTooLong');
        // Rejecting and vetoing say why: the submitter's message carries the reason (issue 24).
        if (!memo && b.Action === 'reject') throw flowBad('flow.rejectReasonRequired');
        if (!memo && b.Action === 'veto') throw flowBad('flow.vetoReasonRequired');
        const status = await db.tx((sql) => act(sql, d, id, req.principal!.userId, b.Action, memo));
        // Says what happened (已同意 / 已驳回 / 已否决), not a bare 操作成功.
        return ok({ Status: status }, t(req, `approval.outcome.${b.Action}`));
      },
    );

    r.post('/api/CrmFlow/revoke', { ...auth, schema: doc('Revoke the submission', { body: REVOKE }) }, async (req) => {
      const b = REVOKE.parse(req.body ?? {});
      const { d, id } = await document(req, b.EntityTypeName, b.EntityId, 'write');
      await db.tx((sql) => revoke(sql, d, id, req.principal!.userId));
      return ok(null, t(req, 'approval.outcome.revoke'));
    });

    r.get(
      '/api/CrmFlow/GetFlowApproveProgressList',
      { ...auth, schema: doc('Approval progress of the document', { querystring: DOC_QUERY, ...returns(PROGRESS) }) },
      async (req) => {
        const qy = docQuery.parse(req.query);
        const { d, id } = await document(req, qy.entityName, qy.entityId, 'read');
        return ok(await progress(db, d, id));
      },
    );

    r.get(
      '/api/CrmFlow/GetFlowApproveLogList',
      { ...auth, schema: doc('Approval log of the document', { querystring: DOC_QUERY, ...returns(LOG) }) },
      async (req) => {
        const qy = docQuery.parse(req.query);
        const { d, id } = await document(req, qy.entityName, qy.entityId, 'read');
        return ok(await logList(db, d, id, requestLang(req)));
      },
    );

    r.get(
      '/api/CrmFlow/MyApprovalList',
      { ...actor, schema: doc("The caller's approval inbox (paged)", { querystring: INBOX, ...returns(INBOX_PAGE) }) },
      async (req) => {
        const qy = INBOX.parse(req.query);
        return ok(await myApprovals(db, req.principal!.userId, qy.page, qy.count, requestLang(req)));
      },
    );

    r.get(
      '/api/CrmFlow/MyApprovalCount',
      { ...actor, schema: doc('Number of documents awaiting the caller', returns(z.number().int())) },
      async (req) => ok(await myApprovalCount(db, req.principal!.userId)),
    );
  });
}
