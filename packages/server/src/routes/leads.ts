import { LEAD_API, LEAD_COLLEAGUES, LEAD_JOINED, type LeadCollaboratorRow } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import {
  addCollaborator,
  colleagues,
  joinedLeads,
  joinView,
  listCollaborators,
  matchesOf,
  removeCollaborator,
} from '../domain/leads/collaborators.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { commandRoute } from '../http/command-route.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, pathParams, returns } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

const str = z.string();
const COLLABORATOR = z.object({ id: str, userId: str, name: str, unit: str.nullable(), createdon: str });
const COLLABORATORS = z.array(COLLABORATOR);
const CHANGED = z.object({ collaborators: COLLABORATORS });
const MATCHES = z.object({
  customers: z.array(
    z.object({ id: str, name: str, mobile: str.nullable(), city: str.nullable(), by: z.enum(['name', 'mobile', 'both']) }),
  ),
  contacts: z.array(z.object({ id: str, fullname: str, mobile: str.nullable(), jobtitle: str.nullable(), customerId: str, customer: str })),
});
const JOIN_VIEW = z.object({
  id: str,
  subject: str,
  state: z.number(),
  owner: str,
  fields: z.array(z.object({ name: str, label: str, value: str })),
  collaborators: COLLABORATORS,
});
const JOINED = z.array(z.object({ id: str, subject: str, state: z.number(), owner: str, createdon: str }));
const ADD = z.object({ userId: z.string().max(60) });
const doc = (summary: string, parts: object) => ({ summary, tags: ['leads'], security: BEARER, ...parts });

/**
 * Leads beyond the record service and the kernel's qualify/disqualify (issue 29, model lead-api.ts):
 * the qualify dialog's matching customers and contacts, collaborators (the owner adds and removes
 * them) and the collaborator's read-only join view. Outside the caller's reach: 404.
 */
export function leadRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  const pre = requireAuth(s.authenticate, 'sales.lead');
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    const matches = `${LEAD_API}/:id/matches`;
    r.get<{ Params: { id: string } }>(
      matches,
      {
        preValidation: pre,
        schema: doc('Customers and contacts in reach matching the lead’s company, person or mobile', {
          params: pathParams(matches),
          ...returns(MATCHES),
        }),
      },
      async (req) => ok(await db.tx(async (sql) => matchesOf(sql, await requestCaller(sql, req), req.params.id))),
    );
    const join = `${LEAD_API}/:id/joinview`;
    r.get<{ Params: { id: string } }>(
      join,
      {
        preValidation: pre,
        schema: doc('The lead read by a collaborator (or its owner or manager); 404 to anyone else', {
          params: pathParams(join),
          ...returns(JOIN_VIEW),
        }),
      },
      async (req) => ok(await db.tx(async (sql) => joinView(sql, await requestCaller(sql, req), req.params.id, requestLang(req)))),
    );
    r.get(LEAD_JOINED, { preValidation: pre, schema: doc('The leads the caller collaborates on', returns(JOINED)) }, async (req) =>
      ok(await db.tx(async (sql) => joinedLeads(sql, await requestCaller(sql, req)))),
    );
    r.get(
      LEAD_COLLEAGUES,
      {
        preValidation: pre,
        schema: doc('Colleagues who may collaborate on leads', returns(z.array(z.object({ id: str, name: str, unit: str.nullable() })))),
      },
      async (req) => ok(await db.tx(async (sql) => colleagues(sql, await requestCaller(sql, req)))),
    );
    const list = `${LEAD_API}/:id/collaborators`;
    r.get<{ Params: { id: string } }>(
      list,
      { preValidation: pre, schema: doc('The lead’s collaborators', { params: pathParams(list), ...returns(COLLABORATORS) }) },
      async (req) => ok(await db.tx(async (sql) => listCollaborators(sql, await requestCaller(sql, req), req.params.id))),
    );
    commandRoute(r, s, {
      method: 'POST',
      url: list,
      privilege: 'sales.lead',
      schema: doc('Adds a collaborator (the lead’s owner only)', { params: pathParams(list), body: ADD, ...returns(CHANGED) }),
      run: async (sql, caller, req): Promise<{ collaborators: LeadCollaboratorRow[]; message?: string }> => ({
        collaborators: await addCollaborator(sql, caller, req.params.id, ADD.parse(req.body).userId),
      }),
    });
    const one = `${LEAD_API}/:id/collaborators/:collaboratorId`;
    commandRoute(r, s, {
      method: 'DELETE',
      url: one,
      privilege: 'sales.lead',
      schema: doc('Removes a collaborator (the lead’s owner only)', { params: pathParams(one), ...returns(CHANGED) }),
      run: async (sql, caller, req): Promise<{ collaborators: LeadCollaboratorRow[]; message?: string }> => ({
        collaborators: await removeCollaborator(sql, caller, req.params.id, req.params.collaboratorId),
      }),
    });
  });
}
