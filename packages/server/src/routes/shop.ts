import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

export function shopRoutes(_app: FastifyInstance, _s: Services) {}
