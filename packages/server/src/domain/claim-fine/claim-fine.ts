import type { Sql } from '../../db/db.ts';
import { serverDefaults } from '../../records/write.ts';

const PREFIX = 'JC';

/** `JC202611` for the current month in China time (UTC+8). */
export function numberPrefix(now = new Date()): string {
  const cn = new Date(now.getTime() + 8 * 3600_000);
  return `${PREFIX}${cn.getUTCFullYear()}${String(cn.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Numbers for `count` new claim fines: `JC202611-0001`, … per month, serialised by an advisory
 * lock held to the end of the creating transaction (so two creates never take one number).
 */
export async function nextClaimFineNumbers(sql: Sql, count: number, now = new Date()): Promise<string[]> {
  const prefix = numberPrefix(now);
  await sql.query(`SELECT pg_advisory_xact_lock(hashtext('new_srv_claimfine.number'))`);
  const { rows } = await sql.query<{ n: number }>(
    `SELECT COALESCE(max(substring(new_name FROM ${prefix.length + 2})::int), 0)::int AS n
       FROM new_srv_claimfine WHERE new_name ~ $1`,
    [`^${prefix}-[0-9]{1,9}$`],
  );
  const start = rows[0].n;
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(start + i + 1).padStart(4, '0')}`);
}

/** New claim fines get their number, approval status 1 (to be submitted) and new_iscommit false. */
export function installClaimFine(): void {
  serverDefaults.set('new_srv_claimfine', async (sql, count) =>
    (await nextClaimFineNumbers(sql, count)).map((n) => ({ new_name: n, new_approvalstatus: 1, new_iscommit: false })));
}
