import type { FastifyInstance, FastifySchema } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** As registered: `/api/notice/:id`. */
  url: string;
  schema?: FastifySchema;
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Keeps every route registered after this call, in any plugin, for the tests that must reach all
 * of them (each declares a schema; none answers malformed input with 500).
 */
export function trackRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  registries.set(app, list);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) list.push({ method, url: r.url, schema: r.schema });
  });
}

export const registeredRoutes = (app: FastifyInstance): readonly RegisteredRoute[] => registries.get(app) ?? [];
