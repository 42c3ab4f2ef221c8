import { WORKER_LINK_API, type WorkerLinkCandidates } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { okData, userApi } from '../../testing/user-api.ts';

let p: Portal;
const tok: Record<string, string> = {};
const user: Record<string, string> = {};
const worker: Record<string, string> = {};
const api = userApi(() => p, tok);
const link = (who: string, userId: string, workerId: string, lang?: string) =>
  api(who, 'POST', `${WORKER_LINK_API}/link`, { userId, workerId }, lang);
const unlink = (who: string, userId: string, lang?: string) => api(who, 'POST', `${WORKER_LINK_API}/unlink`, { userId }, lang);
const linkOf = async (login: string) =>
  (await p.db.one<{ w: string | null }>('SELECT new_worker_id::text AS w FROM systemuser WHERE domainname = $1', [login]))!.w;

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['admin', 'hq', 'station1', 'station2', 'engineer1']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ id: string; login: string }>('SELECT systemuserid::text AS id, domainname AS login FROM systemuser'))
    .rows)
    user[r.login] = r.id;
  // Personnel records by name: 赵磊 is engineer1's, 钱晓东 is free (both of SH001); 刘洋's station is ZJ001.
  for (const r of (
    await p.db.query<{ id: string; name: string; code: string }>(
      `SELECT w.new_srv_workerid::text AS id, w.new_name AS name, s.new_code AS code FROM new_srv_worker w JOIN new_srv_station s ON s.new_srv_stationid = w.new_station_id`,
    )
  ).rows) {
    worker[r.name] = r.id;
    if (r.code === 'ZJ001') worker.ZJ001 ??= r.id;
  }
});
afterAll(() => p?.close());

describe('linking a user and a personnel record', () => {
  it('is not written through the record API (the link is a command)', async () => {
    const res = await api('admin', 'POST', `/api/crmdata/Update/systemusers(${user.station1})`, { new_worker_id: worker.钱晓东 });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('对应服务人员由业务流程维护，不能直接修改');
    expect(await linkOf('station1')).toBeNull();
  });

  it('a station principal links and unlinks a user of their station; the account then has its personnel record (zh, en)', async () => {
    done(await link('station1', user.station1, worker.钱晓东), '已关联：用户“陈志强（station1）” ↔ 服务人员“钱晓东”');
    expect(await linkOf('station1')).toBe(worker.钱晓东);
    expect(okData(await api('station1', 'GET', '/api/portaluser/me')).workerId).toBe(worker.钱晓东);
    done(await unlink('station1', user.station1, 'en-US'), 'User "陈志强（station1）" is no longer linked to a personnel record');
    expect(await linkOf('station1')).toBeNull();
    refused(await unlink('station1', user.station1), '用户“陈志强（station1）”未关联服务人员', 400, 'userId');
  });

  it('a personnel record is linked to one user at most: the other user is named', async () => {
    const engineer = await linkOf('engineer1');
    refused(
      await link('station1', user.station1, worker.赵磊),
      '服务人员“赵磊”已关联用户“赵磊（engineer1）”，请先解除该关联',
      400,
      'workerId',
    );
    refused(
      await link('admin', user.station1, worker.赵磊, 'en-US'),
      '"赵磊" is already linked to user "赵磊（engineer1）"; unlink that first',
    );
    expect(await linkOf('station1')).toBeNull();
    expect(await linkOf('engineer1')).toBe(engineer);
  });

  it("the user must belong to the record's station; a principal reaches only their own station; others may not link", async () => {
    refused(
      await link('admin', user.station2, worker.钱晓东),
      '用户“刘洋（station2）”不属于服务人员“钱晓东”所在的服务站，不能关联',
      400,
      'workerId',
    );
    expect((await link('station1', user.station2, worker.钱晓东)).statusCode).toBe(404);
    expect((await link('station1', user.station1, worker.ZJ001)).statusCode).toBe(404);
    expect((await link('hq', user.station1, worker.钱晓东)).statusCode).toBe(403);
    expect((await link('engineer1', user.engineer1, worker.钱晓东)).statusCode).toBe(403);
    expect(await linkOf('station2')).toBeNull();
    expect(await linkOf('station1')).toBeNull();
  });

  it('the dialog offers the other side of the same station with its current links', async () => {
    const forWorker = okData(await api('station1', 'GET', `${WORKER_LINK_API}/candidates?workerId=${worker.赵磊}`)) as WorkerLinkCandidates;
    expect(forWorker.self).toMatchObject({ name: '赵磊', linkedId: user.engineer1, linkedName: '赵磊（engineer1）' });
    const logins = forWorker.options.map((o) => o.code);
    expect(logins).toEqual(expect.arrayContaining(['engineer1', 'station1']));
    expect(logins).not.toContain('station2');
    const forUser = okData(await api('admin', 'GET', `${WORKER_LINK_API}/candidates?userId=${user.engineer1}`)) as WorkerLinkCandidates;
    expect(forUser.self).toMatchObject({ code: 'engineer1', linkedName: '赵磊' });
    expect(forUser.options.find((o) => o.name === '钱晓东')).toMatchObject({ linkedId: null });
    expect(forUser.options.some((o) => o.id === worker.ZJ001)).toBe(false);
  });
});
