import { opportunityStage, opportunityState, productState, quoteState, quoteStatusReason, salesOrderStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import type { Principal } from '../../auth/principal.ts';
import { businessUnitSubtree, type Caller } from '../../records/scope.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused, type Res } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { chinaDate } from '../china-time.ts';
import { submitOrderAuto } from '../sales/order-submit.ts';
import { addConfiguredLine } from './configured-line.ts';

/*
 * Quotes (报价单, issue 29) as their users call them: a dealer's draft priced from its price list
 * with discounts, activated (frozen), revised (revision 2, the first 已修订), won and converted into
 * the dealer's sales order at the quoted prices (kept when the order is submitted), or closed as lost;
 * every refusal changes nothing; another dealer reaches nothing; the configurator's configured line.
 */

let p: Portal;
const tok: Record<string, string> = {};
const part: Record<string, string> = {};
const customer: Record<string, string> = {};
const unit: Record<string, string> = {};

const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const cmd = (who: string, id: string, name: string, body: object = {}, lang = 'zh-CN') =>
  api(who, 'POST', `/api/documents/quotes/${id}/${name}`, body, lang);
const one = async <T extends Record<string, unknown>>(text: string, args: unknown[] = []) => (await p.db.one<T>(text, args))!;
const createdId = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().Data;
  return (typeof d === 'string' ? d : (d.id ?? d.Id)) as string;
};
const newQuote = async (who: string, row: Record<string, unknown> = {}) =>
  createdId(
    await api(who, 'POST', '/api/crmdata/create/quotes', {
      new_subject: '恒丰注塑厂二期车间动力改造',
      new_customer_id: customer.hengfeng,
      effectivefrom: chinaDate(new Date()),
      effectiveto: chinaDate(new Date(), 30),
      ...row,
    }),
  );
/** A user as the server's code outside the routes sees them (the configurator's call). */
async function callerOf(login: string): Promise<Caller> {
  const u = await one<{ id: string; unit: string; privileges: string[] }>(
    `SELECT u.systemuserid AS id, u.businessunitid AS unit,
            ARRAY(SELECT rp.new_name FROM systemuserroles ur JOIN new_roleprivilege rp ON rp.new_role_id = ur.roleid WHERE ur.systemuserid = u.systemuserid) AS privileges
       FROM systemuser u WHERE u.domainname = $1`,
    [login],
  );
  const principal = { userId: u.id, businessUnitId: u.unit, stationId: null, privileges: new Set(u.privileges) } as unknown as Principal;
  return { principal, subtree: await p.db.tx((sql) => businessUnitSubtree(sql, u.unit)) };
}
const addLine = (who: string, quote: string, no: string, quantity: number, extra: Record<string, unknown> = {}) =>
  api(who, 'POST', '/api/crmdata/create/quotedetails', { quoteid: quote, productid: part[no], quantity, ...extra });
const quoteRow = (id: string) =>
  one<{
    name: string;
    revision: number;
    state: number;
    reason: number;
    buyer: string;
    list: string;
    discount: string;
    total: string;
    qty: number;
    order: string | null;
    closereason: string | null;
  }>(
    `SELECT name, revisionnumber AS revision, new_status AS state, new_statusreason AS reason, new_buyer_id AS buyer,
            new_totallistamount::text AS list, new_totaldiscount::text AS discount, totalamount::text AS total, new_totalqty AS qty,
            new_salesorder_id AS order, new_closereason AS closereason
       FROM quote WHERE quoteid = $1`,
    [id],
  );
const lines = async (quote: string) =>
  (
    await p.db.query<{ no: number; name: string; price: string; base: string; discount: string; net: string; amount: string }>(
      `SELECT lineitemnumber AS no, new_name AS name, priceperunit::text AS price, baseamount::text AS base, new_discount::text AS discount,
              new_netprice::text AS net, extendedamount::text AS amount
         FROM quotedetail WHERE quoteid = $1 ORDER BY lineitemnumber`,
      [quote],
    )
  ).rows;
/** dealer1's price of a product today (its price list, else head office's, else the list price). */
const priceOf = async (no: string) => {
  const { buyerPriceSql } = await import('../sales/price-list.ts');
  return (
    await one<{ price: string }>(`SELECT ${buyerPriceSql('$1::uuid')}::text AS price FROM product p WHERE p.productnumber = $2`, [
      unit.gz,
      no,
    ])
  ).price;
};
const fen = (v: string) => Math.round(Number(v) * 100);
const yuan = (f: number) => (f / 100).toFixed(2);

/** A draft of dealer1's with two lines: 10 % off the generator set, ¥300 off three motors. */
async function pricedDraft(who = 'dealer1'): Promise<string> {
  const id = await newQuote(who);
  done(await addLine(who, id, 'PW-GS-30', 1, { new_discountrate: 10 }));
  done(await addLine(who, id, 'PW-MT-22', 3, { manualdiscountamount: 300 }));
  return id;
}

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['dealer1', 'dealer2', 'salesman1', 'salesman2', 'hqsales', 'dealer1fin']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product')).rows)
    part[r.no] = r.id;
  customer.hengfeng = (
    await one<{ id: string }>(`SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name = '东莞市长安镇恒丰注塑厂'`)
  ).id;
  customer.jinji = (
    await one<{ id: string }>(`SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name LIKE '苏州工业园区金鸡湖%'`)
  ).id;
  unit.gz = (await one<{ id: string }>(`SELECT businessunitid AS id FROM businessunit WHERE new_code = 'DL-GZ001'`)).id;
});
afterAll(() => p?.close());

describe('quotes', () => {
  it('the demo has quotes in every state: a draft, active, revision 2 active over revision 1 已修订, won, won and converted into an order, lost', async () => {
    const { rows } = await p.db.query<{
      subject: string;
      revision: number;
      state: number;
      reason: number;
      order: string | null;
      lines: number;
    }>(
      `SELECT new_subject AS subject, revisionnumber AS revision, new_status AS state, new_statusreason AS reason,
              (SELECT o.name FROM salesorder o WHERE o.salesorderid = q.new_salesorder_id AND o.new_quote_id = q.quoteid) AS order,
              (SELECT count(*)::int FROM quotedetail d WHERE d.quoteid = q.quoteid) AS lines
         FROM quote q ORDER BY new_subject, revisionnumber`,
    );
    const by = (subject: string) => rows.filter((r) => r.subject === subject).map(({ subject: _s, lines: _l, ...r }) => r);
    expect(by('注塑车间液压系统年度备件')).toEqual([
      { revision: 1, state: quoteState.draft, reason: quoteStatusReason.inProgress, order: null },
    ]);
    expect(by('冲压线传动部件更换')).toEqual([{ revision: 1, state: quoteState.active, reason: quoteStatusReason.open, order: null }]);
    expect(by('二期车间备用电源及动力改造')).toEqual([
      { revision: 1, state: quoteState.closed, reason: quoteStatusReason.revised, order: null },
      { revision: 2, state: quoteState.active, reason: quoteStatusReason.open, order: null },
    ]);
    expect(by('举升机液压站改造')).toEqual([
      { revision: 1, state: quoteState.won, reason: quoteStatusReason.won, order: expect.stringMatching(/^SO\d{8}-\d{4}$/) },
    ]);
    expect(by('楼宇水泵房电控柜升级')).toEqual([{ revision: 1, state: quoteState.won, reason: quoteStatusReason.won, order: null }]);
    expect(by('纺机主传动轴承批量更换')).toEqual([{ revision: 1, state: quoteState.closed, reason: quoteStatusReason.lost, order: null }]);
    expect(rows.every((r) => r.lines > 0)).toBe(true);
    // The converted order is 广州粤华's, to be submitted, and dealer1 reads it.
    const order = rows.find((r) => r.order)!.order!;
    const list = done<{ value: { name: string; new_status: number }[] }>(
      await api(
        'dealer1',
        'GET',
        `/api/crmdata/Retrieve/salesorders?$select=name,new_status&$filter=${encodeURIComponent(`name eq '${order}'`)}`,
      ),
    );
    expect(list.value).toEqual([expect.objectContaining({ name: order, new_status: salesOrderStatus.draft })]);
  });

  it('a draft takes its number, revision 1 and the price list of its customer’s dealer; its lines are priced with their discounts and summed', async () => {
    const id = await pricedDraft();
    const q = await quoteRow(id);
    expect(q.name).toMatch(/^QT\d{6}-\d{4}$/);
    expect(q).toMatchObject({ revision: 1, state: quoteState.draft, reason: quoteStatusReason.inProgress, buyer: unit.gz });
    const gs = await priceOf('PW-GS-30');
    const mt = await priceOf('PW-MT-22');
    const gsOff = Math.round(fen(gs) / 10);
    const mtNet = Math.round((fen(mt) * 3 - 30000) / 3);
    expect(await lines(id)).toEqual([
      {
        no: 1,
        name: '柴油发电机组',
        price: gs,
        base: gs,
        discount: yuan(gsOff),
        net: yuan(fen(gs) - gsOff),
        amount: yuan(fen(gs) - gsOff),
      },
      {
        no: 2,
        name: '三相异步电机',
        price: mt,
        base: yuan(fen(mt) * 3),
        discount: yuan(fen(mt) * 3 - mtNet * 3),
        net: yuan(mtNet),
        amount: yuan(mtNet * 3),
      },
    ]);
    const total = fen(gs) - gsOff + mtNet * 3;
    expect(q).toMatchObject({
      list: yuan(fen(gs) + fen(mt) * 3),
      total: yuan(total),
      discount: yuan(fen(gs) + fen(mt) * 3 - total),
      qty: 4,
    });
  });

  it('refuses both discounts, a discount above the list amount, a product no longer sold and a period that ends before it starts; nothing changes', async () => {
    const id = await newQuote('dealer1');
    refused(
      await addLine('dealer1', id, 'PW-GS-30', 1, { new_discountrate: 5, manualdiscountamount: 100 }),
      '折扣率和折扣金额只能填写一项',
    );
    const bearing = yuan(fen(await priceOf('DR-BR-6205')) * 2);
    refused(
      await addLine('dealer1', id, 'DR-BR-6205', 2, { manualdiscountamount: 100 }),
      `“深沟球轴承”的折扣 ¥100.00 超过目录价金额 ¥${bearing}`,
    );
    refused(await addLine('dealer1', id, 'HC-AC-04', 1), '产品“皮囊式蓄能器”已停售，不能报价');
    expect(await lines(id)).toEqual([]);
    refused(
      await api('dealer1', 'POST', `/api/crmdata/Update/quotes(${id})`, {
        effectivefrom: chinaDate(new Date(), 5),
        effectiveto: chinaDate(new Date(), 1),
      }),
      '有效期至不能早于有效期自',
    );
    refused(await cmd('dealer1', id, 'activate'), '报价单没有明细，不能生效', 400);
    expect(await quoteRow(id)).toMatchObject({ state: quoteState.draft, total: '0.00' });
  });

  it('重新计价 reads the price list again; a customer of another price list is refused while the quote has lines', async () => {
    const id = await newQuote('dealer1');
    done(await addLine('dealer1', id, 'DR-SC-25', 3));
    const before = (await lines(id))[0].price;
    // A product retired since is refused, naming it; nothing changes.
    await p.db.query('UPDATE product SET new_state = $2 WHERE productid = $1', [part['DR-SC-25'], productState.retired]);
    refused(await cmd('dealer1', id, 'recalculate'), '产品“滚珠丝杠副”已停售，不能报价');
    await p.db.query('UPDATE product SET new_state = $2 WHERE productid = $1', [part['DR-SC-25'], productState.active]);
    // Head office gives 广州粤华 a price of its own: the draft keeps its price until 重新计价.
    const hq = (await one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'hqsales'`)).id;
    await p.db.query(
      `INSERT INTO new_pricelistitem (new_name, new_buyer_id, new_product_id, new_price, new_validfrom, ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ('滚珠丝杠副', $1, $2, 801.00, CURRENT_DATE - 1, $3, (SELECT businessunitid FROM systemuser WHERE systemuserid = $3), $3, $3)`,
      [unit.gz, part['DR-SC-25'], hq],
    );
    expect((await lines(id))[0].price).toBe(before);
    done(await cmd('dealer1', id, 'recalculate'), '已按价格表重新计价');
    expect((await lines(id))[0]).toMatchObject({ price: '801.00', amount: '2403.00' });
    expect((await quoteRow(id)).total).toBe('2403.00');
    // 苏州恒达's customer would be another price list: refused; 广州粤华's store's customer too (the store's list).
    const store = (
      await one<{ id: string }>(`SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name = '深圳宏远精密模具有限公司'`)
    ).id;
    refused(
      await api('dealer1', 'POST', `/api/crmdata/Update/quotes(${id})`, { new_customer_id: store }),
      '报价单已有明细，不能更换为其他经销商/门店的客户（价格表不同）',
    );
    expect((await quoteRow(id)).buyer).toBe(unit.gz);
    done(await cmd('dealer1', id, 'activate'));
    refused(await cmd('dealer1', id, 'recalculate'), '报价单当前为“已生效”，只有草稿可以重新计价');
  });

  it('activate freezes it; revise makes revision 2 with the same number and lines, the first closed as 已修订; win and convert: the order has the quoted prices and keeps them at submit', async () => {
    const id = await pricedDraft();
    const first = await quoteRow(id);
    // A draft is neither revised nor won.
    refused(await cmd('dealer1', id, 'revise'), '报价单当前为“草稿”，只有已生效的报价单可以修订（草稿请直接修改）');
    refused(await cmd('dealer1', id, 'win'), '报价单当前为“草稿”，只有已生效的报价单可以赢单');
    refused(await cmd('dealer1', id, 'convert'), '报价单当前为“草稿”，只有已赢单的报价单可以转销售订单');
    expect(done(await cmd('dealer1', id, 'activate'), '报价单已生效')).toMatchObject({ state: quoteState.active });
    expect(await quoteRow(id)).toMatchObject({ state: quoteState.active, reason: quoteStatusReason.open });
    // Frozen: no change of it or its lines, no new line, no second activation.
    refused(await api('dealer1', 'POST', `/api/crmdata/Update/quotes(${id})`, { new_subject: '改' }), '只有草稿状态的报价单可以修改');
    const [l1] = (
      await p.db.query<{ id: string }>('SELECT quotedetailid AS id FROM quotedetail WHERE quoteid = $1 ORDER BY lineitemnumber', [id])
    ).rows;
    expect((await api('dealer1', 'POST', `/api/crmdata/Update/quotedetails(${l1.id})`, { quantity: 9 })).statusCode).toBe(400);
    expect((await addLine('dealer1', id, 'EC-INV-55', 1)).statusCode).toBe(400);
    refused(await cmd('dealer1', id, 'activate'), '报价单当前为“已生效”，只有草稿可以生效');
    expect(await quoteRow(id)).toEqual({ ...first, state: quoteState.active, reason: quoteStatusReason.open });

    const rev = done<{ opens: { entity: string; id: string }; message: string }>(await cmd('dealer1', id, 'revise'));
    expect(rev.message).toBe(`已生成修订版 ${first.name}（第 2 版）`);
    expect(rev.opens.entity).toBe('quote');
    const id2 = rev.opens.id;
    expect(await quoteRow(id)).toMatchObject({ state: quoteState.closed, reason: quoteStatusReason.revised });
    expect(await quoteRow(id2)).toMatchObject({
      name: first.name,
      revision: 2,
      state: quoteState.draft,
      total: first.total,
      list: first.list,
    });
    expect(await lines(id2)).toEqual(await lines(id));
    refused(await cmd('dealer1', id, 'revise'), '报价单当前为“已关闭”，只有已生效的报价单可以修订（草稿请直接修改）');

    // Revision 2: one more motor, activated, won and converted.
    done(await addLine('dealer1', id2, 'EC-INV-55', 2, { new_discountrate: 12.5 }));
    done(await cmd('dealer1', id2, 'activate'));
    done(await cmd('dealer1', id2, 'win'), '报价单已赢单');
    expect(await quoteRow(id2)).toMatchObject({ state: quoteState.won, reason: quoteStatusReason.won });
    const conv = done<{ opens: { entity: string; id: string }; message: string; state: number }>(await cmd('dealer1', id2, 'convert'));
    expect(conv.state).toBe(quoteState.won);
    expect(conv.opens.entity).toBe('salesorder');
    const orderId = conv.opens.id;
    const q2 = await quoteRow(id2);
    expect(q2.order).toBe(orderId);
    const order = await one<{
      name: string;
      status: number;
      quote: string;
      buyer: string;
      total: string;
      contact: string;
      address: string;
    }>(
      `SELECT name, new_status AS status, new_quote_id AS quote, owningbusinessunit AS buyer, totalamount::text AS total, new_contact AS contact,
              new_address AS address FROM salesorder WHERE salesorderid = $1`,
      [orderId],
    );
    expect(conv.message).toBe(`已生成销售订单 ${order.name}`);
    expect(order).toMatchObject({
      status: salesOrderStatus.draft,
      quote: id2,
      buyer: unit.gz,
      total: q2.total,
      contact: '东莞市长安镇恒丰注塑厂',
    });
    expect(order.address).toBe('长安镇锦厦河东工业区 8 号');
    const orderLines = async () =>
      (
        await p.db.query<{ price: string; amount: string; qty: number }>(
          `SELECT priceperunit::text AS price, extendedamount::text AS amount, quantity AS qty FROM salesorderdetail WHERE salesorderid = $1 ORDER BY createdon`,
          [orderId],
        )
      ).rows;
    const quoted = (await lines(id2)).map((l) => ({ price: l.net, amount: l.amount }));
    expect((await orderLines()).map(({ price, amount }) => ({ price, amount }))).toEqual(quoted);
    // Converting twice is refused naming the order; nothing new is made.
    refused(await cmd('dealer1', id2, 'convert'), `报价单已转为销售订单 ${order.name}，不能重复转单`);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM salesorder WHERE new_quote_id = $1', [id2])).n).toBe(1);
    // The order's quoted line keeps its product and quantity; submitted, it keeps the quoted prices (the price list's are higher).
    const [ol] = (
      await p.db.query<{ id: string }>('SELECT salesorderdetailid AS id FROM salesorderdetail WHERE salesorderid = $1', [orderId])
    ).rows;
    refused(
      await api('dealer1', 'POST', `/api/crmdata/Update/salesorderdetails(${ol.id})`, { quantity: 5 }),
      '该订单明细来自报价单，产品和数量按报价执行，不能修改（可删除该行）',
    );
    const dealer1 = (await one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'dealer1'`)).id;
    // Credit is not what this checks: room enough for the project.
    await p.db.query('UPDATE new_dealeraccount SET new_creditlimit = new_creditlimit + 1000000 WHERE new_unit_id = $1', [unit.gz]);
    await p.db.tx((sql) => submitOrderAuto(sql, orderId, dealer1));
    expect((await one<{ status: number }>('SELECT new_status AS status FROM salesorder WHERE salesorderid = $1', [orderId])).status).toBe(
      salesOrderStatus.submitted,
    );
    expect((await orderLines()).map(({ price, amount }) => ({ price, amount }))).toEqual(quoted);
    expect(
      (await one<{ total: string }>('SELECT totalamount::text AS total FROM salesorder WHERE salesorderid = $1', [orderId])).total,
    ).toBe(q2.total);
  });

  it('close as lost needs a reason; a closed or won quote is not closed again', async () => {
    const id = await pricedDraft();
    done(await cmd('dealer1', id, 'activate'));
    refused(await cmd('dealer1', id, 'close', { new_closereason: '  ' }), '输单原因不能为空');
    expect(await quoteRow(id)).toMatchObject({ state: quoteState.active });
    done(await cmd('dealer1', id, 'close', { new_closereason: '客户选择了竞品（价格低 8%）' }), '报价单已关闭（输单）');
    expect(await quoteRow(id)).toMatchObject({
      state: quoteState.closed,
      reason: quoteStatusReason.lost,
      closereason: '客户选择了竞品（价格低 8%）',
    });
    refused(await cmd('dealer1', id, 'close', { new_closereason: '再关一次' }), '报价单当前为“已关闭”，只有草稿或已生效的报价单可以关闭');
    refused(await cmd('dealer1', id, 'win'), '报价单当前为“已关闭”，只有已生效的报价单可以赢单');
    const en = await cmd('dealer1', id, 'win', {}, 'en-US');
    expect(en.json().Message).toBe('The quote is Closed: only an active quote may be won');
  });

  it('another dealer reaches nothing; the branch’s salesman reads and works its dealers’ quotes; a customer of another dealer is not offered', async () => {
    const id = await pricedDraft();
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/quotes(${id})`)).statusCode).toBe(404);
    expect((await cmd('dealer2', id, 'activate')).statusCode).toBe(404);
    expect((await api('dealer2', 'POST', `/api/crmdata/Update/quotes(${id})`, { new_subject: '偷改' })).statusCode).toBe(404);
    expect((await addLine('dealer2', id, 'PW-GS-30', 1)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await quoteRow(id)).toMatchObject({ state: quoteState.draft });
    const list = done<{ value: { quoteid: string }[] }>(await api('dealer2', 'GET', '/api/crmdata/Retrieve/quotes?$select=quoteid'));
    expect(list.value.map((r) => r.quoteid)).not.toContain(id);
    // 韩冬 of 华南 reaches 广州粤华's quote and activates it; 周敏 of 华东 (another salesman, another branch) reaches nothing.
    expect((await api('salesman1', 'GET', `/api/crmdata/Retrieve/quotes(${id})`)).statusCode).toBe(200);
    done(await cmd('salesman1', id, 'activate'));
    expect((await api('salesman2', 'GET', `/api/crmdata/Retrieve/quotes(${id})`)).statusCode).toBe(404);
    expect((await cmd('salesman2', id, 'win')).statusCode).toBe(404);
    expect((await api('salesman2', 'GET', `/api/quotes/${id}/print`)).statusCode).toBe(404);
    expect(await quoteRow(id)).toMatchObject({ state: quoteState.active });
    // dealer1 cannot quote a customer of 苏州恒达.
    expect(
      (await api('dealer1', 'POST', '/api/crmdata/create/quotes', { new_subject: '越权', new_customer_id: customer.jinji })).statusCode,
    ).toBe(400);
  });

  it('a quote from an opportunity takes its products; its customer must be the opportunity’s and the opportunity open', async () => {
    const salesman = await one<{ id: string; unit: string }>(
      `SELECT systemuserid AS id, businessunitid AS unit FROM systemuser WHERE domainname = 'salesman1'`,
    );
    const opp = (
      await one<{ id: string }>(
        `INSERT INTO opportunity (name, new_customer_id, new_stage, new_opportunitystate, estimatedclosedate, ownerid, owningbusinessunit, createdby, modifiedby)
         VALUES ('恒丰注塑厂备用电源', $1, $2, $3, CURRENT_DATE + 30, $4, $5, $4, $4) RETURNING opportunityid AS id`,
        [customer.hengfeng, opportunityStage.qualify, opportunityState.open, salesman.id, salesman.unit],
      )
    ).id;
    await p.db.query(
      `INSERT INTO opportunityproduct (opportunityid, new_name, productid, quantity, ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ($1, '柴油发电机组', $2, 2, $3, $4, $3, $3)`,
      [opp, part['PW-GS-30'], salesman.id, salesman.unit],
    );
    expect(
      (
        await api('salesman1', 'POST', '/api/crmdata/create/quotes', {
          new_subject: '备用电源',
          new_customer_id: customer.jinji,
          opportunityid: opp,
        })
      ).statusCode,
    ).toBe(400);
    const id = await newQuote('salesman1', { opportunityid: opp });
    expect(await lines(id)).toEqual([expect.objectContaining({ no: 1, name: '柴油发电机组', price: await priceOf('PW-GS-30') })]);
    expect((await quoteRow(id)).qty).toBe(2);
    await p.db.query('UPDATE opportunity SET new_opportunitystate = $2 WHERE opportunityid = $1', [opp, opportunityState.lost]);
    refused(
      await api('salesman1', 'POST', '/api/crmdata/create/quotes', {
        new_subject: '备用电源',
        new_customer_id: customer.hengfeng,
        opportunityid: opp,
      }),
      '商机“恒丰注塑厂备用电源”已关闭，不能再为其报价',
    );
  });

  it('prints: the print data and an A4 PDF named after the number and revision; a draft is marked; another dealer gets 404', async () => {
    const id = await pricedDraft();
    const q = await quoteRow(id);
    const draft = done<{ draft: boolean; state: string; lines: { no: number; net: string; amount: string }[]; totals: { amount: string } }>(
      await api('dealer1', 'GET', `/api/quotes/${id}/print`),
    );
    expect(draft).toMatchObject({ draft: true, state: '草稿', totals: { amount: q.total } });
    expect(draft.lines.map((l) => l.no)).toEqual([1, 2]);
    done(await cmd('dealer1', id, 'activate'));
    const sheet = done<{ name: string; revision: number; draft: boolean; customer: string; seller: string }>(
      await api('dealer1', 'GET', `/api/quotes/${id}/print`),
    );
    expect(sheet).toMatchObject({
      name: q.name,
      revision: 1,
      draft: false,
      customer: '东莞市长安镇恒丰注塑厂',
      seller: '广州粤华机电设备有限公司',
    });
    const pdf = await api('dealer1', 'GET', `/api/quotes/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(decodeURIComponent(String(pdf.headers['content-disposition']))).toContain(`报价单-${q.name}-V1.pdf`);
    expect((await api('dealer2', 'GET', `/api/quotes/${id}/print`)).statusCode).toBe(404);
    expect((await api('dealer2', 'GET', `/api/quotes/${id}/pdf`)).statusCode).toBe(404);
  });

  it('the configurator attaches a saved configuration as a configured line of a draft only, within the caller’s reach', async () => {
    const id = await newQuote('dealer1');
    const cpq = (
      await one<{ id: string }>(
        `INSERT INTO new_cpqquote (new_name, new_productname, new_price) VALUES ('CPQ-TEST-0001', '螺杆式冷水机组 HCW-300', 386500) RETURNING new_cpqquoteid AS id`,
      )
    ).id;
    const dealer1 = await callerOf('dealer1');
    const dealer2 = await callerOf('dealer2');
    const line = {
      name: '螺杆式冷水机组 HCW-300',
      price: '386500.00',
      summary: '制冷量 300RT；380V/50Hz；双螺杆压缩机；BMS 联网',
      cpqQuoteId: cpq,
    };
    await expect(p.db.tx((sql) => addConfiguredLine(sql, id, line, dealer2))).rejects.toMatchObject({ status: 404 });
    const { lineId } = await p.db.tx((sql) => addConfiguredLine(sql, id, line, dealer1));
    const l = await one<{ name: string; price: string; amount: string; cpq: string; summary: string; no: number }>(
      `SELECT new_name AS name, priceperunit::text AS price, extendedamount::text AS amount, new_cpqquote_id AS cpq, new_configsummary AS summary,
              lineitemnumber AS no FROM quotedetail WHERE quotedetailid = $1`,
      [lineId],
    );
    expect(l).toEqual({ name: line.name, price: '386500.00', amount: '386500.00', cpq, summary: line.summary, no: 1 });
    expect((await quoteRow(id)).total).toBe('386500.00');
    // A discount on it like any line; its product is the configurator's.
    done(await api('dealer1', 'POST', `/api/crmdata/Update/quotedetails(${lineId})`, { new_discountrate: 5, quantity: 2 }));
    expect((await quoteRow(id)).total).toBe('734350.00');
    refused(
      await api('dealer1', 'POST', `/api/crmdata/Update/quotedetails(${lineId})`, { productid: part['PW-GS-30'] }),
      '配置产品行的产品和配置来自配置器，不能在此修改',
    );
    // Converting needs a product on every line.
    done(await cmd('dealer1', id, 'activate'));
    await expect(p.db.tx((sql) => addConfiguredLine(sql, id, line, dealer1))).rejects.toMatchObject({ status: 400 });
    done(await cmd('dealer1', id, 'win'));
    refused(await cmd('dealer1', id, 'convert'), '明细“螺杆式冷水机组 HCW-300”没有对应的产品，不能生成销售订单');
  });
});
