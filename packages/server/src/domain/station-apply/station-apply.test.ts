import { approvalStatus, stationApplyType, stationState } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { passwordForm, postToken, signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { okData as ok, submitFirstFlow, userApi, type Res } from '../../testing/user-api.ts';

let p: Portal;
const tok: Record<string, string> = {};
const station: Record<string, string> = {};
const ENTITY = 'new_srv_stationapply';

const api = userApi(() => p, tok);

/** Submits through the entity's first flow with the first candidate of its step (hq in the demo flow). */
const submit = (id: string, who: string, lang = 'zh-CN') => submitFirstFlow(api, who, ENTITY, id, { lang });
const decide = (id: string, action: 'approve' | 'reject' | 'veto') =>
  api('hq', 'POST', '/api/CrmFlow/approve', {
    EntityId: id,
    EntityTypeName: ENTITY,
    Action: action,
    Memo: action === 'approve' ? '同意' : '资料不全',
  });
const create = (who: string, type: keyof typeof stationApplyType, values: Record<string, unknown> = {}, lang = 'zh-CN') =>
  api(
    who,
    'POST',
    '/api/crmdata/create/new_srv_stationapplys',
    { new_applytype: stationApplyType[type as 'change'], new_reason: '测试申请', ...values },
    lang,
  );

const stationRow = (code: string) =>
  p.db.one<{ phone: string; owner: string; level: number; term: string | null; state: number }>(
    `SELECT new_phone AS phone, new_siteowner AS owner, new_level AS level, to_char(new_termenddate, 'YYYY-MM-DD') AS term, statecode AS state FROM new_srv_station WHERE new_code = $1`,
    [code],
  );
const applyRow = (id: string) =>
  p.db.one<{ name: string; a: number; oldphone: string; newphone: string; oldterm: string | null }>(
    `SELECT new_name AS name, new_approvalstatus AS a, new_oldphone AS oldphone, new_newphone AS newphone, to_char(new_oldtermenddate, 'YYYY-MM-DD') AS oldterm FROM new_srv_stationapply WHERE new_srv_stationapplyid = $1`,
    [id],
  );

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'hq']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
});
afterAll(() => p?.close());

describe('change application', () => {
  it('keeps the current values beside the new ones; with no changed value it cannot be submitted (zh, en); a change is approved onto the station', async () => {
    const before = (await stationRow('SH001'))!;
    const id = ok(await create('station1', 'change')).id as string;
    // The station's own by default; the proposed values start as the current ones.
    expect(await applyRow(id)).toMatchObject({
      name: expect.stringMatching(/^SQ\d{6}-\d{4}$/),
      a: approvalStatus.draft,
      oldphone: before.phone,
      newphone: before.phone,
    });
    const same = await submit(id, 'station1');
    expect(same.statusCode).toBe(400);
    expect(same.json().Message).toContain('没有变更任何内容，不能提交');
    expect((await submit(id, 'station1', 'en-US')).json().Message).toContain(
      'Nothing has been changed: the application cannot be submitted',
    );
    expect((await applyRow(id))!.a).toBe(approvalStatus.draft);

    // A second open change of the same station is refused; another type is not.
    const twice = await create('station1', 'change', { new_newphone: '021-58950000' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().Message).toContain(`该服务站已有未完成的同类申请（${(await applyRow(id))!.name}）`);
    expect((await create('station1', 'change', {}, 'en-US')).json().Message).toContain('already has an open application of this kind');

    ok(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_stationapplys(${id})`, {
        new_newphone: '021-58950000',
        new_newsiteowner: '  ',
        new_newlevel: 2,
      }),
    );
    ok(await submit(id, 'station1'));
    expect((await applyRow(id))!.a).toBe(approvalStatus.underReview);
    expect(await stationRow('SH001')).toEqual(before);
    expect(ok(await decide(id, 'approve'))).toEqual({ Status: approvalStatus.approved });
    // Changed: phone and level; a blank proposed value keeps the current one.
    expect(await stationRow('SH001')).toEqual({ ...before, phone: '021-58950000', level: 2 });
  });

  it('a rejected or vetoed change leaves the station as it was; a vetoed one is no longer open', async () => {
    const before = (await stationRow('SH001'))!;
    const id = ok(await create('station1', 'change', { new_newsiteowner: '周建华' })).id as string;
    ok(await submit(id, 'station1'));
    expect(ok(await decide(id, 'reject'))).toEqual({ Status: approvalStatus.rejected });
    expect(await stationRow('SH001')).toEqual(before);
    // Rejected is still open: fixed and resubmitted, not filed again.
    expect((await create('station1', 'change', { new_newsiteowner: '周建华' })).statusCode).toBe(400);
    ok(await submit(id, 'station1'));
    expect(ok(await decide(id, 'veto'))).toEqual({ Status: approvalStatus.vetoed });
    expect(await stationRow('SH001')).toEqual(before);
    expect((await create('station1', 'change', { new_newsiteowner: '周建华' })).statusCode).toBe(200);
  });

  it("a station files only for its own station; head office reads every station's, station users only their own", async () => {
    const other = await create('station1', 'exit', { new_station_id: station.ZJ001, new_exitdate: '2026-12-31' });
    expect(other.statusCode).toBe(403);
    expect((await create('hq', 'exit', { new_station_id: station.SH001, new_exitdate: '2026-12-31' })).statusCode).toBe(403);
    const rows = (res: Res) => {
      const d = ok(res);
      return (Array.isArray(d) ? d : d.value) as { new_station_id: string }[];
    };
    const mine = rows(await api('station1', 'GET', '/api/crmdata/Retrieve/new_srv_stationapplys?$select=new_station_id'));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.filter((r) => r.new_station_id !== station.SH001)).toEqual([]);
    const all = rows(await api('hq', 'GET', '/api/crmdata/Retrieve/new_srv_stationapplys?$select=new_station_id'));
    expect(new Set(all.map((r) => r.new_station_id)).size).toBe(3);
    const states = (
      await p.db.query<{ a: number }>(`SELECT DISTINCT new_approvalstatus AS a FROM new_srv_stationapply WHERE new_reason <> '测试申请'`)
    ).rows
      .map((r) => r.a)
      .sort();
    expect(states).toEqual([approvalStatus.draft, approvalStatus.underReview, approvalStatus.approved, approvalStatus.rejected].sort());
  });
});

describe('one open application per station and type', () => {
  it('five exits of one station filed at once: exactly one is created; its type and station stay as filed', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => create('station1', 'exit', { new_exitdate: '2026-12-31' })));
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 400, 400, 400, 400]);
    expect(results.filter((r) => r.statusCode === 400).every((r) => r.json().Message.includes('该服务站已有未完成的同类申请'))).toBe(true);
    const id = ok(results.find((r) => r.statusCode === 200)!).id as string;
    const moved = await api(
      'station1',
      'POST',
      `/api/crmdata/Update/new_srv_stationapplys(${id})`,
      { new_applytype: stationApplyType.change },
      'en-US',
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().Message).toContain('The type and station of an application cannot be changed');
    const {
      rows: [n],
    } = await p.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_srv_stationapply WHERE new_station_id = $1 AND new_applytype = $2`,
      [station.SH001, stationApplyType.exit],
    );
    expect(n.n).toBe(1);
  });
});

describe('continuation', () => {
  it("the new term end must be after the current one (zh, en); approval extends the station's term", async () => {
    expect((await stationRow('SH001'))!.term).toBe('2027-12-31'); // the demo's approved continuation
    const early = await create('station1', 'continue', { new_newtermenddate: '2027-12-31' });
    expect(early.statusCode).toBe(400);
    expect(early.json().Message).toContain('新的合同到期日期必须晚于当前到期日期 2027-12-31');
    expect((await create('station1', 'continue', { new_newtermenddate: '2027-01-01' }, 'en-US')).json().Message).toContain(
      'The new contract term end must be after the current one (2027-12-31)',
    );
    const draft = ok(await create('station1', 'continue')).id as string;
    expect((await applyRow(draft))!.oldterm).toBe('2027-12-31');
    const none = await submit(draft, 'station1');
    expect(none.json().Message).toContain('请填写新的合同到期日期');
    ok(await api('station1', 'POST', `/api/crmdata/Update/new_srv_stationapplys(${draft})`, { new_newtermenddate: '2028-12-31' }));
    ok(await submit(draft, 'station1'));
    // Under review: no longer writable.
    expect(
      (await api('station1', 'POST', `/api/crmdata/Update/new_srv_stationapplys(${draft})`, { new_newtermenddate: '2030-12-31' }))
        .statusCode,
    ).toBe(400);
    ok(await decide(draft, 'approve'));
    expect((await stationRow('SH001'))!.term).toBe('2028-12-31');
  });
});

describe('exit', () => {
  it('needs an exit date; vetoed changes nothing; approved deactivates the station and disables its users (sessions end, sign-in refused)', async () => {
    const id = ok(await create('station2', 'exit')).id as string;
    expect((await submit(id, 'station2')).json().Message).toContain('请填写退出日期');
    expect((await submit(id, 'station2', 'en-US')).json().Message).toContain('Enter the exit date');
    ok(await api('station2', 'POST', `/api/crmdata/Update/new_srv_stationapplys(${id})`, { new_exitdate: '2026-12-31' }));
    ok(await submit(id, 'station2'));
    ok(await decide(id, 'veto'));
    expect((await stationRow('ZJ001'))!.state).toBe(stationState.active);
    expect((await api('station2', 'GET', '/api/portaluser/me')).statusCode).toBe(200);

    const exit = ok(await create('station2', 'exit', { new_exitdate: '2026-12-31', new_reason: '业务调整，退出服务网络' })).id as string;
    ok(await submit(exit, 'station2'));
    ok(await decide(exit, 'approve'));
    expect((await stationRow('ZJ001'))!.state).toBe(stationState.inactive);
    const users = (
      await p.db.query<{ login: string; off: boolean }>(
        `SELECT domainname AS login, isdisabled AS off FROM systemuser WHERE new_station_id = $1`,
        [station.ZJ001],
      )
    ).rows;
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.off)).toBe(true);
    // The signed-in session ends; signing in again is refused.
    expect((await api('station2', 'GET', '/api/portaluser/me')).statusCode).toBe(401);
    const again = await postToken(p.app, await passwordForm(p.app, 'station2'));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
    // Other stations' users are untouched; the exited station accepts no more applications.
    expect((await api('station1', 'GET', '/api/portaluser/me')).statusCode).toBe(200);
    const {
      rows: [row],
    } = await p.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_srv_stationapply WHERE new_station_id = $1 AND new_applytype = $2 AND new_approvalstatus = $3`,
      [station.ZJ001, stationApplyType.exit, approvalStatus.approved],
    );
    expect(row.n).toBe(1);
  });
});
