import { noticeStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { testPortal } from '../testing/test-portal.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';

let p: Portal;
let station1: string;
let station2: string;
let hq: string;
beforeAll(async () => {
  p = await testPortal();
  [station1, station2, hq] = (await Promise.all([signIn(p.app, 'station1'), signIn(p.app, 'station2'), signIn(p.app, 'hq')])).map(
    (t) => t.access_token,
  );
});
afterAll(() => p?.close());

const get = (url: string, token: string, lang = 'zh-CN') =>
  p.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': lang } });
const post = (url: string, payload: object, token: string) => p.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

describe('notices', () => {
  it('lists published notices only, newest first, with the caller’s read state', async () => {
    const list = (await get('/api/notice/list', station2)).json().Data;
    expect(list.TotalRecordCount).toBe(6);
    expect(list.items.map((i: { Title: string }) => i.Title)).not.toContain('2027年度服务站营销政策（征求意见稿）');
    expect(list.items[0]).toMatchObject({
      Title: '关于2026年第四季度服务备件价格调整的通知',
      TypeText: '销售政策',
      NeedReply: true,
      IsRead: false,
    });
    expect(list.items.filter((i: { IsRead: boolean }) => i.IsRead)).toHaveLength(5);
    expect(list.items[1]).toMatchObject({ IsReplied: true });
    const en = (await get('/api/notice/list?count=5', station2, 'en-US')).json().Data;
    expect(en.items).toHaveLength(5);
    expect(en.items[0].TypeText).toBe('Sales policy');
  });

  it('filters by type, keyword and unread', async () => {
    expect((await get('/api/notice/list?type=7', station1)).json().Data.TotalRecordCount).toBe(1);
    expect((await get(`/api/notice/list?keyword=${encodeURIComponent('促销')}`, station1)).json().Data.TotalRecordCount).toBe(1);
    expect((await get('/api/notice/list?keyword=%25', station1)).json().Data.TotalRecordCount).toBe(0);
    expect((await get('/api/notice/list?unread=1', station1)).json().Data.TotalRecordCount).toBe(5);
    expect((await get('/api/notice/unread-count', station1)).json().Data).toBe(5);
    expect((await get('/api/notice/list?count=500', station1)).statusCode).toBe(400);
  });

  it('marks a notice read when opened, once', async () => {
    const first = (await get('/api/notice/list', station1)).json().Data.items[0];
    const view = (await get(`/api/notice/${first.Id}`, station1)).json().Data;
    expect(view.Content).toContain('各服务站');
    expect(view.IsRead).toBe(true);
    await get(`/api/notice/${first.Id}`, station1);
    const rows = await p.db.query(
      'SELECT 1 FROM new_noticeread r JOIN systemuser u ON u.systemuserid = r.ownerid WHERE u.domainname = $1 AND r.new_notice_id = $2',
      ['station1', first.Id],
    );
    expect(rows.rowCount).toBe(1);
    expect((await get('/api/notice/unread-count', station1)).json().Data).toBe(4);
  });

  it('takes a reply; a station sees its own replies, head office sees all', async () => {
    const training = (await get(`/api/notice/list?type=7`, station1)).json().Data.items[0];
    expect((await post(`/api/notice/${training.Id}/reply`, { Content: '  ' }, station1)).json().Message).toBe('回复内容不能为空');
    expect((await post(`/api/notice/${training.Id}/reply`, { Content: '字'.repeat(1001) }, station1)).json().Message).toBe(
      '回复内容不能超过 1000 个字符',
    );
    const r = await post(`/api/notice/${training.Id}/reply`, { Content: '我站参训：赵磊、周志伟。' }, station1);
    expect(r.statusCode).toBe(200);
    const mine = (await get(`/api/notice/${training.Id}`, station1)).json().Data;
    expect(mine.IsReplied).toBe(true);
    expect(mine.Replies.map((x: { Content: string }) => x.Content)).toEqual(['我站参训：赵磊、周志伟。']);
    expect(mine.Replies[0]).toMatchObject({ ReplierName: '陈志强（上海浦东华辰服务站）', UnitName: '上海浦东华辰服务站' });
    const head = (await get(`/api/notice/${training.Id}`, hq)).json().Data;
    expect(head.Replies).toHaveLength(2);
    const other = (await get(`/api/notice/${training.Id}`, station2)).json().Data;
    expect(other.Replies.map((x: { UnitName: string }) => x.UnitName)).toEqual(['杭州西湖华辰服务站']);
  });

  it('answers unknown and draft notices with 404, and needs the notice privilege', async () => {
    expect((await get('/api/notice/00000000-0000-0000-0000-000000000000', station1)).statusCode).toBe(404);
    expect((await get('/api/notice/not-a-uuid', station1)).statusCode).toBe(404);
    const draft = await p.db.one<{ id: string }>(`SELECT new_noticeid AS id FROM new_notice WHERE new_status = 1`);
    expect((await get(`/api/notice/${draft!.id}`, station1)).statusCode).toBe(404);
    expect((await p.app.inject({ method: 'GET', url: '/api/notice/list' })).statusCode).toBe(401);
  });

  it('serves the carousel items', async () => {
    const items = (await get('/api/notice/carousel', station1)).json().Data;
    expect(items).toHaveLength(5);
    expect(items[0]).toEqual({
      title: '关于2026年第四季度服务备件价格调整的通知',
      sub: '自12月1日起，液压、电气类部分备件结算价格调整',
      url: expect.stringMatching(/^\/dmsnotice\/view\/[0-9a-f-]{36}$/),
    });
  });

  it('publishing a notice without 发布时间 stamps it: it lists first and leads the carousel', async () => {
    const created = (
      await post(
        '/api/crmdata/create/new_notices',
        { new_name: '临时停电通知', new_type: 7, new_content: '周六检修停电。', new_status: noticeStatus.draft },
        hq,
      )
    ).json();
    const id = created.Data.id as string;
    expect((await p.db.one<{ t: Date | null }>('SELECT new_publishtime AS t FROM new_notice WHERE new_noticeid = $1', [id]))!.t).toBeNull();
    expect((await post(`/api/crmdata/Update/new_notices(${id})`, { new_status: noticeStatus.published }, hq)).statusCode).toBe(200);
    const first = (await get('/api/notice/list', station1)).json().Data.items[0];
    expect(first).toMatchObject({ Id: id, Title: '临时停电通知' });
    expect(Date.now() - Date.parse(first.PublishTime)).toBeLessThan(60_000);
    expect((await get('/api/notice/carousel', station1)).json().Data[0].title).toBe('临时停电通知');
  });
});
