import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

export function recordRoutes(_app: FastifyInstance, _s: Services) {}
