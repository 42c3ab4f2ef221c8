import { langFromHeader, msg, type Lang, type MessageKey } from '@portal/model';
import type { FastifyRequest } from 'fastify';

export function requestLang(req: FastifyRequest): Lang {
  return langFromHeader(req.headers['accept-language']);
}

export function t(req: FastifyRequest, key: MessageKey, params?: Record<string, string | number>): string {
  return msg(key, requestLang(req), params);
}

export function clientIp(req: FastifyRequest): string {
  return req.ip;
}

export function userAgent(req: FastifyRequest): string {
  return String(req.headers['user-agent'] ?? '').slice(0, 300);
}
