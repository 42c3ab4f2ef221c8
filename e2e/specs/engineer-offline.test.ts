import { msg } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { apiSession, cameraPhotos, EngineerAppPage } from '../pages/engineer-app-pages.ts';
import { LoginPage } from '../pages/login-page.ts';
import { waitForPath } from '../support/session.ts';
import { portalSuite } from '../support/suite.ts';

/*
 * The engineer app offline (issue 15), on a 390 px phone: engineer1 (赵磊, SH001) signs in and lands
 * on 我的工单, works an order with the browser offline (respond, set out, arrive, two photos,
 * complete), sees 待同步; back online the queue syncs and the station reads the order with the
 * times the phone recorded and both photos; the same actions sent again change nothing; an order
 * the station reassigned meanwhile shows its refused action with the server's message.
 * The rules themselves (idempotency, times as given, queue order) are proven in server and unit tests.
 */

const suite = portalSuite();

type Rows<T> = { value: T[]; '@odata.count'?: number };
type Worker = { new_srv_workerid: string; new_name: string };

describe('engineer app', () => {
  it("works an order offline; the queue syncs in order, replays change nothing, a reassigned order's action is refused", async () => {
    const station1 = await apiSession(suite.portal, 'station1');
    const workers = (await station1<Rows<Worker>>('/api/crmdata/Retrieve/new_srv_workers?$select=new_srv_workerid,new_name&$top=100')).Data
      .value;
    const me = workers.find((w) => w.new_name === '赵磊')!.new_srv_workerid;
    const colleague = workers.find((w) => w.new_name !== '赵磊')!.new_srv_workerid;
    /** A new order of SH001 dispatched to engineer1. */
    const dispatched = async (customer: string, address: string) => {
      const made = await station1<{ id: string }>('/api/crmdata/create/new_srv_workorders', 'POST', {
        new_type: 1,
        new_warranty: 1,
        new_customer: customer,
        new_contact: '陈经理',
        new_phone: '13916881234',
        new_province: '上海市',
        new_city: '上海市',
        new_county: '浦东新区',
        new_address: address,
        new_faultdesc: '设备运行时报警停机',
      });
      expect(made.status, made.Message).toBe(200);
      expect((await station1(`/api/workorders/${made.Data.id}/dispatch`, 'POST', { workerId: me })).status).toBe(200);
      return made.Data.id;
    };
    const a = await dispatched('上海张江精密机械有限公司', '张江路 88 号');
    const b = await dispatched('上海外高桥物流有限公司', '港城路 1188 号');
    const history = async (id: string) =>
      (
        await station1<Rows<unknown>>(
          `/api/crmdata/Retrieve/new_srv_workorderlogs?$top=0&$count=true&$filter=${encodeURIComponent(`new_workorder_id eq ${id}`)}`,
        )
      ).Data['@odata.count'];
    const photos = async (id: string) =>
      (await station1<unknown[]>(`/api/attachment?moduleType=new_srv_workorder&objectId=${id}`)).Data.length;

    // engineer1 signs in on the phone and lands on 我的工单: their open orders, as the station assigned them.
    const page = await suite.open({ mobile: true, serviceWorker: true });
    const context = page.context();
    await context.grantPermissions(['geolocation'], { origin: suite.portal.standardUrl });
    await context.setGeolocation({ latitude: 31.2044, longitude: 121.5903 });
    const app = new EngineerAppPage(page);
    await app.install();
    await page.goto(`${suite.portal.standardUrl}/login`);
    await new LoginPage(page, suite.portal).signInWithPassword('engineer1');
    await waitForPath(page, '/mobile/workorders');
    await app.waitForList('server');
    const open = (
      await station1<Rows<{ new_srv_workorderid: string }>>(
        `/api/crmdata/Retrieve/new_srv_workorders?$select=new_srv_workorderid&$top=500&$filter=${encodeURIComponent(`new_worker_id eq ${me} and new_status ge 2 and new_status le 5`)}`,
      )
    ).Data.value.map((o) => o.new_srv_workorderid);
    await app.card(b).waitFor();
    expect(new Set(await app.cardIds())).toEqual(new Set(open));
    // The demo gives engineer1 appointments today: they come first.
    expect(await app.panel().getByTestId('engineer-today').locator('[data-testid="engineer-order-card"]').count()).toBeGreaterThan(0);
    await app.openOrder(a);
    // Dispatched: status and handling status both read 已派工, shown once.
    expect(await app.statusTags()).toEqual(['已派工']);
    const pictures = await cameraPhotos(page, 2);

    // Offline: respond, set out, arrive, two photos, complete — all kept on the phone as 待同步.
    await context.setOffline(true);
    await app.recordStep('response');
    await app.recordStep('departure');
    await app.recordStep('arrival');
    await app.takePhotos(pictures, 2);
    await app.complete('更换主板，试机正常');
    await app.waitForPending(7); // 响应 出发 到达 照片 拍照 照片 完工
    expect(await app.order().getByTestId('engineer-order-pending').innerText()).toContain('待同步');
    // The other order, meanwhile reassigned by the station: its response waits on the phone too.
    await app.back();
    await app.openOrder(b);
    await app.recordStep('response');
    await app.waitForPending(8);
    expect((await station1(`/api/workorders/${b}/dispatch`, 'POST', { workerId: colleague, memo: '客户改约' })).status).toBe(200);
    const queue = await app.queue();
    expect(queue.filter((i) => i.orderId === a).map((i) => i.step ?? i.kind)).toEqual([
      'response',
      'departure',
      'arrival',
      'upload',
      'photos',
      'upload',
      'complete',
    ]);
    const arrivedAt = queue.find((i) => i.orderId === a && i.step === 'arrival')!.at;
    const completedAt = queue.find((i) => i.orderId === a && i.kind === 'complete')!.at;

    // Online again: the queue syncs in order; the refused action stays with the server's message.
    await context.setOffline(false);
    await app.waitForPending(0);
    expect(await app.refused()).toEqual([{ order: b, message: msg('records.notFound', 'zh-CN') }]);
    const row = (
      await station1<Record<string, unknown>>(
        `/api/crmdata/Retrieve/new_srv_workorders(${a})?$select=new_status,new_arrivaltime,new_completiontime,new_photocount`,
      )
    ).Data;
    expect(row.new_status).toBe(7);
    expect(Date.parse(String(row.new_arrivaltime))).toBe(Date.parse(arrivedAt));
    expect(Date.parse(String(row.new_completiontime))).toBe(Date.parse(completedAt));
    expect(await photos(a)).toBe(2);
    expect(row.new_photocount).toBe(2);
    const logged = await history(a);

    // The same actions sent again (a phone that lost the answers): nothing changes on the server.
    expect(await app.requeueSent(a)).toBe(7);
    await app.sync();
    await expect.poll(async () => (await app.queue()).filter((i) => i.state === 'pending').length, { timeout: 15_000 }).toBe(0);
    expect(await history(a)).toBe(logged);
    expect(await photos(a)).toBe(2);
    expect(
      (await station1<Record<string, unknown>>(`/api/crmdata/Retrieve/new_srv_workorders(${a})?$select=new_status`)).Data.new_status,
    ).toBe(7);

    // With the service worker installed, 我的工单 opens offline from the phone's copy.
    if (await page.evaluate(() => !!navigator.serviceWorker?.controller)) {
      await context.setOffline(true);
      await page.goto(`${suite.portal.standardUrl}/mobile/workorders`);
      await app.waitForList('cache');
      await context.setOffline(false);
    }
  });
});
