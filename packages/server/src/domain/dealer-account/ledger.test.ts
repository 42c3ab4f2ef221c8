import { accountMoveKind, approvalStatus, disputeAnswer, invoiceState } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { accountHolder, postAccountMove } from './ledger.ts';

let p: Portal;
let userId: string;
const unitOf = async (code: string) =>
  (await p.db.one<{ id: string }>('SELECT businessunitid AS id FROM businessunit WHERE new_code = $1', [code]))!.id;

beforeAll(async () => {
  p = await testPortal();
  userId = (await p.db.one<{ u: string }>(`SELECT systemuserid AS u FROM systemuser WHERE domainname = 'hqfinance'`))!.u;
});
afterAll(() => p?.close());

describe('the dealer account ledger', () => {
  it("holds a store's documents on its dealer's account, and a dealer's on its own", async () => {
    const dealer = await unitOf('DL-GZ001');
    expect(await p.db.tx((sql) => accountHolder(sql, dealer))).toBe(dealer);
    const store = await unitOf('SP-SZ001');
    expect(await p.db.tx((sql) => accountHolder(sql, store))).toBe(dealer);
  });

  it("keeps each account's balance = Σ its moves = its invoices not void − its confirmed receipts (the demo's, posted by their commands)", async () => {
    const { rows } = await p.db.query<{
      unit: string;
      balance: string;
      moves: string;
      invoices: string;
      receipts: string;
      funds: string;
      adjusted: string;
      last: number;
      n: number;
    }>(
      `SELECT a.new_unit_id AS unit, a.new_balance::text AS balance,
              (SELECT COALESCE(sum(m.new_amount), 0) FROM new_accountmove m WHERE m.new_account_id = a.new_dealeraccountid)::text AS moves,
              (SELECT COALESCE(sum(i.totalamount), 0) FROM invoice i JOIN businessunit b ON b.businessunitid = i.owningbusinessunit
                WHERE i.new_state <> $1 AND (b.businessunitid = a.new_unit_id OR b.parentbusinessunitid = a.new_unit_id))::text AS invoices,
              (SELECT COALESCE(sum(r.new_amount), 0) FROM new_receipt r JOIN businessunit b ON b.businessunitid = r.new_payer_id
                WHERE r.new_confirmedon IS NOT NULL AND (b.businessunitid = a.new_unit_id OR b.parentbusinessunitid = a.new_unit_id))::text AS receipts,
              (SELECT COALESCE(sum(c.new_amount), 0) FROM new_activityuse c WHERE c.new_approvalstatus = $2 AND c.owningbusinessunit = a.new_unit_id)::text AS funds,
              (SELECT COALESCE(sum(d.new_adjustamount), 0) FROM new_accountdispute d WHERE d.new_answer = $3 AND d.new_unit_id = a.new_unit_id)::text AS adjusted,
              a.new_seq AS last, (SELECT count(*)::int FROM new_accountmove m WHERE m.new_account_id = a.new_dealeraccountid) AS n
         FROM new_dealeraccount a`,
      [invoiceState.void, approvalStatus.approved, disputeAnswer.adjusted],
    );
    // Both demo dealers have invoices and confirmed receipts.
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) {
      expect(Number(r.balance)).toBeCloseTo(Number(r.moves), 2);
      // Approved marketing-fund claims credit the account too; head office's answers to disputed statement lines adjust it.
      expect(Number(r.balance)).toBeCloseTo(Number(r.invoices) - Number(r.receipts) - Number(r.funds) + Number(r.adjusted), 2);
      expect(r.last).toBe(r.n);
    }
    expect(rows.some((r) => Number(r.invoices) > 0 && Number(r.receipts) > 0)).toBe(true);
  });

  it('posts a move once per key, with the balance after it and the next sequence number', async () => {
    const dealer = await unitOf('DL-SZ001');
    const move = {
      unitId: dealer,
      kind: accountMoveKind.adjustment,
      amount: '123.45',
      docEntity: 'test',
      docId: 'x',
      docName: 'ADJ-1',
      key: 'test:adj:1',
    };
    const first = await p.db.tx((sql) => postAccountMove(sql, userId, move));
    const again = await p.db.tx((sql) => postAccountMove(sql, userId, { ...move, amount: '999' }));
    expect(first.posted).toBe(true);
    expect(Number(first.after) - Number(first.before)).toBeCloseTo(123.45, 2);
    expect(again).toMatchObject({ posted: false, before: first.after, after: first.after });
    const m = await p.db.one<{ after: string; seq: number; acctSeq: number }>(
      `SELECT m.new_balanceafter::text AS after, m.new_seq AS seq, a.new_seq AS "acctSeq" FROM new_accountmove m
         JOIN new_dealeraccount a ON a.new_dealeraccountid = m.new_account_id WHERE m.new_key = 'test:adj:1'`,
    );
    expect(m).toMatchObject({ after: first.after, seq: m!.acctSeq });
  });
});
