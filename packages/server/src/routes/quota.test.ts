import { approvalStatus, quotaUsage } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { formatCents, toCents } from '../domain/money.ts';
import { postAdjustment } from '../domain/quota/adjustment.controller.ts';
import { formatMoney } from '../records/format.ts';
import { signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { okData as ok, submitFirstFlow, userApi } from '../testing/user-api.ts';

let p: Portal;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};
const station: Record<string, string> = {};
const wh: Record<string, string> = {};

const api = userApi(() => p, tok);

const balance = async (code: string) =>
  toCents((await p.db.one<{ c: string }>(`SELECT new_currentamount::text AS c FROM new_srv_station WHERE new_code = $1`, [code]))!.c);
const movesOf = async (docId: string) =>
  (
    await p.db.query<{ usage: number; change: string; key: string }>(
      `SELECT new_usage AS usage, new_changeamount::text AS change, new_key AS key FROM new_srv_amountchangelog WHERE new_docid = $1 ORDER BY new_seq`,
      [docId],
    )
  ).rows;
const ledgerMismatches = async () =>
  (await p.db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM new_srv_station s LEFT JOIN (SELECT new_station_id st, sum(new_changeamount) c FROM new_srv_amountchangelog GROUP BY 1) m ON m.st = s.new_srv_stationid
      WHERE COALESCE(s.new_currentamount, 0) <> COALESCE(m.c, 0)`,
  ))!.n;

/** Submits through the entity's first flow with the first candidate of each step (or the named approvers). */
const submit = (entity: string, id: string, who: string, approvers?: string[], lang = 'zh-CN') =>
  submitFirstFlow(api, who, entity, id, { lang, approver: approvers && ((_, i) => uid[approvers[i]]) });
const act = (who: string, entity: string, id: string, Action: 'approve' | 'reject' | 'veto', lang = 'zh-CN') =>
  api(
    who,
    'POST',
    '/api/CrmFlow/approve',
    { EntityId: id, EntityTypeName: entity, Action, Memo: Action === 'approve' ? '' : '测试原因' },
    lang,
  );

const ADJ = 'new_srv_amountadjustment';
async function adjustment(code: string, type: 1 | 2, amount: string, extra: Record<string, unknown> = {}) {
  return ok(
    await api('admin', 'POST', '/api/crmdata/create/new_srv_amountadjustments', {
      new_station_id: station[code],
      new_amounttype: type,
      new_amount: amount,
      new_reason: '测试调整',
      ...extra,
    }),
  ).id as string;
}

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'branch1', 'hq', 'admin']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ id: string; l: string }>('SELECT systemuserid AS id, domainname AS l FROM systemuser')).rows)
    uid[r.l] = r.id;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
  for (const r of (
    await p.db.query<{ id: string; code: string }>('SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse')
  ).rows)
    wh[r.code] = r.id;
});
afterAll(() => p?.close());

describe('quota adjustment', () => {
  it('posts to the ledger only on final approval, exactly once', async () => {
    const before = await balance('ZJ001');
    const id = await adjustment('ZJ001', 1, '1234.50');
    const row = (await p.db.one<{ n: string; s: number }>(
      `SELECT new_name AS n, new_approvalstatus AS s FROM new_srv_amountadjustment WHERE new_srv_amountadjustmentid = $1`,
      [id],
    ))!;
    expect(row.n).toMatch(/^ED\d{6}-\d{4}$/);
    expect(row.s).toBe(approvalStatus.draft);
    ok(await submit(ADJ, id, 'admin', ['branch1', 'hq']));
    ok(await act('branch1', ADJ, id, 'approve'));
    expect(await balance('ZJ001')).toBe(before);
    expect(ok(await act('hq', ADJ, id, 'approve'))).toEqual({ Status: approvalStatus.approved });
    expect(await balance('ZJ001')).toBe(before + 123450n);
    // Approving again is refused; posting again (a retried hook) adds nothing.
    expect((await act('hq', ADJ, id, 'approve')).statusCode).toBe(400);
    await p.db.tx((sql) => postAdjustment(sql, id, uid.hq));
    expect(await balance('ZJ001')).toBe(before + 123450n);
    expect(await movesOf(id)).toEqual([{ usage: quotaUsage.increase, change: '1234.50', key: `adj:${id}` }]);
    const done = (await p.db.one<{ b: string; a: string }>(
      `SELECT new_beforeamount::text AS b, new_afteramount::text AS a FROM new_srv_amountadjustment WHERE new_srv_amountadjustmentid = $1`,
      [id],
    ))!;
    expect(done).toEqual({ b: formatCents(before), a: formatCents(before + 123450n) });
    // Approved: no longer editable through the record service.
    expect((await api('hq', 'POST', `/api/crmdata/Update/new_srv_amountadjustments(${id})`, { new_amount: '1' })).json().Message).toBe(
      '已提交的单据不允许修改',
    );
    expect(await ledgerMismatches()).toBe(0);
  });

  it('refuses a decrease a limited station cannot carry at save and at submit, at the amount, naming the quota available', async () => {
    const before = await balance('ZJ001');
    const over = formatCents(before + 123400n);
    const created = await api('admin', 'POST', '/api/crmdata/create/new_srv_amountadjustments', {
      new_station_id: station.ZJ001,
      new_amounttype: 2,
      new_amount: over,
      new_reason: '测试调整',
    });
    expect(created.statusCode).toBe(400);
    const text = `调减金额超过服务站当前额度 ${formatMoney(formatCents(before))}，还差 ¥1,234.00`;
    expect(created.json().Message).toContain(text);
    // An increase, or a decrease within the quota, saves; raising a saved decrease above the quota is refused.
    const id = await adjustment('ZJ001', 2, '1.00');
    const raised = await api('admin', 'POST', `/api/crmdata/Update/new_srv_amountadjustments(${id})`, { new_amount: over });
    expect(raised.json().Message).toContain(text);
    // The station's quota lowered after the save: submitting is refused too, and the document stays a draft.
    await p.db.query(`UPDATE new_srv_station SET new_currentamount = 0.50 WHERE new_code = 'ZJ001'`);
    try {
      const res = await submit(ADJ, id, 'admin', ['branch1', 'hq']);
      expect(res.json().Message).toContain('调减金额超过服务站当前额度 ¥0.50，还差 ¥0.50');
      expect(
        (await p.db.one<{ s: number }>(
          `SELECT new_approvalstatus AS s FROM new_srv_amountadjustment WHERE new_srv_amountadjustmentid = $1`,
          [id],
        ))!.s,
      ).toBe(approvalStatus.draft);
    } finally {
      await p.db.query(`UPDATE new_srv_station SET new_currentamount = $1::numeric WHERE new_code = 'ZJ001'`, [formatCents(before)]);
    }
  });

  it('refuses the approval of a decrease a limited station can no longer carry, with the difference, and nothing changes', async () => {
    // Two decreases each within the quota when saved and submitted; once the first posts, the second is short.
    const before = await balance('ZJ001');
    const first = await adjustment('ZJ001', 2, formatCents(before - 100n));
    const id = await adjustment('ZJ001', 2, '1235.00');
    for (const d of [first, id]) {
      ok(await submit(ADJ, d, 'admin', ['branch1', 'hq']));
      ok(await act('branch1', ADJ, d, 'approve'));
    }
    ok(await act('hq', ADJ, first, 'approve'));
    expect(await balance('ZJ001')).toBe(100n);
    const res = await act('hq', ADJ, id, 'approve');
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('WorkflowException: 站点额度不足，还差 ¥1,234.00');
    const en = await act('hq', ADJ, id, 'approve', 'en-US');
    expect(en.json().Message).toBe('WorkflowException: Station quota insufficient: ¥1,234.00 short');
    expect(await balance('ZJ001')).toBe(100n);
    expect(
      (await p.db.one<{ s: number }>(`SELECT new_approvalstatus AS s FROM new_srv_amountadjustment WHERE new_srv_amountadjustmentid = $1`, [
        id,
      ]))!.s,
    ).toBe(approvalStatus.underReview);
    expect(await movesOf(id)).toEqual([]);
  });

  it('refuses to submit an invalid adjustment; a rejected or vetoed one never posts', async () => {
    const invalid = await adjustment('SH001', 1, '100.00', { new_adjuststatus: 2 });
    expect((await submit(ADJ, invalid, 'admin', ['branch1', 'hq'])).json().Message).toBe('WorkflowException: 无效的额度调整单不能提交审批');
    const before = await balance('SH001');
    const rejected = await adjustment('SH001', 1, '100.00');
    ok(await submit(ADJ, rejected, 'admin', ['branch1', 'hq']));
    ok(await act('branch1', ADJ, rejected, 'reject'));
    const vetoed = await adjustment('SH001', 1, '100.00');
    ok(await submit(ADJ, vetoed, 'admin', ['branch1', 'hq']));
    ok(await act('branch1', ADJ, vetoed, 'approve'));
    ok(await act('hq', ADJ, vetoed, 'veto'));
    expect(await balance('SH001')).toBe(before);
    expect([...(await movesOf(rejected)), ...(await movesOf(vetoed))]).toEqual([]);
  });

  it('scope: a station reads only its own adjustments and moves and writes none; a branch reads its stations', async () => {
    const adj = ok(await api('station1', 'GET', '/api/crmdata/Retrieve/new_srv_amountadjustments?$select=new_station_id')) as
      | { value: { _new_station_id_value: string }[] }
      | { _new_station_id_value: string }[];
    const rows = Array.isArray(adj) ? adj : adj.value;
    expect(rows.length).toBeGreaterThan(0);
    const own = (
      await p.db.query<{ id: string }>(`SELECT new_srv_amountadjustmentid AS id FROM new_srv_amountadjustment WHERE new_station_id = $1`, [
        station.SH001,
      ])
    ).rows.length;
    expect(rows.length).toBe(own);
    const logs = (await api('station1', 'GET', '/api/crmdata/Retrieve/new_srv_amountchangelogs?$select=new_changeamount')).json();
    const mine = (await p.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM new_srv_amountchangelog WHERE new_station_id = $1`, [
      station.SH001,
    ]))!.n;
    expect(((logs.Data?.value ?? logs.Data ?? logs.value) as unknown[]).length).toBe(Math.min(mine, 5000));
    const other = (await p.db.one<{ id: string }>(
      `SELECT new_srv_amountchangelogid AS id FROM new_srv_amountchangelog WHERE new_station_id = $1 LIMIT 1`,
      [station.ZJ001],
    ))!.id;
    expect((await api('station1', 'GET', `/api/crmdata/Retrieve/new_srv_amountchangelogs(${other})`)).statusCode).toBe(404);
    expect((await api('branch1', 'GET', `/api/crmdata/Retrieve/new_srv_amountchangelogs(${other})`)).statusCode).toBe(200);
    expect(
      (
        await api('station1', 'POST', '/api/crmdata/create/new_srv_amountadjustments', {
          new_station_id: station.SH001,
          new_amounttype: 1,
          new_amount: '1',
          new_reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect((await api('hq', 'POST', '/api/crmdata/create/new_srv_amountchangelogs', { new_name: 'x' })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
  });
});

describe('station quota fields', () => {
  it('a changed opening quota posts its difference; only quota.adjust may change it', async () => {
    const st = (await p.db.one<{ b: string }>(`SELECT new_beginamount::text AS b FROM new_srv_station WHERE new_code = 'GD001'`))!;
    const before = await balance('GD001');
    ok(
      await api('hq', 'POST', `/api/crmdata/Update/new_srv_stations(${station.GD001})`, {
        new_beginamount: formatCents(toCents(st.b) + 50000n),
      }),
    );
    expect(await balance('GD001')).toBe(before + 50000n);
    const last = (await p.db.one<{ u: number; c: string }>(
      `SELECT new_usage AS u, new_changeamount::text AS c FROM new_srv_amountchangelog WHERE new_station_id = $1 ORDER BY new_seq DESC LIMIT 1`,
      [station.GD001],
    ))!;
    expect(last).toEqual({ u: quotaUsage.opening, c: '500.00' });
    expect(
      (await api('station1', 'POST', `/api/crmdata/Update/new_srv_stations(${station.SH001})`, { new_beginamount: '1' })).statusCode,
    ).toBe(403);
    expect(await ledgerMismatches()).toBe(0);
  });

  it('a new station starts with its opening quota as its first move', async () => {
    const id = ok(
      await api('hq', 'POST', '/api/crmdata/create/new_srv_stations', {
        new_name: '苏州工业园区华辰服务站',
        new_code: 'JS009',
        new_limitamount: true,
        new_beginamount: '8000.00',
      }),
    ).id as string;
    expect(await balance('JS009')).toBe(800000n);
    expect((await movesOf(id)).map((m) => [m.usage, m.change])).toEqual([[quotaUsage.opening, '8000.00']]);
    expect(await ledgerMismatches()).toBe(0);
  });
});

describe('parts application and the station quota', () => {
  const part = async () =>
    (await p.db.one<{ id: string; price: string }>(
      `SELECT productid AS id, price::text AS price FROM product WHERE price > 100 ORDER BY price DESC, productid LIMIT 1`,
    ))!;
  async function application(who: string, qty: number) {
    const pr = await part();
    const id = ok(
      await api(who, 'POST', '/api/crmdata/create/new_srv_partsapplies', {
        new_type: 1,
        new_warehouse_id: wh['WH-HD'],
        new_recipient: '陈志强',
        new_phonenumber: '021-58956321',
      }),
    ).id as string;
    ok(await api(who, 'POST', `/api/parts/applications/${id}/lines`, { productId: pr.id, qty }));
    return { id, total: toCents(pr.price) * BigInt(qty), price: toCents(pr.price) };
  }

  it('refuses a submission beyond the quota with the difference; draws on submit, gives all back on reject and the unshipped part on close', async () => {
    const pr = await part();
    const bal = await balance('SH001');
    const qty = Number(bal / toCents(pr.price)) + 1;
    const big = await application('station1', qty);
    const res = await submit('new_srv_partsapply', big.id, 'station1');
    expect(res.json().Message).toBe(`WorkflowException: 站点额度不足，还差 ${formatMoney(formatCents(big.total - bal))}`);
    expect(await balance('SH001')).toBe(bal);

    const small = await application('station1', 2);
    ok(await submit('new_srv_partsapply', small.id, 'station1', ['branch1', 'hq']));
    expect(await balance('SH001')).toBe(bal - small.total);
    ok(await act('branch1', 'new_srv_partsapply', small.id, 'reject'));
    expect(await balance('SH001')).toBe(bal);
    // Resubmitted after the rejection: drawn again (a new key), approved, closed with nothing shipped → all back.
    ok(await submit('new_srv_partsapply', small.id, 'station1', ['branch1', 'hq']));
    expect(await balance('SH001')).toBe(bal - small.total);
    ok(await act('branch1', 'new_srv_partsapply', small.id, 'approve'));
    ok(await act('hq', 'new_srv_partsapply', small.id, 'approve'));
    expect(await balance('SH001')).toBe(bal - small.total);
    ok(await api('station1', 'POST', `/api/parts/applications/${small.id}/close`, { reason: '不再需要' }));
    expect(await balance('SH001')).toBe(bal);
    expect((await movesOf(small.id)).map((m) => m.usage)).toEqual([
      quotaUsage.partsDraw,
      quotaUsage.partsReturn,
      quotaUsage.partsDraw,
      quotaUsage.partsReturn,
    ]);
    expect(await ledgerMismatches()).toBe(0);
  });

  it('a station without a limit draws nothing', async () => {
    await p.db.query(`UPDATE new_srv_station SET new_limitamount = false WHERE new_code = 'ZJ001'`);
    try {
      const before = await balance('ZJ001');
      const a = await application('station2', 1);
      ok(await submit('new_srv_partsapply', a.id, 'station2'));
      expect(await balance('ZJ001')).toBe(before);
      expect(await movesOf(a.id)).toEqual([]);
    } finally {
      await p.db.query(`UPDATE new_srv_station SET new_limitamount = true WHERE new_code = 'ZJ001'`);
    }
  });
});
