import type { rebateMoveKind } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { formatMoney } from '../../records/format.ts';
import { chinaDate } from '../china-time.ts';
import { formatCents, toCents } from '../money.ts';

/*
 * A dealer's rebate ledger (返利, issue 28; docs/decisions.md "Special prices and rebates"), built
 * like the quota and dealer-account ledgers: every change of a dealer's rebate is a move appended to
 * `new_rebatemove` with the balance after it and a key unique per move, in the caller's transaction:
 *
 * 1. the dealer's rebate account is opened on first use and locked (its postings queue);
 * 2. a move whose key is already in the ledger is dropped (a retried posting counts once);
 * 3. the balance after is computed exactly (cents); a draw it cannot carry is refused with the balance;
 * 4. the move is appended with the account's next sequence number and the balance set by one
 *    conditional update (never below zero), the account's CHECK `new_balance >= 0` behind it.
 *
 * The monthly accrual appends many moves at once under the same locks (accrual.ts).
 */

export type RebateMoveKind = (typeof rebateMoveKind.options)[number]['value'];

export interface RebateMove {
  /** The dealer whose rebate it is (accountHolder of the order's buyer). */
  holderId: string;
  kind: RebateMoveKind;
  /** Signed cents: + accrued or given back, − used. */
  amount: bigint;
  /** The document's number shown in the ledger (the order's). */
  docName: string;
  orderId?: string;
  remark: string;
  key: string;
}

/** Opens the holders' rebate accounts that do not exist yet (balance 0), in one statement. */
export async function openRebateAccounts(sql: Sql, holderIds: readonly string[], userId: string): Promise<void> {
  await sql.query(
    `INSERT INTO new_rebateaccount (new_name, new_unit_id, new_balance, new_seq, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT left(name, 160), businessunitid, 0, 0, $2::uuid, businessunitid, $2::uuid, $2::uuid FROM businessunit WHERE businessunitid = ANY($1::uuid[])
     ON CONFLICT (new_unit_id) DO NOTHING`,
    [holderIds, userId],
  );
}

/** Posts one move to the holder's rebate account; see the module comment for the steps. */
export async function postRebateMove(sql: Sql, userId: string, m: RebateMove): Promise<{ posted: boolean; after: bigint }> {
  await openRebateAccounts(sql, [m.holderId], userId);
  const {
    rows: [a],
  } = await sql.query<{ id: string; balance: string; seq: number }>(
    `SELECT new_rebateaccountid AS id, new_balance::text AS balance, COALESCE(new_seq, 0) AS seq FROM new_rebateaccount WHERE new_unit_id = $1::uuid FOR UPDATE`,
    [m.holderId],
  );
  const before = toCents(a.balance);
  if (m.amount === 0n || (await sql.query('SELECT 1 FROM new_rebatemove WHERE new_key = $1', [m.key])).rowCount)
    return { posted: false, after: before };
  const after = before + m.amount;
  const refusal = () =>
    refuse(
      'rebate.insufficient',
      { balance: formatMoney(formatCents(before)), amount: formatMoney(formatCents(-m.amount)) },
      'new_rebateamount',
    );
  if (after < 0n) throw refusal();
  await sql.query(
    `INSERT INTO new_rebatemove (new_name, new_account_id, new_unit_id, new_kind, new_date, new_order_id, new_amount, new_balanceafter, new_remark,
                                 new_seq, new_key, createdon, ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2::uuid, $3::uuid, $4, $5::date, $6::uuid, $7::numeric, $8::numeric, $9, $10, $11, clock_timestamp(), $12::uuid, $3::uuid, $12::uuid, $12::uuid)`,
    [
      m.docName.slice(0, 60),
      a.id,
      m.holderId,
      m.kind,
      chinaDate(),
      m.orderId ?? null,
      formatCents(m.amount),
      formatCents(after),
      m.remark.slice(0, 200),
      a.seq + 1,
      m.key,
      userId,
    ],
  );
  const { rowCount } = await sql.query(
    `UPDATE new_rebateaccount SET new_balance = new_balance + $2::numeric, new_seq = $3, modifiedon = now()
      WHERE new_rebateaccountid = $1::uuid AND new_balance + $2::numeric >= 0`,
    [a.id, formatCents(m.amount), a.seq + 1],
  );
  if (rowCount !== 1) throw refusal();
  return { posted: true, after };
}
