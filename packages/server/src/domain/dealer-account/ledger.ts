import { type accountMoveKind, businessUnitType } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { chinaDate } from '../china-time.ts';
import { formatCents, toCents } from '../money.ts';

/*
 * A dealer's account with head office (往来账, issue 28; docs/decisions.md "Dealer account
 * ledger"), built like the stock and quota ledgers: every change of what a dealer owes is a move
 * appended to `new_accountmove` with the balance after it, the document behind it, its business
 * date and a key unique per move, in the caller's transaction:
 *
 * 1. the account row is locked (one dealer's postings queue; credit checks take the same lock);
 * 2. a move whose key is already in the ledger is dropped (a retried posting counts once);
 * 3. the balance after is computed exactly (cents); the move is appended with the next sequence
 *    number of the account, and the account's balance and last sequence set in one update.
 *
 * The balance may go below zero (a dealer that paid ahead is owed money): no CHECK on its sign.
 */

export type AccountMoveKind = (typeof accountMoveKind.options)[number]['value'];

export interface AccountMove {
  /** The buyer's unit: a dealer or one of its stores (the account is its holder's, accountHolder). */
  unitId: string;
  kind: AccountMoveKind;
  /** Signed: + the dealer owes more (an invoice), − it owes less (a receipt, a credit). */
  amount: string | number;
  docEntity: string;
  docId: string;
  docName: string;
  /** Business date (YYYY-MM-DD, China time): the statement's month. Default today. */
  date?: string;
  remark?: string;
  /** Unique per move: the same key posted again changes nothing. */
  key: string;
}

export interface AccountPosting {
  posted: boolean;
  accountId: string;
  before: string;
  after: string;
}

/**
 * The unit whose account a unit's documents post to: the unit itself if it is a dealer, else its
 * nearest dealer up the tree (a store's orders are its dealer's business with head office), else
 * the unit itself (a branch or a station buying from head office has an account of its own).
 */
export async function accountHolder(sql: Sql, unitId: string): Promise<string> {
  const {
    rows: [r],
  } = await sql.query<{ id: string }>(
    `WITH RECURSIVE up AS (
       SELECT businessunitid, parentbusinessunitid, new_type, 0 AS depth FROM businessunit WHERE businessunitid = $1::uuid
       UNION ALL
       SELECT b.businessunitid, b.parentbusinessunitid, b.new_type, up.depth + 1 FROM businessunit b JOIN up ON b.businessunitid = up.parentbusinessunitid
        WHERE up.depth < 20)
     SELECT COALESCE((SELECT businessunitid FROM up WHERE new_type = $2 ORDER BY depth LIMIT 1), $1::uuid)::text AS id`,
    [unitId, businessUnitType.dealer],
  );
  return r.id;
}

/** The holder's account row, opened on first use (credit limit 0), locked for the transaction. */
export async function lockAccount(sql: Sql, holderId: string): Promise<{ id: string; balance: bigint; limit: bigint; seq: number }> {
  await sql.query(
    `INSERT INTO new_dealeraccount (new_name, new_unit_id, new_creditlimit, new_balance, new_seq, owningbusinessunit)
     SELECT name, businessunitid, 0, 0, 0, businessunitid FROM businessunit WHERE businessunitid = $1::uuid
     ON CONFLICT (new_unit_id) DO NOTHING`,
    [holderId],
  );
  const {
    rows: [a],
  } = await sql.query<{ id: string; balance: string; lim: string | null; seq: number | null }>(
    `SELECT new_dealeraccountid AS id, COALESCE(new_balance, 0)::text AS balance, new_creditlimit::text AS lim, new_seq AS seq
       FROM new_dealeraccount WHERE new_unit_id = $1::uuid FOR UPDATE`,
    [holderId],
  );
  if (!a) throw refuse('parts.relatedNotFound');
  return { id: a.id, balance: toCents(a.balance), limit: toCents(a.lim), seq: Number(a.seq ?? 0) };
}

/** Posts one move to the account of the unit's holder; see the module comment for the steps. */
export async function postAccountMove(sql: Sql, userId: string, m: AccountMove): Promise<AccountPosting> {
  const holder = await accountHolder(sql, m.unitId);
  const acct = await lockAccount(sql, holder);
  const before = formatCents(acct.balance);
  const amount = toCents(m.amount);
  const unchanged = { posted: false, accountId: acct.id, before, after: before };
  if (amount === 0n) return unchanged;
  if ((await sql.query('SELECT 1 FROM new_accountmove WHERE new_key = $1', [m.key])).rowCount) return unchanged;
  const after = acct.balance + amount;
  const seq = acct.seq + 1;
  const { rowCount } = await sql.query(
    `INSERT INTO new_accountmove (new_name, new_account_id, new_unit_id, new_kind, new_date, new_amount, new_balanceafter, new_docentity, new_docid,
                                  new_remark, new_seq, new_key, createdon, modifiedon, createdby, modifiedby, ownerid, owningbusinessunit)
     VALUES ($1, $2::uuid, $3::uuid, $4, $5::date, $6::numeric, $7::numeric, $8, $9, $10, $11, $12, clock_timestamp(), now(), $13::uuid, $13::uuid, $13::uuid, $3::uuid)
     ON CONFLICT (new_key) DO NOTHING`,
    [
      m.docName.slice(0, 60),
      acct.id,
      holder,
      m.kind,
      m.date ?? chinaDate(),
      formatCents(amount),
      formatCents(after),
      m.docEntity,
      m.docId,
      m.remark?.slice(0, 200) ?? null,
      seq,
      m.key,
      userId,
    ],
  );
  if (rowCount !== 1) throw refuse('parts.stateChanged');
  await sql.query(
    'UPDATE new_dealeraccount SET new_balance = $2::numeric, new_seq = $3, modifiedon = now() WHERE new_dealeraccountid = $1::uuid',
    [acct.id, formatCents(after), seq],
  );
  return { posted: true, accountId: acct.id, before, after: formatCents(after) };
}
