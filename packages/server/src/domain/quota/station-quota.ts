import { quotaDocumentType, quotaUsage } from '@portal/model';
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { writeHooks } from '../../records/write.ts';
import { postQuota } from './ledger.ts';
import { formatCents, toCents } from '../money.ts';

const STATION = 'new_srv_station';

/**
 * The station's quota fields through the record service (/stationAmount/edit): only holders of
 * quota.adjust change "quota limited" and the opening quota (the model's field grants, checked
 * before this runs); a changed opening quota posts its
 * difference to the ledger (usage opening), so the balance stays the sum of the moves; a station
 * whose quota is negative cannot be made quota limited.
 */
export async function guardStationQuota(sql: Sql, id: string, values: Record<string, unknown>, caller: Caller): Promise<void> {
  const touches = 'new_limitamount' in values || 'new_beginamount' in values;
  if (!touches) return;
  const {
    rows: [st],
  } = await sql.query<{ name: string; begin: string | null; cur: string | null; limited: boolean | null }>(
    `SELECT new_name AS name, new_beginamount::text AS begin, new_currentamount::text AS cur, new_limitamount AS limited FROM new_srv_station WHERE new_srv_stationid = $1::uuid`,
    [id],
  );
  const begin = toCents(st.begin);
  const nextBegin = 'new_beginamount' in values ? toCents(values.new_beginamount as string | number | null) : begin;
  const nextLimited = 'new_limitamount' in values ? values.new_limitamount === true : !!st.limited;
  if (nextBegin === begin && nextLimited === !!st.limited) return;
  if (nextLimited && !st.limited) {
    // Switched on first (a lowered opening quota is then checked against the limit).
    if (toCents(st.cur) < 0n) throw refuse('quota.limitNegative', undefined, 'new_limitamount');
    await sql.query(`UPDATE new_srv_station SET new_limitamount = true WHERE new_srv_stationid = $1::uuid`, [id]);
  }
  if (nextBegin !== begin) {
    await postQuota(sql, caller.principal.userId, {
      stationId: id,
      change: formatCents(nextBegin - begin),
      usage: quotaUsage.opening,
      docType: quotaDocumentType.station,
      docId: id,
      docName: st.name,
      key: `station:${id}:opening:${randomUUID()}`,
    });
  }
}

/** A new station starts with its opening quota as one move (created through the record service). */
async function openNewStations(sql: Sql, ids: string[]): Promise<void> {
  const { rows } = await sql.query<{ id: string; name: string; begin: string; by: string }>(
    `SELECT new_srv_stationid AS id, new_name AS name, COALESCE(new_beginamount, 0)::text AS begin, createdby AS by
       FROM new_srv_station WHERE new_srv_stationid = ANY($1::uuid[]) ORDER BY new_srv_stationid`,
    [ids],
  );
  for (const r of rows) {
    await sql.query(`UPDATE new_srv_station SET new_currentamount = 0 WHERE new_srv_stationid = $1::uuid AND new_currentamount IS NULL`, [
      r.id,
    ]);
    await postQuota(sql, r.by, {
      stationId: r.id,
      change: r.begin,
      usage: quotaUsage.opening,
      docType: quotaDocumentType.station,
      docId: r.id,
      docName: r.name,
      key: `station:${r.id}:opening`,
    });
  }
}

export function installStationQuota(): void {
  writeHooks.set(STATION, {
    async guard(sql, id, op, values, caller) {
      if (op === 'update') await guardStationQuota(sql, id, values, caller);
    },
    async after(sql, ids, op) {
      if (op === 'create') await openNewStations(sql, ids);
    },
  });
}
