import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { clientIp, userAgent } from '../http/request-context.ts';

export const SOURCE_PORTAL = 2;
export const RESULT = { success: 1, failure: 2, refused: 3 } as const;

export interface LogEntry {
  action: string;
  result?: keyof typeof RESULT;
  userId?: string | null;
  userName?: string | null;
  entityName?: string | null;
  recordId?: string | null;
  url?: string | null;
  detail?: string | null;
}

/**
 * Appends to the operation log. Never given a password or token: callers pass names and ids only.
 * A failure to log is reported but never fails the caller's business.
 */
export async function writeLog(db: Db, req: FastifyRequest | null, e: LogEntry): Promise<void> {
  try {
    await db.query(
      `INSERT INTO new_operationlog (new_name, new_source, new_result, new_userid, new_username, new_ip, new_useragent, new_entityname, new_recordid, new_url, new_detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        e.action.slice(0, 100),
        SOURCE_PORTAL,
        RESULT[e.result ?? 'success'],
        e.userId ?? null,
        e.userName?.slice(0, 100) ?? null,
        req ? clientIp(req) : null,
        req ? userAgent(req) : null,
        e.entityName?.slice(0, 100) ?? null,
        e.recordId?.slice(0, 100) ?? null,
        e.url?.slice(0, 500) ?? null,
        e.detail?.slice(0, 4000) ?? null,
      ],
    );
  } catch (err) {
    req?.log.error({ err }, 'operation log write failed');
  }
}
