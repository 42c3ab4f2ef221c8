import {
  type CpqCatalogueItem,
  type CpqConfiguration,
  type CpqListRow,
  type CpqProductDefinition,
  type CpqSaved,
  quoteState,
} from '@portal/model';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { linkKey, signLink } from './link.ts';

// The product configurator's calls (issue 29): the public catalogue without costs, saving checked
// by the rule engine (a rule-breaking set sent straight to the API is refused by the rule's own
// message, nothing stored), the signed link (forged and expired refused), reading and changing
// with the link or as the owner, the owner's list, and the anonymous save limit.

let p: Portal;
type Who = 'salesman1' | 'dealer1' | 'dealer2' | 'hq';
const tok = {} as Record<Who, string>;
let chiller: CpqProductDefinition;
let n = 0;
/** Each test its own client address, so one test's saves do not count against another's limit. */
const address = () => `10.9.0.${++n}`;

beforeAll(async () => {
  p = await testPortal();
  for (const who of ['salesman1', 'dealer1', 'dealer2', 'hq'] as Who[]) tok[who] = (await signIn(p.app, who)).access_token;
  const list = (await call('GET', '/api/cpq/products')).json().Data as CpqCatalogueItem[];
  chiller = (await call('GET', `/api/cpq/products/${list.find((x) => x.Code === 'HC-LSW')!.Id}`)).json().Data;
});
afterAll(() => p?.close());

interface Opts {
  who?: Who;
  token?: string;
  body?: unknown;
  lang?: string;
  ip?: string;
}
function call(method: 'GET' | 'POST' | 'PUT', url: string, o: Opts = {}) {
  return p.app.inject({
    method,
    url,
    remoteAddress: o.ip ?? '10.8.0.1',
    headers: {
      'accept-language': o.lang ?? 'zh-CN',
      ...(o.who ? bearer(tok[o.who]) : {}),
      ...(o.token ? { 'x-cpq-token': o.token } : {}),
    },
    ...(o.body === undefined ? {} : { payload: o.body as object }),
  });
}
/** The chiller's option ids by code. */
const ids = (...codes: string[]) => codes.map((c) => chiller.groups.flatMap((g) => g.options).find((o) => o.code === c)!.id);
const delta = (code: string) => chiller.groups.flatMap((g) => g.options).find((o) => o.code === code)!.priceDeltaFen;
const count = async () => Number((await p.db.one<{ n: string }>('SELECT count(*) AS n FROM new_cpqquote'))!.n);
const save = (codes: string[], o: Opts = {}) =>
  call('POST', '/api/cpq/configurations', { ...o, body: { ProductId: chiller.id, Choices: ids(...codes), ...(o.body as object) } });
const STANDARD = ['CAP350', 'V380', 'BITZER', 'STDCAB'];

describe('catalogue and definitions (anonymous)', () => {
  it('lists the three offered products with their base price; no cost ever leaves the server', async () => {
    const res = await call('GET', '/api/cpq/products');
    expect(res.statusCode).toBe(200);
    const list = res.json().Data as CpqCatalogueItem[];
    expect(list.map((x) => [x.Code, x.Name, x.BasePrice])).toEqual([
      ['HC-LSW', '螺杆式冷水机组', '486000.00'],
      ['HC-MFK', '风冷热泵模块机组', '168000.00'],
      ['HC-ZKW', '组合式空气处理机组', '92000.00'],
    ]);
    const definition = await call('GET', `/api/cpq/products/${chiller.id}`);
    expect(res.body + definition.body).not.toMatch(/cost|352000|成本/i);
    expect(chiller.groups.map((g) => [g.name, g.multiple, g.required])).toEqual([
      ['制冷量', false, true],
      ['电源', false, true],
      ['压缩机', false, true],
      ['控制系统', false, true],
      ['附件', true, false],
    ]);
  });

  it("gives the rules' messages in the caller's language; a product off the catalogue or an unknown id is 404", async () => {
    expect(chiller.rules.map((r) => r.message)).toContain('变频压缩机需要配智能群控系统');
    const en = (await call('GET', `/api/cpq/products/${chiller.id}`, { lang: 'en-US' })).json().Data as CpqProductDefinition;
    expect(en.rules.map((r) => r.message)).toContain('A variable-speed compressor needs the group control system');
    await p.db.query('UPDATE new_cpqproduct SET new_active = false WHERE new_code = $1', ['HC-ZKW']);
    try {
      const list = (await call('GET', '/api/cpq/products')).json().Data as CpqCatalogueItem[];
      expect(list.map((x) => x.Code)).toEqual(['HC-LSW', 'HC-MFK']);
      const zkw = (await p.db.one<{ id: string }>("SELECT new_cpqproductid AS id FROM new_cpqproduct WHERE new_code = 'HC-ZKW'"))!.id;
      const off = await call('GET', `/api/cpq/products/${zkw}`);
      expect(off.statusCode).toBe(404);
      expect(off.json().Message).toBe('该产品不存在或已下架');
      expect((await call('POST', '/api/cpq/configurations', { body: { ProductId: zkw, Choices: [] } })).statusCode).toBe(404);
    } finally {
      await p.db.query('UPDATE new_cpqproduct SET new_active = true WHERE new_code = $1', ['HC-ZKW']);
    }
    expect((await call('GET', '/api/cpq/products/not-an-id')).statusCode).toBe(404);
  });
});

describe('saving', () => {
  it('an anonymous save stores the configuration, priced base + Σ deltas with its BOM, and answers a signed link', async () => {
    const before = await count();
    const res = await save(['CAP500', 'V380', 'VSD', 'GROUP', 'BMS'], {
      ip: address(),
      body: { ContactName: '王先生', ContactPhone: '13800001111' },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().Data as CpqSaved;
    expect(saved.Number).toMatch(/^CPQ-\d{4}$/);
    expect(saved.Link).toBe(`/config/page?token=${saved.Token}`);
    expect(new Date(saved.LinkExpiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(await count()).toBe(before + 1);
    // The link opens it; the details need it.
    const link = await call('POST', '/api/cpq/link', { body: { token: saved.Token } });
    expect(link.json().Data).toEqual({ Id: saved.Id });
    const detail = (await call('GET', `/api/cpq/configurations/${saved.Id}`, { token: saved.Token })).json().Data as CpqConfiguration;
    expect(detail.Price).toBe('741500.00'); // 486000 + 128000 + 0 + 86000 + 35000 + 6500
    expect(detail.Summary.map((s) => `${s.Group}:${s.Option}`)).toEqual([
      '制冷量:500 kW（约140冷吨）',
      '电源:380V/3N/50Hz（国内标准）',
      '压缩机:比泽尔变频螺杆',
      '控制系统:智能群控系统（含触摸屏）',
      '附件:BMS 通讯网关（Modbus/BACnet）',
    ]);
    expect(detail.Bom.map((b) => b.partNumber)).toEqual(
      expect.arrayContaining(['LSW-FRM-01', 'LSW-HX-500', 'CMP-BZ-CSV', 'VFD-160', 'CTL-GRP-10', 'ACC-BMS-01']),
    );
    expect(detail.Bom.map((b) => b.partNumber)).not.toContain('CAB-STD-380');
    expect(detail).toMatchObject({ ContactName: '王先生', Editable: true, Expired: false, QuoteId: null });
    expect(JSON.stringify(detail)).not.toMatch(/cost/i);
    // Without the token, or as a signed-in stranger: as if it did not exist.
    expect((await call('GET', `/api/cpq/configurations/${saved.Id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/cpq/configurations/${saved.Id}`, { who: 'dealer1' })).statusCode).toBe(404);
  });

  it('a configuration breaking a rule sent straight to the API is refused with the rule, nothing stored', async () => {
    const before = await count();
    const cases: [string[], string, string][] = [
      [['CAP350', 'V460', 'BITZER', 'STDCAB'], 'zh-CN', '配置不符合规则：460V/60Hz 电源不能配国内标准电控柜，请先选择出口型 UL 认证电控柜'],
      [['CAP350', 'V380', 'VSD', 'STDCAB'], 'zh-CN', '配置不符合规则：变频压缩机需要配智能群控系统'],
      [
        ['CAP350', 'V380', 'BITZER', 'STDCAB', 'BMS'],
        'en-US',
        'The configuration breaks a rule: The BMS gateway comes only with the group control system',
      ],
      [['CAP700', 'V380', 'HANBELL', 'STDCAB'], 'zh-CN', '配置不符合规则：700 kW 机组只能选用比泽尔压缩机'],
      [['CAP350', 'CAP500', 'V380', 'BITZER', 'STDCAB'], 'zh-CN', '“制冷量”只能选择一项'],
      [['CAP350', 'V380', 'BITZER'], 'zh-CN', '请选择“控制系统”'],
    ];
    const ip = address();
    for (const [codes, lang, message] of cases) {
      const res = await save(codes, { lang, who: 'salesman1', ip });
      expect(res.statusCode, codes.join()).toBe(400);
      expect(res.json().Message).toBe(message);
      expect(res.json().error.field).toBe('Choices');
    }
    // An option of another product.
    const other = (await p.db.one<{ id: string }>(
      `SELECT o.new_cpqoptionid AS id FROM new_cpqoption o JOIN new_cpqoptiongroup g ON g.new_cpqoptiongroupid = o.new_cpqoptiongroup_id
         JOIN new_cpqproduct p ON p.new_cpqproductid = g.new_cpqproduct_id WHERE p.new_code = 'HC-MFK' LIMIT 1`,
    ))!.id;
    const mixed = await call('POST', '/api/cpq/configurations', {
      who: 'salesman1',
      ip,
      body: { ProductId: chiller.id, Choices: [...ids(...STANDARD), other] },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().Message).toBe('所选选项不属于该产品');
    expect(await count()).toBe(before);
  });

  it('property: any choice set the API accepts satisfies every rule and is priced base + Σ deltas; a refused one stores nothing', async () => {
    const all = chiller.groups.flatMap((g) => g.options.map((o) => o.code));
    const ip = address();
    await fc.assert(
      fc.asyncProperty(fc.subarray(all, { minLength: 3 }), async (codes) => {
        const before = await count();
        const res = await save(codes, { who: 'salesman1', ip });
        const chosen = new Set(ids(...codes));
        if (res.statusCode === 200) {
          for (const r of chiller.rules)
            expect(
              r.kind === 'excludes' ? !(chosen.has(r.option) && chosen.has(r.target)) : !chosen.has(r.option) || chosen.has(r.target),
            ).toBe(true);
          for (const g of chiller.groups) {
            const k = g.options.filter((o) => chosen.has(o.id)).length;
            expect(g.multiple || k === 1).toBe(true);
          }
          const { Id } = res.json().Data as CpqSaved;
          const row = await p.db.one<{ price: string }>('SELECT new_price AS price FROM new_cpqquote WHERE new_cpqquoteid = $1', [Id]);
          expect(Math.round(Number(row!.price) * 100)).toBe(chiller.basePriceFen + codes.reduce((a, c) => a + delta(c), 0));
          expect(await count()).toBe(before + 1);
        } else {
          expect(res.statusCode).toBe(400);
          expect(await count()).toBe(before);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('the signed link', () => {
  it('a forged token (changed signature, another id, garbage) is refused as forged; an expired one as expired', async () => {
    const saved = (await save(STANDARD, { ip: address() })).json().Data as CpqSaved;
    const [id, exp, sig] = saved.Token.split('.');
    const forged = [
      `${id}.${exp}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `${id}.${Number(exp) + 86400}.${sig}`,
      `00000000-0000-4000-8000-000000000000.${exp}.${sig}`,
      'garbage',
    ];
    for (const token of forged) {
      const res = await call('POST', '/api/cpq/link', { body: { token } });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().Message).toBe('链接无效：签名校验失败，请使用保存配置时获得的链接');
      expect((await call('GET', `/api/cpq/configurations/${saved.Id}`, { token })).statusCode).not.toBe(200);
    }
    const key = await linkKey(p.db);
    const { token: expired } = signLink(key, saved.Id, Date.now() - 3 * 3600_000);
    const res = await call('POST', '/api/cpq/link', { body: { token: expired }, lang: 'en-US' });
    expect(res.statusCode).toBe(410);
    expect(res.json().Message).toBe('This link has expired: sign in and find it under My configurations, or configure again');
    expect((await call('GET', `/api/cpq/configurations/${saved.Id}`, { token: expired })).statusCode).toBe(410);
    // A valid token of another configuration opens only its own.
    const other = (await save(STANDARD, { ip: address() })).json().Data as CpqSaved;
    expect((await call('GET', `/api/cpq/configurations/${saved.Id}`, { token: other.Token })).statusCode).toBe(404);
  });
});

describe('changing and listing', () => {
  it("the owner changes their own (re-validated, re-priced); another user cannot reach it; a link's holder changes only an ownerless one", async () => {
    const ip = address();
    const mine = (await save(STANDARD, { who: 'salesman1', ip })).json().Data as CpqSaved;
    const body = (codes: string[]) => ({ ProductId: chiller.id, Choices: ids(...codes) });
    const bad = await call('PUT', `/api/cpq/configurations/${mine.Id}`, {
      who: 'salesman1',
      ip,
      body: body(['CAP350', 'V460', 'BITZER', 'STDCAB']),
    });
    expect(bad.statusCode).toBe(400);
    const ok = await call('PUT', `/api/cpq/configurations/${mine.Id}`, {
      who: 'salesman1',
      ip,
      body: body(['CAP350', 'V460', 'BITZER', 'ULCAB']),
    });
    expect(ok.statusCode).toBe(200);
    const read = (await call('GET', `/api/cpq/configurations/${mine.Id}`, { who: 'salesman1' })).json().Data as CpqConfiguration;
    expect(read.Price).toBe('526500.00'); // 486000 + 18500 + 22000
    expect((await call('PUT', `/api/cpq/configurations/${mine.Id}`, { who: 'dealer1', ip, body: body(STANDARD) })).statusCode).toBe(404);
    // Its link lets a visitor read it, not change what a user owns.
    const byLink = await call('PUT', `/api/cpq/configurations/${mine.Id}`, { token: mine.Token, ip, body: body(STANDARD) });
    expect(byLink.statusCode).toBe(400);
    expect(byLink.json().Message).toBe('只有配置的保存人可以修改它');
    const anon = (await save(STANDARD, { ip })).json().Data as CpqSaved;
    expect(
      (await call('PUT', `/api/cpq/configurations/${anon.Id}`, { token: anon.Token, ip, body: body([...STANDARD, 'FLOWSW']) })).statusCode,
    ).toBe(200);
    // The product stays the product.
    const mfk = (await call('GET', '/api/cpq/products')).json().Data.find((x: CpqCatalogueItem) => x.Code === 'HC-MFK').Id;
    const moved = await call('PUT', `/api/cpq/configurations/${anon.Id}`, { token: anon.Token, ip, body: { ProductId: mfk, Choices: [] } });
    expect(moved.json().Message).toBe('不能把配置改为另一个产品');
  });

  it("lists the caller's own configurations only, expired ones marked; signed out it is 401", async () => {
    const salesman = (await call('GET', '/api/cpq/mine', { who: 'salesman1' })).json().Data as CpqListRow[];
    expect(salesman.map((r) => r.ProductName)).toEqual(expect.arrayContaining(['螺杆式冷水机组', '风冷热泵模块机组']));
    expect(salesman.find((r) => r.ProductName === '风冷热泵模块机组')!.Expired).toBe(true);
    const own = await p.db.query<{ id: string }>(
      "SELECT new_cpqquoteid AS id FROM new_cpqquote WHERE ownerid = (SELECT systemuserid FROM systemuser WHERE domainname = 'salesman1')",
    );
    expect(salesman.map((r) => r.Id).sort()).toEqual(own.rows.map((r) => r.id).sort());
    const dealer = (await call('GET', '/api/cpq/mine', { who: 'dealer1' })).json().Data as CpqListRow[];
    expect(dealer.map((r) => [r.ProductName, r.Price])).toEqual([['螺杆式冷水机组', '487200.00']]);
    expect((await call('GET', '/api/cpq/mine')).statusCode).toBe(401);
  });
});

describe('on a CRM quote', () => {
  // Two quotes of salesman1's branch for 广州粤华: a draft and an active one (what the quotes' own commands make).
  beforeAll(async () => {
    for (const [name, state] of [
      ['BJ-CPQ-0001', quoteState.draft],
      ['BJ-CPQ-0002', quoteState.active],
    ] as const)
      await p.db.query(
        `INSERT INTO quote (name, new_subject, new_status, ownerid, owningbusinessunit, new_buyer_id, new_customer_id)
         SELECT $1, '医院冷站改造', $2, u.systemuserid, u.businessunitid, d.businessunitid, (SELECT new_endcustomerid FROM new_endcustomer LIMIT 1)
           FROM systemuser u, businessunit d WHERE u.domainname = 'salesman1' AND d.new_code = 'DL-GZ001'`,
        [name, state],
      );
  });
  const quoteOf = async (state: number) =>
    (await p.db.one<{ id: string; name: string }>("SELECT quoteid AS id, name FROM quote WHERE name LIKE 'BJ-CPQ-%' AND new_status = $1", [
      state,
    ]))!;
  const lines = async (cpq: string) =>
    (
      await p.db.query<{ price: string; summary: string }>(
        'SELECT priceperunit AS price, new_configsummary AS summary FROM quotedetail WHERE new_cpqquote_id = $1',
        [cpq],
      )
    ).rows;

  it("a salesman puts a visitor's configuration (by its link) on his draft quote once: a configured line at its price; it becomes his and frozen", async () => {
    const draft = await quoteOf(quoteState.draft);
    const ip = address();
    const visitor = (await save(['CAP500', 'V380', 'VSD', 'GROUP'], { ip })).json().Data as CpqSaved;
    const attach = (who: Who | undefined, withLink = true) =>
      call('POST', `/api/cpq/configurations/${visitor.Id}/attach`, {
        who,
        token: withLink ? visitor.Token : undefined,
        ip,
        body: { QuoteId: draft.id },
      });
    expect((await attach(undefined)).statusCode).toBe(401);
    // Without the link, someone else's configuration is not there.
    expect((await attach('salesman1', false)).statusCode).toBe(404);
    const res = await attach('salesman1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Data: { QuoteId: draft.id, QuoteNumber: draft.name },
      Message: `已作为配置行加入报价单 ${draft.name}`,
    });
    expect(await lines(visitor.Id)).toEqual([{ price: '735000.00', summary: expect.stringContaining('压缩机：比泽尔变频螺杆') }]);
    const mine = (await call('GET', `/api/cpq/configurations/${visitor.Id}`, { who: 'salesman1' })).json().Data as CpqConfiguration;
    expect(mine).toMatchObject({ QuoteId: draft.id, QuoteNumber: draft.name, Editable: false });
    // Whoever reads the quote reads its configured line's configuration (广州粤华 is the quote's buyer); 苏州恒达 does not.
    expect((await call('GET', `/api/cpq/configurations/${visitor.Id}`, { who: 'dealer1' })).json().Data).toMatchObject({
      Id: visitor.Id,
      Editable: false,
    });
    expect((await call('GET', `/api/cpq/configurations/${visitor.Id}`, { who: 'dealer2' })).statusCode).toBe(404);
    const again = await attach('salesman1');
    expect(again.statusCode).toBe(400);
    expect(again.json().Message).toBe(`该配置已加入报价单 ${draft.name}，不能再修改`);
    const change = await call('PUT', `/api/cpq/configurations/${visitor.Id}`, {
      who: 'salesman1',
      ip,
      body: { ProductId: chiller.id, Choices: ids(...STANDARD) },
    });
    expect(change.json().Message).toBe(`该配置已加入报价单 ${draft.name}，不能再修改`);
    expect(await lines(visitor.Id)).toHaveLength(1);
  });

  it('refused on a quote that is not a draft, out of reach, or after the configuration expired; a save naming a quote is all or nothing', async () => {
    const ip = address();
    const active = await quoteOf(quoteState.active);
    const own = (await save(STANDARD, { who: 'salesman1', ip })).json().Data as CpqSaved;
    const onActive = await call('POST', `/api/cpq/configurations/${own.Id}/attach`, { who: 'salesman1', ip, body: { QuoteId: active.id } });
    expect(onActive.statusCode).toBe(400);
    expect(await lines(own.Id)).toEqual([]);
    // 苏州恒达 (dealer2) writes sales documents, but a quote of the 华南 branch for 广州粤华 is not in its reach.
    const dealers = (await save(STANDARD, { who: 'dealer2', ip })).json().Data as CpqSaved;
    const draft = await quoteOf(quoteState.draft);
    expect(
      (await call('POST', `/api/cpq/configurations/${dealers.Id}/attach`, { who: 'dealer2', ip, body: { QuoteId: draft.id } })).statusCode,
    ).toBe(404);
    const expired = (await p.db.one<{ id: string }>(
      "SELECT new_cpqquoteid AS id FROM new_cpqquote WHERE new_expireson < now() AND ownerid = (SELECT systemuserid FROM systemuser WHERE domainname = 'salesman1')",
    ))!.id;
    const late = await call('POST', `/api/cpq/configurations/${expired}/attach`, { who: 'salesman1', ip, body: { QuoteId: draft.id } });
    expect(late.json().Message).toBe('该配置已过有效期，请重新配置');
    // Saving for a quote: anonymous 403; on an active quote refused and nothing stored; on the draft both at once.
    const before = await count();
    expect((await save(STANDARD, { ip, body: { QuoteId: draft.id } })).statusCode).toBe(403);
    expect((await save(STANDARD, { who: 'salesman1', ip, body: { QuoteId: active.id } })).statusCode).toBe(400);
    expect(await count()).toBe(before);
    const both = (await save(STANDARD, { who: 'salesman1', ip, body: { QuoteId: draft.id } })).json().Data as CpqSaved;
    expect(both.QuoteId).toBe(draft.id);
    expect(await lines(both.Id)).toEqual([{ price: '486000.00', summary: expect.any(String) }]);
  });
});

describe("head office's definitions", () => {
  it("a rule or BOM line naming another product's option is refused at its field; costs are head office's alone", async () => {
    const mfkOption = (await p.db.one<{ id: string }>(
      `SELECT o.new_cpqoptionid AS id FROM new_cpqoption o JOIN new_cpqoptiongroup g ON g.new_cpqoptiongroupid = o.new_cpqoptiongroup_id
         JOIN new_cpqproduct p ON p.new_cpqproductid = g.new_cpqproduct_id WHERE p.new_code = 'HC-MFK' AND o.new_code = 'GROUP'`,
    ))!.id;
    const [vsd, group] = ids('VSD', 'GROUP');
    const rule = (target: string) => ({
      new_name: 'HC-LSW 测试规则',
      new_cpqproduct_id: chiller.id,
      new_kind: 1,
      new_option_id: vsd,
      new_target_id: target,
      new_message: '变频压缩机需要智能群控',
    });
    const bad = await call('POST', '/api/crmdata/create/new_cpqrules', { who: 'hq', body: rule(mfkOption) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Data.errors).toEqual([{ field: 'new_target_id', message: '该选项不属于所选的可配置产品' }]);
    expect((await call('POST', '/api/crmdata/create/new_cpqrules', { who: 'hq', body: rule(group) })).statusCode).toBe(200);
    const line = { new_name: '测试物料', new_cpqproduct_id: chiller.id, new_cpqoption_id: mfkOption, new_partnumber: 'T-1', new_qty: 1 };
    expect((await call('POST', '/api/crmdata/create/new_cpqbomitems', { who: 'hq', body: line })).statusCode).toBe(400);
    // The definitions (with their internal costs) are not served to the sales network, only through the public calls.
    expect((await call('GET', '/api/crmdata/Retrieve/new_cpqoptions', { who: 'salesman1' })).statusCode).toBe(403);
  });
});

describe('anonymous saves are limited per client address', () => {
  it('beyond the limit a minute: 429 with a message, nothing stored; other addresses and signed-in callers go on', async () => {
    const ip = address();
    const before = await count();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await save(STANDARD, { ip })).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes.slice(10)).toEqual([429, 429]);
    const refused = await save(STANDARD, { ip });
    expect(refused.json().Message).toBe('操作过于频繁，请稍后再试');
    expect(await count()).toBe(before + 10);
    expect((await save(STANDARD, { ip: address() })).statusCode).toBe(200);
    expect((await save(STANDARD, { ip, who: 'salesman1' })).statusCode).toBe(200);
  });
});
