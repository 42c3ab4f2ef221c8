import { businessUnitType, portalKind, warehouseType } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, postToken, signIn, solvedCaptcha } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';

// The dealers' user centre (issue 27): stores with their unit and warehouse, end customers, store
// products, cooperating customers and staff, each reachable in the dealer's own chain only.

let p: Portal;
const tok: Record<string, string> = {};
const STORE_HOST = { host: 'store.test' };
const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object, host?: Record<string, string>) =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': 'zh-CN', ...host } });
const unitId = async (code: string) =>
  (await p.db.one<{ id: string }>('SELECT businessunitid AS id FROM businessunit WHERE new_code = $1', [code]))!.id;
const idOf = async (table: string, where: string, params: unknown[]) =>
  (await p.db.one<{ id: string }>(`SELECT ${table}id AS id FROM ${table} WHERE ${where} LIMIT 1`, params))!.id;
const count = async (table: string) => Number((await p.db.one<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))!.n);

async function passwordSignIn(username: string, password: string, headers: Record<string, string> = {}) {
  const c = await solvedCaptcha(p.app);
  return postToken(p.app, { grant_type: 'password', username, password, captcha1: c.id, captcha2: c.answer }, headers);
}

beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
  for (const who of ['dealer1', 'dealer2', 'admin', 'hqsales']) tok[who] = (await signIn(p.app, who)).access_token;
  tok.store1 = (await signIn(p.app, 'store1', STORE_HOST)).access_token;
}, 120_000);
afterAll(async () => {
  await p?.close();
});

describe('stores', () => {
  it('a dealer creates a store: a store unit under the dealer and its store warehouse, in one write', async () => {
    const { id } = done<{ id: string }>(
      await api('dealer1', 'POST', '/api/crmdata/create/new_stores', {
        new_name: '珠海香洲华辰专卖店',
        new_code: 'SP-ZH004',
        new_city: '珠海市',
        new_address: '香洲区人民西路 635 号',
        new_contact: '陈晓敏',
        new_phone: '0756-2218830',
        new_manager: '陈晓敏',
      }),
    );
    const s = (await p.db.one<Record<string, string | boolean>>('SELECT * FROM new_store WHERE new_storeid = $1', [id]))!;
    const unit = (await p.db.one<Record<string, unknown>>('SELECT * FROM businessunit WHERE businessunitid = $1', [
      s.new_businessunit_id,
    ]))!;
    expect(unit).toMatchObject({ name: '珠海香洲华辰专卖店', new_code: 'SP-ZH004', new_type: businessUnitType.store });
    expect(unit.parentbusinessunitid).toBe(await unitId('DL-GZ001'));
    expect(s.new_dealer_id).toBe(await unitId('DL-GZ001'));
    expect(s.owningbusinessunit).toBe(s.new_businessunit_id);
    expect(s.new_isactive).toBe(true);
    const wh = (await p.db.one<Record<string, unknown>>('SELECT * FROM new_srv_warehouse WHERE new_srv_warehouseid = $1', [
      s.new_warehouse_id,
    ]))!;
    expect(wh).toMatchObject({ new_code: 'WH-SP-ZH004', new_type: warehouseType.store, new_businessunit_id: s.new_businessunit_id });
    // At once in the dealer's reach (its subtree grew), with the server's links.
    const row = done<Record<string, unknown>>(await api('dealer1', 'GET', `/api/crmdata/Retrieve/new_stores(${id})`));
    expect(row.new_warehouse_id).toBe(s.new_warehouse_id);
    // Renaming the store renames its unit.
    done(await api('dealer1', 'POST', `/api/crmdata/Update/new_stores(${id})`, { new_name: '珠海香洲华辰旗舰店' }));
    expect(
      (await p.db.one<{ name: string }>('SELECT name FROM businessunit WHERE businessunitid = $1', [s.new_businessunit_id]))!.name,
    ).toBe('珠海香洲华辰旗舰店');
  });

  it('the unit, dealer and warehouse are the server’s; a code used by another unit, a non-dealer creator and a delete are refused', async () => {
    const units = await count('businessunit');
    const r = await api('dealer1', 'POST', '/api/crmdata/create/new_stores', {
      new_name: '伪造门店',
      new_code: 'SP-X001',
      new_businessunit_id: await unitId('DL-SZ001'),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().Message).toBe('门店组织由业务流程维护，不能直接修改');
    refused(
      await api('dealer1', 'POST', '/api/crmdata/create/new_stores', { new_name: '重复', new_code: 'DL-SZ001' }),
      '编码“DL-SZ001”已被其他组织使用',
    );
    refused(
      await api('admin', 'POST', '/api/crmdata/create/new_stores', { new_name: '总部门店', new_code: 'SP-HQ01' }),
      '只有经销商账号可以新建门店',
      403,
    );
    const sz = await idOf('new_store', "new_code = 'SP-SZ001'", []);
    refused(await api('dealer1', 'POST', `/api/crmdata/delete/new_stores(${sz})`), '门店不能删除，不再经营请停用');
    refused(
      await api('dealer1', 'POST', `/api/crmdata/Update/new_stores(${sz})`, { new_warehouse_id: null }),
      '默认仓库由业务流程维护，不能直接修改',
      400,
    );
    expect(await count('businessunit')).toBe(units);
  });

  it('a store reads its own store only and changes nothing; head office reads every store', async () => {
    const own = done<{ value: { new_code: string }[] }>(
      await api('store1', 'GET', '/api/crmdata/Retrieve/new_stores', undefined, STORE_HOST),
    );
    expect(own.value.map((s) => s.new_code)).toEqual(['SP-SZ001']);
    const sz = await idOf('new_store', "new_code = 'SP-SZ001'", []);
    expect((await api('store1', 'POST', `/api/crmdata/Update/new_stores(${sz})`, { new_manager: '某人' }, STORE_HOST)).statusCode).toBe(
      403,
    );
    const all = done<{ value: { new_code: string }[] }>(await api('hqsales', 'GET', '/api/crmdata/Retrieve/new_stores?$top=50'));
    expect(all.value.map((s) => s.new_code)).toEqual(expect.arrayContaining(['SP-SZ001', 'SP-GZ002', 'SP-FS003', 'SP-SU001', 'SP-WX002']));
  });
});

describe('another dealer’s chain is out of reach', () => {
  it('dealer2 gets 404 for dealer1’s stores, store products, end customers, partners and staff, and changes nothing', async () => {
    const rows = {
      new_stores: await idOf('new_store', "new_code = 'SP-GZ002'", []),
      new_storeproducts: await idOf('new_storeproduct', 'new_businessunit_id = $1', [await unitId('SP-GZ002')]),
      new_endcustomers: await idOf('new_endcustomer', 'new_businessunit_id = $1', [await unitId('SP-SZ001')]),
      new_coopcustomers: await idOf('new_coopcustomer', 'owningbusinessunit = $1', [await unitId('DL-GZ001')]),
      systemusers: await idOf('systemuser', 'domainname = $1', ['store1']),
    };
    for (const [set, id] of Object.entries(rows)) {
      expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/${set}(${id})`)).statusCode, set).toBe(404);
      // Dealers read accounts of their chain; they change them through the staff calls only.
      const change = set === 'systemusers' ? { title: 'x' } : set === 'new_storeproducts' ? { new_retailprice: 1 } : { new_name: 'x' };
      const update = await api('dealer2', 'POST', `/api/crmdata/Update/${set}(${id})`, change);
      expect(update.statusCode, set).toBe(set === 'systemusers' ? 403 : 404);
    }
    expect((await api('dealer2', 'GET', `/api/usercenter/staff/${rows.systemusers}`)).statusCode).toBe(404);
    expect((await api('dealer2', 'POST', `/api/usercenter/staff/${rows.systemusers}/disable`)).statusCode).toBe(404);
    expect((await api('dealer2', 'POST', `/api/usercenter/staff/${rows.systemusers}/password`)).statusCode).toBe(404);
    // Naming dealer1's store in dealer2's own rows is refused too.
    const r = await api('dealer2', 'POST', '/api/crmdata/create/new_endcustomers', {
      new_name: '张三',
      new_mobile: '13912345678',
      new_store_id: rows.new_stores,
    });
    expect(r.statusCode).toBe(400);
    expect((await p.db.one('SELECT 1 FROM new_endcustomer WHERE new_name = $1', ['张三'])) ?? null).toBeNull();
    // The lists hold their own chain only.
    const users = done<{ value: { domainname: string }[] }>(await api('dealer2', 'GET', '/api/crmdata/Retrieve/systemusers?$top=100'));
    expect(users.value.map((u) => u.domainname)).toEqual(expect.arrayContaining(['dealer2', 'dealer2fin', 'store2']));
    expect(users.value.map((u) => u.domainname)).not.toContain('store1');
  });
});

describe('end customers, store products and partners', () => {
  it('an end customer sits in its store’s unit (else the dealer’s), and moves with its store', async () => {
    const gz = await idOf('new_store', "new_code = 'SP-GZ002'", []);
    const { id } = done<{ id: string }>(
      await api('dealer1', 'POST', '/api/crmdata/create/new_endcustomers', {
        new_name: '刘德明',
        new_mobile: '13726691052',
        new_store_id: gz,
        new_city: '广州市',
      }),
    );
    const unitOf = async () =>
      (await p.db.one<{ u: string; o: string }>(
        'SELECT new_businessunit_id AS u, owningbusinessunit AS o FROM new_endcustomer WHERE new_endcustomerid = $1',
        [id],
      ))!;
    expect(await unitOf()).toEqual({ u: await unitId('SP-GZ002'), o: await unitId('SP-GZ002') });
    done(await api('dealer1', 'POST', `/api/crmdata/Update/new_endcustomers(${id})`, { new_store_id: null }));
    expect(await unitOf()).toEqual({ u: await unitId('DL-GZ001'), o: await unitId('DL-GZ001') });
    refused(
      await api('dealer1', 'POST', '/api/crmdata/create/new_endcustomers', { new_name: '错号', new_mobile: '12345' }),
      '手机号码格式不正确',
    );
  });

  it('one row per store and product: a second is refused clearly and nothing changes', async () => {
    const sz = await idOf('new_store', "new_code = 'SP-SZ001'", []);
    const listed = (await p.db.one<{ product: string; price: string }>(
      'SELECT new_product_id AS product, new_retailprice AS price FROM new_storeproduct WHERE new_store_id = $1 LIMIT 1',
      [sz],
    ))!;
    const name = (await p.db.one<{ name: string }>('SELECT name FROM product WHERE productid = $1', [listed.product]))!.name;
    const before = await count('new_storeproduct');
    refused(
      await api('dealer1', 'POST', '/api/crmdata/create/new_storeproducts', {
        new_store_id: sz,
        new_product_id: listed.product,
        new_retailprice: 99,
        new_minorderqty: 1,
      }),
      `门店“深圳南山华辰体验店”已有商品“${name}”，不能重复添加`,
    );
    refused(
      await api('dealer1', 'POST', '/api/crmdata/create/new_storeproducts', {
        new_store_id: sz,
        new_product_id: listed.product,
        new_retailprice: -1,
        new_minorderqty: 0,
      }),
      '零售价不能小于 0；最小起订量不能小于 1',
    );
    expect(await count('new_storeproduct')).toBe(before);
    // A product the store does not list yet: placed in the store's unit with the product's name.
    const other = (await p.db.one<{ id: string }>(
      'SELECT productid AS id FROM product WHERE productid NOT IN (SELECT new_product_id FROM new_storeproduct WHERE new_store_id = $1) LIMIT 1',
      [sz],
    ))!.id;
    const { id } = done<{ id: string }>(
      await api('dealer1', 'POST', '/api/crmdata/create/new_storeproducts', {
        new_store_id: sz,
        new_product_id: other,
        new_retailprice: '1288.00',
        new_minorderqty: 2,
      }),
    );
    const row = (await p.db.one<Record<string, unknown>>('SELECT * FROM new_storeproduct WHERE new_storeproductid = $1', [id]))!;
    expect(row.new_businessunit_id).toBe(await unitId('SP-SZ001'));
    expect(row.new_onsale).toBe(true);
    expect(row.new_name).toBeTruthy();
    // The store reads its list, not another store's.
    const seen = done<{ value: { new_store_id: string }[] }>(
      await api('store1', 'GET', '/api/crmdata/Retrieve/new_storeproducts?$top=100', undefined, STORE_HOST),
    );
    expect(new Set(seen.value.map((r) => r.new_store_id))).toEqual(new Set([sz]));
  });

  it('a partner is the dealer’s own; only a dealer creates one', async () => {
    const { id } = done<{ id: string }>(
      await api('dealer2', 'POST', '/api/crmdata/create/new_coopcustomers', {
        new_name: '昆山安固机电安装队',
        new_kind: 1,
        new_contact: '潘海',
        new_mobile: '13812990061',
        new_creditdays: 30,
        new_discount: 95,
      }),
    );
    expect(
      (await p.db.one<{ o: string }>('SELECT owningbusinessunit AS o FROM new_coopcustomer WHERE new_coopcustomerid = $1', [id]))!.o,
    ).toBe(await unitId('DL-SZ001'));
    expect((await api('dealer1', 'GET', `/api/crmdata/Retrieve/new_coopcustomers(${id})`)).statusCode).toBe(404);
    refused(
      await api('admin', 'POST', '/api/crmdata/create/new_coopcustomers', {
        new_name: '总部客户',
        new_kind: 2,
        new_contact: '甲',
        new_mobile: '13812990062',
      }),
      '只有经销商账号可以新建合作客户',
      403,
    );
  });
});

describe('staff', () => {
  const base = (unit: string) => ({ fullname: '许晓峰', title: '店员', unitId: unit, roles: ['R07-STORE'], portal: portalKind.store });

  it('a store user cannot create staff; a role outside the list, a unit outside the chain and a taken number are refused', async () => {
    const users = await count('systemuser');
    const sz = await unitId('SP-SZ001');
    expect((await api('store1', 'POST', '/api/usercenter/staff', { ...base(sz), mobilephone: '13600136091' }, STORE_HOST)).statusCode).toBe(
      403,
    );
    const admin = await api('dealer1', 'POST', '/api/usercenter/staff', {
      ...base(sz),
      mobilephone: '13600136091',
      roles: ['R07-STORE', 'R01-ADMIN'],
    });
    refused(admin, '角色“R01-ADMIN”不能由经销商分配', 400, 'roles');
    refused(
      await api('dealer1', 'POST', '/api/usercenter/staff', { ...base(await unitId('SP-SU001')), mobilephone: '13600136091' }),
      '只能选择本经销商或其下属门店',
      400,
      'unitId',
    );
    refused(
      await api('dealer1', 'POST', '/api/usercenter/staff', { ...base(await unitId('HQ')), mobilephone: '13600136091' }),
      '只能选择本经销商或其下属门店',
    );
    refused(
      await api('dealer1', 'POST', '/api/usercenter/staff', { ...base(sz), mobilephone: '13600136021' }),
      '手机号码 13600136021 已被其他账号使用',
    );
    refused(
      await api('dealer1', 'POST', '/api/usercenter/staff', { ...base(sz), mobilephone: '13600136091', portal: portalKind.standard }),
      '所选角色不能登录标准门户',
    );
    expect(await count('systemuser')).toBe(users);
  });

  it('a staff user signs in on the portal of its kind only, with the password answered once', async () => {
    const made = done<{ id: string; userName: string; password: string }>(
      await api('dealer1', 'POST', '/api/usercenter/staff', {
        ...base(await unitId('SP-FS003')),
        mobilephone: '13600136092',
        // Both roles together could sign in on both portals: the portal kind decides.
        roles: ['R07-STORE', 'R17-DEALERFIN'],
      }),
      '员工账号已创建，登录名 13600136092',
    );
    expect(made.userName).toBe('13600136092');
    expect(made.password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{14}$/);
    const stored = (await p.db.one<{ pw: string; kind: number; type: number }>(
      'SELECT new_password AS pw, new_portalkind AS kind, new_usertype AS type FROM systemuser WHERE systemuserid = $1',
      [made.id],
    ))!;
    expect(stored.pw.startsWith('$argon2id$')).toBe(true);
    expect(stored).toMatchObject({ kind: portalKind.store, type: 4 });
    expect((await passwordSignIn(made.userName, made.password, STORE_HOST)).statusCode).toBe(200);
    const standard = await passwordSignIn(made.userName, made.password);
    expect(standard.statusCode).toBe(400);
    expect(standard.json().error_description ?? standard.json().Message).toMatch(/not allowed|不允许|无权/i);
    // The detail the dealer sees; dealer2 sees nothing of it.
    const detail = done<{ roles: string[]; portal: number; unitName: string }>(
      await api('dealer1', 'GET', `/api/usercenter/staff/${made.id}`),
    );
    expect(detail).toMatchObject({ roles: ['R07-STORE', 'R17-DEALERFIN'], portal: portalKind.store, unitName: '佛山顺德华辰专卖店' });
  });

  it('disabling a staff user signs it out everywhere: its token and refresh token stop working, sign-in is refused', async () => {
    const made = done<{ id: string; userName: string; password: string }>(
      await api('dealer1', 'POST', '/api/usercenter/staff', { ...base(await unitId('SP-SZ001')), mobilephone: '13600136093' }),
    );
    const session = (await passwordSignIn(made.userName, made.password, STORE_HOST)).json() as {
      access_token: string;
      refresh_token: string;
    };
    const me = () =>
      p.app.inject({ method: 'GET', url: '/api/portaluser/me', headers: { ...bearer(session.access_token), ...STORE_HOST } });
    expect((await me()).statusCode).toBe(200);
    refused(
      await api('dealer1', 'POST', `/api/usercenter/staff/${await idOf('systemuser', 'domainname = $1', ['dealer1'])}/disable`),
      '不能停用自己的账号',
    );
    done(await api('dealer1', 'POST', `/api/usercenter/staff/${made.id}/disable`), '已停用，该员工已在所有设备上退出登录');
    expect((await me()).statusCode).toBe(401);
    const open = await p.db.one<{ n: string }>('SELECT count(*) AS n FROM auth_session WHERE user_id = $1 AND ended_at IS NULL', [made.id]);
    expect(Number(open!.n)).toBe(0);
    const refresh = await postToken(p.app, { grant_type: 'refresh_token', refresh_token: session.refresh_token }, STORE_HOST);
    expect(refresh.statusCode).toBe(400);
    expect((await passwordSignIn(made.userName, made.password, STORE_HOST)).statusCode).toBe(400);
    // Enabled again, it signs in; a reset password ends that session and the old password fails.
    done(await api('dealer1', 'POST', `/api/usercenter/staff/${made.id}/enable`), '已启用');
    const again = (await passwordSignIn(made.userName, made.password, STORE_HOST)).json() as { access_token: string };
    const reset = done<{ password: string }>(await api('dealer1', 'POST', `/api/usercenter/staff/${made.id}/password`));
    expect(reset.password).not.toBe(made.password);
    expect(
      (await p.app.inject({ method: 'GET', url: '/api/portaluser/me', headers: { ...bearer(again.access_token), ...STORE_HOST } }))
        .statusCode,
    ).toBe(401);
    expect((await passwordSignIn(made.userName, made.password, STORE_HOST)).statusCode).toBe(400);
    expect((await passwordSignIn(made.userName, reset.password, STORE_HOST)).statusCode).toBe(200);
  });
});
