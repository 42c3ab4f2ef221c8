import { accountMoveKind, activityCheckResult, approvalStatus, costApplyType, activityType } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { multipart, SAMPLES, tempStorage } from '../../files/testing.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { chinaDate } from '../china-time.ts';
import { fundBalances } from './balances.ts';

/*
 * Marketing funds (issue 28) as their users call them: a dealer applies for a cost or an activity
 * (amounts above zero, periods forwards), head office approves and may cut the amount (only the
 * current approver, never above what was asked, never through the record API); the inspector checks
 * an approved activity on site with photos, once; the dealer claims what it spent against an
 * approved application, never above what is left (at save, at submit, concurrently), and the
 * approved claim credits its account. A dealer never reaches another dealer's funds.
 */

let p: Portal;
let store: Awaited<ReturnType<typeof tempStorage>>;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};
const USERS = ['admin', 'dealer1', 'dealer1fin', 'dealer2', 'hqsales', 'hqfinance', 'branch1'];

type Res = Awaited<ReturnType<Portal['app']['inject']>>;
const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': 'zh-CN' } });
const cmd = (who: string, set: string, id: string, name: string, body: object = {}) =>
  api(who, 'POST', `/api/documents/${set}/${id}/${name}`, body);
const create = (who: string, set: string, row: object) => api(who, 'POST', `/api/crmdata/create/${set}`, row);
const update = (who: string, set: string, id: string, row: object) => api(who, 'POST', `/api/crmdata/Update/${set}(${id})`, row);
const one = async <T extends Record<string, unknown>>(text: string, args: unknown[] = []) => (await p.db.one<T>(text, args))!;
const createdId = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().Data;
  return (typeof d === 'string' ? d : (d.id ?? d.Id)) as string;
};
/** A record-service refusal at a field: `Data.errors` names it with its message. */
const atField = (res: Res, field: string, message: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().Data.errors[0]).toEqual({ field, message });
};
/** A refusal (record service or command) whose message is `message`, at `field` when given. */
const refusedAt = (res: Res, message: string, field: string) => {
  expect(res.statusCode, res.body).toBe(400);
  const b = res.json();
  const errors: { field: string; message: string }[] = b.Data?.errors ?? [{ field: b.error?.field, message: b.Message }];
  expect(errors[0]).toEqual({ field, message });
};
const day = (d: number) => chinaDate(new Date(), d);

async function flowOf(entity: string) {
  return one<{ id: string; step: string }>(
    `SELECT f.new_flowid AS id, s.new_flowstepsid AS step FROM new_flow f JOIN new_flowsteps s ON s.new_flow_id = f.new_flowid WHERE f.new_entityname = $1`,
    [entity],
  );
}
async function submit(who: string, entity: string, id: string, approver: string) {
  const f = await flowOf(entity);
  return api(who, 'POST', '/api/CrmFlow/submit', {
    EntityId: id,
    EntityTypeName: entity,
    FlowId: f.id,
    ApproveList: [{ StepId: f.step, ApproveUserId: uid[approver] }],
  });
}
const act = (who: string, entity: string, id: string, action: 'approve' | 'reject' = 'approve') =>
  api(who, 'POST', '/api/CrmFlow/approve', {
    EntityId: id,
    EntityTypeName: entity,
    Action: action,
    Memo: action === 'approve' ? '同意' : '请补充',
  });

async function attach(who: string, entity: string, id: string, name: string, content = SAMPLES.jpeg) {
  const body = multipart({ ModuleType: entity, FileId: '', FileName: name, ObjectId: id, IsOverwrite: '0' }, { name, content });
  return p.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok[who]) },
  });
}

const fund = (table: 'new_activityapply' | 'new_costapply', id: string) =>
  one<{
    status: number;
    amount: string;
    approved: string | null;
    used: string;
    pending: string;
    remaining: string | null;
    available: string | null;
  }>(
    `SELECT new_approvalstatus AS status, new_amount::text AS amount, new_approvedamount::text AS approved, new_usedamount::text AS used,
            new_pendingamount::text AS pending, new_remaining::text AS remaining, new_available::text AS available
       FROM ${table} WHERE ${table}id = $1`,
    [id],
  );
const balanceOf = async (login: string) =>
  (
    await one<{ b: string }>(
      `SELECT COALESCE(a.new_balance, 0)::text AS b FROM new_dealeraccount a JOIN systemuser u ON u.businessunitid = a.new_unit_id WHERE u.domainname = $1`,
      [login],
    )
  ).b;

/** A dealer's activity with cost lines (amounts), submitted and approved by hqsales (cut to `cut` when given). */
async function approvedActivity(who: string, lines: string[], cut?: string, theme = '测试活动') {
  const id = createdId(
    await create(who, 'new_activityapplies', {
      new_theme: theme,
      new_type: activityType.opening,
      new_startdate: day(-3),
      new_enddate: day(2),
      new_place: '测试地点',
      new_expectedsales: '100000.00',
    }),
  );
  for (const [i, a] of lines.entries())
    createdId(await create(who, 'new_activityapplydetails', { new_activityapply_id: id, new_name: `项目${i + 1}`, new_amount: a }));
  done(await submit(who, 'new_activityapply', id, 'hqsales'));
  if (cut) done(await cmd('hqsales', 'new_activityapplies', id, 'cut', { new_approvedamount: cut }));
  done(await act('hqsales', 'new_activityapply', id));
  return id;
}
/** A draft claim of `who` against an application, with one line of `amount` (answers the claim, or the line's refusal). */
async function claim(who: string, target: { new_activityapply_id?: string; new_costapply_id?: string }, amount: string) {
  const id = createdId(await create(who, 'new_activityuses', target));
  const line = await create(who, 'new_activityusedetails', {
    new_activityuse_id: id,
    new_name: '实际费用',
    new_amount: amount,
    new_invoiceno: `4401${Math.floor(Math.random() * 1e6)}`,
  });
  return { id, line };
}

beforeAll(async () => {
  store = await tempStorage();
  p = await testPortal(store.cfg);
  for (const u of USERS) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ id: string; login: string }>('SELECT systemuserid AS id, domainname AS login FROM systemuser')).rows)
    uid[r.login] = r.id;
});
afterAll(async () => {
  await p?.close();
  await store?.remove();
});

describe('demo data', () => {
  it('has funds in every state: cost applications draft, under review, approved, rejected; activities cut, part written off, checked, waiting', async () => {
    const states = async (table: string) =>
      (await p.db.query<{ s: number }>(`SELECT DISTINCT new_approvalstatus AS s FROM ${table} ORDER BY 1`)).rows.map((r) => r.s);
    const all = [approvalStatus.draft, approvalStatus.underReview, approvalStatus.approved, approvalStatus.rejected];
    expect(await states('new_costapply')).toEqual(all);
    expect(await states('new_activityapply')).toEqual(all);
    expect(await states('new_activityuse')).toEqual([approvalStatus.draft, approvalStatus.underReview, approvalStatus.approved]);
    const opening = await one<{ id: string; check: number }>(
      `SELECT new_activityapplyid AS id, new_checkresult AS "check" FROM new_activityapply WHERE new_theme = '苏州园区店开业促销'`,
    );
    expect(await fund('new_activityapply', opening.id)).toMatchObject({ amount: '50000.00', approved: '40000.00', used: '26500.00' });
    expect(opening.check).toBe(activityCheckResult.rectify);
    const waiting = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_activityapply WHERE new_approvalstatus = $1 AND new_checkresult IS NULL`,
      [approvalStatus.approved],
    );
    expect(waiting.n).toBeGreaterThan(0);
    // Every approved claim credited its dealer's account once.
    const credits = await one<{ claims: number; moves: number }>(
      `SELECT (SELECT count(*)::int FROM new_activityuse WHERE new_approvalstatus = $1) AS claims,
              (SELECT count(*)::int FROM new_accountmove WHERE new_kind = $2 AND new_docentity = 'new_activityuse') AS moves`,
      [approvalStatus.approved, accountMoveKind.fund],
    );
    expect(credits.moves).toBe(credits.claims);
  });
});

describe('cost applications', () => {
  let id: string;
  const row = {
    new_type: costApplyType.advertising,
    new_purpose: '珠江新城户外大屏广告',
    new_startdate: day(1),
    new_enddate: day(30),
    new_amount: '30000.00',
  };

  it('a dealer applies for itself: amounts above zero, the end not before the start; head office and the approved amount are refused', async () => {
    atField(await create('dealer1', 'new_costapplies', { ...row, new_amount: '0' }), 'new_amount', '申请金额不能小于 0.01');
    expect((await create('dealer1', 'new_costapplies', { ...row, new_amount: '-100' })).statusCode).toBe(400);
    atField(await create('dealer1', 'new_costapplies', { ...row, new_enddate: day(0) }), 'new_enddate', '结束日期不能早于开始日期');
    expect((await create('dealer1', 'new_costapplies', { ...row, new_approvedamount: '30000.00' })).statusCode).toBe(400);
    refused(await create('admin', 'new_costapplies', row), '只有经销商可以申请和核销市场费用');
    // A dealer's store-less finance user applies as the dealer too; hqsales (no funds.apply) cannot.
    expect((await create('hqsales', 'new_costapplies', row)).statusCode).toBe(403);
    expect(await one<{ n: number }>(`SELECT count(*)::int AS n FROM new_costapply WHERE new_purpose = $1`, [row.new_purpose])).toEqual({
      n: 0,
    });
    id = createdId(await create('dealer1fin', 'new_costapplies', row));
    const r = await one<{ name: string; dealer: string; unit: string }>(
      `SELECT c.new_name AS name, b.name AS dealer, c.owningbusinessunit::text AS unit FROM new_costapply c JOIN businessunit b ON b.businessunitid = c.new_dealer_id WHERE new_costapplyid = $1`,
      [id],
    );
    expect(r.name).toMatch(/^FY\d{6}-\d{4}$/);
    expect(r.dealer).toContain('粤华');
    // The period is checked on a change too.
    atField(await update('dealer1', 'new_costapplies', id, { new_startdate: day(40) }), 'new_enddate', '结束日期不能早于开始日期');
  });

  it('dealer2 cannot read, change or claim dealer1’s application', async () => {
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_costapplies(${id})`)).statusCode).toBe(404);
    const list = await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_costapplies?$select=new_costapplyid`);
    expect(list.statusCode).toBe(200);
    const ids = (list.json().Data.value as { new_costapplyid: string }[]).map((x) => x.new_costapplyid);
    expect(ids).not.toContain(id);
    expect(ids.length).toBeGreaterThan(0);
    expect((await update('dealer2', 'new_costapplies', id, { new_amount: '1.00' })).statusCode).toBe(404);
    const c = await create('dealer2', 'new_activityuses', { new_costapply_id: id });
    expect(c.statusCode).toBe(400);
    expect(c.body).toContain('引用的记录不存在或您无权访问');
  });

  it('the current approver cuts the amount (more than zero, at most what was asked) and approval keeps it; nobody writes it otherwise', async () => {
    refused(await cmd('hqsales', 'new_costapplies', id, 'cut', { new_approvedamount: '20000.00' }), '只有审批中的申请才能核定金额');
    done(await submit('dealer1', 'new_costapply', id, 'hqsales'));
    // dealer1 holds approval.act but is not the approver; hqfinance neither.
    refused(
      await cmd('dealer1', 'new_costapplies', id, 'cut', { new_approvedamount: '20000.00' }),
      '只有当前步骤的审批人可以核定金额',
      403,
    );
    refused(
      await cmd('hqfinance', 'new_costapplies', id, 'cut', { new_approvedamount: '20000.00' }),
      '只有当前步骤的审批人可以核定金额',
      403,
    );
    refusedAt(
      await cmd('hqsales', 'new_costapplies', id, 'cut', { new_approvedamount: '30000.01' }),
      '核定金额不能超过申请金额 ¥30,000.00',
      'new_approvedamount',
    );
    expect((await cmd('hqsales', 'new_costapplies', id, 'cut', { new_approvedamount: '0' })).statusCode).toBe(400);
    expect((await cmd('hqsales', 'new_costapplies', id, 'cut', { new_approvedamount: '-5' })).statusCode).toBe(400);
    refusedAt(await cmd('hqsales', 'new_costapplies', id, 'cut', {}), '核定金额不能为空', 'new_approvedamount');
    expect((await fund('new_costapply', id)).approved).toBeNull();
    done(await cmd('hqsales', 'new_costapplies', id, 'cut', { new_approvedamount: '24000.00' }), '已核定金额 ¥24,000.00');
    done(await act('hqsales', 'new_costapply', id));
    expect(await fund('new_costapply', id)).toMatchObject({
      status: approvalStatus.approved,
      amount: '30000.00',
      approved: '24000.00',
      used: '0.00',
      remaining: '24000.00',
    });
    for (const who of ['dealer1', 'hqsales', 'admin'])
      expect((await update(who, 'new_costapplies', id, { new_approvedamount: '30000.00' })).statusCode, who).toBeGreaterThanOrEqual(400);
    refused(await cmd('hqsales', 'new_costapplies', id, 'cut', { new_approvedamount: '1.00' }), '只有审批中的申请才能核定金额');
  });

  it('without a cut the requested amount is approved; a rejected round drops its cut', async () => {
    const other = createdId(
      await create('dealer1', 'new_costapplies', { ...row, new_type: costApplyType.training, new_amount: '5000.00' }),
    );
    done(await submit('dealer1', 'new_costapply', other, 'hqsales'));
    done(await cmd('hqsales', 'new_costapplies', other, 'cut', { new_approvedamount: '3000.00' }));
    done(await act('hqsales', 'new_costapply', other, 'reject'));
    expect(await fund('new_costapply', other)).toMatchObject({ status: approvalStatus.rejected, approved: null });
    done(await submit('dealer1', 'new_costapply', other, 'hqsales'));
    done(await act('hqsales', 'new_costapply', other));
    expect(await fund('new_costapply', other)).toMatchObject({ approved: '5000.00', remaining: '5000.00' });
    // Vetoed: final, nothing approved, nothing to claim against.
    const vetoed = createdId(await create('dealer1', 'new_costapplies', { ...row, new_type: costApplyType.exhibition }));
    done(await submit('dealer1', 'new_costapply', vetoed, 'hqsales'));
    done(await cmd('hqsales', 'new_costapplies', vetoed, 'cut', { new_approvedamount: '100.00' }));
    done(
      await api('hqsales', 'POST', '/api/CrmFlow/approve', {
        EntityId: vetoed,
        EntityTypeName: 'new_costapply',
        Action: 'veto',
        Memo: '不参展',
      }),
    );
    expect(await fund('new_costapply', vetoed)).toMatchObject({ status: approvalStatus.vetoed, approved: null });
    expect((await update('dealer1', 'new_costapplies', vetoed, { new_amount: '1.00' })).statusCode).toBe(400);
  });
});

describe('activity applications and the on-site check', () => {
  it('dates forwards, lines above zero, at least one line to submit; the requested amount is the lines’ sum', async () => {
    const base = {
      new_theme: '番禺店周末促销',
      new_type: activityType.holiday,
      new_startdate: day(5),
      new_enddate: day(4),
      new_place: '广州番禺区市桥街',
      new_expectedsales: '80000.00',
    };
    atField(await create('dealer1', 'new_activityapplies', base), 'new_enddate', '结束日期不能早于开始日期');
    const id = createdId(await create('dealer1', 'new_activityapplies', { ...base, new_enddate: day(6) }));
    expect((await create('dealer1', 'new_activityapplies', { ...base, new_enddate: day(6), new_amount: '1.00' })).statusCode).toBe(400);
    refused(await submit('dealer1', 'new_activityapply', id, 'hqsales'), 'WorkflowException: 请至少添加一条费用明细');
    const line = { new_activityapply_id: id, new_name: '堆头', new_amount: '0' };
    atField(await create('dealer1', 'new_activityapplydetails', line), 'new_amount', '金额不能小于 0.01');
    expect((await create('dealer1', 'new_activityapplydetails', { ...line, new_amount: '-1' })).statusCode).toBe(400);
    createdId(await create('dealer1', 'new_activityapplydetails', { ...line, new_amount: '1200.50' }));
    createdId(await create('dealer1', 'new_activityapplydetails', { ...line, new_name: '礼品', new_amount: '799.50' }));
    expect((await fund('new_activityapply', id)).amount).toBe('2000.00');
    // Another dealer cannot add a line to it.
    expect((await create('dealer2', 'new_activityapplydetails', { ...line, new_amount: '5' })).statusCode).toBe(400);
    expect((await fund('new_activityapply', id)).amount).toBe('2000.00');
    done(await submit('dealer1', 'new_activityapply', id, 'hqsales'));
    // Submitted: its lines are closed.
    expect((await create('dealer1', 'new_activityapplydetails', { ...line, new_amount: '5' })).statusCode).toBe(400);
  });

  it('the inspector checks an approved activity of its reach once, after attaching photos; the date within the activity and today', async () => {
    const id = await approvedActivity('dealer2', ['20000.00'], undefined, '苏州测试活动');
    const theirs = await approvedActivity('dealer1', ['1000.00']);
    const body = { new_checkresult: activityCheckResult.passed, new_checkdate: day(0), new_checkremark: '布置与方案一致' };
    // The dealer does not check; branch1 (华东) does not reach 广州's dealer.
    expect((await cmd('dealer2', 'new_activityapplies', id, 'check', body)).statusCode).toBe(403);
    expect((await cmd('branch1', 'new_activityapplies', theirs, 'check', body)).statusCode).toBe(404);
    expect((await attach('branch1', 'new_activityapply', theirs, 'x.jpg')).statusCode).toBe(404);
    refused(await cmd('branch1', 'new_activityapplies', id, 'check', body), '请先上传现场照片，再提交稽核');
    // A photo the dealer attached is not the inspector's.
    expect((await attach('dealer2', 'new_activityapply', id, '门店自拍.jpg')).statusCode).toBe(200);
    refused(await cmd('branch1', 'new_activityapplies', id, 'check', body), '请先上传现场照片，再提交稽核');
    expect((await attach('branch1', 'new_activityapply', id, '现场.jpg')).statusCode).toBe(200);
    refusedAt(
      await cmd('branch1', 'new_activityapplies', id, 'check', { ...body, new_checkremark: '' }),
      '稽核说明不能为空',
      'new_checkremark',
    );
    refusedAt(
      await cmd('branch1', 'new_activityapplies', id, 'check', { ...body, new_checkdate: day(-4) }),
      `稽核日期应在活动开始日期 ${day(-3)} 至今天之间`,
      'new_checkdate',
    );
    expect((await cmd('branch1', 'new_activityapplies', id, 'check', { ...body, new_checkdate: day(1) })).statusCode).toBe(400);
    done(await cmd('branch1', 'new_activityapplies', id, 'check', body), '已记录现场稽核：合格');
    const r = await one<{ result: number; by: string; photos: number; remark: string }>(
      `SELECT new_checkresult AS result, new_checkedby_id::text AS by, new_checkphotos AS photos, new_checkremark AS remark FROM new_activityapply WHERE new_activityapplyid = $1`,
      [id],
    );
    expect(r).toEqual({ result: activityCheckResult.passed, by: uid.branch1, photos: 1, remark: '布置与方案一致' });
    refused(await cmd('hqsales', 'new_activityapplies', id, 'check', body), `该活动已于 ${day(0)} 稽核，不能重复稽核`);
    // The dealer cannot write the check through the record API.
    expect((await update('dealer2', 'new_activityapplies', id, { new_checkresult: activityCheckResult.failed })).statusCode).toBe(400);
    // Not before approval.
    const draft = createdId(
      await create('dealer2', 'new_activityapplies', {
        new_theme: '草稿活动',
        new_type: activityType.roadshow,
        new_startdate: day(0),
        new_enddate: day(0),
        new_place: '苏州',
        new_expectedsales: '0',
      }),
    );
    refused(await cmd('branch1', 'new_activityapplies', draft, 'check', body), '只有已审批的活动才能稽核');
  });

  it('an activity found 不合格 on site is not written off', async () => {
    const id = await approvedActivity('dealer2', ['3000.00']);
    expect((await attach('hqsales', 'new_activityapply', id, '现场.jpg')).statusCode).toBe(200);
    done(
      await cmd('hqsales', 'new_activityapplies', id, 'check', {
        new_checkresult: activityCheckResult.failed,
        new_checkdate: day(0),
        new_checkremark: '活动未举办',
      }),
    );
    const name = (await one<{ n: string }>('SELECT new_name AS n FROM new_activityapply WHERE new_activityapplyid = $1', [id])).n;
    refusedAt(
      await create('dealer2', 'new_activityuses', { new_activityapply_id: id }),
      `活动 ${name} 现场稽核不合格，不能核销`,
      'new_activityapply_id',
    );
  });
});

describe('write-off claims', () => {
  let activity: string;
  let first: string;

  it('against exactly one approved application of its own dealer', async () => {
    activity = await approvedActivity('dealer1', ['30000.00', '20000.00'], '40000.00', '琶洲测试展');
    expect(await fund('new_activityapply', activity)).toMatchObject({ amount: '50000.00', approved: '40000.00', available: '40000.00' });
    refusedAt(await create('dealer1', 'new_activityuses', {}), '请选择要核销的活动申请或费用申请', 'new_activityapply_id');
    const cost = await one<{ id: string }>(
      `SELECT new_costapplyid AS id FROM new_costapply c JOIN businessunit b ON b.businessunitid = c.owningbusinessunit
        WHERE b.new_code = 'DL-GZ001' AND c.new_approvalstatus = $1 LIMIT 1`,
      [approvalStatus.approved],
    );
    refusedAt(
      await create('dealer1', 'new_activityuses', { new_activityapply_id: activity, new_costapply_id: cost.id }),
      '活动申请和费用申请只能选择一个',
      'new_costapply_id',
    );
    const pending = await one<{ id: string; name: string }>(
      `SELECT new_costapplyid AS id, new_name AS name FROM new_costapply c JOIN businessunit b ON b.businessunitid = c.owningbusinessunit
        WHERE b.new_code = 'DL-GZ001' AND c.new_approvalstatus = $1 LIMIT 1`,
      [approvalStatus.underReview],
    );
    refusedAt(
      await create('dealer1', 'new_activityuses', { new_costapply_id: pending.id }),
      `只能核销已审批的申请（${pending.name} 当前为“审批中”）`,
      'new_costapply_id',
    );
    // Another dealer's application is out of its reach.
    const c = await create('dealer2', 'new_activityuses', { new_activityapply_id: activity });
    expect(c.statusCode).toBe(400);
    expect(c.body).toContain('引用的记录不存在或您无权访问');
    expect((await create('hqfinance', 'new_activityuses', { new_activityapply_id: activity })).statusCode).toBe(403);
  });

  it('a 45,000 claim on 40,000 approved is refused at its line with what is left; 38,000 with photos is approved and credits the account', async () => {
    const over = await claim('dealer1', { new_activityapply_id: activity }, '45000.00');
    refusedAt(over.line, '超出可核销金额，剩余可核销 ¥40,000.00', 'new_amount');
    expect(
      (await one<{ n: number }>('SELECT count(*)::int AS n FROM new_activityusedetail WHERE new_activityuse_id = $1', [over.id])).n,
    ).toBe(0);
    const ok = await claim('dealer1', { new_activityapply_id: activity }, '38000.00');
    expect(ok.line.statusCode, ok.line.body).toBe(200);
    first = ok.id;
    const name = await one<{ n: string; theme: string }>(
      'SELECT new_name AS n, new_theme AS theme FROM new_activityuse WHERE new_activityuseid = $1',
      [first],
    );
    expect(name.n).toMatch(/^HX\d{6}-\d{4}$/);
    expect(name.theme).toBe('琶洲测试展');
    refused(await submit('dealer1', 'new_activityuse', first, 'hqfinance'), 'WorkflowException: 请上传活动照片后再提交核销');
    // A PDF is not a photo.
    expect((await attach('dealer1', 'new_activityuse', first, '发票.pdf', SAMPLES.pdf)).statusCode).toBe(200);
    refused(await submit('dealer1', 'new_activityuse', first, 'hqfinance'), 'WorkflowException: 请上传活动照片后再提交核销');
    expect((await attach('dealer1', 'new_activityuse', first, '现场.jpg')).statusCode).toBe(200);
    done(await submit('dealer1', 'new_activityuse', first, 'hqfinance'));
    expect(await fund('new_activityapply', activity)).toMatchObject({ used: '0.00', pending: '38000.00', available: '2000.00' });
    // The remaining 2,000 caps any further claim, at save and at submit.
    const more = await claim('dealer1', { new_activityapply_id: activity }, '3000.00');
    refusedAt(more.line, '超出可核销金额，剩余可核销 ¥2,000.00', 'new_amount');
    const before = await balanceOf('dealer1');
    done(await act('hqfinance', 'new_activityuse', first));
    expect(await fund('new_activityapply', activity)).toMatchObject({
      used: '38000.00',
      pending: '0.00',
      remaining: '2000.00',
      available: '2000.00',
    });
    expect(Number(await balanceOf('dealer1'))).toBeCloseTo(Number(before) - 38000, 2);
    const move = await one<{ kind: number; amount: string; key: string; doc: string }>(
      `SELECT new_kind AS kind, new_amount::text AS amount, new_key AS key, new_docid AS doc FROM new_accountmove WHERE new_docid = $1`,
      [first],
    );
    expect(move).toEqual({ kind: accountMoveKind.fund, amount: '-38000.00', key: `fund:${first}`, doc: first });
    // Approved: its lines and amount are closed.
    expect((await update('dealer1', 'new_activityuses', first, { new_remark: '改' })).statusCode).toBe(400);
  });

  it('concurrent submits of claims that each fit cannot overdraw: exactly one of five 2,000 claims is reserved', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await claim('dealer1', { new_activityapply_id: activity }, '2000.00');
      expect(c.line.statusCode, c.line.body).toBe(200);
      expect((await attach('dealer1', 'new_activityuse', c.id, `照片${i}.jpg`)).statusCode).toBe(200);
      ids.push(c.id);
    }
    const answers = await Promise.all(ids.map((id) => submit('dealer1', 'new_activityuse', id, 'hqfinance')));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBe(1);
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect(a.json().Message).toBe('WorkflowException: 超出可核销金额，剩余可核销 ¥0.00');
    expect(await fund('new_activityapply', activity)).toMatchObject({ used: '38000.00', pending: '2000.00', available: '0.00' });
    // Rejected: the reservation comes back.
    const reserved = ids[answers.findIndex((a) => a.statusCode === 200)];
    done(await act('hqfinance', 'new_activityuse', reserved, 'reject'));
    expect(await fund('new_activityapply', activity)).toMatchObject({ pending: '0.00', available: '2000.00' });
    // Resubmitted, then revoked by its submitter: reserved, then given back again.
    done(await submit('dealer1', 'new_activityuse', reserved, 'hqfinance'));
    expect(await fund('new_activityapply', activity)).toMatchObject({ pending: '2000.00', available: '0.00' });
    done(await api('dealer1', 'POST', '/api/CrmFlow/revoke', { EntityId: reserved, EntityTypeName: 'new_activityuse' }));
    expect(await fund('new_activityapply', activity)).toMatchObject({ pending: '0.00', available: '2000.00' });
  });

  it('claims against a cost application write it off; the balances per kind add up', async () => {
    const dealer = await one<{ id: string }>(`SELECT businessunitid AS id FROM businessunit WHERE new_code = 'DL-GZ001'`);
    const before = await fundBalances(p.db, dealer.id);
    const costId = (
      await one<{ id: string }>(
        `SELECT new_costapplyid AS id FROM new_costapply WHERE new_purpose = '珠江新城户外大屏广告' AND new_approvedamount = 24000`,
      )
    ).id;
    const c = await claim('dealer1', { new_costapply_id: costId }, '9000.50');
    expect(c.line.statusCode, c.line.body).toBe(200);
    expect((await attach('dealer1', 'new_activityuse', c.id, '大屏.jpg')).statusCode).toBe(200);
    done(await submit('dealer1', 'new_activityuse', c.id, 'hqfinance'));
    done(await act('hqfinance', 'new_activityuse', c.id));
    expect(await fund('new_costapply', costId)).toMatchObject({ used: '9000.50', remaining: '14999.50' });
    const after = await fundBalances(p.db, dealer.id);
    const cents = (s: string) => Math.round(Number(s) * 100);
    expect(cents(after.cost.writtenOff) - cents(before.cost.writtenOff)).toBe(900050);
    expect(after.activity).toEqual(before.activity);
    for (const k of [after.cost, after.activity]) expect(cents(k.remaining)).toBe(cents(k.approved) - cents(k.writtenOff));
    // dealer2's claims are not dealer1's.
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_activityuses(${c.id})`)).statusCode).toBe(404);
    expect(
      (await create('dealer2', 'new_activityusedetails', { new_activityuse_id: first, new_name: 'x', new_amount: '1', new_invoiceno: '1' }))
        .statusCode,
    ).toBe(400);
  });
});
