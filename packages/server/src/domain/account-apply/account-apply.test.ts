import { approvalStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { okData as ok, submitFirstFlow, userApi } from '../../testing/user-api.ts';

let p: Portal;
const tok: Record<string, string> = {};
const ENTITY = 'new_srv_accountapply';

const api = userApi(() => p, tok);

async function submit(id: string, who: string, lang = 'zh-CN') {
  // hq decides (admin when hq itself submits: nobody approves their own submission).
  const approver = (await userRow(who === 'hq' ? 'admin' : 'hq'))!.id;
  return submitFirstFlow(api, who, ENTITY, id, { lang, approver: () => approver });
}
const decide = (id: string, action: 'approve' | 'reject') =>
  api('hq', 'POST', '/api/CrmFlow/approve', {
    EntityId: id,
    EntityTypeName: ENTITY,
    Action: action,
    Memo: action === 'approve' ? '同意' : '资料不全',
  });
const create = (who: string, values: Record<string, unknown> = {}, lang = 'zh-CN') =>
  api(who, 'POST', '/api/crmdata/create/new_srv_accountapplys', { new_reason: '测试申请', ...values }, lang);

const userRow = (login: string) =>
  p.db.one<{ id: string; fullname: string; mobile: string; email: string | null; title: string | null }>(
    `SELECT systemuserid AS id, fullname, mobilephone AS mobile, internalemailaddress AS email, title FROM systemuser WHERE domainname = $1`,
    [login],
  );
const applyRow = (id: string) =>
  p.db.one<{ name: string; a: number; user: string; oldmobile: string; newmobile: string; oldtitle: string | null }>(
    `SELECT new_name AS name, new_approvalstatus AS a, new_user_id AS user, new_oldmobilephone AS oldmobile, new_newmobilephone AS newmobile, new_oldtitle AS oldtitle
       FROM new_srv_accountapply WHERE new_srv_accountapplyid = $1`,
    [id],
  );

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'hq', 'engineer1']) tok[u] = (await signIn(p.app, u)).access_token;
});
afterAll(() => p?.close());

describe('account change application (/edit/apply)', () => {
  it("starts from the caller's own values (GET /api/accountapply/current)", async () => {
    const u = (await userRow('station1'))!;
    expect(ok(await api('station1', 'GET', '/api/accountapply/current'))).toEqual({
      fullname: u.fullname,
      mobilephone: u.mobile,
      internalemailaddress: u.email,
      title: u.title,
    });
  });

  it("is the caller's own, keeps the current values beside the new ones; nothing changed → refused (zh, en); approval writes the user", async () => {
    const before = (await userRow('station1'))!;
    const station2 = (await userRow('station2'))!;
    // Naming another applicant is not accepted: the applicant is always the caller.
    const other = await create('station1', { new_user_id: station2.id });
    expect(other.statusCode).toBe(400);
    const id = ok(await create('station1')).id as string;
    expect(await applyRow(id)).toMatchObject({
      name: expect.stringMatching(/^ZH\d{6}-\d{4}$/),
      a: approvalStatus.draft,
      user: before.id,
      oldmobile: before.mobile,
      newmobile: before.mobile,
    });

    const same = await submit(id, 'station1');
    expect(same.statusCode).toBe(400);
    expect(same.json().Message).toContain('没有变更任何内容，不能提交');
    expect((await submit(id, 'station1', 'en-US')).json().Message).toContain(
      'Nothing has been changed: the application cannot be submitted',
    );
    expect((await applyRow(id))!.a).toBe(approvalStatus.draft);

    // One open application per user.
    const twice = await create('station1', { new_newtitle: '站长' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().Message).toContain(`您已有未完成的账户信息变更申请（${(await applyRow(id))!.name}）`);
    expect((await create('station1', {}, 'en-US')).json().Message).toContain('You already have an open account change application');

    // A mobile number of another account is refused when submitted.
    ok(await api('station1', 'POST', `/api/crmdata/Update/new_srv_accountapplys(${id})`, { new_newmobilephone: station2.mobile }));
    const taken = await submit(id, 'station1');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().Message).toContain(`手机号码 ${station2.mobile} 已被其他账号使用`);
    expect((await submit(id, 'station1', 'en-US')).json().Message).toContain(
      `The mobile phone number ${station2.mobile} belongs to another account`,
    );

    ok(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_accountapplys(${id})`, {
        new_newmobilephone: '13800138071',
        new_newemail: 'chenzq@huachen-service.cn',
        new_newtitle: '  ',
      }),
    );
    ok(await submit(id, 'station1'));
    expect((await applyRow(id))!.a).toBe(approvalStatus.underReview);
    expect(await userRow('station1')).toEqual(before);
    // Under review: not changed through the record service.
    expect((await api('station1', 'POST', `/api/crmdata/Update/new_srv_accountapplys(${id})`, { new_newtitle: 'x' })).statusCode).toBe(400);
    expect(ok(await decide(id, 'approve'))).toEqual({ Status: approvalStatus.approved });
    // Changed: mobile and e-mail; a blank proposed value keeps the current one.
    expect(await userRow('station1')).toEqual({ ...before, mobile: '13800138071', email: 'chenzq@huachen-service.cn' });
    // The new mobile is the SMS sign-in number now: /me shows it.
    const me = ok(await api('station1', 'GET', '/api/portaluser/me'));
    expect(JSON.stringify(me)).toContain('13800138071');
  });

  it('a rejected application changes nothing; only the applicant edits or submits it; another station does not see it', async () => {
    const before = (await userRow('station2'))!;
    const id = ok(await create('station2', { new_newfullname: '刘建国', new_reason: '姓名登记有误' })).id as string;
    // A colleague's scope does not reach another station's application.
    expect((await api('station1', 'GET', `/api/crmdata/Retrieve/new_srv_accountapplys(${id})`)).statusCode).toBe(404);
    // Head office reads it (it approves it) but does not edit it.
    expect(ok(await api('hq', 'GET', `/api/crmdata/Retrieve/new_srv_accountapplys(${id})`)).new_newfullname).toBe('刘建国');
    const foreign = await api('hq', 'POST', `/api/crmdata/Update/new_srv_accountapplys(${id})`, { new_newfullname: '王五' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().Message).toContain('只有申请人本人可以修改或提交该申请');
    expect((await submit(id, 'hq')).json().Message).toContain('只有申请人本人可以修改或提交该申请');

    ok(await submit(id, 'station2'));
    expect(ok(await decide(id, 'reject'))).toEqual({ Status: approvalStatus.rejected });
    expect(await userRow('station2')).toEqual(before);
  });
});
