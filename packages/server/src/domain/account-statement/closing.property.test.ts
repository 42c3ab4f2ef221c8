import { accountMoveKind, businessUnitType } from '@portal/model';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import type { Sql } from '../../db/db.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { postAccountMove, type AccountMoveKind } from '../dealer-account/ledger.ts';
import { toCents } from '../money.ts';
import { generateMonth } from './generate.ts';
import { addMonths, parseMonth } from './period.ts';
import { statementLines } from './read.ts';

/*
 * Issue 28's property: for any sequence of documents posted to a dealer's account (any kind, any
 * amount, dated in any of four months, some in a month already generated) and generations of its
 * months in order (some generating the latest again), every statement closes at its opening plus
 * the moves it covers — read back page by page as its lines, the last running balance its closing —
 * opens at the previous closing, and the statements plus what none covers yet add up to the balance.
 */

let p: Portal;
let user = '';
let hq = '';
const BASE = '2031-01';
/** Every month of the runs has ended by then. */
const NOW = new Date('2031-12-01T00:00:00Z');
class Rollback extends Error {}

type Op = { kind: 'move'; move: AccountMoveKind; cents: number; month: number; day: number } | { kind: 'generate'; again: boolean };
const KINDS: AccountMoveKind[] = [
  accountMoveKind.invoice,
  accountMoveKind.invoiceVoid,
  accountMoveKind.receipt,
  accountMoveKind.rebate,
  accountMoveKind.fund,
  accountMoveKind.adjustment,
];
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      move: fc.constantFrom(...KINDS),
      cents: fc.integer({ min: 1, max: 5_000_000 }),
      month: fc.nat({ max: 3 }),
      day: fc.integer({ min: 1, max: 28 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('generate' as const), again: fc.boolean() }) },
);

/** + the dealer owes more: an invoice (an adjustment either way); a void, a receipt and the credits less. */
const signed = (kind: AccountMoveKind, cents: number, n: number) =>
  kind === accountMoveKind.invoice ? cents : kind === accountMoveKind.adjustment ? (n % 2 ? cents : -cents) : -cents;
const yuan = (c: number) => (c / 100).toFixed(2);

type St = {
  id: string;
  month: string;
  from: string;
  to: string;
  opening: string;
  closing: string;
  last: number;
  prev: number | null;
  n: number;
};

/** The dealer's statements, oldest first, each checked against the ledger; answers Σ of their lines. */
async function check(sql: Sql, holder: string): Promise<void> {
  const { rows } = await sql.query<St>(
    `SELECT new_accountstatementid AS id, new_month AS month, to_char(new_periodstart, 'YYYY-MM-DD') AS "from", to_char(new_periodend, 'YYYY-MM-DD') AS "to",
            new_opening::text AS opening, new_closing::text AS closing, new_lastseq AS last, new_prevseq AS prev, new_linecount AS n
       FROM new_accountstatement WHERE new_unit_id = $1 ORDER BY new_month`,
    [holder],
  );
  const { rows: moves } = await sql.query<{ date: string; seq: number; amount: string }>(
    `SELECT to_char(new_date, 'YYYY-MM-DD') AS date, new_seq AS seq, new_amount::text AS amount FROM new_accountmove WHERE new_unit_id = $1`,
    [holder],
  );
  const covered = (s: St | undefined, m: { date: string; seq: number }) => !!s && m.date <= s.to && m.seq <= s.last;
  let total = 0n;
  rows.forEach((s, i) => {
    const prev = rows[i - 1];
    // Opening: the previous closing, or everything dated before the first statement's month that was in the ledger then.
    const opening = prev
      ? toCents(prev.closing)
      : moves.filter((m) => m.date < s.from && m.seq <= s.last).reduce((a, m) => a + toCents(m.amount), 0n);
    expect(toCents(s.opening), `${s.month} opening`).toBe(opening);
    const mine = moves.filter((m) => covered(s, m) && !covered(prev, m) && (prev || m.date >= s.from));
    expect(toCents(s.closing), `${s.month} closing`).toBe(opening + mine.reduce((a, m) => a + toCents(m.amount), 0n));
    expect(s.n).toBe(mine.length);
    total += mine.reduce((a, m) => a + toCents(m.amount), 0n) + (prev ? 0n : opening);
  });
  for (const s of rows) {
    // Read back as its lines, a page of 3 at a time: the running balance ends at the closing.
    let after: string | null = null;
    let n = 0;
    let balance = s.opening;
    do {
      const page = await statementLines(sql, { opening: s.opening }, { ...s, unit: holder, last: Number(s.last) }, after, 3, 'zh-CN');
      n += page.lines.length;
      if (page.lines.length) balance = page.lines[page.lines.length - 1].balance;
      after = page.next;
    } while (after);
    expect(n).toBe(s.n);
    expect(toCents(balance)).toBe(toCents(s.closing));
  }
  const latest = rows[rows.length - 1];
  const uncovered = moves.filter((m) => !covered(latest, m)).reduce((a, m) => a + toCents(m.amount), 0n);
  const { rows: acct } = await sql.query<{ b: string }>('SELECT new_balance::text AS b FROM new_dealeraccount WHERE new_unit_id = $1', [
    holder,
  ]);
  expect(total + uncovered).toBe(toCents(acct[0]?.b ?? '0'));
  if (latest) expect(toCents(latest.closing) + uncovered).toBe(toCents(acct[0].b));
}

beforeAll(async () => {
  p = await testPortal();
  const r = (await p.db.one<{ user: string; hq: string }>(
    `SELECT u.systemuserid AS user, u.businessunitid AS hq FROM systemuser u WHERE u.domainname = 'hqfinance'`,
  ))!;
  user = r.user;
  hq = r.hq;
});
afterAll(() => p?.close());

describe('statement closing (property)', () => {
  it('closing = opening + the moves it covers, opening = the previous closing, statements + what is not covered yet = the balance', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 24 }), async (ops) => {
        run++;
        await p.db
          .tx(async (sql) => {
            // A dealer of its own per run, under head office; everything is rolled back after the run.
            const {
              rows: [{ id: holder }],
            } = await sql.query<{ id: string }>(
              `INSERT INTO businessunit (name, new_code, new_type, parentbusinessunitid) VALUES ($1, $2, $3, $4::uuid) RETURNING businessunitid AS id`,
              [`性质测试经销商 ${run}`, `DL-PROP-${run}`, businessUnitType.dealer, hq],
            );
            let tried: string | null = null;
            let n = 0;
            for (const o of ops) {
              if (o.kind === 'move') {
                const month = parseMonth(addMonths(BASE, o.month))!;
                await postAccountMove(sql, user, {
                  unitId: holder,
                  kind: o.move,
                  amount: yuan(signed(o.move, o.cents, ++n)),
                  docEntity: 'test',
                  docId: String(n),
                  docName: `PROP-${n}`,
                  date: `${month.month}-${String(o.day).padStart(2, '0')}`,
                  key: `prop:${run}:${n}`,
                });
                continue;
              }
              // Months in order: the latest again, or the one after it (a month with nothing in it makes no statement).
              const {
                rows: [{ m: latest }],
              } = await sql.query<{ m: string | null }>('SELECT max(new_month) AS m FROM new_accountstatement WHERE new_unit_id = $1', [
                holder,
              ]);
              const month: string = latest && o.again ? latest : addMonths(latest ?? tried ?? addMonths(BASE, -1), 1);
              if (month > addMonths(BASE, 5)) continue;
              await generateMonth(sql, user, month, NOW, [holder]);
              tried = month;
              await check(sql, holder);
            }
            await check(sql, holder);
            throw new Rollback();
          })
          .catch((e) => {
            if (!(e instanceof Rollback)) throw e;
          });
      }),
      { numRuns: 30 },
    );
  });
});
