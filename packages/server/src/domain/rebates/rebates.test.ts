import {
  accountMoveKind,
  approvalStatus,
  invoiceState,
  rebateMoveKind,
  rebatePolicyState,
  receiptMethod,
  salesOrderStatus,
} from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { chinaDate, lastMonths } from '../china-time.ts';
import { formatCents, toCents } from '../money.ts';
import { rebateBalance } from './balance.ts';

/*
 * Rebates (返利, issue 28) as their users call them: head office's policies, finance's monthly run
 * on the order lines signed for in a month (rate × amount per line, to the buyer's dealer; a re-run
 * changes nothing), an order using rebate up to the balance at submit (lowering what it pays),
 * given back when its round ends unapproved or it is cancelled, credited to the dealer's account
 * as it is invoiced; every refusal changes nothing; a dealer reads only its own ledger.
 */

let p: Portal;
const STORE = { host: 'store.test:8080' };
const tok: Record<string, string> = {};
const part: Record<string, string> = {};
const unit: Record<string, string> = {};
const policy: Record<string, string> = {};
const [, last, current] = lastMonths(new Date(), 3);

const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(tok[who]), 'accept-language': lang, ...(who.startsWith('store') ? STORE : {}) },
  });
const cmd = (who: string, set: string, id: string, name: string, body: object = {}) =>
  api(who, 'POST', `/api/documents/${set}/${id}/${name}`, body);
const accrue = (who: string, id: string, day: string | undefined) =>
  cmd(who, 'new_rebatepolicies', id, 'accrue', day ? { new_runmonth: day } : {});
const update = (who: string, set: string, id: string, row: object) => api(who, 'POST', `/api/crmdata/Update/${set}(${id})`, row);
const one = async <T extends Record<string, unknown>>(text: string, args: unknown[] = []) => (await p.db.one<T>(text, args))!;
const yuan = (s: string) => `¥${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const balance = async (code: string) => rebateBalance(p.db, unit[code]);
const moveCount = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM new_rebatemove')).n;
/** A record-service refusal at a field: `Data.errors` names it with its message. */
const atField = (res: Awaited<ReturnType<typeof api>>, field: string, message: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().Data.errors[0]).toEqual({ field, message });
};
const orderRow = (id: string) =>
  one<{ status: number; approval: number; total: string; rebate: string | null; payable: string | null }>(
    `SELECT new_status AS status, new_approvalstatus AS approval, totalamount::text AS total, new_rebateamount::text AS rebate,
            new_payableamount::text AS payable FROM salesorder WHERE salesorderid = $1`,
    [id],
  );
const orderMoves = async (id: string) =>
  (
    await p.db.query<{ kind: number; amount: string; after: string }>(
      'SELECT new_kind AS kind, new_amount::text AS amount, new_balanceafter::text AS after FROM new_rebatemove WHERE new_order_id = $1 ORDER BY new_seq',
      [id],
    )
  ).rows;

async function submitOrder(who: string, id: string) {
  const flow = await one<{ id: string; step: string; approver: string }>(
    `SELECT f.new_flowid AS id, s.new_flowstepsid AS step, (SELECT systemuserid FROM systemuser WHERE domainname = 'hqsales') AS approver
       FROM new_flow f JOIN new_flowsteps s ON s.new_flow_id = f.new_flowid WHERE f.new_entityname = 'salesorder'`,
  );
  return api(who, 'POST', '/api/CrmFlow/submit', {
    EntityId: id,
    EntityTypeName: 'salesorder',
    FlowId: flow.id,
    ApproveList: [{ StepId: flow.step, ApproveUserId: flow.approver }],
  });
}
const flowCall = (who: string, action: 'revoke' | 'approve' | 'reject', id: string) =>
  action === 'revoke'
    ? api(who, 'POST', '/api/CrmFlow/revoke', { EntityId: id, EntityTypeName: 'salesorder' })
    : api(who, 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: 'salesorder', Action: action, Memo: '请调整后重新提交' });

/** An order from the cart (submitted at once), taken back to a draft by its buyer: answers its id. */
async function draftOrder(who: string, no: string, qty: number): Promise<string> {
  done(await api(who, 'POST', '/api/ShoppingCart/AddProduct', { ProductId: part[no], Quantity: qty }));
  const cart = done<{ ProductList: { Id: string; ProductNumber: string }[] }[]>(await api(who, 'GET', '/api/ShoppingCart/GetProductList'));
  const [o] = done<{ Id: string }[]>(
    await api(who, 'POST', '/api/ShoppingCart/Settle', {
      ItemIds: cart
        .flatMap((g) => g.ProductList)
        .filter((i) => i.ProductNumber === no)
        .map((i) => i.Id),
      Contact: '林国栋',
      Phone: '13600136021',
      Province: '广东省',
      City: '广州市',
      County: '白云区',
      Address: '太和镇大源北路 88 号',
    }),
  );
  done(await flowCall(who, 'revoke', o.Id));
  expect((await orderRow(o.Id)).status).toBe(salesOrderStatus.draft);
  return o.Id;
}

/** Every account's balance is the sum of its moves, the last move's balance after, never below zero; each move's balance follows the one before. */
async function ledgerHolds() {
  const { rows } = await p.db.query<{ balance: string; sum: string; last: string | null; bad: number; neg: number }>(
    `SELECT a.new_balance::text AS balance, COALESCE((SELECT sum(new_amount) FROM new_rebatemove m WHERE m.new_account_id = a.new_rebateaccountid), 0)::text AS sum,
            (SELECT new_balanceafter::text FROM new_rebatemove m WHERE m.new_account_id = a.new_rebateaccountid ORDER BY new_seq DESC LIMIT 1) AS last,
            (SELECT count(*)::int FROM (SELECT new_balanceafter - new_amount - COALESCE(lag(new_balanceafter) OVER (ORDER BY new_seq), 0) AS d
                                          FROM new_rebatemove m WHERE m.new_account_id = a.new_rebateaccountid) x WHERE d <> 0) AS bad,
            (SELECT count(*)::int FROM new_rebatemove m WHERE m.new_account_id = a.new_rebateaccountid AND new_balanceafter < 0) AS neg
       FROM new_rebateaccount a`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) {
    expect(r.balance).toBe(r.sum);
    expect(r.last ?? '0.00').toBe(r.balance);
    expect(r.bad).toBe(0);
    expect(r.neg).toBe(0);
    expect(Number(r.balance)).toBeGreaterThanOrEqual(0);
  }
}

beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
  for (const u of ['dealer1', 'dealer2', 'hqsales', 'hqfinance', 'store1'])
    tok[u] = (await signIn(p.app, u, u.startsWith('store') ? STORE : {})).access_token;
  for (const r of (await p.db.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product')).rows)
    part[r.no] = r.id;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT businessunitid AS id, new_code AS code FROM businessunit')).rows)
    unit[r.code] = r.id;
  for (const r of (
    await p.db.query<{ id: string; line: string }>(
      `SELECT r.new_rebatepolicyid AS id, l.new_code AS line FROM new_rebatepolicy r JOIN new_productline l ON l.new_productlineid = r.new_productline_id`,
    )
  ).rows)
    policy[r.line] = r.id;
});
afterAll(() => p?.close());

describe('the monthly rebate run', () => {
  it('the demo: last month accrued on the hydraulic policy at 2 % of what was signed (a short sign counts what was signed); each balance is the sum of its moves', async () => {
    const hyd = await one<{ state: number; last: string }>(
      'SELECT new_state AS state, new_lastperiod AS last FROM new_rebatepolicy WHERE new_rebatepolicyid = $1',
      [policy['PL-HYD']],
    );
    expect(hyd).toEqual({ state: rebatePolicyState.active, last: last.month });
    // 苏州恒达 signed 4 of the 6 gear pumps it was sent (¥1,280.00 each): 2 % of ¥5,120.00, in its hydraulic move of the month.
    const gear = await one<{ qty: number; base: string; amount: string; holder: string; move: string }>(
      `SELECT a.qty, a.base::text AS base, a.amount::text AS amount, a.holder_id AS holder, a.move_id AS move FROM rebate_accrual a
         JOIN salesorderdetail d ON d.salesorderdetailid = a.orderline_id WHERE d.productid = $1 AND a.policy_id = $2`,
      [part['HC-GP-16'], policy['PL-HYD']],
    );
    expect(gear).toMatchObject({ qty: 4, base: '5120.00', amount: '102.40', holder: unit['DL-SZ001'] });
    const move = await one<{ lines: number; amount: string; sum: string; period: string; kind: number }>(
      `SELECT m.new_lines AS lines, m.new_amount::text AS amount, m.new_period AS period, m.new_kind AS kind,
              (SELECT sum(amount)::text FROM rebate_accrual a WHERE a.move_id = m.new_rebatemoveid) AS sum
         FROM new_rebatemove m WHERE m.new_rebatemoveid = $1`,
      [gear.move],
    );
    expect(move).toEqual({ lines: 2, amount: '176.92', sum: '176.92', period: last.month, kind: rebateMoveKind.accrual });
    // A store's order accrues to its dealer.
    const store = await one<{ holder: string }>(
      `SELECT a.holder_id AS holder FROM rebate_accrual a JOIN salesorder o ON o.salesorderid = a.order_id WHERE o.owningbusinessunit = $1 LIMIT 1`,
      [unit['SP-SZ001']],
    );
    expect(store.holder).toBe(unit['DL-GZ001']);
    await ledgerHolds();
  });

  it('finance runs last month on the electric policy: every signed electric line accrues 1.5 % to its dealer; a re-run changes nothing', async () => {
    // What the month signed of the product line, per order line, from the shipments themselves.
    const { rows: signed } = await p.db.query<{ line: string; qty: number; price: string; buyer: string }>(
      `SELECT sl.new_orderline_id AS line, sum(sl.new_signedqty)::int AS qty, d.priceperunit::text AS price, o.owningbusinessunit AS buyer
         FROM new_shipment s JOIN new_shipmentdetail sl ON sl.new_shipment_id = s.new_shipmentid
         JOIN salesorderdetail d ON d.salesorderdetailid = sl.new_orderline_id JOIN salesorder o ON o.salesorderid = d.salesorderid
         JOIN product pr ON pr.productid = d.productid JOIN new_productline l ON l.new_productlineid = pr.new_productline_id
        WHERE l.new_code = 'PL-ELE' AND s.new_signedon >= $1 AND s.new_signedon < $2 AND sl.new_signedqty > 0
        GROUP BY sl.new_orderline_id, d.priceperunit, o.owningbusinessunit`,
      [last.start, last.end],
    );
    // round(qty × price × 1.5 / 100) half up to the fen, per line.
    const expected = signed.map((s) => {
      const scaled = BigInt(s.qty) * toCents(s.price) * 150n;
      return { line: s.line, amount: (scaled + 5000n) / 10000n };
    });
    const sum = expected.reduce((a, e) => a + e.amount, 0n);
    const dealers = new Set(signed.map((s) => (s.buyer === unit['SP-SZ001'] ? unit['DL-GZ001'] : s.buyer)));
    const before = { d1: await balance('DL-GZ001'), d2: await balance('DL-SZ001'), n: await moveCount() };

    const run = done<{ message: string; state: number }>(await accrue('hqfinance', policy['PL-ELE'], last.to));
    expect(run.message).toBe(`已计提 ${last.month}：${signed.length} 行签收明细，${dealers.size} 家经销商，返利 ${yuan(formatCents(sum))}`);
    expect(run.state).toBe(rebatePolicyState.active);
    // Per line, once (the run's record); per dealer, one move of the month at the policy's rate.
    const { rows: lines } = await p.db.query<{ line: string; amount: string }>(
      'SELECT orderline_id AS line, amount::text AS amount FROM rebate_accrual WHERE policy_id = $1 AND period = $2',
      [policy['PL-ELE'], last.month],
    );
    expect(lines.map((m) => [m.line, m.amount]).sort()).toEqual(expected.map((e) => [e.line, formatCents(e.amount)]).sort());
    // 广州粤华's inverters (6 × ¥2,680.00) and contactors (40 × ¥163.68) of last month.
    expect(lines.map((m) => m.amount)).toEqual(expect.arrayContaining(['241.20', '98.21']));
    const { rows: moves } = await p.db.query<{ unit: string; amount: string; lines: number; period: string; kind: number; rate: string }>(
      `SELECT new_unit_id AS unit, new_amount::text AS amount, new_lines AS lines, new_period AS period, new_kind AS kind, new_rate::text AS rate
         FROM new_rebatemove WHERE new_policy_id = $1`,
      [policy['PL-ELE']],
    );
    expect(new Set(moves.map((m) => m.unit))).toEqual(dealers);
    expect(moves.reduce((a, m) => a + m.lines, 0)).toBe(signed.length);
    expect(moves.reduce((a, m) => a + toCents(m.amount), 0n)).toBe(sum);
    expect(new Set(moves.map((m) => `${m.period}/${m.kind}/${m.rate}`))).toEqual(new Set([`${last.month}/${rebateMoveKind.accrual}/1.50`]));
    const after = { d1: await balance('DL-GZ001'), d2: await balance('DL-SZ001') };
    expect(toCents(after.d1) - toCents(before.d1) + toCents(after.d2) - toCents(before.d2)).toBe(sum);
    expect(
      await one('SELECT new_lastperiod AS last, new_accruedamount::text AS amount FROM new_rebatepolicy WHERE new_rebatepolicyid = $1', [
        policy['PL-ELE'],
      ]),
    ).toEqual({
      last: last.month,
      amount: formatCents(sum),
    });

    // Again: nothing new, nothing changes.
    const n = await moveCount();
    expect(n).toBe(before.n + dealers.size);
    done(await accrue('hqfinance', policy['PL-ELE'], `${last.month}-15`), `${last.month} 没有新的可计提明细（已计提过的不会重复计提）`);
    expect(await moveCount()).toBe(n);
    expect(await balance('DL-GZ001')).toBe(after.d1);
    expect(await balance('DL-SZ001')).toBe(after.d2);
    await ledgerHolds();
  });

  it('refused: a month not yet ended, before the policy, after a stopped one; no month; a draft policy; anyone but finance — nothing posted', async () => {
    const n = await moveCount();
    refused(
      await accrue('hqfinance', policy['PL-HYD'], chinaDate()),
      `${current.month} 尚未结束：只能计提已结束的月份`,
      400,
      'new_runmonth',
    );
    refused(
      await accrue('hqfinance', policy['PL-HYD'], '2020-03-10'),
      '2020-03 早于政策生效日期 ' +
        (
          await one<{ f: string }>('SELECT new_validfrom::text AS f FROM new_rebatepolicy WHERE new_rebatepolicyid = $1', [
            policy['PL-HYD'],
          ])
        ).f,
      400,
      'new_runmonth',
    );
    refused(await accrue('hqfinance', policy['PL-HYD'], undefined), '请选择计提月份', 400, 'new_runmonth');
    refused(await accrue('hqfinance', policy['PL-PWR'], last.to), '返利政策当前状态为“草稿”，不能计提');
    expect((await accrue('dealer1', policy['PL-HYD'], last.to)).statusCode).toBe(403);
    expect((await accrue('hqsales', policy['PL-HYD'], last.to)).statusCode).toBe(403);
    // A drive-parts policy that ran two months ago only, stopped today: a month after its end is refused.
    const [from] = lastMonths(new Date(), 5);
    const id = done<{ id: string } | string>(
      await api('hqsales', 'POST', '/api/crmdata/create/new_rebatepolicies', {
        new_name: '传动部件试点返利',
        new_productline_id: (await one<{ id: string }>(`SELECT new_productlineid AS id FROM new_productline WHERE new_code = 'PL-DRV'`)).id,
        new_rate: '1.00',
        new_validfrom: from.from,
        new_validto: from.to,
      }),
    );
    const drv = typeof id === 'string' ? id : id.id;
    done(await cmd('hqsales', 'new_rebatepolicies', drv, 'activate'));
    refused(await accrue('hqfinance', drv, last.to), `${last.month} 晚于政策失效日期 ${from.to}`, 400, 'new_runmonth');
    expect(await moveCount()).toBe(n);
  });
});

describe('rebate policies', () => {
  it('head office keeps them: an overlap in force, a period out of order, a rate out of range refused; in force it no longer changes; stop ends it today; dealers read, never write', async () => {
    const line = async (code: string) =>
      (await one<{ id: string }>('SELECT new_productlineid AS id FROM new_productline WHERE new_code = $1', [code])).id;
    const create = (who: string, row: object) => api(who, 'POST', '/api/crmdata/create/new_rebatepolicies', row);
    const hydName = (
      await one<{ n: string }>('SELECT new_name AS n FROM new_rebatepolicy WHERE new_rebatepolicyid = $1', [policy['PL-HYD']])
    ).n;
    atField(
      await create('hqsales', {
        new_name: '液压冲量返利',
        new_productline_id: await line('PL-HYD'),
        new_rate: '3.00',
        new_validfrom: chinaDate(),
      }),
      'new_validfrom',
      `产品线“液压系统”已有返利政策“${hydName}”，期间与本政策重叠`,
    );
    atField(
      await create('hqsales', {
        new_name: '钣金返利',
        new_productline_id: await line('PL-CON'),
        new_rate: '3.00',
        new_validfrom: '2027-03-01',
        new_validto: '2027-01-31',
      }),
      'new_validto',
      '失效日期不能早于生效日期',
    );
    for (const rate of ['0', '-1', '100.01'])
      expect(
        (
          await create('hqsales', {
            new_name: '钣金返利',
            new_productline_id: await line('PL-CON'),
            new_rate: rate,
            new_validfrom: '2027-01-01',
          })
        ).json().Data.errors[0].field,
      ).toBe('new_rate');
    expect(
      (
        await create('dealer1', {
          new_name: '自定返利',
          new_productline_id: await line('PL-CON'),
          new_rate: '9.00',
          new_validfrom: '2027-01-01',
        })
      ).statusCode,
    ).toBe(403);
    // Dealers read the policies (their terms).
    const { value } = done<{ value: { new_name: string }[] }>(
      await api('dealer1', 'GET', '/api/crmdata/Retrieve/new_rebatepolicies?$select=new_name'),
    );
    expect(value.map((v) => v.new_name)).toContain(hydName);

    // Two drafts may overlap; only one is put in force.
    const draft = async (name: string, from: string, to: string) => {
      const d = done<{ id: string } | string>(
        await create('hqsales', {
          new_name: name,
          new_productline_id: await line('PL-CON'),
          new_rate: '2.50',
          new_validfrom: from,
          new_validto: to,
        }),
      );
      return typeof d === 'string' ? d : d.id;
    };
    const a = await draft('钣金耗材返利（一）', '2027-01-01', '2027-06-30');
    const b = await draft('钣金耗材返利（二）', '2027-06-01', '2027-12-31');
    done(await cmd('hqsales', 'new_rebatepolicies', a, 'activate'));
    refused(
      await cmd('hqsales', 'new_rebatepolicies', b, 'activate'),
      '产品线“钣金与耗材”已有返利政策“钣金耗材返利（一）”，期间与本政策重叠',
      400,
      'new_validfrom',
    );
    // In force: not changed through the record service; stopped: ends today (here: its first day, not yet started).
    expect((await update('hqsales', 'new_rebatepolicies', a, { new_rate: '9.00' })).statusCode).toBe(400);
    expect((await cmd('dealer1', 'new_rebatepolicies', a, 'stop')).statusCode).toBe(403);
    done(await cmd('hqsales', 'new_rebatepolicies', a, 'stop'));
    expect(await one('SELECT new_state AS s, new_validto::text AS t FROM new_rebatepolicy WHERE new_rebatepolicyid = $1', [a])).toEqual({
      s: rebatePolicyState.stopped,
      t: '2027-01-01',
    });
  });
});

describe('orders using rebate', () => {
  it('set on a draft by its buyer: above the balance or the total, negative, by head office, on a store’s order — refused with the figures, nothing saved', async () => {
    const small = await draftOrder('dealer1', 'HC-HS-12', 1);
    const { total } = await orderRow(small);
    const have = await balance('DL-GZ001');
    expect(toCents(have)).toBeGreaterThan(toCents(total));
    atField(
      await update('dealer1', 'salesorders', small, { new_rebateamount: '100.00' }),
      'new_rebateamount',
      `返利抵扣 ¥100.00 不能超过订单金额 ${yuan(total)}`,
    );
    const big = await draftOrder('dealer1', 'HC-LF-200', 40);
    const over = formatCents(toCents(have) + 1n);
    atField(
      await update('dealer1', 'salesorders', big, { new_rebateamount: over }),
      'new_rebateamount',
      `返利余额不足：可用 ${yuan(have)}，本单抵扣 ${yuan(over)}`,
    );
    atField(
      await update('dealer1', 'salesorders', big, { new_rebateamount: over }),
      'new_rebateamount',
      `返利余额不足：可用 ${yuan(have)}，本单抵扣 ${yuan(over)}`,
    );
    expect((await update('dealer1', 'salesorders', big, { new_rebateamount: '-1.00' })).json().Data.errors[0].field).toBe(
      'new_rebateamount',
    );
    refused(await update('hqsales', 'salesorders', big, { new_rebateamount: '10.00' }), '只有下单单位可以填写返利抵扣');
    const storeOrder = await draftOrder('store1', 'HC-HS-12', 2);
    atField(
      await update('store1', 'salesorders', storeOrder, { new_rebateamount: '10.00' }),
      'new_rebateamount',
      '返利属于经销商：只有经销商自己的订单可以使用返利',
    );
    // Another dealer does not reach the order at all.
    expect((await update('dealer2', 'salesorders', big, { new_rebateamount: '10.00' })).statusCode).toBe(404);
    for (const id of [small, big, storeOrder]) expect((await orderRow(id)).rebate).toBeNull();
    expect(await balance('DL-GZ001')).toBe(have);
  });

  it('submit draws it and lowers what the order pays; revoke gives it back, resubmit draws again, approval keeps it, cancel gives it back', async () => {
    const id = await draftOrder('dealer1', 'HC-LF-350', 30);
    const start = await balance('DL-GZ001');
    done(await update('dealer1', 'salesorders', id, { new_rebateamount: '200.00' }));
    expect(await balance('DL-GZ001')).toBe(start); // saving draws nothing
    done(await submitOrder('dealer1', id));
    const o = await orderRow(id);
    expect(o).toMatchObject({ status: salesOrderStatus.submitted, rebate: '200.00', payable: formatCents(toCents(o.total) - 20000n) });
    const drawn = formatCents(toCents(start) - 20000n);
    expect(await balance('DL-GZ001')).toBe(drawn);
    expect(await orderMoves(id)).toEqual([{ kind: rebateMoveKind.use, amount: '-200.00', after: drawn }]);
    // Under review the buyer cannot change it.
    expect((await update('dealer1', 'salesorders', id, { new_rebateamount: '50.00' })).statusCode).toBe(400);

    done(await flowCall('dealer1', 'revoke', id));
    expect(await orderRow(id)).toMatchObject({ status: salesOrderStatus.draft, payable: null });
    expect(await balance('DL-GZ001')).toBe(start);
    done(await submitOrder('dealer1', id));
    expect(await balance('DL-GZ001')).toBe(drawn);
    done(await flowCall('hqsales', 'approve', id));
    expect(await orderRow(id)).toMatchObject({ status: salesOrderStatus.audited, approval: approvalStatus.approved, rebate: '200.00' });
    expect(await balance('DL-GZ001')).toBe(drawn);
    done(await cmd('dealer1', 'salesorders', id, 'cancel', { new_cancelreason: '项目取消' }));
    expect((await orderRow(id)).status).toBe(salesOrderStatus.cancelled);
    expect(await balance('DL-GZ001')).toBe(start);
    expect((await orderMoves(id)).map((m) => [m.kind, m.amount])).toEqual([
      [rebateMoveKind.use, '-200.00'],
      [rebateMoveKind.release, '200.00'],
      [rebateMoveKind.use, '-200.00'],
      [rebateMoveKind.release, '200.00'],
    ]);
    await ledgerHolds();
  });

  it('a rejected round gives it back; a second order asking what the first took is refused at submit with the balance, nothing drawn', async () => {
    const start = await balance('DL-GZ001');
    const a = await draftOrder('dealer1', 'HC-LF-200', 50);
    const b = await draftOrder('dealer1', 'HC-LF-200', 50);
    done(await update('dealer1', 'salesorders', a, { new_rebateamount: start }));
    done(await update('dealer1', 'salesorders', b, { new_rebateamount: start }));
    done(await submitOrder('dealer1', a));
    expect(await balance('DL-GZ001')).toBe('0.00');
    const res = await submitOrder('dealer1', b);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Message).toBe(`WorkflowException: 返利余额不足：可用 ¥0.00，本单抵扣 ${yuan(start)}`);
    expect(await orderRow(b)).toMatchObject({ status: salesOrderStatus.draft, approval: approvalStatus.draft, payable: null });
    expect(await orderMoves(b)).toEqual([]);
    done(await flowCall('hqsales', 'reject', a));
    expect((await orderRow(a)).status).toBe(salesOrderStatus.draft);
    expect(await balance('DL-GZ001')).toBe(start);
    await ledgerHolds();
  });

  it("invoicing credits the rebate to the dealer's account in proportion to what is invoiced, settling that much of each invoice; a void takes its share back", async () => {
    const id = await draftOrder('dealer1', 'HC-LF-200', 10);
    done(await update('dealer1', 'salesorders', id, { new_rebateamount: '100.00' }));
    done(await submitOrder('dealer1', id));
    done(await flowCall('hqsales', 'approve', id));
    const shipment = done<{ opens: { id: string } }>(await cmd('hqsales', 'salesorders', id, 'createShipment')).opens.id;
    done(await cmd('hqsales', 'new_shipments', shipment, 'audit'));
    const { rows: sl } = await p.db.query<{ id: string; qty: number }>(
      'SELECT new_shipmentdetailid AS id, new_qty AS qty FROM new_shipmentdetail WHERE new_shipment_id = $1',
      [shipment],
    );
    done(
      await cmd('hqsales', 'new_shipments', shipment, 'ship', {
        new_logisticscorp: '顺丰速运',
        new_trackingno: 'SF1402867730001',
        new_shipdate: chinaDate(),
        lines: sl.map((l) => ({ lineId: l.id, qty: l.qty })),
      }),
    );
    const line = await one<{ id: string }>('SELECT salesorderdetailid AS id FROM salesorderdetail WHERE salesorderid = $1', [id]);
    const rebateMoves = async () =>
      (
        await p.db.query<{ amount: string }>(
          `SELECT new_amount::text AS amount FROM new_accountmove WHERE new_docid = $1 AND new_kind = $2 ORDER BY new_seq`,
          [id, accountMoveKind.rebate],
        )
      ).rows.map((r) => r.amount);
    const first = done<{ opens: { id: string } }>(
      await cmd('hqfinance', 'salesorders', id, 'createInvoice', { lines: [{ lineId: line.id, qty: 4 }] }),
    ).opens.id;
    expect(await rebateMoves()).toEqual(['-40.00']);
    // The invoice as its reader sees it: the credit settles that much; nothing is received yet.
    const seen = async (invoiceId: string) => {
      const res = await api('dealer1', 'GET', `/api/crmdata/Retrieve/invoices(${invoiceId})`);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json().Data;
      return {
        state: r.new_state,
        total: String(r.totalamount),
        paid: String(r.new_paidamount),
        credit: String(r.new_rebatecredit),
        open: String(r.new_openamount),
      };
    };
    const less = (a: string, cents: bigint) => formatCents(toCents(a) - cents);
    const a = await seen(first);
    expect(a).toMatchObject({ state: invoiceState.unpaid, paid: '0', credit: '40' });
    expect(toCents(a.open)).toBe(toCents(less(a.total, 4000n)));
    done(await cmd('hqfinance', 'invoices', first, 'void', { new_voidreason: '数量有误' }));
    expect(await rebateMoves()).toEqual(['-40.00', '40.00']);
    const second = done<{ opens: { id: string } }>(await cmd('hqfinance', 'salesorders', id, 'createInvoice')).opens.id;
    expect(await rebateMoves()).toEqual(['-40.00', '40.00', '-100.00']);
    const b = await seen(second);
    expect(b).toMatchObject({ state: invoiceState.unpaid, credit: '100' });
    expect(toCents(b.open)).toBe(toCents(less(b.total, 10000n)));
    // A confirmed receipt paying what is open (finance allocates it to this invoice): 已付款, nothing open.
    const dealer = await one<{ unit: string; user: string }>(
      'SELECT owningbusinessunit AS unit, ownerid AS user FROM salesorder WHERE salesorderid = $1',
      [id],
    );
    const receipt = await one<{ id: string }>(
      `INSERT INTO new_receipt (new_name, new_payer_id, new_paydate, new_method, new_amount, new_serialno, new_allocatedamount, new_approvalstatus,
                                ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ('HK-REBATE-1', $1, $2::date, $3, 99999.00, 'ICBC-REBATE-1', 0, $4, $5, $1, $5, $5) RETURNING new_receiptid AS id`,
      [dealer.unit, chinaDate(), receiptMethod.transfer, approvalStatus.approved, dealer.user],
    );
    done(await cmd('hqfinance', 'new_receipts', receipt.id, 'allocate', { invoiceId: second }));
    expect(await seen(second)).toMatchObject({ state: invoiceState.paid, paid: b.open, open: '0' });
    // The account owes the invoice less the rebate.
    const { rows } = await p.db.query<{ kind: number; amount: string }>(
      `SELECT new_kind AS kind, new_amount::text AS amount FROM new_accountmove WHERE new_docid = ANY($1) ORDER BY new_seq`,
      [
        [
          id,
          ...(await p.db.query<{ id: string }>('SELECT invoiceid::text AS id FROM invoice WHERE new_order_id = $1', [id])).rows.map(
            (r) => r.id,
          ),
        ],
      ],
    );
    const net = rows.reduce((a, r) => a + toCents(r.amount), 0n);
    expect(formatCents(net)).toBe(formatCents(toCents((await orderRow(id)).total) - 10000n));
  });
});

describe('scope', () => {
  it("a dealer reads its own rebate ledger only; a store reads none of its dealer's; rebateBalance is the account's exactly", async () => {
    const all = done<{ value: { new_unit_id: string; new_rebatemoveid: string }[] }>(
      await api('dealer2', 'GET', '/api/crmdata/Retrieve/new_rebatemoves?$select=new_unit_id,new_amount,new_balanceafter'),
    );
    expect(all.value.length).toBeGreaterThan(0);
    const units = new Set(
      all.value.map((v) => String((v as Record<string, unknown>).new_unit_id ?? (v as Record<string, unknown>)._new_unit_id_value)),
    );
    expect([...units]).toEqual([unit['DL-SZ001']]);
    const theirs = await one<{ id: string }>('SELECT new_rebatemoveid AS id FROM new_rebatemove WHERE new_unit_id = $1 LIMIT 1', [
      unit['DL-GZ001'],
    ]);
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_rebatemoves(${theirs.id})`)).statusCode).toBe(404);
    const account = await one<{ id: string }>('SELECT new_rebateaccountid AS id FROM new_rebateaccount WHERE new_unit_id = $1', [
      unit['DL-GZ001'],
    ]);
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_rebateaccounts(${account.id})`)).statusCode).toBe(404);
    const store = done<{ value: unknown[] }>(await api('store1', 'GET', '/api/crmdata/Retrieve/new_rebatemoves?$select=new_amount'));
    expect(store.value).toEqual([]);
    // Nobody writes the ledger through the record service.
    expect((await api('hqfinance', 'POST', '/api/crmdata/create/new_rebatemoves', { new_amount: '1000.00' })).statusCode).toBe(403);
    expect((await update('hqfinance', 'new_rebateaccounts', account.id, { new_balance: '99999.00' })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    // rebateBalance: the account's balance as an exact string; 0.00 for a dealer without one.
    const d1 = await one<{ b: string }>('SELECT new_balance::text AS b FROM new_rebateaccount WHERE new_unit_id = $1', [unit['DL-GZ001']]);
    expect(await rebateBalance(p.db, unit['DL-GZ001'])).toBe(d1.b);
    expect(await rebateBalance(p.db, unit['SP-SZ001'])).toBe('0.00');
  });
});
