import { approvalStatus, delayStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { okData as ok, submitFirstFlow, userApi, type Res } from '../../testing/user-api.ts';

let p: Portal;
const tok: Record<string, string> = {};
const station: Record<string, string> = {};

const api = userApi(() => p, tok);
const DELAY = 'new_srv_delayproduct';
const CANCEL = 'new_srv_delaycancel';

/** Submits through the entity's first flow with the first candidate of each step (hq in the demo flow). */
const submit = (entity: string, id: string, who: string, lang = 'zh-CN') => submitFirstFlow(api, who, entity, id, { lang });
const approve = (id: string, entity: string) =>
  api('hq', 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: entity, Action: 'approve', Memo: '同意' });

const delayRow = (id: string) =>
  p.db.one<{ name: string; a: number; s: number; eff: string | null }>(
    `SELECT new_name AS name, new_approvalstatus AS a, new_delaystatus AS s, to_char(new_effectiveenddate, 'YYYY-MM-DD') AS eff FROM new_srv_delayproduct WHERE new_srv_delayproductid = $1`,
    [id],
  );

let serialSeq = 0;
const request = (who: string, code: string, current: string, next: string, extra: Record<string, unknown> = {}, lang = 'zh-CN') =>
  api(
    who,
    'POST',
    '/api/crmdata/create/new_srv_delayproducts',
    {
      new_station_id: station[code],
      new_serialnumber: `TEST-SN-${++serialSeq}`,
      new_customer: '测试客户',
      new_currentenddate: current,
      new_newenddate: next,
      new_reason: '年度保养协议赠送延保',
      ...extra,
    },
    lang,
  );

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'hq']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
});
afterAll(() => p?.close());

describe('warranty extension', () => {
  it('a station creates and submits; the final approval puts the new end date in force', async () => {
    const id = ok(await request('station1', 'SH001', '2026-12-31', '2027-12-31')).id as string;
    expect(await delayRow(id)).toEqual({
      name: expect.stringMatching(/^YB\d{6}-\d{4}$/),
      a: approvalStatus.draft,
      s: delayStatus.pending,
      eff: null,
    });
    ok(await submit(DELAY, id, 'station1'));
    expect((await delayRow(id))!.a).toBe(approvalStatus.underReview);
    expect(ok(await approve(id, DELAY))).toEqual({ Status: approvalStatus.approved });
    expect(await delayRow(id)).toMatchObject({ a: approvalStatus.approved, s: delayStatus.extended, eff: '2027-12-31' });
  });

  it('refuses a new end date not after the current one, a missing or too long reason, in both languages', async () => {
    const same = await request('station1', 'SH001', '2026-12-31', '2026-12-31');
    expect(same.statusCode).toBe(400);
    expect(same.json().Message).toContain('新的保修截止日期必须晚于当前保修截止日期 2026-12-31');
    const en = await request('station1', 'SH001', '2026-12-31', '2026-06-30', {}, 'en-US');
    expect(en.json().Message).toContain('The new warranty end date must be after the current one (2026-12-31)');
    const noReason = await request('station1', 'SH001', '2026-12-31', '2027-12-31', { new_reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().Message).toContain('延保原因');
    const long = await request('station1', 'SH001', '2026-12-31', '2027-12-31', { new_reason: '长'.repeat(501) }, 'en-US');
    expect(long.statusCode).toBe(400);
    expect(long.json().Message).toContain('500');
  });

  it('a second extension of the same machine must go beyond the one in force', async () => {
    const first = ok(await request('station1', 'SH001', '2026-06-30', '2027-06-30')).id as string;
    const serial = `TEST-SN-${serialSeq}`;
    ok(await submit(DELAY, first, 'station1'));
    ok(await approve(first, DELAY));
    const res = await request('station1', 'SH001', '2026-06-30', '2027-01-31', { new_serialnumber: serial });
    expect(res.json().Message).toContain('2027-06-30');
  });
});

describe('extension cancellation', () => {
  it('cancels only an approved extension in force; approval withdraws it; a second cancellation is refused', async () => {
    const draft = ok(await request('station1', 'SH001', '2026-12-31', '2027-12-31')).id as string;
    const refused = await api('station1', 'POST', '/api/crmdata/create/new_srv_delaycancels', {
      new_delayproduct_id: draft,
      new_station_id: station.SH001,
      new_reason: '客户退机',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toContain('只有已审批通过且未取消的延保申请可以取消');
    const refusedEn = await api(
      'station1',
      'POST',
      '/api/crmdata/create/new_srv_delaycancels',
      { new_delayproduct_id: draft, new_station_id: station.SH001, new_reason: 'x' },
      'en-US',
    );
    expect(refusedEn.json().Message).toContain('Only an approved extension that is not yet cancelled can be cancelled');

    ok(await submit(DELAY, draft, 'station1'));
    ok(await approve(draft, DELAY));
    const cancel = ok(
      await api('station1', 'POST', '/api/crmdata/create/new_srv_delaycancels', {
        new_delayproduct_id: draft,
        new_station_id: station.SH001,
        new_reason: '客户退机',
      }),
    ).id as string;
    ok(await submit(CANCEL, cancel, 'station1'));
    // While one cancellation is under review, another is refused.
    const twice = await api('station1', 'POST', '/api/crmdata/create/new_srv_delaycancels', {
      new_delayproduct_id: draft,
      new_station_id: station.SH001,
      new_reason: '重复',
    });
    expect(twice.json().Message).toContain('已有审批中的取消申请');
    ok(await approve(cancel, CANCEL));
    expect(await delayRow(draft)).toMatchObject({ a: approvalStatus.approved, s: delayStatus.cancelled, eff: '2026-12-31' });
    const c = await p.db.one<{ d: string; n: string }>(
      `SELECT to_char(new_restoredenddate, 'YYYY-MM-DD') AS d, new_name AS n FROM new_srv_delaycancel WHERE new_srv_delaycancelid = $1`,
      [cancel],
    );
    expect(c).toEqual({ d: '2026-12-31', n: expect.stringMatching(/^YBQX\d{6}-\d{4}$/) });
    const again = await api('station1', 'POST', '/api/crmdata/create/new_srv_delaycancels', {
      new_delayproduct_id: draft,
      new_station_id: station.SH001,
      new_reason: '再次取消',
    });
    expect(again.json().Message).toContain('只有已审批通过且未取消的延保申请可以取消');
  });
});

describe('scope', () => {
  it('a station sees its own requests; head office sees all; demo data holds every state', async () => {
    const rows = (res: Res) => {
      const d = ok(res);
      return (Array.isArray(d) ? d : d.value) as { new_station_id: string }[];
    };
    const mine = rows(await api('station1', 'GET', '/api/crmdata/Retrieve/new_srv_delayproducts?$select=new_station_id'));
    expect(mine.length).toBeGreaterThan(0);
    expect(
      mine.map((r) => r.new_station_id).filter((s) => s !== station.SH001),
      JSON.stringify(mine[0]),
    ).toEqual([]);
    const all = rows(await api('hq', 'GET', '/api/crmdata/Retrieve/new_srv_delayproducts?$select=new_station_id'));
    expect(new Set(all.map((r) => r.new_station_id)).size).toBeGreaterThan(1);
    const other = (await p.db.one<{ id: string }>(
      `SELECT new_srv_delayproductid AS id FROM new_srv_delayproduct WHERE new_station_id = $1 LIMIT 1`,
      [station.ZJ001],
    ))!.id;
    expect((await api('station1', 'GET', `/api/crmdata/Retrieve/new_srv_delayproducts(${other})`)).statusCode).toBe(404);
    expect((await request('station1', 'ZJ001', '2026-12-31', '2027-12-31')).statusCode).toBeGreaterThanOrEqual(400);
    const states = (
      await p.db.query<{ a: number; s: number }>(
        `SELECT DISTINCT new_approvalstatus AS a, new_delaystatus AS s FROM new_srv_delayproduct WHERE new_serialnumber NOT LIKE 'TEST-%'`,
      )
    ).rows;
    expect(states).toEqual(
      expect.arrayContaining([
        { a: approvalStatus.draft, s: delayStatus.pending },
        { a: approvalStatus.underReview, s: delayStatus.pending },
        { a: approvalStatus.rejected, s: delayStatus.pending },
        { a: approvalStatus.approved, s: delayStatus.extended },
        { a: approvalStatus.approved, s: delayStatus.cancelled },
      ]),
    );
  });
});
