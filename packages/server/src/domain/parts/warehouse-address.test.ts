import { approvalStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused, type Res } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';

// spec 001 §8 "warehouse has no address": a warehouse goods leave from or go to needs one.
let p: Portal;
const tok: Record<string, string> = {};
const wh: Record<string, string> = {};
const part: Record<string, string> = {};

const api = (who: string, url: string, payload: object, lang = 'zh-CN') =>
  p.app.inject({ method: 'POST', url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const count = async (table: string) => (await p.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;
const setAddress = (code: string, address: string | null) =>
  p.db.query('UPDATE new_srv_warehouse SET new_address = $2 WHERE new_code = $1', [code, address]);
const NO_ADDRESS = '仓库没有地址';
const NO_ADDRESS_EN = 'The warehouse has no address';
/** A record-service refusal: the message, and the field marked in Data.errors. */
function fieldRefused(res: Res, field: string, message = NO_ADDRESS) {
  refused(res, message);
  expect(res.json().Data.errors).toEqual([{ field, message }]);
}

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'hq', 'admin']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (
    await p.db.query<{ id: string; code: string }>('SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse')
  ).rows)
    wh[r.code] = r.id;
  for (const r of (await p.db.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product')).rows)
    part[r.no] = r.id;
  // 华南中心库 (central) has no address from here on.
  await setAddress('WH-HN', '  ');
});
afterAll(() => p?.close());

describe('a warehouse without an address', () => {
  it("is refused as an application's supplying warehouse, and nothing is created", async () => {
    const before = await count('new_srv_partsapply');
    const body = { new_type: 1, new_warehouse_id: wh['WH-HN'], new_recipient: '陈志强', new_phonenumber: '021-58956321' };
    fieldRefused(await api('station1', '/api/crmdata/create/new_srv_partsapplies', body), 'new_warehouse_id');
    fieldRefused(await api('station1', '/api/crmdata/create/new_srv_partsapplies', body, 'en-US'), 'new_warehouse_id', NO_ADDRESS_EN);
    expect(await count('new_srv_partsapply')).toBe(before);
    done(await api('station1', '/api/crmdata/create/new_srv_partsapplies', { ...body, new_warehouse_id: wh['WH-HD'] }));
  });

  it('is refused as either end of a transfer, and nothing is created', async () => {
    const before = await count('new_srv_parttransorder');
    const to = { new_warehouse_id: wh['WH-HQ'], new_towarehouse_id: wh['WH-HN'], new_reason: '补货' };
    fieldRefused(await api('hq', '/api/crmdata/create/new_srv_parttransorders', to), 'new_towarehouse_id');
    fieldRefused(await api('hq', '/api/crmdata/create/new_srv_parttransorders', to, 'en-US'), 'new_towarehouse_id', NO_ADDRESS_EN);
    fieldRefused(
      await api('admin', '/api/crmdata/create/new_srv_parttransorders', {
        new_warehouse_id: wh['WH-HN'],
        new_towarehouse_id: wh['WH-HD'],
        new_reason: '补货',
      }),
      'new_warehouse_id',
    );
    expect(await count('new_srv_parttransorder')).toBe(before);
  });

  it("ships nothing: a delivery to an application's station or a transfer's warehouse is refused; a scrap delivery goes nowhere and is not", async () => {
    const before = await count('new_stockoutorder');
    refused(
      await api('admin', '/api/parts/deliveries', { outType: 1, warehouseId: wh['WH-HN'], applicationIds: [] }),
      NO_ADDRESS,
      400,
      'warehouseId',
    );
    refused(
      await api('admin', '/api/parts/deliveries', { outType: 2, warehouseId: wh['WH-HN'], transferId: '' }, 'en-US'),
      NO_ADDRESS_EN,
      400,
      'warehouseId',
    );
    expect(await count('new_stockoutorder')).toBe(before);
    done(await api('admin', '/api/parts/deliveries', { outType: 5, warehouseId: wh['WH-HN'], scrapReason: 2, afterScrap: 1 }));

    // An approved transfer whose receiving warehouse lost its address since: its delivery is refused.
    const id = done(
      await api('hq', '/api/crmdata/create/new_srv_parttransorders', {
        new_warehouse_id: wh['WH-HQ'],
        new_towarehouse_id: wh['WH-HD'],
        new_reason: '补货',
      }),
    ).id;
    done(await api('hq', `/api/parts/transfers/${id}/lines`, { productId: part['EC-INV-55'], qty: 1 }));
    await p.db.query('UPDATE new_srv_parttransorder SET new_approvalstatus = $2 WHERE new_srv_parttransorderid = $1', [
      id,
      approvalStatus.approved,
    ]);
    await setAddress('WH-HD', null);
    try {
      const n = await count('new_stockoutorder');
      refused(
        await api('admin', '/api/parts/deliveries', { outType: 2, warehouseId: wh['WH-HQ'], transferId: id }),
        NO_ADDRESS,
        400,
        'transferId',
      );
      expect(await count('new_stockoutorder')).toBe(n);
    } finally {
      await setAddress('WH-HD', '华东中心库地址');
    }
  });
});
