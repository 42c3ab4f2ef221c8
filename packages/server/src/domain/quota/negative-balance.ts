import type { Db } from '../../db/db.ts';
import type { StartupLog } from '../../logging.ts';
import { notify } from '../message/messages.ts';

const KEY = 'message.text.quotaNegative';

export interface NegativeQuota {
  id: string;
  name: string;
  code: string | null;
  amount: string;
}

/**
 * Quota-limited stations below zero, reported at start (docs/decisions.md "Quota CHECK on a
 * database with negative balances"): a database from before the CHECK may hold them, and the CHECK
 * then waits (schema.ts). Each is logged, and head office (holders of quota.adjust) is told once
 * per station while the message stays unread; the ledger refuses new draws on them meanwhile.
 */
export async function reportNegativeQuotas(db: Db, log: StartupLog): Promise<NegativeQuota[]> {
  const { rows } = await db.pool.query<NegativeQuota>(
    `SELECT new_srv_stationid AS id, new_name AS name, new_code AS code, new_currentamount::text AS amount
       FROM new_srv_station WHERE COALESCE(new_limitamount, false) AND new_currentamount < 0 ORDER BY new_code, new_name`,
  );
  if (!rows.length) return rows;
  log.warn(
    `start: ${rows.length} quota-limited station(s) below zero; new quota draws on them are refused until head office adjusts their quota`,
    {
      stations: rows.map((r) => ({ code: r.code, name: r.name, amount: r.amount })),
    },
  );
  await db.tx(async (sql) => {
    // Instances starting together: one at a time, so the second finds the first's unread message.
    await sql.query('SELECT pg_advisory_xact_lock(727005)');
    for (const r of rows) {
      const told = await sql.query(
        'SELECT 1 FROM portal_message WHERE message_key = $1 AND record_id = $2::uuid AND read_on IS NULL LIMIT 1',
        [KEY, r.id],
      );
      if (told.rowCount) continue;
      await notify(
        sql,
        null,
        { everyone: true, privilege: 'quota.adjust' },
        {
          kind: 'settlement',
          key: KEY,
          params: { station: r.name, amount: r.amount },
          entity: 'new_srv_station',
          recordId: r.id,
        },
      );
    }
  });
  return rows;
}
