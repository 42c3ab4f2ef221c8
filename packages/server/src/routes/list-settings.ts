import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, returns } from '../http/openapi.ts';
import type { Services } from '../services.ts';

/*
 * A user's own list settings (issue 12 item 4): per screen, the columns shown, their order and
 * widths per view, and the density. Each caller reads and writes only their own rows.
 */

/** A screen is a path the web app names it by (`/workOrder/list`, record ids as `:id`). */
const SCREEN = z
  .string()
  .min(1)
  .max(200)
  .regex(/^\/[A-Za-z0-9_\-/:.]*$/);
const NAME = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.]+$/);
const COLUMN = z.object({ key: NAME, width: z.number().int().min(48).max(800), hidden: z.boolean() }).strict();
export const LIST_SETTINGS = z
  .object({
    size: z.enum(['large', 'medium', 'small']).optional(),
    views: z.record(NAME, z.array(COLUMN).max(200)).optional(),
  })
  .strict()
  .refine((s) => Object.keys(s.views ?? {}).length <= 50, { message: 'too many views' });
const QUERY = z.object({ screen: SCREEN });
const PUT_BODY = z.object({ screen: SCREEN, settings: LIST_SETTINGS });
const TAGS = ['account'];

export function listSettingsRoutes(app: FastifyInstance, s: Services) {
  const { db } = s;
  const auth = requireAuth(s.authenticate);
  const schema = (summary: string, part: object) => ({ preValidation: auth, schema: { summary, tags: TAGS, security: BEARER, ...part } });

  app.get(
    '/api/portaluser/listsettings',
    schema("The caller's settings of one list (null: none saved)", { querystring: QUERY, ...returns(LIST_SETTINGS.nullable()) }),
    async (req) => {
      const { screen } = QUERY.parse(req.query ?? {});
      const row = await db.one<{ settings: unknown }>('SELECT settings FROM portal_list_setting WHERE user_id = $1 AND screen = $2', [
        req.principal!.userId,
        screen,
      ]);
      return ok(row?.settings ?? null);
    },
  );

  app.put('/api/portaluser/listsettings', schema("Saves the caller's settings of one list", { body: PUT_BODY }), async (req) => {
    const { screen, settings } = PUT_BODY.parse(req.body ?? {});
    await db.query(
      `INSERT INTO portal_list_setting (user_id, screen, settings) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (user_id, screen) DO UPDATE SET settings = EXCLUDED.settings, modified_on = now()`,
      [req.principal!.userId, screen, JSON.stringify(settings)],
    );
    return ok(null);
  });

  app.delete(
    '/api/portaluser/listsettings',
    schema("Forgets the caller's settings of one list (back to the defaults)", { querystring: QUERY }),
    async (req) => {
      const { screen } = QUERY.parse(req.query ?? {});
      await db.query('DELETE FROM portal_list_setting WHERE user_id = $1 AND screen = $2', [req.principal!.userId, screen]);
      return ok(null);
    },
  );
}
