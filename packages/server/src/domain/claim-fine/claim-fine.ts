import type { Sql } from '../../db/db.ts';
import { serverDefaults } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';

const PREFIX = 'JC';

/** `JC202611` for the current month in China time (UTC+8). */
export function numberPrefix(now = new Date()): string {
  return `${PREFIX}${chinaDate(now).slice(0, 7).replace('-', '')}`;
}

/** Numbers for `count` new claim fines: `JC202611-0001`, … per month (China time). */
export function nextClaimFineNumbers(sql: Sql, count: number, now = new Date()): Promise<string[]> {
  return nextDocumentNumbers(sql, 'new_srv_claimfine', numberPrefix(now), count);
}

/** New claim fines get their number, approval status 1 (to be submitted) and new_iscommit false. */
export function installClaimFine(): void {
  serverDefaults.set('new_srv_claimfine', async (sql, rows) =>
    (await nextClaimFineNumbers(sql, rows.length)).map((n) => ({ new_name: n, new_approvalstatus: 1, new_iscommit: false })));
}
