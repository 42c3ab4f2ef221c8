import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';

describe('GET /api/ShoppingCart/DefaultDelivery', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await testPortal();
  });
  afterAll(() => portal?.close());

  const get = async (who: string) => {
    const { access_token } = await signIn(portal.app, who);
    return portal.app.inject({ method: 'GET', url: '/api/ShoppingCart/DefaultDelivery', headers: bearer(access_token) });
  };

  it("gives a station user their station's address, site owner and phone", async () => {
    const r = await get('station1');
    expect(r.statusCode).toBe(200);
    expect(r.json().Data).toEqual({
      Contact: '陈志强',
      Phone: '021-58956321',
      Province: '上海市',
      City: '上海市',
      County: '浦东新区',
      Address: '张江高科技园区碧波路 690 号',
    });
  });

  it('follows the station record when it changes', async () => {
    await portal.db.query("UPDATE new_srv_station SET new_address = '碧波路 1 号', new_phone = NULL WHERE new_code = 'SH001'");
    const d = (await get('station1')).json().Data;
    expect(d.Address).toBe('碧波路 1 号');
    // No station phone: the user's own mobile.
    expect(d.Phone).toBe('13800138001');
  });

  it('gives a user without a station no address, and needs shop.buy', async () => {
    const d = (await get('admin')).json().Data;
    expect(d).toMatchObject({ Province: '', City: '', County: '', Address: '' });
    expect((await get('engineer1')).statusCode).toBe(403);
    expect((await portal.app.inject({ method: 'GET', url: '/api/ShoppingCart/DefaultDelivery' })).statusCode).toBe(401);
  });

  it('offers a user without a station the delivery of their last order', async () => {
    await portal.db.query(
      `INSERT INTO salesorder (name, new_status, totalamount, new_contact, new_phone, new_province, new_city, new_county, new_address, ownerid, owningbusinessunit, createdby, modifiedby, createdon)
       SELECT v.name, 2, 0, v.contact, '13912345678', '广东省', '深圳市', '南山区', v.address, u.systemuserid, u.businessunitid, u.systemuserid, u.systemuserid, now() - v.age
         FROM systemuser u, (VALUES ('SO-OLD', '旧联系人', '科技园 1 号', interval '2 days'), ('SO-NEW', '王建国', '科技园南区 8 栋', interval '1 hour')) v(name, contact, address, age)
        WHERE u.domainname = 'admin'`,
    );
    expect((await get('admin')).json().Data).toEqual({
      Contact: '王建国',
      Phone: '13912345678',
      Province: '广东省',
      City: '深圳市',
      County: '南山区',
      Address: '科技园南区 8 栋',
    });
  });
});
