import { OAUTH2_TOKEN_PATH, SERVICE_ACCOUNT_API } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { secondInstance, testPortal } from '../../testing/test-portal.ts';

// Two app instances on one PostgreSQL: a service account's tokens end on both the moment it is
// disabled or its secret rotated on one of them, although the other has the session cached (as soon
// as the database's notice reaches it).
describe('service account tokens across instances', () => {
  let a: Portal;
  let b: Portal;
  let admin: string;
  beforeAll(async () => {
    a = await testPortal();
    b = await secondInstance(a);
    admin = (await signIn(a.app, 'admin')).access_token;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const make = async (name: string) => {
    const hq = await a.db.one<{ id: string }>("SELECT businessunitid AS id FROM businessunit WHERE new_code = 'HQ'");
    const role = await a.db.one<{ id: string }>("SELECT roleid AS id FROM role WHERE new_code = 'R02-HQ'");
    const r = await a.app.inject({
      method: 'POST',
      url: SERVICE_ACCOUNT_API,
      headers: bearer(admin),
      payload: { name, units: [hq!.id], roles: [role!.id] },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().Data as { id: string; clientId: string; clientSecret: string };
  };
  const tokenOn = async (p: Portal, m: { clientId: string; clientSecret: string }) => {
    const r = await p.app.inject({
      method: 'POST',
      url: OAUTH2_TOKEN_PATH,
      payload: { grant_type: 'client_credentials', client_id: m.clientId, client_secret: m.clientSecret },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().access_token as string;
  };
  const read = (p: Portal, t: string) =>
    p.app.inject({ method: 'GET', url: '/api/crmdata/Retrieve/new_srv_workers?$top=1', headers: bearer(t) });
  /**
   * The other instance drops its cached session when the database's notice reaches it: the command
   * waits until its own instance heard it, and the other hears it about then (well under a
   * millisecond on a quiet host, later on a loaded one), so the refusal is awaited, within 2 s.
   */
  const refusedSoon = async (p: Portal, t: string) => {
    const until = Date.now() + 2_000;
    let status = (await read(p, t)).statusCode;
    while (status !== 401 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 5));
      status = (await read(p, t)).statusCode;
    }
    return status;
  };

  it('disabled on one instance: its token is refused on the other at once', async () => {
    const m = await make('双实例停用');
    const t = await tokenOn(a, m);
    expect((await read(b, t)).statusCode).toBe(200); // b now holds the session in its cache
    expect((await a.app.inject({ method: 'POST', url: `${SERVICE_ACCOUNT_API}/${m.id}/disable`, headers: bearer(admin) })).statusCode).toBe(
      200,
    );
    expect(await refusedSoon(b, t)).toBe(401);
  });

  it('rotated on the other instance: the old token is refused on the first at once', async () => {
    const m = await make('双实例轮换');
    const t = await tokenOn(b, m);
    expect((await read(a, t)).statusCode).toBe(200);
    const adminOnB = (await signIn(b.app, 'admin')).access_token;
    expect(
      (await b.app.inject({ method: 'POST', url: `${SERVICE_ACCOUNT_API}/${m.id}/rotate`, headers: bearer(adminOnB) })).statusCode,
    ).toBe(200);
    expect(await refusedSoon(a, t)).toBe(401);
  });
});
