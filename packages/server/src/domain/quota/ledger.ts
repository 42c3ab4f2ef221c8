import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { formatMoney } from '../../records/format.ts';
import { formatCents, toCents } from '../money.ts';

/**
 * The station quota ledger (docs/decisions.md "Station quota"), built like the stock ledger: every
 * change of a station's quota (`new_srv_station.new_currentamount`) is a move appended to
 * `new_srv_amountchangelog` with the quota before and after it, the document that caused it and a
 * key unique per move, in the caller's transaction:
 *
 * 1. the station row is locked (postings of one station queue; keys are checked under the lock);
 * 2. a move whose key is already in the ledger is dropped (a retried posting counts once);
 * 3. the quota after is computed exactly (cents) and a draw refused with the shortfall — 站点额度不足，
 *    还差 ¥1,234.00 — when it would leave a quota-limited station below zero (a credit never is);
 * 4. the move is appended, and the balance changed by one conditional update (the same rule in its
 *    WHERE, the station's CHECK `NOT new_limitamount OR new_currentamount >= 0` as the backstop).
 */

/** quotaUsage (1–5). */
export type QuotaUsage = number;

export interface QuotaMove {
  stationId: string;
  /** Signed change as an exact decimal (`'-1234.50'`); a number is taken to the cent. */
  change: string | number;
  usage: QuotaUsage;
  /** quotaDocumentType. */
  docType: number;
  docId: string;
  /** The document's number, shown in the change log. */
  docName: string;
  /** Unique per move: the same key posted again changes nothing. */
  key: string;
}

export interface QuotaPosting {
  posted: boolean;
  /** The station's quota before and after (after = before when nothing was posted). */
  before: string;
  after: string;
}

/** Posts one move; see the module comment for the steps. */
export async function postQuota(sql: Sql, userId: string, m: QuotaMove): Promise<QuotaPosting> {
  const {
    rows: [st],
  } = await sql.query<{ cur: string | null; limited: boolean; unit: string | null }>(
    `SELECT new_currentamount::text AS cur, COALESCE(new_limitamount, false) AS limited, owningbusinessunit AS unit
       FROM new_srv_station WHERE new_srv_stationid = $1::uuid FOR UPDATE`,
    [m.stationId],
  );
  if (!st) throw refuse('parts.relatedNotFound');
  const before = toCents(st.cur);
  const change = toCents(m.change);
  const unchanged = { posted: false, before: formatCents(before), after: formatCents(before) };
  if (change === 0n) return unchanged;
  if ((await sql.query(`SELECT 1 FROM new_srv_amountchangelog WHERE new_key = $1`, [m.key])).rowCount) return unchanged;
  const after = before + change;
  // Only a draw is refused: a station that is below zero (a database from before the CHECK) takes credits.
  if (st.limited && change < 0n && after < 0n) throw refuse('quota.insufficient', { amount: formatMoney(formatCents(-after)) });
  const { rowCount: appended } = await sql.query(
    `INSERT INTO new_srv_amountchangelog (new_name, new_station_id, new_usage, new_doctype, new_docid, new_beforeamount, new_changeamount, new_afteramount,
                                          new_seq, new_key, createdon, modifiedon, createdby, modifiedby, ownerid, owningbusinessunit)
     SELECT $1, $2::uuid, $3, $4, $5, $6::numeric, $7::numeric, $8::numeric,
            (SELECT COALESCE(max(new_seq), 0) + 1 FROM new_srv_amountchangelog WHERE new_station_id = $2::uuid), $9, clock_timestamp(), now(),
            $10::uuid, $10::uuid, $10::uuid, $11::uuid
     ON CONFLICT (new_key) DO NOTHING`,
    [
      m.docName,
      m.stationId,
      m.usage,
      m.docType,
      m.docId,
      formatCents(before),
      formatCents(change),
      formatCents(after),
      m.key,
      userId,
      st.unit,
    ],
  );
  if (appended !== 1) throw refuse('parts.stateChanged');
  const { rowCount: changed } = await sql.query(
    `UPDATE new_srv_station SET new_currentamount = COALESCE(new_currentamount, 0) + $2::numeric, modifiedon = now()
      WHERE new_srv_stationid = $1::uuid AND (NOT COALESCE(new_limitamount, false) OR $2::numeric > 0 OR COALESCE(new_currentamount, 0) + $2::numeric >= 0)`,
    [m.stationId, formatCents(change)],
  );
  if (changed !== 1) throw refuse('quota.insufficient', { amount: formatMoney(formatCents(-after)) });
  return { posted: true, before: formatCents(before), after: formatCents(after) };
}

/** What a document still holds of its station's quota: minus the sum of its moves (never below zero). */
export async function heldBy(sql: Sql, docId: string): Promise<bigint> {
  const {
    rows: [r],
  } = await sql.query<{ s: string }>(
    `SELECT COALESCE(-sum(new_changeamount), 0)::text AS s FROM new_srv_amountchangelog WHERE new_docid = $1`,
    [docId],
  );
  const held = toCents(r.s);
  return held > 0n ? held : 0n;
}

/** How many moves of a usage a document has (a resubmitted document draws once per submission). */
export async function movesOf(sql: Sql, docId: string, usage: QuotaUsage): Promise<number> {
  const {
    rows: [r],
  } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM new_srv_amountchangelog WHERE new_docid = $1 AND new_usage = $2`, [
    docId,
    usage,
  ]);
  return r.n;
}
