import { approvalStatus, type Lang, msg, paymentPlanState } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import { ValidationFailed } from '../../records/write.ts';
import { fenOf, yuan } from '../sales-finance/money.ts';

/*
 * Receipts settle a contract's payment plans (issue 29). A receipt (回款单) may name one contract in
 * force paid by the receipt's payer; when finance confirms the receipt (its final approval), its
 * amount settles the contract's open plans oldest due date first (then by period), each up to what it
 * still lacks, in the confirming transaction with the contract row locked FOR UPDATE, so two receipts
 * confirmed at once settle one after the other. What is more than the plans lack stays unsettled on
 * the contract (the receipt shows what it settled). Each share is a new_plansettlement row: Σ per plan
 * = its received, Σ per receipt = its settled amount, Σ over a contract = its received.
 *
 * The invoice allocation of the same receipt is separate and unchanged (receipt.controller.ts): the
 * plans say when the contract's money is due, the invoices what goods were billed.
 */

/** An open plan as the split sees it (fen). */
export interface OpenPlan {
  id: string;
  due: string;
  period: number;
  planned: number;
  received: number;
}

/**
 * How `fen` settles `plans`: oldest due date first, then period; each plan at most what it lacks.
 * Pure (the property test drives it); answers the shares in order, zero shares left out.
 */
export function splitOverPlans(plans: readonly OpenPlan[], fen: number): { id: string; fen: number }[] {
  const order = [...plans].sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.period - b.period));
  const out: { id: string; fen: number }[] = [];
  let left = Math.max(0, fen);
  for (const p of order) {
    if (left <= 0) break;
    const share = Math.min(left, Math.max(0, p.planned - p.received));
    if (share > 0) {
      out.push({ id: p.id, fen: share });
      left -= share;
    }
  }
  return out;
}

type Named = { contract: string | null; payer: string; amount: string; name: string };

async function receiptOf(sql: Sql, receiptId: string): Promise<Named | undefined> {
  const { rows } = await sql.query<Named>(
    `SELECT new_salescontract_id AS contract, new_payer_id AS payer, new_amount::text AS amount, new_name AS name
       FROM new_receipt WHERE new_receiptid = $1::uuid`,
    [receiptId],
  );
  return rows[0];
}

/** The named contract, locked when `lock`: refused unless it is in force and paid by the receipt's payer. */
async function contractFor(sql: Sql, r: Named & { contract: string }, lock: boolean) {
  const {
    rows: [c],
  } = await sql.query<{ name: string; status: number; payer: string | null; open: string }>(
    `SELECT new_name AS name, new_approvalstatus AS status, new_payer_id AS payer,
            (new_amount - new_receivedamount)::text AS open
       FROM new_salescontract WHERE new_salescontractid = $1::uuid${lock ? ' FOR UPDATE' : ''}`,
    [r.contract],
  );
  if (!c || c.status !== approvalStatus.approved || c.payer !== r.payer)
    throw refuse('salesContract.receiptContractForeign', { name: c?.name ?? '' }, 'new_salescontract_id');
  return c;
}

/**
 * At save (`lang`: refused at the field, in the caller's language) and at submit: the receipt's
 * contract (if any) is the payer's, in force, with something still to receive.
 */
export async function checkReceiptContract(sql: Sql, receiptId: string, lang?: Lang): Promise<void> {
  const r = await receiptOf(sql, receiptId);
  if (!r?.contract) return;
  try {
    const c = await contractFor(sql, { ...r, contract: r.contract }, false);
    if ((fenOf(c.open) ?? 0) <= 0) throw refuse('salesContract.receiptContractPaid', { name: c.name }, 'new_salescontract_id');
  } catch (e) {
    if (!lang || !(e instanceof Refusal)) throw e;
    throw new ValidationFailed([{ field: 'new_salescontract_id', message: msg(e.key, lang, e.params) }], lang);
  }
}

/**
 * At the receipt's confirmation (its final approval, same transaction): settles the named
 * contract's open plans oldest due date first. Answers the fen settled (0 without a contract).
 */
export async function settleContractPlans(sql: Sql, receiptId: string, userId: string): Promise<number> {
  const r = await receiptOf(sql, receiptId);
  if (!r?.contract) return 0;
  await contractFor(sql, { ...r, contract: r.contract }, true);
  const { rows } = await sql.query<{ id: string; due: string; period: number; planned: string; received: string; unit: string }>(
    `SELECT new_paymentplanid AS id, new_duedate::text AS due, new_period AS period, new_amount::text AS planned,
            new_received::text AS received, owningbusinessunit AS unit
       FROM new_paymentplan WHERE new_salescontract_id = $1::uuid AND new_received < new_amount
      ORDER BY new_duedate, new_period FOR UPDATE`,
    [r.contract],
  );
  const plans = rows.map((p) => ({ ...p, planned: fenOf(p.planned) ?? 0, received: fenOf(p.received) ?? 0 }));
  const shares = splitOverPlans(plans, fenOf(r.amount) ?? 0);
  const total = shares.reduce((s, x) => s + x.fen, 0);
  if (shares.length) {
    await sql.query(
      `INSERT INTO new_plansettlement (new_name, new_paymentplan_id, new_receipt_id, new_payer_id, new_amount,
                                       ownerid, owningbusinessunit, createdby, modifiedby)
       SELECT $1, u.plan, $2::uuid, $3::uuid, u.a, $4::uuid, p.owningbusinessunit, $4::uuid, $4::uuid
         FROM unnest($5::uuid[], $6::numeric[]) WITH ORDINALITY AS u(plan, a, i)
         JOIN new_paymentplan p ON p.new_paymentplanid = u.plan ORDER BY u.i`,
      [r.name, receiptId, r.payer, userId, shares.map((s) => s.id), shares.map((s) => yuan(s.fen))],
    );
    await sql.query(
      `UPDATE new_paymentplan p SET new_received = p.new_received + u.a,
              new_state = CASE WHEN p.new_received + u.a >= p.new_amount THEN ${paymentPlanState.paid} ELSE ${paymentPlanState.partPaid} END,
              new_paidon = CASE WHEN p.new_received + u.a >= p.new_amount THEN now() ELSE NULL END,
              modifiedon = now(), modifiedby = $3::uuid
         FROM unnest($1::uuid[], $2::numeric[]) AS u(plan, a) WHERE p.new_paymentplanid = u.plan`,
      [shares.map((s) => s.id), shares.map((s) => yuan(s.fen)), userId],
    );
    await sql.query(
      `UPDATE new_salescontract SET new_receivedamount = new_receivedamount + $2::numeric, modifiedon = now()
        WHERE new_salescontractid = $1::uuid`,
      [r.contract, yuan(total)],
    );
  }
  await sql.query('UPDATE new_receipt SET new_contractsettled = $2::numeric WHERE new_receiptid = $1::uuid', [receiptId, yuan(total)]);
  return total;
}
