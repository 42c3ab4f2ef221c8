import { approvalStatus, excellentCasePublish } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { registerFlowHooks } from '../../flow/hooks.ts';
import { serverDefaults } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';

/**
 * Excellent repair cases (优秀案例, `new_srv_excellentcase`) through the approval engine: a new
 * case is a draft with its number (`YXAL202611-0001`), unpublished; the final approval publishes
 * it (new_publishstatus published, new_publishedon), which the entity's `published` scope turns
 * into "every station reads it". Only drafts and rejected ones change (the record service).
 */
export const EXCELLENT_CASE = 'new_srv_excellentcase';

/** `YXAL<yyyyMM>-0001` per month (China time), in new_code (the title is the primary name), under an advisory lock. */
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

/** Final approval: the case is published to every station. */
export async function publishExcellentCase(sql: Sql, id: string): Promise<void> {
  await sql.query(
    `UPDATE new_srv_excellentcase SET new_publishstatus = $2, new_publishedon = COALESCE(new_publishedon, now()) WHERE new_srv_excellentcaseid = $1::uuid`,
    [id, excellentCasePublish.published],
  );
}

export function installExcellentCase(): void {
  serverDefaults.set(EXCELLENT_CASE, async (sql, rows) => {
    const nums = await excellentCaseNumbers(sql, rows.length);
    return rows.map((_, i) => ({
      new_code: nums[i],
      new_approvalstatus: approvalStatus.draft,
      new_iscommit: false,
      new_publishstatus: excellentCasePublish.unpublished,
    }));
  });
  registerFlowHooks(EXCELLENT_CASE, { approved: (sql, id) => publishExcellentCase(sql, id) });
}
