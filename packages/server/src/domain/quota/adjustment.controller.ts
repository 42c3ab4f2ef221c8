import { amountAdjustType, amountAdjustValidity, getEntity, quotaDocumentType, quotaUsage } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import { formatMoney } from '../../records/format.ts';
import { postQuota } from './ledger.ts';
import { formatCents, toCents } from '../money.ts';

const ADJUSTMENT = getEntity('new_srv_amountadjustment')!;

type Adjustment = { station: string; name: string; type: number; amount: string | null; valid: number | null };

async function load(sql: Sql, id: string): Promise<Adjustment> {
  const {
    rows: [a],
  } = await sql.query<Adjustment>(
    `SELECT new_station_id AS station, new_name AS name, new_amounttype AS type, new_amount::text AS amount, new_adjuststatus AS valid
       FROM new_srv_amountadjustment WHERE new_srv_amountadjustmentid = $1::uuid`,
    [id],
  );
  if (!a) throw refuse('parts.relatedNotFound');
  return a;
}

/**
 * A valid decrease a quota-limited station cannot carry today is refused at save and at submit, at
 * the amount, naming the quota available and the shortfall (the ledger's rule, asked early: only the
 * final approval posts, and it checks again, since the quota may have changed in between).
 */
async function checkDecrease(sql: Sql, ids: string[]): Promise<void> {
  const { rows } = await sql.query<{ amount: string; cur: string | null }>(
    `SELECT a.new_amount::text AS amount, s.new_currentamount::text AS cur
       FROM new_srv_amountadjustment a JOIN new_srv_station s ON s.new_srv_stationid = a.new_station_id
      WHERE a.new_srv_amountadjustmentid = ANY($1::uuid[]) AND a.new_amounttype = $2 AND a.new_adjuststatus IS DISTINCT FROM $3
        AND COALESCE(s.new_limitamount, false)`,
    [ids, amountAdjustType.decrease, amountAdjustValidity.invalid],
  );
  for (const r of rows) {
    const available = toCents(r.cur);
    const short = toCents(r.amount) - available;
    if (short > 0n)
      throw refuse(
        'quota.decreaseOver',
        { available: formatMoney(formatCents(available)), amount: formatMoney(formatCents(short)) },
        'new_amount',
      );
  }
}

/** Submit: only a valid adjustment with an amount above zero, and a decrease the station can carry, goes to approval. */
async function checkSubmit(sql: Sql, id: string): Promise<void> {
  const a = await load(sql, id);
  if (a.valid === amountAdjustValidity.invalid) throw refuse('quota.adjustInvalid');
  if (toCents(a.amount) <= 0n) throw refuse('quota.amountPositive', undefined, 'new_amount');
  await checkDecrease(sql, [id]);
}

/**
 * Final approval (inside the approving transaction): the adjustment posts to the quota ledger under
 * the key `adj:<id>` — exactly once whatever retries — and records the quota before and after. A
 * decrease a quota-limited station cannot carry refuses the approval with the shortfall.
 */
export async function postAdjustment(sql: Sql, id: string, approverId: string): Promise<void> {
  const a = await load(sql, id);
  if (a.valid === amountAdjustValidity.invalid) throw refuse('quota.adjustInvalid');
  const amount = toCents(a.amount);
  const increase = a.type === amountAdjustType.increase;
  const p = await postQuota(sql, approverId, {
    stationId: a.station,
    change: formatCents(increase ? amount : -amount),
    usage: increase ? quotaUsage.increase : quotaUsage.decrease,
    docType: quotaDocumentType.adjustment,
    docId: id,
    docName: a.name,
    key: `adj:${id}`,
  });
  if (p.posted) {
    await sql.query(
      `UPDATE new_srv_amountadjustment SET new_beforeamount = $2::numeric, new_afteramount = $3::numeric WHERE new_srv_amountadjustmentid = $1::uuid`,
      [id, p.before, p.after],
    );
  }
}

/**
 * The quota adjustment's business (docs/documents.md): valid unless said otherwise; a decrease the
 * station cannot carry refused at save and at submit; the final approval posts to the quota ledger.
 * Its number, draft status and cleared commit flag come from its declaration (entities/quota.ts).
 */
export const adjustmentController: DocumentController = {
  entity: ADJUSTMENT,
  defaults: async (_sql, rows) => rows.map((r) => ({ new_adjuststatus: r.new_adjuststatus ?? amountAdjustValidity.valid })),
  write: { after: (sql, ids) => checkDecrease(sql, ids) },
  flow: { submit: checkSubmit, approved: postAdjustment },
};
