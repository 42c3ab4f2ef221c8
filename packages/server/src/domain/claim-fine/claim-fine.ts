import { approvalStatus, fineType } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { registerFlowHooks } from '../../flow/hooks.ts';
import { serverDefaults } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { notify } from '../message/messages.ts';

const PREFIX = 'JC';
const [, PUNISHMENT] = fineType.options.map((o) => o.value);

/** `JC202611` for the current month in China time (UTC+8). */
export function numberPrefix(now = new Date()): string {
  return `${PREFIX}${chinaDate(now).slice(0, 7).replace('-', '')}`;
}

/** Numbers for `count` new claim fines: `JC202611-0001`, … per month (China time). */
export function nextClaimFineNumbers(sql: Sql, count: number, now = new Date()): Promise<string[]> {
  return nextDocumentNumbers(sql, 'new_srv_claimfine', numberPrefix(now), count);
}

/**
 * A finally approved order is the station's business: its users who see settlements (expense.read)
 * are told what it is (fined or rewarded), how much and why, in the approving transaction.
 */
export async function tellStation(sql: Sql, id: string, approverId: string): Promise<void> {
  const {
    rows: [f],
  } = await sql.query<{ name: string; station: string | null; type: number; amount: string | null; item: string | null }>(
    `SELECT new_name AS name, new_station_id AS station, new_finetype AS type, new_amount::text AS amount, new_checkitem AS item
       FROM new_srv_claimfine WHERE new_srv_claimfineid = $1::uuid`,
    [id],
  );
  if (!f?.station) return;
  await notify(
    sql,
    approverId,
    { station: f.station, privilege: 'expense.read' },
    {
      kind: 'settlement',
      key: f.type === PUNISHMENT ? 'message.text.fined' : 'message.text.rewarded',
      params: { name: f.name, amount: f.amount ?? '0', reason: f.item },
      entity: 'new_srv_claimfine',
      recordId: id,
    },
  );
}

/** New claim fines get their number, approval status 1 (to be submitted) and new_iscommit false; approved ones tell the station. */
export function installClaimFine(): void {
  serverDefaults.set('new_srv_claimfine', async (sql, rows) =>
    (await nextClaimFineNumbers(sql, rows.length)).map((n) => ({
      new_name: n,
      new_approvalstatus: approvalStatus.draft,
      new_iscommit: false,
    })),
  );
  registerFlowHooks('new_srv_claimfine', { approved: tellStation });
}
