import { ENTITIES } from '@portal/model';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { refused } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';
import { isServed } from './access.ts';

let p: Portal;
// One user of each kind; store1 signs in on the store portal's host.
const USERS = ['admin', 'hq', 'branch1', 'station1', 'engineer1', 'warehouse1', 'picker1', 'shipper1', 'store1'] as const;
const STORE = { host: 'store.test:8080' };
const host = (who: string) => (who === 'store1' ? STORE : {});
const tok: Record<string, string> = {};
const privileges: Record<string, Set<string>> = {};
const get = (who: string, url: string, lang = 'zh-CN') =>
  p.app.inject({ method: 'GET', url, headers: { ...bearer(tok[who]), 'accept-language': lang, ...host(who) } });

beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
  for (const u of USERS) {
    tok[u] = (await signIn(p.app, u, host(u))).access_token;
    privileges[u] = new Set((await get(u, '/api/portaluser/me')).json().Data.privilege as string[]);
  }
});
afterAll(() => p?.close());

const SERVED = ENTITIES.filter(isServed);

describe('Excel export of every served entity', () => {
  it('the default export (no columns named) answers a workbook without secret fields, to a user who may read the entity', async () => {
    const failures: string[] = [];
    for (const e of SERVED) {
      // The reader with the fewest privileges: the narrowest scope and the most fields they may not see.
      const who = USERS.filter((u) => privileges[u].has(e.access.read)).sort((a, b) => privileges[a].size - privileges[b].size)[0];
      expect(who, `${e.logicalName}: no demo user may read it`).toBeDefined();
      const r = await get(who, `/api/crmdata/Export/${e.entitySet}`, 'en-US');
      if (r.statusCode !== 200) {
        failures.push(`${who} ${e.entitySet}: ${r.statusCode} ${r.body.slice(0, 200)}`);
        continue;
      }
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
      const secrets = Object.values(e.allFields)
        .filter((f) => f.secret)
        .map((f) => f.label['en-US']);
      if (!header.length || secrets.some((s) => header.includes(s))) failures.push(`${who} ${e.entitySet}: columns ${header.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  it("the web list, which exports its view's columns, is never given a secret one", () => {
    const withSecret = SERVED.flatMap((e) =>
      Object.entries(e.views)
        .filter(([, v]) => v.columns.some((c) => e.allFields[c]?.secret))
        .map(([n]) => `${e.logicalName}.${n}`),
    );
    expect(withSecret).toEqual([]);
  });

  it("a secret field named for export is refused by its label, in the caller's language", async () => {
    const secrets = SERVED.flatMap((e) =>
      Object.entries(e.allFields)
        .filter(([, f]) => f.secret)
        .map(([name, f]) => ({ e, name, f })),
    );
    // The probe's four: engineer app password, the two ledgers' idempotency keys, the user's password.
    expect(secrets.map((s) => `${s.e.logicalName}.${s.name}`)).toEqual(
      expect.arrayContaining([
        'new_srv_worker.new_apppassword',
        'new_srv_stocktransaction.new_key',
        'new_srv_amountchangelog.new_key',
        'systemuser.new_password',
      ]),
    );
    for (const { e, name, f } of secrets) {
      refused(await get('admin', `/api/crmdata/Export/${e.entitySet}?columns=${e.primaryName},${name}`), `${f.label['zh-CN']}不能导出`);
      refused(await get('admin', `/api/crmdata/Export/${e.entitySet}?$select=${name}`, 'en-US'), `${f.label['en-US']} cannot be exported`);
    }
  });
});
