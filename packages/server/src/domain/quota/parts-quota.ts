import { quotaDocumentType, quotaUsage } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { heldBy, movesOf, postQuota } from './ledger.ts';
import { formatCents, toCents } from '../money.ts';

/**
 * A parts application of a quota-limited station and the station's quota (spec 001 §3, issue 11):
 * submitting draws its total (Σ line qty × part price); a round that ends unapproved (rejected,
 * vetoed, revoked) gives all of it back; final approval gives back what the approvers did not
 * approve; closing gives back what was not shipped. Each hook runs in the flow or close transaction
 * that holds the application's lock. Keys are per document, usage and submission, so a retried
 * posting counts once and a resubmitted application draws again.
 */

type Doc = { station: string; name: string; total: string; limited: boolean };

async function docOf(sql: Sql, id: string): Promise<Doc | undefined> {
  const { rows } = await sql.query<Doc>(
    `SELECT a.new_station_id AS station, a.new_name AS name, COALESCE(a.new_totalamount, 0)::text AS total, COALESCE(s.new_limitamount, false) AS limited
       FROM new_srv_partsapply a JOIN new_srv_station s ON s.new_srv_stationid = a.new_station_id WHERE a.new_srv_partsapplyid = $1::uuid`,
    [id],
  );
  return rows[0];
}

const move = (doc: Doc, id: string, change: bigint, usage: number, key: string) => ({
  stationId: doc.station,
  change: formatCents(change),
  usage,
  docType: quotaDocumentType.application,
  docId: id,
  docName: doc.name,
  key,
});

/** On submit: a quota-limited station's application draws its total (refused when short). */
export async function drawForApplication(sql: Sql, id: string, userId: string): Promise<void> {
  const doc = await docOf(sql, id);
  if (!doc?.limited) return;
  const total = toCents(doc.total);
  if (total <= 0n || (await heldBy(sql, id)) > 0n) return;
  const n = (await movesOf(sql, id, quotaUsage.partsDraw)) + 1;
  await postQuota(sql, userId, move(doc, id, -total, quotaUsage.partsDraw, `pa:${id}:draw:${n}`));
}

/** Gives back what the application holds beyond `keep` cents; `step` names the posting in its key. */
async function giveBack(sql: Sql, id: string, userId: string, keep: bigint, step: string): Promise<void> {
  const held = await heldBy(sql, id);
  if (held <= keep) return;
  const doc = (await docOf(sql, id))!;
  const n = await movesOf(sql, id, quotaUsage.partsDraw);
  await postQuota(sql, userId, move(doc, id, held - keep, quotaUsage.partsReturn, `pa:${id}:${step}:${n}`));
}

/** Rejected, vetoed or revoked: everything drawn goes back. */
export const returnAllOfApplication = (sql: Sql, id: string, userId: string) => giveBack(sql, id, userId, 0n, 'return');

/** Σ round(quantity × price) of the application's lines for a quantity column. */
async function linesValue(sql: Sql, id: string, qty: 'new_approvedqty' | 'new_shippedqty'): Promise<bigint> {
  const {
    rows: [r],
  } = await sql.query<{ v: string }>(
    `SELECT COALESCE(sum(round(COALESCE(${qty}, 0) * COALESCE(new_price, 0), 2)), 0)::text AS v FROM new_srv_partsapplydetil WHERE new_partsapply_id = $1::uuid`,
    [id],
  );
  return toCents(r.v);
}

/** Finally approved: what the approvers lowered goes back (the approved value stays drawn). */
export async function returnUnapproved(sql: Sql, id: string, userId: string): Promise<void> {
  await giveBack(sql, id, userId, await linesValue(sql, id, 'new_approvedqty'), 'approved');
}

/** Closed: what was not shipped goes back. */
export async function returnUnshipped(sql: Sql, id: string, userId: string): Promise<void> {
  await giveBack(sql, id, userId, await linesValue(sql, id, 'new_shippedqty'), 'close');
}
