import { getEntity, MESSAGE_PAGE_MAX, stockOutType, type MessageItem, type MessageList } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

/*
 * Issue 24 item 4: the demo's messages named numbers their documents no longer had
 * ("发货单 FH20261127-0003 已发出" opened FH20261121-0001), and the next delivery made took that
 * number again. Every seeded message names the document it opens, and new documents take numbers
 * nobody has used.
 */

let p: Portal;
/** The demo users the seeding left messages for. */
let users: string[];
const tok: Record<string, string> = {};
const STORE = { host: 'store.test:8080' };
let storeUsers = new Set<string>();
const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  p.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(tok[who]), 'accept-language': 'zh-CN', ...(storeUsers.has(who) ? STORE : {}) },
  });
const created = async (who: string, url: string, body: object) => {
  const res = await api(who, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data.id as string;
};
const id = async (sql: string, param: string) => (await p.db.one<{ id: string }>(sql, [param]))!.id;

beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
  // Store-portal accounts (the sales side's store users get messages too) sign in on the store host.
  storeUsers = new Set(
    (
      await p.db.query<{ login: string }>(
        `SELECT u.domainname AS login FROM systemuser u WHERE NOT EXISTS (SELECT 1 FROM systemuserroles ur JOIN new_roleprivilege rp ON rp.new_role_id = ur.roleid
                 WHERE ur.systemuserid = u.systemuserid AND rp.new_name = 'portal.login')`,
      )
    ).rows.map((r) => r.login),
  );
  users = (
    await p.db.query<{ login: string }>(
      'SELECT DISTINCT u.domainname AS login FROM portal_message m JOIN systemuser u ON u.systemuserid = m.user_id ORDER BY 1',
    )
  ).rows.map((r) => r.login);
  for (const u of new Set([...users, 'station1', 'warehouse1', 'hq']))
    tok[u] = (await signIn(p.app, u, storeUsers.has(u) ? STORE : {})).access_token;
});
afterAll(() => p?.close());

/** Every stored message of a user (notices are not stored messages), all pages. */
async function messagesOf(who: string): Promise<MessageItem[]> {
  const out: MessageItem[] = [];
  for (let page = 1; ; page++) {
    const res = await api(who, 'GET', `/api/message/list?count=${MESSAGE_PAGE_MAX}&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().Data as MessageList;
    out.push(...list.items.filter((i) => i.Target !== 'notice'));
    if (page * MESSAGE_PAGE_MAX >= list.TotalRecordCount) return out;
  }
}

describe('demo messages and numbers (issue 24)', () => {
  let named: Set<string>;

  it('every seeded message opens a record whose number its text names', async () => {
    named = new Set();
    let checked = 0;
    for (const u of users) {
      for (const m of await messagesOf(u)) {
        const e = getEntity(m.EntityName!)!;
        const res = await api(u, 'GET', `/api/crmdata/Retrieve/${e.entitySet}(${m.RecordId})`);
        expect(res.statusCode, `${u}: ${m.Text}`).toBe(200);
        const number = String(res.json().Data[e.primaryName]);
        expect(m.Text, `${u} opens ${number}`).toContain(number);
        named.add(number);
        checked++;
      }
    }
    // The demo leaves messages for several kinds of documents (orders, approvals, deliveries, statements).
    expect(checked).toBeGreaterThan(20);
    expect([...named].some((n) => n.startsWith('FH'))).toBe(true);
    expect([...named].some((n) => n.startsWith('PA'))).toBe(true);
  });

  it('a new document of each kind the demo numbers takes a number not used before', async () => {
    const hd = await id(`SELECT new_srv_warehouseid AS id FROM new_srv_warehouse WHERE new_code = $1`, 'WH-HD');
    const hq = await id(`SELECT new_srv_warehouseid AS id FROM new_srv_warehouse WHERE new_code = $1`, 'WH-HQ');
    const station = await id(`SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = $1`, 'SH001');
    const kinds: [string, () => Promise<string>][] = [
      [
        'new_srv_partsapply',
        () =>
          created('station1', '/api/crmdata/create/new_srv_partsapplies', {
            new_type: 1,
            new_warehouse_id: hd,
            new_recipient: '陈志强',
            new_phonenumber: '021-58956321',
          }),
      ],
      ['new_stockoutorder', () => created('warehouse1', '/api/parts/deliveries', { outType: stockOutType.damaged, warehouseId: hd })],
      [
        'new_srv_parttransorder',
        () =>
          created('hq', '/api/crmdata/create/new_srv_parttransorders', {
            new_warehouse_id: hq,
            new_towarehouse_id: hd,
            new_reason: '补货',
          }),
      ],
      // WH-HD: the demo leaves no count open there (one open count per warehouse).
      ['new_srv_stockcheck', () => created('warehouse1', '/api/stock/counts', { warehouseId: hd })],
      [
        'new_srv_workorder',
        () =>
          created('station1', '/api/crmdata/create/new_srv_workorders', {
            new_type: 1,
            new_warranty: 1,
            new_customer: '上海申通机电有限公司',
            new_contact: '刘先生',
            new_phone: '13812345678',
            new_province: '上海市',
            new_city: '上海市',
            new_county: '浦东新区',
            new_address: '张江路 88 号',
            new_faultdesc: '设备无法启动',
          }),
      ],
      [
        'new_srv_claimfine',
        () =>
          created('hq', '/api/crmdata/create/new_srv_claimfines', {
            new_station_id: station,
            new_finetype: 2,
            new_amount: 100,
            new_checkmonth: 11,
            new_year: 2026,
            new_checkitem: '编号检查',
          }),
      ],
    ];
    for (const [table, create] of kinds) {
      const e = getEntity(table)!;
      const before = (await p.db.query<{ n: string }>(`SELECT ${e.primaryName} AS n FROM ${table}`)).rows.map((r) => r.n);
      const newId = await create();
      const { n } = (await p.db.one<{ n: string }>(`SELECT ${e.primaryName} AS n FROM ${table} WHERE ${e.primaryKey} = $1`, [newId]))!;
      expect(before, table).not.toContain(n);
      expect(named.has(n), `${n} is named by a demo message`).toBe(false);
    }
  });
});
