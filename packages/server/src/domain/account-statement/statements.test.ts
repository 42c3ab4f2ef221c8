import { accountMoveKind, accountStatementState, disputeAnswer, statementConfirmWay } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { chinaDate } from '../china-time.ts';
import { creditOf } from '../credit/credit.ts';
import { generateMonth } from './generate.ts';
import { addMonths, chinaMonth } from './period.ts';

/*
 * Account statements and their reconciliation as their users call them (issue 28): the demo's two
 * months (opening = the month before's closing, closing = opening + its lines), reading a page at a
 * time, print files, generation and its refusals, every step of the reconciliation and its
 * refusals (another dealer's statement, head office for the dealer, a frozen statement, disputing
 * after the window, regenerating a confirmed month), messages, and finance search.
 */

let p: Portal;
const tok: Record<string, string> = {};
const unit: Record<string, string> = {};
const M2 = addMonths(chinaMonth(), -1);
const M1 = addMonths(chinaMonth(), -2);

const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const cmd = (who: string, id: string, name: string, body: object = {}) =>
  api(who, 'POST', `/api/documents/new_accountstatements/${id}/${name}`, body);
const one = async <T extends Record<string, unknown>>(text: string, args: unknown[] = []) => (await p.db.one<T>(text, args))!;
const url = (code: string, month: string, rest = '') => `/api/account-statements/${unit[code]}/${month}${rest}`;
const statementId = async (code: string, month: string) =>
  (
    await one<{ id: string }>('SELECT new_accountstatementid AS id FROM new_accountstatement WHERE new_unit_id = $1 AND new_month = $2', [
      unit[code],
      month,
    ])
  ).id;
type Header = {
  id: string;
  state: number;
  opening: string;
  closing: string;
  invoiced: string;
  received: string;
  adjusted: string;
  lineCount: number;
  confirmWay: number | null;
  deadline: string | null;
};
type Line = { moveId: string; amount: string; balance: string; date: string; docEntity: string; disputed: boolean; late: boolean };
const header = async (who: string, code: string, month: string) => done<Header>(await api(who, 'GET', url(code, month)));
const cents = (s: string) => Math.round(Number(s) * 100);
/** Every line of a statement, page after page of `size`. */
async function allLines(who: string, code: string, month: string, size = 2): Promise<Line[]> {
  const out: Line[] = [];
  let after: string | null = null;
  do {
    const page: { lines: Line[]; next: string | null } = done(
      await api(who, 'GET', url(code, month, `/lines?size=${size}${after ? `&after=${encodeURIComponent(after)}` : ''}`)),
    );
    out.push(...page.lines);
    after = page.next;
  } while (after);
  return out;
}
const messages = (login: string, key: string) =>
  one<{ n: number }>(
    `SELECT count(*)::int AS n FROM portal_message m JOIN systemuser u ON u.systemuserid = m.user_id WHERE u.domainname = $1 AND m.message_key = $2`,
    [login, key],
  );

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['dealer1', 'dealer1fin', 'dealer2', 'dealer2fin', 'hqsales', 'hqfinance', 'salesman1'])
    tok[u] = (await signIn(p.app, u)).access_token;
  for (const code of ['DL-GZ001', 'DL-SZ001', 'SP-SZ001'])
    unit[code] = (await one<{ id: string }>('SELECT businessunitid AS id FROM businessunit WHERE new_code = $1', [code])).id;
});
afterAll(() => p?.close());

describe('the demo: two months of statements for both dealers', () => {
  it('the second month opens at the first one’s closing; each closes at its opening + its lines, with a running balance', async () => {
    for (const code of ['DL-GZ001', 'DL-SZ001']) {
      const first = await header('hqfinance', code, M1);
      const second = await header('hqfinance', code, M2);
      expect(first.opening).toBe('0.00');
      expect(second.opening).toBe(first.closing);
      for (const [h, month] of [
        [first, M1],
        [second, M2],
      ] as const) {
        const lines = await allLines('hqfinance', code, month);
        expect(lines.length).toBe(h.lineCount);
        expect(lines.length).toBeGreaterThan(0);
        let run = cents(h.opening);
        for (const l of lines) {
          run += cents(l.amount);
          expect(cents(l.balance)).toBe(run);
          expect(l.date.slice(0, 7)).toBe(month);
        }
        expect(run).toBe(cents(h.closing));
        expect(cents(h.closing)).toBe(cents(h.opening) + cents(h.invoiced) - cents(h.received) + cents(h.adjusted));
      }
    }
  });

  it('广州粤华 confirmed the first month, 苏州恒达’s window ran out (it reads as confirmed); the second is answered and to be confirmed', async () => {
    const gz1 = await header('dealer1', 'DL-GZ001', M1);
    expect(gz1).toMatchObject({ state: accountStatementState.confirmed, confirmWay: statementConfirmWay.dealer });
    const sz1 = await header('dealer2', 'DL-SZ001', M1);
    expect(sz1).toMatchObject({ state: accountStatementState.confirmed, confirmWay: statementConfirmWay.lapsed });
    // The record service reads it the same way: the list's 已确认 tab holds it before anything stored it.
    const { value } = done<{ value: { new_name: string; new_state: number }[] }>(
      await api(
        'dealer2',
        'GET',
        `/api/crmdata/Retrieve/new_accountstatements?$filter=${encodeURIComponent(`new_state eq ${accountStatementState.confirmed}`)}`,
      ),
    );
    expect(value.map((r) => r.new_name)).toEqual([`DZ${M1.replace('-', '')}-DL-SZ001`]);
    expect((await header('dealer1', 'DL-GZ001', M2)).state).toBe(accountStatementState.answered);
    expect((await header('dealer2', 'DL-SZ001', M2)).state).toBe(accountStatementState.toConfirm);
    const disputes = await one<{ adjusted: number; rejected: number }>(
      `SELECT count(*) FILTER (WHERE new_answer = $2)::int AS adjusted, count(*) FILTER (WHERE new_answer = $3)::int AS rejected
         FROM new_accountdispute WHERE new_statement_id = $1`,
      [await statementId('DL-GZ001', M2), disputeAnswer.adjusted, disputeAnswer.rejected],
    );
    expect(disputes).toEqual({ adjusted: 1, rejected: 1 });
  });
});

describe('reading a statement', () => {
  it('a dealer reads its own, never another’s (404); a month not generated says so; the cursor and page size are checked', async () => {
    done(await api('dealer1fin', 'GET', url('DL-GZ001', M2)));
    refused(await api('dealer1fin', 'GET', url('DL-SZ001', M2)), '记录不存在或您无权访问', 404);
    refused(await api('dealer2', 'GET', url('DL-GZ001', M1, '/lines')), '记录不存在或您无权访问', 404);
    refused(await api('dealer2', 'GET', url('DL-GZ001', M1, '/pdf')), '记录不存在或您无权访问', 404);
    refused(await api('dealer1', 'GET', url('DL-GZ001', chinaMonth())), `${chinaMonth()} 的对账单尚未生成`, 404);
    refused(await api('dealer1', 'GET', url('DL-GZ001', '2026-13')), '对账月份格式应为 YYYY-MM（如 2026-10）');
    refused(await api('dealer1', 'GET', url('DL-GZ001', M2, '/lines?after=x')), '分页位置无效，请从第一页重新查看');
    refused(await api('dealer1', 'GET', url('DL-GZ001', M2, '/lines?size=0')), '每页笔数应为 1 到 200 的整数');
    // The record service keeps the same reach: dealer2 lists its own statements only.
    const { value } = done<{ value: { new_unit_id: string }[] }>(
      await api('dealer2', 'GET', '/api/crmdata/Retrieve/new_accountstatements'),
    );
    expect(value.length).toBe(2);
    expect(new Set(value.map((r) => r.new_unit_id))).toEqual(new Set([unit['DL-SZ001']]));
    // Nobody writes a statement through the record service.
    expect((await api('hqfinance', 'POST', '/api/crmdata/create/new_accountstatements', { new_month: '2026-01' })).statusCode).toBe(403);
  });

  it('prints: the lines with the header, a PDF and an Excel file named after the statement', async () => {
    const print = done<{ header: Header & { name: string }; lines: Line[]; truncated: boolean }>(
      await api('dealer1', 'GET', url('DL-GZ001', M1, '/print')),
    );
    expect(print.truncated).toBe(false);
    expect(print.lines.length).toBe(print.header.lineCount);
    const pdf = await api('dealer1', 'GET', url('DL-GZ001', M1, '/pdf'));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(decodeURIComponent(String(pdf.headers['content-disposition']))).toContain(`往来对账单-${print.header.name}.pdf`);
    const xlsx = await api('hqfinance', 'GET', url('DL-GZ001', M1, '/xlsx'), undefined, 'en-US');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(decodeURIComponent(String(xlsx.headers['content-disposition']))).toContain(`Account statement-${print.header.name}.xlsx`);
  });
});

describe('generating a month', () => {
  it('only head-office finance; a month must have ended, come after the latest, and not skip one', async () => {
    expect((await api('dealer1', 'POST', '/api/account-statements/generate', { month: M2 })).statusCode).toBe(403);
    expect((await api('hqsales', 'POST', '/api/account-statements/generate', { month: M2 })).statusCode).toBe(403);
    refused(
      await api('hqfinance', 'POST', '/api/account-statements/generate', { month: 'October' }),
      '对账月份格式应为 YYYY-MM（如 2026-10）',
      400,
      'month',
    );
    refused(
      await api('hqfinance', 'POST', '/api/account-statements/generate', { month: chinaMonth() }),
      `${chinaMonth()} 尚未结束，只能生成已结束月份的对账单`,
    );
    refused(
      await api('hqfinance', 'POST', '/api/account-statements/generate', { month: M1 }),
      `已生成 ${M2} 的对账单，不能再生成更早的 ${M1}`,
    );
    const fin = (await one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'hqfinance'`)).id;
    const later = new Date(Date.now() + 70 * 86_400_000);
    await expect(p.db.tx((sql) => generateMonth(sql, fin, addMonths(M2, 2), later))).rejects.toMatchObject({
      key: 'statement.skipMonth',
      params: { expected: addMonths(M2, 1) },
    });
    const months = done<{ latest: string; next: string; regenerable: boolean }>(
      await api('hqfinance', 'GET', '/api/account-statements/months'),
    );
    expect(months).toEqual({ latest: M2, next: M2, regenerable: true });
  });

  it('regenerates a month none of whose statements is confirmed: the figures again, each dealer told', async () => {
    const before = await header('hqfinance', 'DL-SZ001', M2);
    const told = (await messages('dealer2fin', 'message.text.statementGenerated')).n;
    const n = (await one<{ n: number }>('SELECT count(*)::int AS n FROM new_accountstatement WHERE new_month = $1', [M2])).n;
    const g = done<{ count: number; regenerated: boolean }>(
      await api('hqfinance', 'POST', '/api/account-statements/generate', { month: M2 }),
      `已重新生成 ${M2} 对账单 ${n} 份`,
    );
    expect(g).toMatchObject({ count: n, regenerated: true });
    const after = await header('hqfinance', 'DL-SZ001', M2);
    expect(after).toMatchObject({
      id: before.id,
      opening: before.opening,
      closing: before.closing,
      state: accountStatementState.toConfirm,
    });
    expect((await messages('dealer2fin', 'message.text.statementGenerated')).n).toBe(told + 1);
    // The answered one stays answered (its disputes are settled; the dealer's window starts again).
    expect((await header('hqfinance', 'DL-GZ001', M2)).state).toBe(accountStatementState.answered);
  });
});

describe('reconciliation', () => {
  it('head office, a branch or a store cannot act for the dealer; another dealer cannot reach it', async () => {
    const sz2 = await statementId('DL-SZ001', M2);
    refused(await cmd('hqsales', sz2, 'confirm'), '只有对账单所属经销商可以确认对账或提出异议', 403);
    refused(await cmd('salesman1', sz2, 'dispute', { lines: [] }), '只有对账单所属经销商可以确认对账或提出异议', 403);
    expect((await cmd('dealer1', sz2, 'confirm')).statusCode).toBe(404);
    expect((await cmd('dealer1fin', sz2, 'dispute', { lines: [{ moveId: null, amount: '1', reason: 'x' }] })).statusCode).toBe(404);
    expect((await cmd('dealer2', sz2, 'answer', { lines: [] })).statusCode).toBe(403);
  });

  it('past the window it counts as confirmed: disputing then is refused naming the window, and it is frozen', async () => {
    const gz2 = await statementId('DL-GZ001', M2);
    await p.db.query(`UPDATE new_accountstatement SET new_deadline = now() - interval '1 hour' WHERE new_accountstatementid = $1`, [gz2]);
    expect(await header('dealer1', 'DL-GZ001', M2)).toMatchObject({
      state: accountStatementState.confirmed,
      confirmWay: statementConfirmWay.lapsed,
    });
    const res = await cmd('dealer1fin', gz2, 'dispute', { lines: [{ moveId: null, amount: '-10.00', reason: '漏记' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toMatch(/^提出异议的期限（5 个工作日，至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}）已过，对账单视同确认$/);
    // Stored by the refused call's settling (its own transaction rolled back with the refusal; the next touch stores it again).
    refused(await cmd('dealer1fin', gz2, 'confirm'), res.json().Message);
  });

  it('the dealer disputes lines (checked line by line), head office adjusts one and rejects another, the dealer confirms and it freezes', async () => {
    const sz2 = await statementId('DL-SZ001', M2);
    const lines = await allLines('dealer2fin', 'DL-SZ001', M2, 50);
    const invoice = lines.find((l) => l.docEntity === 'invoice')!;
    const sepMove = (await allLines('dealer2fin', 'DL-SZ001', M1, 50))[0];
    const dispute = (body: object) => cmd('dealer2fin', sz2, 'dispute', body);
    refused(await dispute({ lines: [] }), '请至少列出一笔有异议的明细', 400, 'lines');
    refused(await dispute({ lines: [{ moveId: sepMove.moveId, amount: '1.00', reason: 'x' }] }), '第 1 行：所选往来不在本期对账单中');
    refused(
      await dispute({ lines: [{ moveId: invoice.moveId, amount: invoice.amount, reason: 'x' }] }),
      '第 1 行：您的金额与对账单金额相同，没有差异',
    );
    refused(
      await dispute({ lines: [{ moveId: invoice.moveId, amount: '12.345', reason: 'x' }] }),
      '第 1 行：金额应为不超过 1 亿元、最多两位小数的数字',
    );
    refused(await dispute({ lines: [{ moveId: invoice.moveId, amount: '100.00', reason: ' ' }] }), '第 1 行：请填写异议原因');
    refused(
      await dispute({
        lines: [
          { moveId: invoice.moveId, amount: '100.00', reason: 'a' },
          { moveId: invoice.moveId, amount: '90.00', reason: 'b' },
        ],
      }),
      '第 2 行：同一笔往来列了两次',
    );
    expect((await dispute({ lines: [{ moveId: invoice.moveId, amount: '1', reason: 'x' }], extra: 1 })).statusCode).toBe(400);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM new_accountdispute WHERE new_statement_id = $1', [sz2])).n).toBe(0);

    const theirs = (Number(invoice.amount) - 120).toFixed(2);
    const hqTold = (await messages('hqfinance', 'message.text.statementDisputed')).n;
    done(
      await dispute({
        lines: [
          { moveId: invoice.moveId, amount: theirs, reason: '其中 2 台按展会价结算' },
          { moveId: null, amount: '-500.00', reason: '10 月 30 日电汇 500 元未列入' },
        ],
      }),
      '已提出 2 笔异议，等待总部财务答复',
    );
    expect((await header('dealer2', 'DL-SZ001', M2)).state).toBe(accountStatementState.disputed);
    expect((await allLines('dealer2', 'DL-SZ001', M2, 50)).find((l) => l.moveId === invoice.moveId)!.disputed).toBe(true);
    expect((await messages('hqfinance', 'message.text.statementDisputed')).n).toBe(hqTold + 1);
    // Waiting for head office: the dealer can neither confirm nor dispute again.
    refused(await cmd('dealer2fin', sz2, 'confirm'), '对账单当前为“有异议”，不能确认对账');

    const { rows: raised } = await p.db.query<{ id: string; move: string | null; diff: string }>(
      `SELECT new_accountdisputeid AS id, new_move_id AS move, new_difference::text AS diff FROM new_accountdispute WHERE new_statement_id = $1 ORDER BY new_move_id NULLS LAST`,
      [sz2],
    );
    expect(raised.map((r) => r.diff)).toEqual(['-120.00', '-500.00']);
    const [priced, missing] = raised;
    const answer = (body: object) => cmd('hqfinance', sz2, 'answer', body);
    refused(await answer({ lines: [{ lineId: sz2, decision: 'reject', reason: 'x' }] }), '第 1 行：异议不存在或已答复');
    refused(
      await answer({ lines: [{ lineId: priced.id, decision: 'adjust', amount: '0', reason: 'x' }] }),
      '第 1 行：调整金额应为非零、不超过 1 亿元、最多两位小数的数字',
    );
    refused(await answer({ lines: [{ lineId: priced.id, decision: 'reject', reason: '' }] }), '第 1 行：请填写答复说明');
    const balance = async () =>
      (await one<{ b: string }>('SELECT new_balance::text AS b FROM new_dealeraccount WHERE new_unit_id = $1', [unit['DL-SZ001']])).b;
    const before = await balance();
    // Part of it first: the statement stays disputed.
    done(
      await answer({ lines: [{ lineId: missing.id, decision: 'reject', reason: '该笔款项 11 月 2 日到账，列入 11 月对账单' }] }),
      '已答复 1 笔异议，尚有 1 笔待答复',
    );
    expect((await header('dealer2', 'DL-SZ001', M2)).state).toBe(accountStatementState.disputed);
    const dealerTold = (await messages('dealer2fin', 'message.text.statementAnswered')).n;
    done(
      await answer({ lines: [{ lineId: priced.id, decision: 'adjust', amount: '-120.00', reason: '核实展会价差，调减 120 元' }] }),
      '已答复 1 笔异议（调整 1 笔，合计 -¥120.00）',
    );
    const answered = await header('dealer2', 'DL-SZ001', M2);
    expect(answered.state).toBe(accountStatementState.answered);
    expect(answered.deadline).not.toBeNull();
    expect((await messages('dealer2fin', 'message.text.statementAnswered')).n).toBe(dealerTold + 1);
    // The adjustment is a ledger move of today, once; the statement's own figures stay as generated.
    expect(cents(await balance())).toBe(cents(before) - 12000);
    const move = await one<{ kind: number; date: string; amount: string; doc: string }>(
      `SELECT m.new_kind AS kind, to_char(m.new_date, 'YYYY-MM-DD') AS date, m.new_amount::text AS amount, m.new_docid AS doc
         FROM new_accountdispute d JOIN new_accountmove m ON m.new_accountmoveid = d.new_adjustmove_id WHERE d.new_accountdisputeid = $1`,
      [priced.id],
    );
    expect(move).toEqual({ kind: accountMoveKind.adjustment, date: chinaDate(), amount: '-120.00', doc: sz2 });
    expect(answered.closing).toBe((await header('hqfinance', 'DL-SZ001', M2)).closing);
    refused(await answer({ lines: [{ lineId: priced.id, decision: 'reject', reason: 'x' }] }), '对账单当前为“已答复”，不能答复异议');

    const hqConfirmed = (await messages('hqfinance', 'message.text.statementConfirmed')).n;
    done(await cmd('dealer2fin', sz2, 'confirm'), '对账单已确认');
    const frozen = await header('dealer2', 'DL-SZ001', M2);
    expect(frozen).toMatchObject({ state: accountStatementState.confirmed, confirmWay: statementConfirmWay.dealer });
    expect((await messages('hqfinance', 'message.text.statementConfirmed')).n).toBe(hqConfirmed + 1);
    // Frozen: confirming or disputing again, and generating the month again, are refused.
    const again = await cmd('dealer2', sz2, 'confirm');
    expect(again.statusCode).toBe(400);
    expect(again.json().Message).toMatch(/^对账单已于 .+ 确认，已冻结，不能再确认或提出异议$/);
    refused(await cmd('dealer2', sz2, 'dispute', { lines: [{ moveId: null, amount: '1', reason: 'x' }] }), again.json().Message);
    refused(
      await api('hqfinance', 'POST', '/api/account-statements/generate', { month: M2 }),
      `${M2} 已有 2 份对账单确认（如“广州粤华机电设备有限公司”），已冻结，不能重新生成`,
    );
    expect(done<{ regenerable: boolean }>(await api('hqfinance', 'GET', '/api/account-statements/months')).regenerable).toBe(false);
  });
});

describe('finance search', () => {
  it('a dealer sees itself (another dealer’s id: 404); head office picks one; the balance = the latest statement’s closing + what moved since', async () => {
    type Search = {
      dealer: { id: string };
      credit: { available: string; used: string; asOf: string };
      ageing: {
        buckets: { amount: string; count: number }[];
        total: string;
        invoiceCount: number;
        invoices: { date: string; days: number; bucket: string }[];
      };
      balance: { amount: string; sinceStatement: string; movesSince: number };
      statement: { month: string; closing: string };
    };
    const own = done<Search>(await api('dealer1fin', 'GET', '/api/finance/search'));
    expect(own.dealer.id).toBe(unit['DL-GZ001']);
    refused(await api('dealer1fin', 'GET', `/api/finance/search?dealer=${unit['DL-SZ001']}`), '经销商不存在或不在您的查询范围内', 404);
    refused(await api('dealer1fin', 'GET', `/api/finance/search?dealer=${unit['SP-SZ001']}`), '经销商不存在或不在您的查询范围内', 404);
    refused(await api('hqfinance', 'GET', '/api/finance/search'), '请选择经销商', 400, 'dealer');
    expect(done<{ id: string }[]>(await api('dealer2', 'GET', '/api/finance/dealers')).map((d) => d.id)).toEqual([unit['DL-SZ001']]);
    expect(done<{ id: string }[]>(await api('hqfinance', 'GET', '/api/finance/dealers?q=粤华')).map((d) => d.id)).toEqual([
      unit['DL-GZ001'],
    ]);

    const hq = done<Search>(await api('hqfinance', 'GET', `/api/finance/search?dealer=${unit['DL-GZ001']}`));
    expect(hq.statement.month).toBe(M2);
    expect(cents(hq.balance.amount)).toBe(cents(hq.statement.closing) + cents(hq.balance.sinceStatement));
    expect(hq.balance.movesSince).toBeGreaterThan(0);
    const credit = await p.db.tx((sql) => creditOf(sql, unit['DL-GZ001']));
    expect(hq.credit).toMatchObject({ available: credit.available, used: credit.used });
    expect(hq.ageing.buckets.reduce((s, b) => s + cents(b.amount), 0)).toBe(cents(hq.ageing.total));
    const open = await one<{ t: string; n: number }>(
      `SELECT COALESCE(sum(i.totalamount - i.new_paidamount), 0)::text AS t, count(*)::int AS n FROM invoice i JOIN businessunit b ON b.businessunitid = i.owningbusinessunit
        WHERE (b.businessunitid = $1 OR b.parentbusinessunitid = $1) AND i.new_state IN (1, 2)`,
      [unit['DL-GZ001']],
    );
    expect({ total: hq.ageing.total, n: hq.ageing.invoiceCount }).toEqual({ total: open.t, n: open.n });
    // Each invoice in the bucket of its days since the invoice date; the demo's invoice of last month among them.
    const bucket = (d: number) => (d <= 30 ? '0-30' : d <= 60 ? '31-60' : d <= 90 ? '61-90' : '90+');
    for (const i of hq.ageing.invoices) expect(i.bucket).toBe(bucket(i.days));
    expect(hq.ageing.invoices.some((i) => i.date.startsWith(M2) && i.days > 20)).toBe(true);
  });
});
