import { fineType, getEntity } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { notify } from '../message/messages.ts';

const [, PUNISHMENT] = fineType.options.map((o) => o.value);

/**
 * A finally approved order is the station's business: its users who see settlements (expense.read)
 * are told what it is (fined or rewarded), how much and why, in the approving transaction.
 */
async function tellStation(sql: Sql, id: string, approverId: string): Promise<void> {
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

/** Rewards and punishments (奖惩单): number JC<month> and draft from the declaration; an approved one tells the station. */
export const claimFineController: DocumentController = {
  entity: getEntity('new_srv_claimfine')!,
  flow: { approved: tellStation },
};
