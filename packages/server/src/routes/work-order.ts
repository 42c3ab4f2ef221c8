import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

/** The work-order commands (WORK_ORDER_API in the model): dispatch, appointment, progress, completion, lines, closing states. */
export function workOrderRoutes(_app: FastifyInstance, _s: Services): void {}
