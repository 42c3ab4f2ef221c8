import { approvalStatus, pulloutStatus, salesOrderStatus, warranty, workOrderStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

/*
 * Issue 23's three findings through the record API, as the probe sent them: a station paying itself
 * a reward, forging head office's receipt of a pulled-out machine, a store moving its own order.
 * Each refusal names the field in the caller's language and changes nothing.
 */

let p: Portal;
const STORE = { host: 'store.test:8080' };
const tok: Record<string, string> = {};

beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
  for (const u of ['station1', 'hq']) tok[u] = (await signIn(p.app, u)).access_token;
  tok.store1 = (await signIn(p.app, 'store1', STORE)).access_token;
});
afterAll(() => p?.close());

const update = (who: string, set: string, id: string, body: Record<string, unknown>, lang = 'zh-CN') =>
  p.app.inject({
    method: 'POST',
    url: `/api/crmdata/Update/${set}(${id})`,
    payload: body,
    headers: { ...bearer(tok[who]), 'accept-language': lang, ...(who === 'store1' ? STORE : {}) },
  });

/** A work order of station1 in the given status, with the columns the tests compare. */
async function station1Order(status: number) {
  const row = await p.db.one<{
    id: string;
    fine: string;
    special: string;
    other: string;
    warranty: number;
    pullout: number | null;
    received: string | null;
    total: string;
  }>(
    `SELECT o.new_srv_workorderid AS id, o.new_fineamount::text AS fine, o.new_specialfee::text AS special, o.new_othercost::text AS other,
            o.new_warranty AS warranty, o.new_pulloutstatus AS pullout, o.new_receivedon::text AS received, o.new_totalcost::text AS total
       FROM new_srv_workorder o JOIN systemuser u ON u.new_station_id = o.new_station_id AND u.domainname = 'station1'
      WHERE o.new_status = $1 ORDER BY o.createdon LIMIT 1`,
    [status],
  );
  expect(row, `the demo has a station1 order in status ${status}`).toBeDefined();
  return row!;
}

describe('fields the generic update does not write (issue 23)', () => {
  it("a station cannot give itself a reward: 奖惩金额 is head office's, in every state", async () => {
    const before = await station1Order(workOrderStatus.completed);
    const r = await update('station1', 'new_srv_workorders', before.id, { new_fineamount: '50000' });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().Message).toBe('您没有修改奖惩金额的权限');
    expect(r.json().Data.errors).toEqual([{ field: 'new_fineamount', message: '您没有修改奖惩金额的权限' }]);
    const en = await update('station1', 'new_srv_workorders', before.id, { new_fineamount: '50000' }, 'en-US');
    expect(en.json().Message).toBe('You are not allowed to change Reward (+) / fine (−)');
    expect(await station1Order(workOrderStatus.completed)).toEqual(before);
    // Nor on an open order.
    const open = await station1Order(workOrderStatus.dispatched);
    expect((await update('station1', 'new_srv_workorders', open.id, { new_fineamount: '100' })).statusCode).toBe(400);
  });

  it("costs and warranty of a completed order wait for head office's audit; an open order's are the station's", async () => {
    const done = await station1Order(workOrderStatus.completed);
    for (const [field, value] of [
      ['new_specialfee', '999'],
      ['new_othercost', '999'],
      ['new_warranty', done.warranty === warranty.options[0].value ? warranty.options[1].value : warranty.options[0].value],
    ] as const) {
      const r = await update('station1', 'new_srv_workorders', done.id, { [field]: value });
      expect(r.statusCode, `${field}: ${r.body}`).toBe(400);
      expect(r.json().Data.errors[0].field).toBe(field);
    }
    expect(await station1Order(workOrderStatus.completed)).toEqual(done);

    const open = await station1Order(workOrderStatus.dispatched);
    const ok = await update('station1', 'new_srv_workorders', open.id, { new_specialfee: '120' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await station1Order(workOrderStatus.dispatched)).special).toBe('120.00');
  });

  it('head office decides the reward on a completed order, and the total follows', async () => {
    const before = await station1Order(workOrderStatus.completed);
    const r = await update('hq', 'new_srv_workorders', before.id, { new_fineamount: '-300' });
    expect(r.statusCode, r.body).toBe(200);
    const after = await station1Order(workOrderStatus.completed);
    expect(after.fine).toBe('-300.00');
    expect(Number(after.total)).toBeCloseTo(Number(before.total) - Number(before.fine) - 300, 2);
  });

  it("a station cannot sign for head office: pullout status and receipt belong to the return's commands", async () => {
    const before = await station1Order(workOrderStatus.completed);
    const r = await update('station1', 'new_srv_workorders', before.id, {
      new_pulloutstatus: pulloutStatus.received,
      new_receivedon: '2026-11-20T10:00:00+08:00',
    });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().Data.errors).toEqual([
      { field: 'new_pulloutstatus', message: '拉回状态由业务流程维护，不能直接修改' },
      { field: 'new_receivedon', message: '签收时间由业务流程维护，不能直接修改' },
    ]);
    expect(await station1Order(workOrderStatus.completed)).toEqual(before);
  });

  it("a store cannot move its own sales order: the status is head office's and the shipments'", async () => {
    const order = await p.db.one<{ id: string; status: number }>(
      `SELECT s.salesorderid AS id, s.new_status AS status FROM salesorder s JOIN systemuser u ON u.businessunitid = s.owningbusinessunit AND u.domainname = 'store1' ORDER BY s.createdon LIMIT 1`,
    );
    expect(order, 'the demo has an order of store1').toBeDefined();
    for (const status of [salesOrderStatus.audited, salesOrderStatus.allShipped]) {
      const r = await update('store1', 'salesorders', order!.id, { new_status: status });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().Data.errors[0]).toEqual({ field: 'new_status', message: '订单状态由业务流程维护，不能直接修改' });
    }
    expect(
      (await p.db.one<{ status: number }>('SELECT new_status AS status FROM salesorder WHERE salesorderid = $1', [order!.id]))!.status,
    ).toBe(order!.status);
    // Nor create one past the cart.
    const made = await p.app.inject({
      method: 'POST',
      url: '/api/crmdata/create/salesorders',
      payload: { new_remark: 'x' },
      headers: { ...bearer(tok.store1), ...STORE },
    });
    expect(made.statusCode).toBe(403);
    expect(made.json().Message).toBe('销售订单由购物车结算生成，不能直接新建');
  });

  it('deleting a submitted application says only drafts may be deleted (spec 001 §8)', async () => {
    const app = await p.db.one<{ id: string }>(
      `SELECT a.new_srv_partsapplyid AS id FROM new_srv_partsapply a JOIN systemuser u ON u.new_station_id = a.new_station_id AND u.domainname = 'station1'
        WHERE a.new_approvalstatus = $1 LIMIT 1`,
      [approvalStatus.underReview],
    );
    expect(app).toBeDefined();
    const r = await p.app.inject({
      method: 'POST',
      url: `/api/crmdata/delete/new_srv_partsapplies(${app!.id})`,
      headers: bearer(tok.station1),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().Message).toBe('只有草稿状态的单据才能删除');
    expect(await p.db.one('SELECT 1 FROM new_srv_partsapply WHERE new_srv_partsapplyid = $1', [app!.id])).toBeDefined();
  });
});
