import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WORK_ORDER_API, type DashboardData, type MapData } from '@portal/model';
import { requireAuth } from '../auth/authenticate.ts';
import { dashboardData } from '../domain/work-order-insights/dashboard.ts';
import { mapDataJson, mapEnvelope } from '../domain/work-order-insights/map.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, returns } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

const MAP_QUERY = z.object({ range: z.enum(['all', 'today', 'tomorrow']).default('all') });
// What the reads answer (documentation; checked against the model's types).
const int = z.number().int();
const MAP = z.object({
  orders: z
    .object({
      id: z.array(z.string()),
      name: z.array(z.string()),
      lng: z.array(z.number()),
      lat: z.array(z.number()).describe('WGS-84, as stored'),
      status: z.array(int),
      customer: z.array(z.string()),
      contact: z.array(z.string()),
      phone: z.array(z.string()),
      address: z.array(z.string()),
      appointmentDate: z.array(z.string().nullable()).describe('YYYY-MM-DD'),
      appointmentBegin: z.array(int.nullable()),
      appointmentEnd: z.array(int.nullable()),
      station: z.array(int).describe('Index into stations'),
      worker: z.array(int).describe('Index into assignees; -1: not assigned'),
    })
    .describe('Orders as columns, newest first: the same index in each array is the same order'),
  stations: z.array(z.object({ id: z.string(), name: z.string() })),
  assignees: z.array(z.object({ id: z.string(), name: z.string() })).describe('Engineers the orders are assigned to'),
  workers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      code: z.string(),
      phone: z.string(),
      lng: z.number().nullable(),
      lat: z.number().nullable(),
      load: int.describe('Open orders'),
      stationId: z.string(),
      stationName: z.string(),
      locatedOn: z.string().nullable().describe('ISO date-time'),
    }),
  ),
  toAssign: int.describe('Open orders still to be assigned'),
  truncated: z.boolean().describe('More orders matched than were sent (the newest were)'),
}) satisfies z.ZodType<MapData>;
const TILES = z.object({
  url: z.string().nullable().describe('Tile URL template; null: no tiles'),
  datum: z.enum(['wgs84', 'gcj02', 'bd09']),
  attribution: z.string(),
  maxZoom: int,
  subdomains: z.array(z.string()),
});
const counts = z.array(z.object({ value: int.describe('Option value'), count: int }));
const DASHBOARD = z.object({
  byType: counts,
  byProductLine: z.array(z.object({ id: z.string().nullable(), name: z.string(), count: int })),
  uncompletedByDeal: counts,
  lastMonths: z
    .array(z.object({ month: z.string(), from: z.string(), to: z.string(), created: int, completed: int }))
    .describe('The last 6 months (China time), oldest first'),
  abnormal: z.object({ total: int, byDeal: counts }),
}) satisfies z.ZodType<DashboardData>;

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
  const doc = (summary: string, parts: object = {}) => ({
    preValidation: auth,
    schema: { summary, tags: ['work orders'], security: BEARER, ...parts },
  });

  app.get(
    `${WORK_ORDER_API}/map`,
    doc('Open work orders on the map (scoped to the caller)', { querystring: MAP_QUERY, ...returns(MAP) }),
    async (req, reply) => {
      const { range } = MAP_QUERY.parse(req.query);
      const d = await mapDataJson(db, await requestCaller(db, req), range);
      return reply.type('application/json; charset=utf-8').send(mapEnvelope(d));
    },
  );

  app.get(`${WORK_ORDER_API}/map/config`, doc('Map tile settings', returns(TILES)), async () => {
    const t = cfg.mapTiles;
    const settings: MapTileSettings = {
      url: t.url || null,
      datum: t.datum,
      attribution: t.attribution,
      maxZoom: t.maxZoom,
      subdomains: t.subdomains,
    };
    return ok(settings);
  });

  app.get(`${WORK_ORDER_API}/dashboard`, doc('Service-management dashboard figures', returns(DASHBOARD)), async (req) =>
    ok(await dashboardData(db, await requestCaller(db, req), requestLang(req))),
  );
}
