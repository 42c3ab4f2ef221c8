import type { FavouriteItem } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { favouriteIds, listFavourites, toggleFavourite } from '../domain/favourite/favourite.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, returns } from '../http/openapi.ts';
import { t } from '../http/request-context.ts';
import type { Services } from '../services.ts';

const TAGS = ['favourites'];
const TOGGLE = z.object({
  entity: z.string().max(64).describe("Logical name of the record's entity (product, new_srv_workorder, …)"),
  id: z.string().max(64).describe('Record id'),
  on: z.boolean().optional().describe('true: star, false: unstar; omitted: the other way round'),
});
const STATE = z.object({
  entity: z.string().max(64).describe('Logical name of the entity'),
  ids: z.string().max(4000).describe('Record ids, comma-separated (at most 100)'),
});

const STARRED = z.array(z.string()).describe('The ids starred, of those asked');
const FAVOURITES = z.array(
  z.object({
    Entity: z.string(),
    Id: z.string(),
    Name: z.string(),
    CreatedOn: z.string().describe('ISO date-time'),
  }) satisfies z.ZodType<FavouriteItem>,
);

/** The caller's own favourites (收藏): star / unstar, which are starred, the list with names. */
export function favouriteRoutes(app: FastifyInstance, s: Services) {
  const { db } = s;
  const auth = requireAuth(s.authenticate);
  const doc = (summary: string, parts: object = {}) => ({
    preValidation: auth,
    schema: { summary, tags: TAGS, security: BEARER, ...parts },
  });

  app.post('/api/favourites/toggle', doc('Star or unstar a record the caller may read (else 404)', { body: TOGGLE }), async (req) => {
    const b = TOGGLE.parse(req.body ?? {});
    const r = await db.tx((sql) => toggleFavourite(sql, req, b.entity, b.id, b.on));
    return ok(r, t(req, r.Favourite ? 'favourite.added' : 'favourite.removed'));
  });

  app.get(
    '/api/favourites/state',
    doc('Which of these records the caller has starred', { querystring: STATE, ...returns(STARRED) }),
    async (req, reply) => {
      const qy = STATE.parse(req.query ?? {});
      reply.header('cache-control', 'no-store');
      return ok(await favouriteIds(db, req, qy.entity, qy.ids.split(',').slice(0, 100)));
    },
  );

  app.get(
    '/api/favourites',
    doc("The caller's favourites, newest first, with names (only records the caller may read)", returns(FAVOURITES)),
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await listFavourites(db, req));
    },
  );
}
