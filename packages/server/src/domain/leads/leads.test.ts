import { leadSource, leadState, opportunityStage, opportunityState, type LeadJoinView, type LeadMatches } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { chinaDate } from '../china-time.ts';

/*
 * Leads and opportunities (issue 29) as their users call them: a salesman qualifies his lead into an
 * opportunity with a new or an existing customer and contact, or disqualifies it with a reason; either
 * leaves it read-only and a second try is refused. Collaborators read the lead's join view, nobody
 * else; another salesman's leads and opportunities are out of reach (404), his unit's manager sees
 * them. An opportunity's value is its products' sum; it is closed as won or lost once, with a reason.
 */

let p: Portal;
const tok: Record<string, string> = {};
const user: Record<string, string> = {};

const api = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const one = async <T extends Record<string, unknown>>(text: string, args: unknown[] = []) => (await p.db.one<T>(text, args))!;
const count = async (table: string) => Number((await one<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).n);
const createLead = async (who: string, extra: Record<string, unknown> = {}) =>
  done<{ id: string }>(
    await api(who, 'POST', '/api/crmdata/create/leads', {
      subject: '测试线索：空压站节能改造',
      fullname: '赵文斌',
      mobilephone: '13812345678',
      companyname: '广州测试精密机械有限公司',
      jobtitle: '厂长',
      leadsourcecode: leadSource.exhibition,
      ...extra,
    }),
  ).id;
const command = (who: string, set: string, id: string, name: string, body: object = {}, lang = 'zh-CN') =>
  api(who, 'POST', `/api/documents/${set}/${id}/${name}`, body, lang);
const leadRow = (id: string) =>
  one<{ state: number; opp: string | null; customer: string | null; contact: string | null; closed: boolean }>(
    `SELECT new_leadstate AS state, new_opportunity_id AS opp, new_customer_id AS customer, new_contact_id AS contact,
            new_closedon IS NOT NULL AS closed FROM lead WHERE leadid = $1`,
    [id],
  );
const update = (who: string, set: string, id: string, values: object) => api(who, 'POST', `/api/crmdata/Update/${set}(${id})`, values);
const retrieve = (who: string, set: string, id: string) => api(who, 'GET', `/api/crmdata/Retrieve/${set}(${id})`);

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['salesman1', 'salesman2', 'hqsales', 'dealer1']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ id: string; login: string }>('SELECT systemuserid AS id, domainname AS login FROM systemuser')).rows)
    user[r.login] = r.id;
});
afterAll(() => p?.close());

describe('leads', () => {
  it('the demo has leads in every state from several sources, opportunities in every stage and state, a collaborator', async () => {
    const { rows } = await p.db.query<{ state: number; n: string }>('SELECT new_leadstate AS state, count(*) AS n FROM lead GROUP BY 1');
    expect(rows.map((r) => r.state).sort()).toEqual([leadState.open, leadState.qualified, leadState.disqualified]);
    expect(Number((await one<{ n: string }>('SELECT count(DISTINCT leadsourcecode) AS n FROM lead')).n)).toBeGreaterThanOrEqual(5);
    const opp = await p.db.query<{ state: number; stage: number }>(
      'SELECT new_opportunitystate AS state, new_stage AS stage FROM opportunity',
    );
    expect(new Set(opp.rows.map((r) => r.state))).toEqual(new Set([opportunityState.open, opportunityState.won, opportunityState.lost]));
    expect(new Set(opp.rows.map((r) => r.stage))).toEqual(new Set(Object.values(opportunityStage).filter((v) => typeof v === 'number')));
    // Every opportunity's value is the sum of its products.
    const off = await p.db.query(
      `SELECT 1 FROM opportunity o WHERE o.estimatedvalue <> (SELECT COALESCE(sum(extendedamount), 0) FROM opportunityproduct l WHERE l.opportunityid = o.opportunityid)`,
    );
    expect(off.rows).toEqual([]);
    expect(await count('new_leadcollaborator')).toBe(1);
    expect(await count('new_opportunitycompetitor')).toBeGreaterThan(0);
  });

  it('qualify with a new customer and contact: the opportunity names the lead, the lead is read-only, a second qualify is refused', async () => {
    const id = await createLead('salesman1', { description: '两台 75kW 空压机' });
    expect((await leadRow(id)).state).toBe(leadState.open);
    const before = { customers: await count('new_endcustomer'), contacts: await count('contact') };
    const res = await command('salesman1', 'leads', id, 'qualify', {
      customer: 'new',
      contact: 'new',
      estimatedCloseDate: chinaDate(new Date(), 30),
    });
    const answer = done<{ id: string; state: number; opens: { entity: string; id: string } }>(
      res,
      '线索已认定，已创建商机 测试线索：空压站节能改造',
    );
    expect(answer.state).toBe(leadState.qualified);
    const lead = await leadRow(id);
    expect(lead).toMatchObject({ state: leadState.qualified, closed: true });
    expect(answer.opens).toEqual({ entity: 'opportunity', id: lead.opp });
    const opp = await one<Record<string, unknown>>(
      `SELECT o.name, o.originatingleadid AS lead, o.new_customer_id AS customer, o.new_contact_id AS contact, o.ownerid AS owner,
              o.new_stage AS stage, o.new_opportunitystate AS state, o.estimatedclosedate::text AS close, c.new_name AS "customerName",
              c.new_mobile AS mobile, k.fullname AS "contactName", k.parentcustomerid AS "contactCustomer", k.jobtitle
         FROM opportunity o JOIN new_endcustomer c ON c.new_endcustomerid = o.new_customer_id JOIN contact k ON k.contactid = o.new_contact_id
        WHERE o.opportunityid = $1`,
      [lead.opp],
    );
    expect(opp).toEqual({
      name: '测试线索：空压站节能改造',
      lead: id,
      customer: lead.customer,
      contact: lead.contact,
      owner: user.salesman1,
      stage: opportunityStage.qualify,
      state: opportunityState.open,
      close: chinaDate(new Date(), 30),
      customerName: '广州测试精密机械有限公司',
      mobile: '13812345678',
      contactName: '赵文斌',
      contactCustomer: lead.customer,
      jobtitle: '厂长',
    });
    expect(await count('new_endcustomer')).toBe(before.customers + 1);
    expect(await count('contact')).toBe(before.contacts + 1);
    // A customer is a dealer's: without a store on the lead, the dealer 韩冬 serves (广州粤华); its contact in the same unit.
    const units = await one<{ customer: string; contact: string }>(
      `SELECT bc.new_code AS customer, bk.new_code AS contact FROM new_endcustomer c JOIN businessunit bc ON bc.businessunitid = c.new_businessunit_id,
              contact k JOIN businessunit bk ON bk.businessunitid = k.new_businessunit_id
        WHERE c.new_endcustomerid = $1 AND k.contactid = $2`,
      [lead.customer, lead.contact],
    );
    expect(units).toEqual({ customer: 'DL-GZ001', contact: 'DL-GZ001' });
    // The salesman reaches what he made: the opportunity, the customer and the contact.
    for (const [set, rid] of [
      ['opportunities', lead.opp],
      ['new_endcustomers', lead.customer],
      ['contacts', lead.contact],
    ] as const)
      expect((await retrieve('salesman1', set, rid!)).statusCode, set).toBe(200);

    refused(await update('salesman1', 'leads', id, { subject: '改一下' }), '线索已关闭（已认定或已取消资格），不能修改');
    refused(await command('salesman1', 'leads', id, 'qualify', { customer: 'new', contact: 'none' }), '线索当前状态为“已认定”，不能认定');
    refused(
      await command('salesman1', 'leads', id, 'disqualify', { new_disqualifyreason: 1 }, 'en-US'),
      'The lead is “Qualified”: “Disqualify” is not possible',
    );
    // The refusals made nothing: still the one opportunity of the lead, the one new customer.
    expect(await count(`opportunity WHERE originatingleadid = '${id}'`)).toBe(1);
    expect(await count('new_endcustomer')).toBe(before.customers + 1);
  });

  it('qualify offers the customers and contacts matching the company or mobile, and takes the existing ones chosen', async () => {
    const dongguan = await one<{ id: string }>(
      `SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name = '东莞市长安镇恒丰注塑厂'`,
    );
    const id = await createLead('salesman1', { companyname: '东莞市长安镇恒丰注塑厂', mobilephone: '13649871250', fullname: '何志明' });
    const m = done<LeadMatches>(await api('salesman1', 'GET', `/api/leads/${id}/matches`));
    expect(m.customers[0]).toMatchObject({ id: dongguan.id, name: '东莞市长安镇恒丰注塑厂', by: 'both' });
    // The demo qualified a lead of 何志明 into this customer with a new contact: offered too.
    const contact = m.contacts.find((c) => c.customerId === dongguan.id && c.fullname === '何志明');
    expect(contact).toBeDefined();
    const before = { customers: await count('new_endcustomer'), contacts: await count('contact') };
    done(await command('salesman1', 'leads', id, 'qualify', { customer: dongguan.id, contact: contact!.id }));
    const lead = await leadRow(id);
    expect(lead).toMatchObject({ state: leadState.qualified, customer: dongguan.id, contact: contact!.id });
    expect(await count('new_endcustomer')).toBe(before.customers);
    expect(await count('contact')).toBe(before.contacts);
  });

  it('a customer out of reach or a contact of another customer is refused and nothing is made', async () => {
    const id = await createLead('salesman1');
    // 常州恒通 is 周敏's customer (华东): out of 韩冬's reach.
    const changzhou = await one<{ id: string }>(`SELECT new_customer_id AS id FROM lead WHERE subject = '常州恒通液压新厂房液压站'`);
    const foreignContact = await one<{ id: string }>(`SELECT contactid AS id FROM contact WHERE parentcustomerid = $1`, [changzhou.id]);
    const before = { opp: await count('opportunity'), customers: await count('new_endcustomer'), contacts: await count('contact') };
    refused(
      await command('salesman1', 'leads', id, 'qualify', { customer: changzhou.id, contact: 'none' }),
      '所选客户不存在或不在您的权限范围内',
    );
    refused(
      await command('salesman1', 'leads', id, 'qualify', { customer: 'new', contact: foreignContact.id }),
      '所选联系人不存在或不属于所选客户',
    );
    refused(await command('salesman1', 'leads', id, 'qualify', { contact: 'new' }), '请选择客户：使用已有客户或新建客户');
    expect(await leadRow(id)).toMatchObject({ state: leadState.open, opp: null, customer: null });
    expect({ opp: await count('opportunity'), customers: await count('new_endcustomer'), contacts: await count('contact') }).toEqual(
      before,
    );
  });

  it('disqualify needs its reason, leaves the lead read-only and is not run twice', async () => {
    const id = await createLead('salesman1');
    refused(await command('salesman1', 'leads', id, 'disqualify', { new_disqualifynote: '无' }), '请选择取消资格原因');
    expect((await leadRow(id)).state).toBe(leadState.open);
    done(
      await command('salesman1', 'leads', id, 'disqualify', { new_disqualifyreason: 2, new_disqualifynote: '电话空号' }),
      '线索已取消资格',
    );
    expect(await leadRow(id)).toMatchObject({ state: leadState.disqualified, closed: true, opp: null });
    refused(await update('salesman1', 'leads', id, { fullname: '赵文' }), '线索已关闭（已认定或已取消资格），不能修改');
    refused(await command('salesman1', 'leads', id, 'disqualify', { new_disqualifyreason: 1 }), '线索当前状态为“已取消资格”，不能取消资格');
    refused(
      await command('salesman1', 'leads', id, 'qualify', { customer: 'new', contact: 'new' }),
      '线索当前状态为“已取消资格”，不能认定',
    );
    // The state and what commands write are not the record service's.
    const open = await createLead('salesman1');
    expect((await update('salesman1', 'leads', open, { new_leadstate: leadState.qualified })).statusCode).toBe(400);
    expect((await leadRow(open)).state).toBe(leadState.open);
  });

  it('another salesman’s leads and opportunities are out of reach; the unit’s manager sees them', async () => {
    const id = await createLead('salesman1');
    expect((await retrieve('salesman2', 'leads', id)).statusCode).toBe(404);
    expect((await update('salesman2', 'leads', id, { subject: 'x' })).statusCode).toBe(404);
    expect((await command('salesman2', 'leads', id, 'disqualify', { new_disqualifyreason: 1 })).statusCode).toBe(404);
    expect((await api('salesman2', 'GET', `/api/leads/${id}/matches`)).statusCode).toBe(404);
    expect((await leadRow(id)).state).toBe(leadState.open);
    const list = done<{ value: { ownerid: string }[] }>(await api('salesman2', 'GET', '/api/crmdata/Retrieve/leads?$select=ownerid'));
    expect(list.value.length).toBeGreaterThan(0);
    expect(new Set(list.value.map((r) => r.ownerid))).toEqual(new Set([user.salesman2]));
    const all = done<{ value: { ownerid: string }[] }>(await api('hqsales', 'GET', '/api/crmdata/Retrieve/leads?$select=ownerid'));
    expect(new Set(all.value.map((r) => r.ownerid))).toEqual(new Set([user.salesman1, user.salesman2]));
    expect((await retrieve('hqsales', 'leads', id)).statusCode).toBe(200);

    const opp = await one<{ id: string }>(`SELECT opportunityid AS id FROM opportunity WHERE name = '恒丰注塑伺服节能改造'`);
    expect((await retrieve('salesman2', 'opportunities', opp.id)).statusCode).toBe(404);
    expect((await command('salesman2', 'opportunities', opp.id, 'lose', { new_closereason: '抢单' })).statusCode).toBe(404);
    const lines = done<{ value: unknown[] }>(
      await api('salesman2', 'GET', `/api/crmdata/Retrieve/opportunityproducts?$filter=opportunityid eq ${opp.id}`),
    );
    expect(lines.value).toEqual([]);
    // A dealer holds no lead privilege at all.
    expect((await retrieve('dealer1', 'leads', id)).statusCode).toBe(403);
  });

  it('collaborators: the owner adds them, they read the join view (not the record), a stranger gets 404', async () => {
    const id = await createLead('salesman1');
    const join = () => api('salesman2', 'GET', `/api/leads/${id}/joinview`);
    expect((await join()).statusCode).toBe(404);
    // Only the owner adds: salesman2 does not reach the lead.
    expect((await api('salesman2', 'POST', `/api/leads/${id}/collaborators`, { userId: user.salesman2 })).statusCode).toBe(404);
    refused(await api('salesman1', 'POST', `/api/leads/${id}/collaborators`, { userId: user.dealer1 }), '所选用户不存在或不能参与线索');
    refused(await api('salesman1', 'POST', `/api/leads/${id}/collaborators`, { userId: user.salesman1 }), '线索负责人本人无需添加为参与人');
    const added = done<{ collaborators: { id: string; name: string }[] }>(
      await api('salesman1', 'POST', `/api/leads/${id}/collaborators`, { userId: user.salesman2 }),
    );
    expect(added.collaborators.map((c) => c.name)).toEqual(['周敏']);
    refused(await api('salesman1', 'POST', `/api/leads/${id}/collaborators`, { userId: user.salesman2 }), '周敏 已是该线索的参与人');

    const view = done<LeadJoinView>(await join());
    expect(view).toMatchObject({ id, subject: '测试线索：空压站节能改造', state: leadState.open, owner: '韩冬' });
    expect(view.fields.find((f) => f.name === 'leadsourcecode')?.value).toBe('展会');
    expect(view.fields.find((f) => f.name === 'mobilephone')?.value).toBe('13812345678');
    expect(done<{ id: string }[]>(await api('salesman2', 'GET', '/api/leads/joined')).map((l) => l.id)).toContain(id);
    // The join view is all a collaborator gets: not the record, no change, no command.
    expect((await retrieve('salesman2', 'leads', id)).statusCode).toBe(404);
    expect((await update('salesman2', 'leads', id, { subject: 'x' })).statusCode).toBe(404);
    expect((await command('salesman2', 'leads', id, 'qualify', { customer: 'new', contact: 'new' })).statusCode).toBe(404);
    // The owner and his manager read it too; a dealer is refused before anything is read.
    expect((await api('salesman1', 'GET', `/api/leads/${id}/joinview`)).statusCode).toBe(200);
    expect((await api('hqsales', 'GET', `/api/leads/${id}/joinview`)).statusCode).toBe(200);
    expect((await api('dealer1', 'GET', `/api/leads/${id}/joinview`)).statusCode).toBe(403);

    const removed = done<{ collaborators: unknown[] }>(
      await api('salesman1', 'DELETE', `/api/leads/${id}/collaborators/${added.collaborators[0].id}`),
    );
    expect(removed.collaborators).toEqual([]);
    expect((await join()).statusCode).toBe(404);

    // An open lead deleted takes its collaborators with it.
    done(await api('salesman1', 'POST', `/api/leads/${id}/collaborators`, { userId: user.salesman2 }));
    done(await api('salesman1', 'POST', `/api/crmdata/delete/leads(${id})`));
    expect(await count(`new_leadcollaborator WHERE new_lead_id = '${id}'`)).toBe(0);
    expect(await count(`lead WHERE leadid = '${id}'`)).toBe(0);
  });
});

describe('contacts', () => {
  it('sit in their customer’s unit: the customer’s dealer adds one, another dealer does not reach it', async () => {
    const customer = await one<{ id: string; unit: string }>(
      `SELECT new_endcustomerid AS id, new_businessunit_id AS unit FROM new_endcustomer WHERE new_name = '东莞市长安镇恒丰注塑厂'`,
    );
    const id = done<{ id: string }>(
      await api('dealer1', 'POST', '/api/crmdata/create/contacts', {
        fullname: '何晓琳',
        mobilephone: '13649871251',
        parentcustomerid: customer.id,
        jobtitle: '采购',
      }),
    ).id;
    expect((await one<{ unit: string }>('SELECT new_businessunit_id AS unit FROM contact WHERE contactid = $1', [id])).unit).toBe(
      customer.unit,
    );
    // 韩冬 reaches the dealer's customers (华南) and so their contacts; 周敏 (华东) does not.
    expect((await retrieve('salesman1', 'contacts', id)).statusCode).toBe(200);
    expect((await retrieve('salesman2', 'contacts', id)).statusCode).toBe(404);
  });
});

describe('opportunities', () => {
  const makeOpp = async (who = 'salesman1') => {
    const customer = await one<{ id: string }>(
      `SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name = '广州天河区骏业汽修厂'`,
    );
    return done<{ id: string }>(
      await api(who, 'POST', '/api/crmdata/create/opportunities', {
        name: '测试商机：举升机油缸',
        new_customer_id: customer.id,
        new_stage: opportunityStage.develop,
        estimatedclosedate: chinaDate(new Date(), 20),
        closeprobability: 30,
      }),
    ).id;
  };
  const oppRow = (id: string) =>
    one<{ state: number; value: string; actual: string | null; probability: number; reason: string | null }>(
      `SELECT new_opportunitystate AS state, estimatedvalue::text AS value, actualvalue::text AS actual, closeprobability AS probability,
              new_closereason AS reason FROM opportunity WHERE opportunityid = $1`,
      [id],
    );
  const product = (no: string) => one<{ id: string }>('SELECT productid AS id FROM product WHERE productnumber = $1', [no]);

  it('its value is the sum of its products at their list price or the price given', async () => {
    const id = await makeOpp();
    expect((await oppRow(id)).state).toBe(opportunityState.open);
    const cylinder = await product('HC-CY-80'); // ¥2,350.00
    const pump = await product('HC-GP-16'); // ¥1,280.00
    const a = done<{ id: string }>(
      await api('salesman1', 'POST', '/api/crmdata/create/opportunityproducts', { opportunityid: id, productid: cylinder.id, quantity: 4 }),
    ).id;
    done(
      await api('salesman1', 'POST', '/api/crmdata/create/opportunityproducts', {
        opportunityid: id,
        productid: pump.id,
        quantity: 2,
        priceperunit: 1200,
      }),
    );
    expect((await oppRow(id)).value).toBe('11800.00');
    done(await update('salesman1', 'opportunityproducts', a, { quantity: 5 }));
    expect((await oppRow(id)).value).toBe('14150.00');
    expect(
      await one<{ name: string; amount: string }>(
        'SELECT new_name AS name, extendedamount::text AS amount FROM opportunityproduct WHERE opportunityproductid = $1',
        [a],
      ),
    ).toEqual({ name: '液压油缸', amount: '11750.00' });
    // The value is the products': not written by hand.
    expect((await update('salesman1', 'opportunities', id, { estimatedvalue: 1 })).statusCode).toBe(400);
    // A contact of another customer is refused.
    const other = await one<{ id: string }>(
      `SELECT k.contactid AS id FROM contact k JOIN new_endcustomer c ON c.new_endcustomerid = k.parentcustomerid WHERE c.new_name = '东莞市长安镇恒丰注塑厂' LIMIT 1`,
    );
    refused(await update('salesman1', 'opportunities', id, { new_contact_id: other.id }), '联系人必须属于所选客户');
  });

  it('closes as won or lost once, with a reason; read-only afterwards', async () => {
    const won = await makeOpp();
    const cylinder = await product('HC-CY-80');
    done(
      await api('salesman1', 'POST', '/api/crmdata/create/opportunityproducts', {
        opportunityid: won,
        productid: cylinder.id,
        quantity: 2,
      }),
    );
    refused(await command('salesman1', 'opportunities', won, 'win', {}), '请填写关闭原因');
    refused(await command('salesman1', 'opportunities', won, 'win', { new_closereason: '  ' }), '请填写关闭原因');
    expect((await oppRow(won)).state).toBe(opportunityState.open);
    done(await command('salesman1', 'opportunities', won, 'win', { new_closereason: '方案与价格均优' }), '商机已赢单');
    expect(await oppRow(won)).toEqual({
      state: opportunityState.won,
      value: '4700.00',
      actual: '4700.00',
      probability: 100,
      reason: '方案与价格均优',
    });
    refused(await command('salesman1', 'opportunities', won, 'win', { new_closereason: '再来' }), '商机当前状态为“赢单”，不能赢单');
    refused(await command('salesman1', 'opportunities', won, 'lose', { new_closereason: '反悔' }), '商机当前状态为“赢单”，不能输单');
    refused(await update('salesman1', 'opportunities', won, { name: '改名' }), '商机已关闭（赢单或输单），不能修改');
    const lines = await one<{ id: string }>('SELECT opportunityproductid AS id FROM opportunityproduct WHERE opportunityid = $1', [won]);
    expect((await update('salesman1', 'opportunityproducts', lines.id, { quantity: 9 })).statusCode).toBe(400);
    expect((await oppRow(won)).value).toBe('4700.00');

    const lost = await makeOpp();
    done(await command('salesman1', 'opportunities', lost, 'lose', { new_closereason: '客户预算取消' }), '商机已输单');
    expect(await oppRow(lost)).toMatchObject({ state: opportunityState.lost, actual: '0.00', probability: 0 });
    refused(await command('salesman1', 'opportunities', lost, 'win', { new_closereason: '又要了' }), '商机当前状态为“输单”，不能赢单');
    // An opportunity is closed, never deleted.
    expect((await api('salesman1', 'POST', `/api/crmdata/delete/opportunities(${lost})`)).statusCode).toBe(400);
  });
});
