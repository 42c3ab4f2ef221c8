import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WORK_ORDER_API } from '@portal/model';
import { requireAuth } from '../auth/authenticate.ts';
import { dashboardData } from '../domain/work-order-insights/dashboard.ts';
import { mapDataJson, mapEnvelope } from '../domain/work-order-insights/map.ts';
import { ok } from '../http/envelope.ts';
import { BEARER } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

const MAP_QUERY = z.object({ range: z.enum(['all', 'today', 'tomorrow']).default('all') });

/** What the web map needs to draw tiles; no URL means "no tiles" (markers on a plain background). */
export interface MapTileSettings {
  url: string | null;
  datum: 'wgs84' | 'gcj02' | 'bd09';
  attribution: string;
  maxZoom: number;
  subdomains: string[];
}

/** The work-order map and the service-management dashboard (read-only, scoped to the caller). */
export function workOrderInsightsRoutes(app: FastifyInstance, s: Services): void {
  const { db, cfg } = s;
  const auth = requireAuth(s.authenticate, 'workorder.read');
  // preValidation: the caller is checked before the query, as when the handler parsed it.
  const doc = (summary: string, parts: object = {}) => ({ preValidation: auth, schema: { summary, tags: ['work orders'], security: BEARER, ...parts } });

  app.get(`${WORK_ORDER_API}/map`, doc('Open work orders on the map (scoped to the caller)', { querystring: MAP_QUERY }), async (req, reply) => {
    const { range } = MAP_QUERY.parse(req.query);
    const d = await mapDataJson(db, await requestCaller(db, req), range);
    return reply.type('application/json; charset=utf-8').send(mapEnvelope(d));
  });

  app.get(`${WORK_ORDER_API}/map/config`, doc('Map tile settings'), async () => {
    const t = cfg.mapTiles;
    const settings: MapTileSettings = { url: t.url || null, datum: t.datum, attribution: t.attribution, maxZoom: t.maxZoom, subdomains: t.subdomains };
    return ok(settings);
  });

  app.get(`${WORK_ORDER_API}/dashboard`, doc('Service-management dashboard figures'), async (req) =>
    ok(await dashboardData(db, await requestCaller(db, req), requestLang(req))));
}
