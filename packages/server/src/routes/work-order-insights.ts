import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

/** The work-order map and the service-management dashboard (read-only, scoped). */
export function workOrderInsightsRoutes(_app: FastifyInstance, _s: Services): void {}
