import type { FastifyInstance } from 'fastify';
import { installWorkOrder } from '../domain/work-order/install.ts';
import type { Services } from '../services.ts';

/** The work-order commands (WORK_ORDER_API in the model): dispatch, appointment, progress, completion, lines, closing states. */
export function workOrderRoutes(_app: FastifyInstance, _s: Services): void {
  installWorkOrder();
}
