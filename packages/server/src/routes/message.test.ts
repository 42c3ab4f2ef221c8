import { stockCheckState, type MessageItem, type MessageList } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

/*
 * The message centre: the commands leave messages for the people concerned (in their transaction),
 * each user reads, opens and marks only their own, the bell's count follows.
 */

let p: Portal;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};
let me: string; // engineer1's personnel record
let colleague: string; // another engineer of SH001
let sh001: string;
let station1Name: string;

type Method = 'GET' | 'POST';
const api = (who: string, method: Method, url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const list = async (who: string, query = '', lang = 'zh-CN') => {
  const res = await api(who, 'GET', `/api/message/list${query}`, undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data as MessageList;
};
const count = async (who: string) => (await api(who, 'GET', '/api/message/unread-count')).json().Data as number;
const about = async (who: string, recordId: string) => (await list(who, '?count=50')).items.filter((i) => i.RecordId === recordId);
const rowsFor = async (recordId: string) =>
  (
    await p.db.query<{ who: string }>(
      'SELECT u.domainname AS who FROM portal_message m JOIN systemuser u ON u.systemuserid = m.user_id WHERE m.record_id = $1 ORDER BY 1',
      [recordId],
    )
  ).rows.map((r) => r.who);

/** A new SH001 order made by the station principal. */
async function newOrder(): Promise<{ id: string; name: string }> {
  const res = await api('station1', 'POST', '/api/crmdata/create/new_srv_workorders', {
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
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().Data.id as string;
  return {
    id,
    name: (await p.db.one<{ name: string }>('SELECT new_name AS name FROM new_srv_workorder WHERE new_srv_workorderid = $1', [id]))!.name,
  };
}
const dispatch = async (id: string, workerId: string) => {
  const res = await api('station1', 'POST', `/api/workorders/${id}/dispatch`, { workerId });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'engineer1', 'hq', 'branch1', 'admin']) {
    tok[u] = (await signIn(p.app, u)).access_token;
    uid[u] = (await p.db.one<{ id: string }>('SELECT systemuserid AS id FROM systemuser WHERE domainname = $1', [u]))!.id;
  }
  me = (await p.db.one<{ id: string }>(`SELECT new_worker_id AS id FROM systemuser WHERE domainname = 'engineer1'`))!.id;
  station1Name = (await p.db.one<{ n: string }>(`SELECT fullname AS n FROM systemuser WHERE domainname = 'station1'`))!.n;
  sh001 = (await p.db.one<{ id: string }>(`SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = 'SH001'`))!.id;
  colleague = (await p.db.one<{ id: string }>(
    'SELECT new_srv_workerid AS id FROM new_srv_worker WHERE new_station_id = $1 AND new_srv_workerid <> $2 ORDER BY new_code LIMIT 1',
    [sh001, me],
  ))!.id;
});
afterAll(() => p?.close());

describe('message centre: demo', () => {
  it('engineer1, station1 and hq each have read and unread messages of their documents', async () => {
    for (const who of ['engineer1', 'station1', 'hq']) {
      const stored = (await list(who, '?count=50')).items.filter((i) => i.Kind !== 'notice');
      expect(
        stored.some((i) => i.Read),
        who,
      ).toBe(true);
      expect(
        stored.some((i) => !i.Read),
        who,
      ).toBe(true);
      expect(
        stored.every((i) => i.Text && !i.Text.includes('{')),
        who,
      ).toBe(true);
    }
    expect((await list('engineer1', '?kind=workOrder')).items[0].Text).toMatch(
      /派给了您$|的预约改为 \d{4}-\d{2}-\d{2} \d{2}:\d{2}–\d{2}:\d{2}$/,
    );
    expect((await list('hq', '?kind=approval')).Unread.approval).toBeGreaterThan(0);
    // The demo's rejected application tells station1 why, once.
    const rejected = (await list('station1', '?kind=parts&count=50')).items.filter((i) => i.Text.includes('被驳回'));
    expect(rejected.map((i) => i.Text)).toEqual([
      expect.stringMatching(/^您提交的配件申请 PA\d{8}-\d{4} 被驳回：伺服套装本月已领用 2 套，请说明用途后重新提交$/),
    ]);
  });
});

describe('message centre: work orders', () => {
  it('a dispatch to engineer1 leaves one message, for engineer1 only, unread, opening the order', async () => {
    const before = await count('engineer1');
    const o = await newOrder();
    await dispatch(o.id, me);
    expect(await rowsFor(o.id)).toEqual(['engineer1']);
    const [m] = await about('engineer1', o.id);
    expect(m).toMatchObject({ Kind: 'workOrder', Read: false, EntityName: 'new_srv_workorder', RecordId: o.id, Target: 'document' });
    expect(m.Text).toBe(`${station1Name} 将工单 ${o.name} 派给了您`);
    const en = (await list('engineer1', '?kind=workOrder&count=50', 'en-US')).items.find((i) => i.RecordId === o.id)!;
    expect(en.Text).toMatch(new RegExp(`^.+ dispatched work order ${o.name} to you$`));
    expect(await count('engineer1')).toBe(before + 1);
    expect(await about('station1', o.id)).toEqual([]);
    expect(await about('station2', o.id)).toEqual([]);
  });

  it('unread first, then newest; a kind filter; bounded pages', async () => {
    const o = await newOrder();
    await dispatch(o.id, me);
    const all = await list('engineer1', '?count=50');
    const firstRead = all.items.findIndex((i) => i.Read);
    if (firstRead >= 0) expect(all.items.slice(firstRead).every((i) => i.Read)).toBe(true);
    expect(all.items[0].RecordId).toBe(o.id);
    const orders = await list('engineer1', '?kind=workOrder');
    expect(orders.items.every((i) => i.Kind === 'workOrder')).toBe(true);
    expect(orders.Unread.workOrder).toBeGreaterThanOrEqual(2);
    expect(all.Unread.workOrder).toBe(orders.Unread.workOrder);
    expect((await list('engineer1', '?count=5&page=1000')).TotalRecordCount).toBe(all.TotalRecordCount);
    expect((await api('engineer1', 'GET', '/api/message/list?count=500')).statusCode).toBe(400);
    expect((await api('engineer1', 'GET', '/api/message/list?kind=nope')).statusCode).toBe(400);
  });

  it('a reassignment tells the new engineer; an appointment tells the engineer; supervision the station and the engineer', async () => {
    const o = await newOrder();
    await dispatch(o.id, colleague);
    await dispatch(o.id, me);
    expect((await about('engineer1', o.id)).map((m) => m.Text)).toEqual([
      expect.stringMatching(new RegExp(`将工单 ${o.name} 改派给了您$`)),
    ]);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const appt = await api('station1', 'POST', `/api/workorders/${o.id}/appointment`, { date: day, begin: 900, end: 1030, status: 1 });
    expect(appt.statusCode, appt.body).toBe(200);
    expect((await about('engineer1', o.id)).map((m) => m.Text)).toContain(`工单 ${o.name} 的预约改为 ${day} 09:00–10:30`);
    const sup = await api('hq', 'POST', `/api/workorders/${o.id}/supervise`, { reason: '客户投诉超时未上门' });
    expect(sup.statusCode, sup.body).toBe(200);
    expect((await about('station1', o.id)).map((m) => m.Text)).toEqual([`工单 ${o.name} 被督办：客户投诉超时未上门`]);
    expect((await about('engineer1', o.id)).map((m) => m.Text)).toContain(`工单 ${o.name} 被督办：客户投诉超时未上门`);
    expect(await about('station2', o.id)).toEqual([]);
  });
});

describe('message centre: read state and scope', () => {
  it('opening marks one read (once); another user can neither read nor mark it (404)', async () => {
    const o = await newOrder();
    await dispatch(o.id, me);
    const [m] = await about('engineer1', o.id);
    const before = await count('engineer1');
    for (const other of ['station1', 'station2', 'hq']) {
      expect((await api(other, 'GET', `/api/message/${m.Id}`)).statusCode).toBe(404);
      const r = await api(other, 'POST', `/api/message/${m.Id}/read`);
      expect(r.statusCode).toBe(404);
      expect(r.json().Message).toBe('消息不存在');
    }
    expect((await api('engineer1', 'POST', '/api/message/not-a-uuid/read')).statusCode).toBe(404);
    expect((await api('engineer1', 'GET', `/api/message/${m.Id}`)).json().Data).toMatchObject({ Id: m.Id, Read: false });
    const opened = await api('engineer1', 'POST', `/api/message/${m.Id}/read`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().Data).toMatchObject({ Id: m.Id, Read: true, RecordId: o.id });
    const first = (await p.db.one<{ at: Date }>('SELECT read_on AS at FROM portal_message WHERE id = $1', [m.Id]))!.at;
    await api('engineer1', 'POST', `/api/message/${m.Id}/read`);
    expect((await p.db.one<{ at: Date }>('SELECT read_on AS at FROM portal_message WHERE id = $1', [m.Id]))!.at).toEqual(first);
    expect(await count('engineer1')).toBe(before - 1);
  });

  it('published notices are messages with their own read state; mark all read of a kind, then all', async () => {
    const notices = await list('station1', '?kind=notice&count=50');
    const unreadNotices = (await api('station1', 'GET', '/api/notice/unread-count')).json().Data as number;
    expect(notices.TotalRecordCount).toBeGreaterThan(0);
    expect(notices.Unread.notice).toBe(unreadNotices);
    expect(notices.items.every((i: MessageItem) => i.Target === 'notice' && i.RecordId === i.Id)).toBe(true);
    const o = await newOrder();
    await dispatch(o.id, me);
    const sup = await api('hq', 'POST', `/api/workorders/${o.id}/supervise`, { reason: '请加快处理' });
    expect(sup.statusCode, sup.body).toBe(200);
    const total = await count('station1');
    const byKind = (await list('station1')).Unread;
    expect(total).toBe(Object.values(byKind).reduce((a, b) => a + b, 0));
    expect(byKind.workOrder).toBeGreaterThan(0);
    const some = await api('station1', 'POST', '/api/message/read-all', { kind: 'workOrder' });
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json().Message).toBe('已全部标记为已读');
    expect(some.json().Data).toBe(total - byKind.workOrder);
    expect((await list('station1')).Unread).toMatchObject({ workOrder: 0, notice: unreadNotices });
    expect((await api('station1', 'POST', '/api/message/read-all', {})).json().Data).toBe(0);
    expect(await count('station1')).toBe(0);
    expect((await api('station1', 'GET', '/api/notice/unread-count')).json().Data).toBe(0);
    // engineer1's messages are untouched by station1's mark-all.
    expect((await about('engineer1', o.id)).map((m) => m.Read)).toContain(false);
    expect((await api('engineer1', 'POST', '/api/message/read-all', { kind: 'nope' })).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await p.app.inject({ method: 'GET', url: '/api/message/unread-count' })).statusCode).toBe(401);
  });
});

describe('message centre: approvals', () => {
  it('the approver of each step is told a document waits (opens the approval); the submitter is told the outcome', async () => {
    const flow = (await p.db.one<{ id: string }>(`SELECT new_flowid AS id FROM new_flow WHERE new_name = '奖惩单审批流程'`))!.id;
    const steps = (
      await p.db.query<{ id: string }>('SELECT new_flowstepsid AS id FROM new_flowsteps WHERE new_flow_id = $1 ORDER BY new_sequence', [
        flow,
      ])
    ).rows.map((r) => r.id);
    const created = await api('hq', 'POST', '/api/crmdata/create/new_srv_claimfines', {
      new_station_id: sh001,
      new_finetype: 2,
      new_amount: 800,
      new_checkmonth: 11,
      new_year: 2026,
      new_checkitem: '服务回访满意度考核',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().Data.id as string;
    const name = (await p.db.one<{ name: string }>('SELECT new_name AS name FROM new_srv_claimfine WHERE new_srv_claimfineid = $1', [id]))!
      .name;
    const submitted = await api('hq', 'POST', '/api/CrmFlow/submit', {
      EntityId: id,
      EntityTypeName: 'new_srv_claimfine',
      FlowId: flow,
      ApproveList: [
        { StepId: steps[0], ApproveUserId: uid.branch1 },
        { StepId: steps[1], ApproveUserId: uid.admin },
      ],
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await rowsFor(id)).toEqual(['branch1']);
    const [waiting] = await about('branch1', id);
    expect(waiting).toMatchObject({ Kind: 'approval', Target: 'approval', EntityName: 'new_srv_claimfine', Read: false });
    expect(waiting.Text).toBe(`奖惩单 ${name} 等待您审批（分公司审核）`);
    const approve = (who: string, Action = 'approve') =>
      api(who, 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: 'new_srv_claimfine', Action, Memo: '' });
    expect((await approve('branch1')).statusCode).toBe(200);
    expect((await about('admin', id)).map((m) => m.Target)).toEqual(['approval']);
    // The step branch1 was waiting for is done: its message is closed (read), kept as history.
    expect((await about('branch1', id)).map((m) => m.Read)).toEqual([true]);
    expect((await approve('admin')).statusCode).toBe(200);
    const outcome = await about('hq', id);
    expect(outcome.map((m) => [m.Kind, m.Target, m.Text])).toEqual([['approval', 'document', `您提交的奖惩单 ${name} 已审批通过`]]);
    // The station learns of the punishment: what, how much and why; station2 does not.
    expect((await about('station1', id)).map((m) => [m.Kind, m.Text])).toEqual([
      ['settlement', `服务站被处罚 ¥800.00（奖惩单 ${name}）：服务回访满意度考核`],
    ]);
    expect((await list('station1', '?count=50', 'en-US')).items.find((m) => m.RecordId === id)?.Text).toBe(
      `The station is fined ¥800.00 (order ${name}): 服务回访满意度考核`,
    );
    expect(await about('station2', id)).toEqual([]);
    expect((await rowsFor(id)).filter((u) => ['admin', 'branch1', 'hq', 'station2'].includes(u))).toEqual(['admin', 'branch1', 'hq']);
  });

  it('a rejection and a veto tell the submitter why; a revoke removes the waiting message', async () => {
    const flow = (await p.db.one<{ id: string }>(`SELECT new_flowid AS id FROM new_flow WHERE new_name = '奖惩单审批流程'`))!.id;
    const steps = (
      await p.db.query<{ id: string }>('SELECT new_flowstepsid AS id FROM new_flowsteps WHERE new_flow_id = $1 ORDER BY new_sequence', [
        flow,
      ])
    ).rows.map((r) => r.id);
    const fine = async () => {
      const created = await api('hq', 'POST', '/api/crmdata/create/new_srv_claimfines', {
        new_station_id: sh001,
        new_finetype: 1,
        new_amount: 300,
        new_checkmonth: 11,
        new_year: 2026,
        new_checkitem: '及时上门率第一',
      });
      const id = created.json().Data.id as string;
      const submitted = await api('hq', 'POST', '/api/CrmFlow/submit', {
        EntityId: id,
        EntityTypeName: 'new_srv_claimfine',
        FlowId: flow,
        ApproveList: [
          { StepId: steps[0], ApproveUserId: uid.branch1 },
          { StepId: steps[1], ApproveUserId: uid.admin },
        ],
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      return {
        id,
        name: (await p.db.one<{ name: string }>('SELECT new_name AS name FROM new_srv_claimfine WHERE new_srv_claimfineid = $1', [id]))!
          .name,
      };
    };
    const decide = (id: string, Action: string, Memo: string) =>
      api('branch1', 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: 'new_srv_claimfine', Action, Memo });
    const rejected = await fine();
    expect((await decide(rejected.id, 'reject', '请附上上门记录')).statusCode).toBe(200);
    expect((await about('hq', rejected.id)).map((m) => m.Text)).toEqual([`您提交的奖惩单 ${rejected.name} 被驳回：请附上上门记录`]);
    expect((await list('hq', '?count=50', 'en-US')).items.find((m) => m.RecordId === rejected.id)?.Text).toBe(
      `Your Reward/punishment order ${rejected.name} was rejected: 请附上上门记录`,
    );
    expect((await about('branch1', rejected.id)).map((m) => m.Read)).toEqual([true]);
    const vetoed = await fine();
    expect((await decide(vetoed.id, 'veto', '不符合奖励条件')).statusCode).toBe(200);
    expect((await about('hq', vetoed.id)).map((m) => m.Text)).toEqual([`您提交的奖惩单 ${vetoed.name} 被否决：不符合奖励条件`]);
    // A vetoed order never reaches the station.
    expect(await about('station1', vetoed.id)).toEqual([]);
    const revoked = await fine();
    expect((await about('branch1', revoked.id)).map((m) => m.Target)).toEqual(['approval']);
    expect((await api('hq', 'POST', '/api/CrmFlow/revoke', { EntityId: revoked.id, EntityTypeName: 'new_srv_claimfine' })).statusCode).toBe(
      200,
    );
    expect(await about('branch1', revoked.id)).toEqual([]);
    expect(await rowsFor(revoked.id)).toEqual([]);
  });
});

describe('message centre: who is told of a failed audit, a count task, a reassignment', () => {
  it('a failed audit tells the station (workorder.write) and the engineer why; station2 and hq are not told', async () => {
    const o = (await p.db.one<{ id: string; name: string }>(
      `SELECT o.new_srv_workorderid AS id, o.new_name AS name FROM new_srv_workorder o
        WHERE o.new_status = 7 AND o.new_station_id = $1 AND o.new_worker_id = $2 ORDER BY o.new_name LIMIT 1`,
      [sh001, me],
    ))!;
    const res = await api('hq', 'POST', `/api/workorders/${o.id}/audit`, { pass: false, memo: '缺少现场照片' });
    expect(res.statusCode, res.body).toBe(200);
    const text = `工单 ${o.name} 审核未通过：缺少现场照片`;
    expect((await about('station1', o.id)).map((m) => [m.Kind, m.Text])).toEqual([['workOrder', text]]);
    expect((await about('engineer1', o.id)).map((m) => m.Text)).toContain(text);
    expect(await about('station2', o.id)).toEqual([]);
    expect(await about('hq', o.id)).toEqual([]);
  });

  it('a released count task tells each station which sheet to count by when', async () => {
    const zj001 = (await p.db.one<{ id: string }>(`SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = 'ZJ001'`))!.id;
    const deadline = new Date(Date.now() + 10 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    // One open count per warehouse: the demo's open sheets of the two stations are closed first.
    await p.db.query('UPDATE new_srv_stockcheck SET new_state = $2 WHERE new_station_id = ANY($1::uuid[]) AND new_state IN ($3, $4)', [
      [sh001, zj001],
      stockCheckState.cancelled,
      stockCheckState.counting,
      stockCheckState.submitted,
    ]);
    const res = await api('hq', 'POST', '/api/stock/tasks', { subject: '年末盘点', deadline, stationIds: [sh001, zj001] });
    expect(res.statusCode, res.body).toBe(200);
    const sheets = (
      await p.db.query<{ id: string; name: string; station: string }>(
        'SELECT new_srv_stockcheckid AS id, new_name AS name, new_station_id AS station FROM new_srv_stockcheck WHERE new_invtask_id = $1',
        [res.json().Data.id],
      )
    ).rows;
    const mine = sheets.find((x) => x.station === sh001)!;
    const theirs = sheets.find((x) => x.station === zj001)!;
    expect((await about('station1', mine.id)).map((m) => [m.Kind, m.Text])).toEqual([
      ['parts', `盘点任务“年末盘点”：请在 ${deadline} 前完成盘点单 ${mine.name}`],
    ]);
    expect(await about('station1', theirs.id)).toEqual([]);
    expect((await about('station2', theirs.id)).map((m) => m.Text)).toEqual([
      `盘点任务“年末盘点”：请在 ${deadline} 前完成盘点单 ${theirs.name}`,
    ]);
    // Engineers do not count stock.
    expect(await about('engineer1', mine.id)).toEqual([]);
  });

  it('the engineer taken off an order by 改派 is told, with no link to the order', async () => {
    const o = await newOrder();
    await dispatch(o.id, me);
    await dispatch(o.id, colleague);
    const away = (await list('engineer1', '?kind=workOrder&count=50')).items.filter((m) => m.Text.includes(o.name) && m.RecordId === null);
    expect(away.map((m) => m.Text)).toEqual([`${station1Name} 已将工单 ${o.name} 改派给其他工程师，您无需再处理`]);
  });
});
