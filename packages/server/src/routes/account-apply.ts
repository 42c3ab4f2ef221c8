import { ACCOUNT_CHANGE_FIELDS } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, returns } from '../http/openapi.ts';
import type { Services } from '../services.ts';

/**
 * The caller's own account values an account change application (/edit/apply) starts from — the
 * user record itself is served to user managers only.
 */
export function accountApplyRoutes(app: FastifyInstance, s: Services) {
  app.get(
    '/api/accountapply/current',
    {
      preValidation: requireAuth(s.authenticate, 'portal.login'),
      schema: {
        summary: "The signed-in user's name, mobile phone, e-mail and job title (account change applications)",
        tags: ['platform'],
        security: BEARER,
        ...returns(z.object(Object.fromEntries(ACCOUNT_CHANGE_FIELDS.map((f) => [f.target, z.string().nullable()])))),
      },
    },
    async (req) => {
      const cols = ACCOUNT_CHANGE_FIELDS.map((f) => f.target).join(', ');
      const row = await s.db.one(`SELECT ${cols} FROM systemuser WHERE systemuserid = $1::uuid`, [req.principal!.userId]);
      return ok(Object.fromEntries(ACCOUNT_CHANGE_FIELDS.map((f) => [f.target, row?.[f.target] ?? null])));
    },
  );
}
