import { excellentCasePublish, getEntity } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { chinaDate } from '../china-time.ts';

/**
 * Excellent repair cases (优秀案例, `new_srv_excellentcase`) through the approval engine: a new
 * case is a draft (the declaration) with its number in new_code (`YXAL202611-0001`: the title is the
 * primary name), unpublished; the final approval publishes it (new_publishstatus published,
 * new_publishedon), which the entity's `published` scope turns into "every station reads it".
 */
export const EXCELLENT_CASE = 'new_srv_excellentcase';

/** `YXAL<yyyyMM>-0001` per month (China time), in new_code, under an advisory lock. */
export async function excellentCaseNumbers(sql: Sql, n: number): Promise<string[]> {
  const prefix = `YXAL${chinaDate().slice(0, 7).replace('-', '')}`;
  await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${EXCELLENT_CASE}.number`]);
  const {
    rows: [r],
  } = await sql.query<{ n: number }>(
    `SELECT COALESCE(max(substring(new_code FROM ${prefix.length + 2})::int), 0)::int AS n FROM new_srv_excellentcase WHERE new_code ~ $1`,
    [`^${prefix}-[0-9]{1,9}$`],
  );
  return Array.from({ length: n }, (_, i) => `${prefix}-${String(r.n + i + 1).padStart(4, '0')}`);
}

export const excellentCaseController: DocumentController = {
  entity: getEntity(EXCELLENT_CASE)!,
  defaults: async (sql, rows) =>
    (await excellentCaseNumbers(sql, rows.length)).map((code) => ({ new_code: code, new_publishstatus: excellentCasePublish.unpublished })),
  flow: {
    // Final approval: the case is published to every station.
    async approved(sql, id) {
      await sql.query(
        `UPDATE new_srv_excellentcase SET new_publishstatus = $2, new_publishedon = COALESCE(new_publishedon, now()) WHERE new_srv_excellentcaseid = $1::uuid`,
        [id, excellentCasePublish.published],
      );
    },
  },
};
