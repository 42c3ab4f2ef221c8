import { commandGrants, grantPrivileges, msg } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { commandErrorHandler } from '../http/command-errors.ts';
import { commandRoute } from '../http/command-route.ts';
import { BEARER, documented, pathParams } from '../http/openapi.ts';
import type { Services } from '../services.ts';
import { commandBody } from './command-body.ts';
import { documentControllers } from './controllers.ts';
import { runCommand } from './kernel.ts';

/** Where a document's command is served: `/api/documents/<entitySet>/:id/<command>` (and the spec-named `path` kept as an alias). */
export const commandPath = (entitySet: string, command: string) => `/api/documents/${entitySet}/:id/${command}`;

/**
 * The command routes of every controlled document, derived from its declaration: one POST per
 * command, its privilege checked before the body, one transaction, Idempotency-Key replays (commandRoute);
 * its body (declared inputs and the controller's `bodies`) described in openapi.json, checked by the kernel.
 */
export function documentRoutes(app: FastifyInstance, s: Services): void {
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    for (const ctrl of documentControllers()) {
      const e = ctrl.entity;
      for (const [name, c] of Object.entries(e.document?.commands ?? {})) {
        const body = commandBody(e, c, ctrl.bodies?.[name]);
        for (const url of [commandPath(e.entitySet, name), ...(c.path ? [`/api${c.path}`] : [])]) {
          // A command whose grants differ in privilege (or that any of several grants) is checked by the kernel, before the document is read.
          const privileges = new Set(commandGrants(c).flatMap((g) => grantPrivileges(g)));
          commandRoute(r, s, {
            method: 'POST',
            url,
            privilege: privileges.size === 1 ? [...privileges][0] : undefined,
            schema: {
              summary: `${e.label['en-US']}: ${msg(c.label, 'en-US')}`,
              tags: ['documents'],
              params: pathParams(url),
              ...(body ? { body: documented(body) } : {}),
              security: BEARER,
            },
            run: (sql, caller, req, lang) =>
              runCommand(sql, caller, ctrl, name, req.params.id, (req.body ?? {}) as Record<string, unknown>, lang),
          });
        }
      }
    }
  });
}
