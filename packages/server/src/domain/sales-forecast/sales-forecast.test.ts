import { approvalStatus, salesOrderStatus, type ForecastReport } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { addMonths, thisMonth } from '../sales-targets/period.ts';
import { assertForecastOpen, onForecastDay } from './deadline.ts';

/*
 * Sales forecasts (issue 28) as dealers and head office use them: one per dealer and month (the
 * existing one named), a dealer's only, one line per product, submitted with lines through the
 * approval engine and approved, rejected and changed again; nothing of a month is created, changed,
 * submitted or revoked after its deadline (system parameter), head office still approves; a dealer
 * never reaches another's forecast; the report's forecast and actual per month and product line.
 */

let p: Portal;
const tok: Record<string, string> = {};
const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const create = (who: string, set: string, row: object) => api(who, 'POST', `/api/crmdata/create/${set}`, row);
const update = (who: string, set: string, id: string, row: object) => api(who, 'POST', `/api/crmdata/Update/${set}(${id})`, row);
const remove = (who: string, set: string, id: string) => api(who, 'POST', `/api/crmdata/delete/${set}(${id})`);
const one = async <T extends Record<string, unknown>>(text: string, args: unknown[] = []) => (await p.db.one<T>(text, args))!;
/** The id a record-service create answers. */
const idOf = (res: Awaited<ReturnType<typeof api>>) => {
  const d = done<{ id: string } | string>(res);
  return typeof d === 'string' ? d : d.id;
};
const month = thisMonth();
const ym = (m: string) => ({ new_year: Number(m.slice(0, 4)), new_month: Number(m.slice(5, 7)) });
const product = async (no: string) =>
  (
    await one<{ id: string; line: string }>('SELECT productid AS id, new_productline_id AS line FROM product WHERE productnumber = $1', [
      no,
    ])
  ).id;
const status = async (id: string) =>
  (await one<{ s: number }>('SELECT new_approvalstatus AS s FROM new_salesforecast WHERE new_salesforecastid = $1', [id])).s;
const setDeadline = (day: string) =>
  p.db.query(`UPDATE new_systemparameter SET new_value = $1 WHERE new_name = 'SalesForecastDeadlineDay'`, [day]);
let flow: { id: string; step: string };
let hqsales: string;
const submit = (who: string, id: string) =>
  api(who, 'POST', '/api/CrmFlow/submit', {
    EntityId: id,
    EntityTypeName: 'new_salesforecast',
    FlowId: flow.id,
    ApproveList: [{ StepId: flow.step, ApproveUserId: hqsales }],
  });
const act = (id: string, action: 'approve' | 'reject', memo = '同意') =>
  api('hqsales', 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: 'new_salesforecast', Action: action, Memo: memo });
/** A forecast moved into a past month (free for its dealer), as if that month had passed since it was written. */
const intoPast = (id: string, m: string) =>
  p.db.query('UPDATE new_salesforecast SET new_year = $2, new_month = $3 WHERE new_salesforecastid = $1', [id, ...Object.values(ym(m))]);
const lockedText = (m: string, day: number) => {
  const last = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).getUTCDate();
  return `${m} 的销售预测已于 ${m}-${String(Math.min(day, last)).padStart(2, '0')} 截止，不能再新建、修改、提交或撤回`;
};

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['hqsales', 'dealer1', 'dealer2']) tok[u] = (await signIn(p.app, u)).access_token;
  flow = await one(
    `SELECT f.new_flowid AS id, s.new_flowstepsid AS step FROM new_flow f JOIN new_flowsteps s ON s.new_flow_id = f.new_flowid WHERE f.new_entityname = 'new_salesforecast'`,
  );
  hqsales = (await one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'hqsales'`)).id;
  // This month stays open whatever today is; each test that needs a deadline says so.
  await setDeadline('31');
});
afterAll(async () => {
  await p?.close();
});

describe('a dealer’s forecast: one per month, lines, approval', () => {
  let id: string;

  it('is a dealer’s own, once per month (the existing one named), numbered YC<month>', async () => {
    const m2 = addMonths(month, 2);
    refused(await create('hqsales', 'new_salesforecasts', ym(m2)), '只有经销商可以填报销售预测');
    const draft = await one<{ name: string }>(
      `SELECT new_name AS name FROM new_salesforecast f JOIN businessunit b ON b.businessunitid = f.owningbusinessunit
        WHERE b.new_code = 'DL-GZ001' AND f.new_period = $1`,
      [addMonths(month, 1)],
    );
    const dup = await create('dealer1', 'new_salesforecasts', ym(addMonths(month, 1)));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().Data.errors[0]).toEqual({
      field: 'new_month',
      message: `广州粤华机电设备有限公司 ${addMonths(month, 1)} 的销售预测已存在（${draft.name}）`,
    });
    id = idOf(await create('dealer1', 'new_salesforecasts', { ...ym(m2), new_remark: '含两个新项目' }));
    const row = await one<{ name: string; period: string; status: number }>(
      'SELECT new_name AS name, new_period AS period, new_approvalstatus AS status FROM new_salesforecast WHERE new_salesforecastid = $1',
      [id],
    );
    expect(row).toEqual({
      name: expect.stringMatching(new RegExp(`^YC${month.replace('-', '')}-\\d{4}$`)),
      period: m2,
      status: approvalStatus.draft,
    });
  });

  it('lines: one per product (its name and line filled), quantities whole and not negative; the header sums them', async () => {
    const line = idOf(
      await create('dealer1', 'new_salesforecastlines', {
        new_salesforecast_id: id,
        new_product_id: await product('HC-LF-200'),
        new_qtym: 40,
        new_qtym1: 45,
        new_qtym2: 50,
      }),
    );
    expect(
      await one(
        'SELECT new_name AS name, new_productline_id IS NOT NULL AS lined FROM new_salesforecastline WHERE new_salesforecastlineid = $1',
        [line],
      ),
    ).toEqual({ name: '液压油滤芯', lined: true });
    const again = await create('dealer1', 'new_salesforecastlines', {
      new_salesforecast_id: id,
      new_product_id: await product('HC-LF-200'),
      new_qtym: 1,
      new_qtym1: 1,
      new_qtym2: 1,
    });
    expect(again.json().Data.errors[0]).toEqual({ field: 'new_product_id', message: '产品 液压油滤芯 已在本预测中，请修改原明细' });
    const negative = await create('dealer1', 'new_salesforecastlines', {
      new_salesforecast_id: id,
      new_product_id: await product('EC-CT-25'),
      new_qtym: -1,
      new_qtym1: 1,
      new_qtym2: 1,
    });
    expect(negative.statusCode).toBe(400);
    done(
      await create('dealer1', 'new_salesforecastlines', {
        new_salesforecast_id: id,
        new_product_id: await product('EC-CT-25'),
        new_qtym: 12,
        new_qtym1: 10,
        new_qtym2: 8,
      }),
    );
    expect(
      await one('SELECT new_totalm AS m, new_totalm1 AS m1, new_totalm2 AS m2 FROM new_salesforecast WHERE new_salesforecastid = $1', [id]),
    ).toEqual({ m: 52, m1: 55, m2: 58 });
  });

  it('is submitted with lines only; under review it is locked; head office approves or rejects, and a rejected one is changed and resubmitted', async () => {
    const empty = idOf(await create('dealer1', 'new_salesforecasts', ym(addMonths(month, 3))));
    refused(await submit('dealer1', empty), 'WorkflowException: 请先添加预测明细再提交');
    expect(await status(empty)).toBe(approvalStatus.draft);
    done(await submit('dealer1', id));
    expect(await status(id)).toBe(approvalStatus.underReview);
    refused(await update('dealer1', 'new_salesforecasts', id, { new_remark: '改' }), '已提交的单据不允许修改');
    // Before the deadline the dealer may take it back and submit it again.
    done(await api('dealer1', 'POST', '/api/CrmFlow/revoke', { EntityId: id, EntityTypeName: 'new_salesforecast' }));
    expect(await status(id)).toBe(approvalStatus.draft);
    done(await submit('dealer1', id));
    done(await act(id, 'approve'));
    expect(await status(id)).toBe(approvalStatus.approved);
    // dealer2's rejected forecast of next month (demo): changed and submitted again.
    const rejected = await one<{ id: string }>(
      `SELECT f.new_salesforecastid AS id FROM new_salesforecast f JOIN businessunit b ON b.businessunitid = f.owningbusinessunit
        WHERE b.new_code = 'DL-SZ001' AND f.new_approvalstatus = $1`,
      [approvalStatus.rejected],
    );
    const l = await one<{ id: string }>(
      'SELECT new_salesforecastlineid AS id FROM new_salesforecastline WHERE new_salesforecast_id = $1 LIMIT 1',
      [rejected.id],
    );
    done(await update('dealer2', 'new_salesforecastlines', l.id, { new_qtym: 30 }));
    // Head office reads and approves it; only its dealer writes or submits it.
    refused(await update('hqsales', 'new_salesforecastlines', l.id, { new_qtym: 31 }), '销售预测只能由填报的经销商修改或提交');
    refused(await update('hqsales', 'new_salesforecasts', rejected.id, { new_remark: '总部代改' }), '销售预测只能由填报的经销商修改或提交');
    refused(
      await create('hqsales', 'new_salesforecastlines', {
        new_salesforecast_id: rejected.id,
        new_product_id: await product('EC-HMI-07'),
        new_qtym: 1,
        new_qtym1: 1,
        new_qtym2: 1,
      }),
      '销售预测只能由填报的经销商修改或提交',
    );
    refused(await submit('hqsales', rejected.id), 'WorkflowException: 销售预测只能由填报的经销商修改或提交');
    done(await submit('dealer2', rejected.id));
    done(await act(rejected.id, 'reject', '仍偏低'));
    expect(await status(rejected.id)).toBe(approvalStatus.rejected);
  });
});

describe('the deadline (system parameter SalesForecastDeadlineDay)', () => {
  it('closes a month after its day (a short month on its last day), judged on the day', async () => {
    await setDeadline('25');
    const open = (m: string, day: string) =>
      p.db
        .tx((sql) => onForecastDay(day, () => assertForecastOpen(sql, Number(m.slice(0, 4)), Number(m.slice(5, 7)))))
        .then(
          () => true,
          (e: { key?: string; params?: Record<string, string> }) => (expect(e.key).toBe('salesForecast.locked'), e.params!.deadline),
        );
    expect(await open('2026-06', '2026-06-25')).toBe(true);
    expect(await open('2026-06', '2026-06-26')).toBe('2026-06-25');
    expect(await open('2026-07', '2026-06-30')).toBe(true);
    await setDeadline('31');
    expect(await open('2027-02', '2027-02-28')).toBe(true);
    expect(await open('2027-02', '2027-03-01')).toBe('2027-02-28');
    await setDeadline('not a day');
    expect(await open('2026-06', '2026-06-26')).toBe('2026-06-25');
    await setDeadline('31');
  });

  it('after it nothing of the month is created, changed, submitted, deleted or revoked; head office still approves what came in time', async () => {
    const last = addMonths(month, -1);
    await setDeadline('10');
    refused(await create('dealer2', 'new_salesforecasts', ym(last)), lockedText(last, 10));
    await setDeadline('31');
    // A draft and a submitted forecast whose month has passed since.
    const draft = idOf(await create('dealer2', 'new_salesforecasts', ym(addMonths(month, 4))));
    const lineRow = {
      new_salesforecast_id: draft,
      new_product_id: await product('HC-SK-80'),
      new_qtym: 5,
      new_qtym1: 5,
      new_qtym2: 5,
    };
    const line = idOf(await create('dealer2', 'new_salesforecastlines', lineRow));
    const sent = idOf(await create('dealer2', 'new_salesforecasts', ym(addMonths(month, 5))));
    done(await create('dealer2', 'new_salesforecastlines', { ...lineRow, new_salesforecast_id: sent }));
    done(await submit('dealer2', sent));
    // The demo's forecasts go two months back: these two months before that.
    await intoPast(draft, addMonths(month, -3));
    await intoPast(sent, addMonths(month, -4));
    const text = lockedText(addMonths(month, -3), 31);
    refused(await update('dealer2', 'new_salesforecasts', draft, { new_remark: '补充' }), text);
    refused(await create('dealer2', 'new_salesforecastlines', { ...lineRow, new_product_id: await product('HC-HS-12') }), text);
    refused(await update('dealer2', 'new_salesforecastlines', line, { new_qtym: 6 }), text);
    refused(await remove('dealer2', 'new_salesforecastlines', line), text);
    refused(await remove('dealer2', 'new_salesforecasts', draft), text);
    refused(await submit('dealer2', draft), `WorkflowException: ${text}`);
    refused(
      await api('dealer2', 'POST', '/api/CrmFlow/revoke', { EntityId: sent, EntityTypeName: 'new_salesforecast' }),
      `WorkflowException: ${lockedText(addMonths(month, -4), 31)}`,
    );
    expect(await status(sent)).toBe(approvalStatus.underReview);
    expect((await one<{ q: number }>('SELECT new_qtym AS q FROM new_salesforecastline WHERE new_salesforecastlineid = $1', [line])).q).toBe(
      5,
    );
    done(await act(sent, 'approve'));
    expect(await status(sent)).toBe(approvalStatus.approved);
  });
});

describe('scopes', () => {
  it('a dealer never reaches another dealer’s forecast or its lines', async () => {
    const theirs = await one<{ id: string; line: string }>(
      `SELECT f.new_salesforecastid AS id, l.new_salesforecastlineid AS line FROM new_salesforecast f
         JOIN new_salesforecastline l ON l.new_salesforecast_id = f.new_salesforecastid
         JOIN businessunit b ON b.businessunitid = f.owningbusinessunit
        WHERE b.new_code = 'DL-GZ001' AND f.new_approvalstatus = $1 LIMIT 1`,
      [approvalStatus.draft],
    );
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_salesforecasts(${theirs.id})`)).statusCode).toBe(404);
    expect((await update('dealer2', 'new_salesforecasts', theirs.id, { new_remark: 'x' })).statusCode).toBe(404);
    expect((await update('dealer2', 'new_salesforecastlines', theirs.line, { new_qtym: 1 })).statusCode).toBe(404);
    expect(
      (
        await create('dealer2', 'new_salesforecastlines', {
          new_salesforecast_id: theirs.id,
          new_product_id: await product('HC-SK-80'),
          new_qtym: 1,
          new_qtym1: 1,
          new_qtym2: 1,
        })
      ).statusCode,
    ).toBe(400);
    const list = done<{ value: { owningbusinessunit: string }[] }>(
      await api('dealer2', 'GET', '/api/crmdata/Retrieve/new_salesforecasts?$select=owningbusinessunit&$top=500'),
    );
    const sz = await one<{ id: string }>("SELECT businessunitid AS id FROM businessunit WHERE new_code = 'DL-SZ001'");
    expect(new Set(list.value.map((r) => r.owningbusinessunit))).toEqual(new Set([sz.id]));
  });
});

describe('the report: forecast against actual orders by month and product line', () => {
  /** Independently: each month's latest approved forecast of the dealer (M, else M+1 of the month before, else M+2) per product line. */
  async function expected(dealer: string, months: string[]) {
    const { rows: lines } = await p.db.query<{ period: string; line: string | null; m: number; m1: number; m2: number }>(
      `SELECT f.new_period AS period, l.new_productline_id AS line, l.new_qtym AS m, l.new_qtym1 AS m1, l.new_qtym2 AS m2
         FROM new_salesforecast f JOIN new_salesforecastline l ON l.new_salesforecast_id = f.new_salesforecastid
        WHERE f.owningbusinessunit = $1 AND f.new_approvalstatus = $2`,
      [dealer, approvalStatus.approved],
    );
    const { rows: orders } = await p.db.query<{
      day: string;
      line: string | null;
      qty: number;
      status: number;
      unit: string;
      parent: string | null;
    }>(
      `SELECT to_char((COALESCE(o.new_approvedtime, o.createdon) AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM') AS day, pr.new_productline_id AS line,
              d.quantity AS qty, o.new_status AS status, o.owningbusinessunit AS unit, b.parentbusinessunitid AS parent
         FROM salesorder o JOIN salesorderdetail d ON d.salesorderid = o.salesorderid JOIN product pr ON pr.productid = d.productid
         JOIN businessunit b ON b.businessunitid = o.owningbusinessunit`,
    );
    const counted: number[] = [
      salesOrderStatus.audited,
      salesOrderStatus.partShipped,
      salesOrderStatus.allShipped,
      salesOrderStatus.partSigned,
      salesOrderStatus.signed,
    ];
    const out = new Map<string, { forecast: number; actual: number }>();
    const cell = (m: string, l: string | null) => {
      const k = `${m}|${l}`;
      if (!out.has(k)) out.set(k, { forecast: 0, actual: 0 });
      return out.get(k)!;
    };
    for (const m of months) {
      const source = [0, 1, 2].map((k) => ({ k, period: addMonths(m, -k) })).find((s) => lines.some((l) => l.period === s.period));
      if (source) for (const l of lines.filter((x) => x.period === source.period)) cell(m, l.line).forecast += [l.m, l.m1, l.m2][source.k];
      for (const o of orders.filter((x) => x.day === m && counted.includes(x.status) && (x.unit === dealer || x.parent === dealer)))
        cell(m, o.line).actual += o.qty;
    }
    return out;
  }

  it('head office reads one dealer’s months; every number is what the forecasts and orders say', async () => {
    const gz = (await one<{ id: string }>("SELECT businessunitid AS id FROM businessunit WHERE new_code = 'DL-GZ001'")).id;
    const from = addMonths(month, -2);
    const to = addMonths(month, 2);
    const r = done<ForecastReport>(await api('hqsales', 'GET', `/api/sales-forecasts/report?dealer=${gz}&from=${from}&to=${to}`));
    expect(r.months).toEqual([from, addMonths(month, -1), month, addMonths(month, 1), to]);
    expect(r.dealer?.name).toBe('广州粤华机电设备有限公司');
    const want = await expected(gz, r.months);
    for (const c of r.cells) {
      const w = want.get(`${c.month}|${c.productLineId}`) ?? { forecast: 0, actual: 0 };
      expect({ forecast: c.forecast, actual: c.actual }, `${c.month} ${c.productLine}`).toEqual(w);
      expect(c.rate).toBe(c.forecast && c.month <= month ? (Math.round((c.actual * 1000) / c.forecast) / 10).toFixed(1) : null);
    }
    for (const [k, w] of want)
      if (w.forecast || w.actual)
        expect(
          r.cells.some((c) => `${c.month}|${c.productLineId}` === k),
          k,
        ).toBe(true);
    // This month: its approved forecast and the demo's audited orders.
    const now = r.totals.find((t) => t.month === month)!;
    expect(now.forecast).toBeGreaterThan(0);
    expect(now.actual).toBeGreaterThan(0);
    expect(now.forecast).toBe(r.cells.filter((c) => c.month === month).reduce((s, c) => s + c.forecast, 0));
  });

  it('a dealer reads itself whatever it asks; months are checked; a unit outside reach is not there', async () => {
    const gz = (await one<{ id: string }>("SELECT businessunitid AS id FROM businessunit WHERE new_code = 'DL-GZ001'")).id;
    const mine = done<ForecastReport>(await api('dealer2', 'GET', `/api/sales-forecasts/report?dealer=${gz}`));
    expect(mine.dealer?.name).toBe('苏州恒达机电工程有限公司');
    refused(await api('hqsales', 'GET', '/api/sales-forecasts/report?from=2026-13'), '月份格式应为 YYYY-MM', 400, 'from');
    refused(await api('hqsales', 'GET', '/api/sales-forecasts/report?from=2026-06&to=2026-05'), '结束月份不能早于开始月份', 400, 'to');
    refused(await api('hqsales', 'GET', '/api/sales-forecasts/report?from=2024-01&to=2026-01'), '最多查询 24 个月', 400, 'to');
    const store = (await one<{ id: string }>("SELECT businessunitid AS id FROM businessunit WHERE new_code = 'SP-SZ001'")).id;
    expect((await api('hqsales', 'GET', `/api/sales-forecasts/report?dealer=${store}`)).statusCode).toBe(404);
    const file = await api('hqsales', 'GET', `/api/sales-forecasts/report/export?dealer=${gz}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
