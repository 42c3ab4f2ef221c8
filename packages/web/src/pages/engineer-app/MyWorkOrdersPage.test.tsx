import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { setWidth } from '../../test/phone.ts';
import { envelope, ME, stubServer } from '../../test/render-app.tsx';
import { afterSignInPath } from '../../session/sign-in.ts';
import { useUpdateState } from '../../sw/update.ts';
import { documentNav } from './app-nav.ts';
import { ENGINEER, freshEngineerAppPerTest, renderEngineerApp, server, signInAs, today } from './engineer-fixtures.tsx';

const ORDERS = [
  {
    new_srv_workorderid: 'o-later',
    new_name: 'WO20261120-0007',
    new_customer: '杭州西湖精工有限公司',
    new_phone: '0571-8888 1234',
    new_province: '浙江省',
    new_city: '杭州市',
    new_county: '西湖区',
    new_address: '文三路 90 号',
    new_status: 3,
    new_dealstatus: 3,
    new_appointmenttime: '2099-01-02',
    new_appointmentbegin: 900,
    new_appointmentend: 1100,
    new_longitude: null,
    new_latitude: null,
  },
  {
    new_srv_workorderid: 'o-today',
    new_name: 'WO20261125-0003',
    new_customer: '北京天坛机电有限公司',
    new_phone: '13812345678',
    new_province: '北京市',
    new_city: '北京市',
    new_county: '东城区',
    new_address: '天坛路 1 号',
    new_status: 2,
    new_dealstatus: 2,
    new_appointmenttime: today,
    new_appointmentbegin: 1400,
    new_appointmentend: 1600,
    new_longitude: 116.404,
    new_latitude: 39.915,
  },
];

freshEngineerAppPerTest();

describe('我的工单 (/mobile/workorders)', () => {
  it("lists today's appointment first, with call and navigate (高德, GCJ-02), then opens from the phone's copy offline", async () => {
    setWidth(390);
    signInAs();
    server((url) => (url.startsWith('/api/crmdata/Retrieve/new_srv_workorders?') ? envelope({ value: ORDERS }) : undefined));
    const first = renderEngineerApp('/mobile/workorders');
    await screen.findByTestId('engineer-orders');
    await waitFor(() => expect(screen.getAllByTestId('engineer-order-card')).toHaveLength(2));
    const cards = screen.getAllByTestId('engineer-order-card');
    expect(cards.map((c) => c.getAttribute('data-id'))).toEqual(['o-today', 'o-later']);
    expect(within(screen.getByTestId('engineer-today')).getByText('WO20261125-0003')).toBeTruthy();
    const call = within(cards[0]).getByTestId('engineer-order-call');
    expect(call.getAttribute('href')).toBe('tel:13812345678');
    // The coordtransform reference point, in 高德's datum.
    expect(within(cards[0]).getByTestId('engineer-order-navigate').getAttribute('href')).toContain('to=116.410244,39.916404,');
    // Without coordinates: the address is searched.
    expect(within(cards[1]).getByTestId('engineer-order-navigate').getAttribute('href')).toContain('uri.amap.com/search?keyword=');
    expect(screen.getByTestId('engineer-orders').getAttribute('data-source')).toBe('server');
    first.unmount();
    cleanup();

    // The server cannot be reached: the list comes from IndexedDB, marked as the offline copy.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderEngineerApp('/mobile/workorders');
    await waitFor(() => expect(screen.getByTestId('engineer-orders').getAttribute('data-source')).toBe('cache'));
    await waitFor(() =>
      expect(screen.getAllByTestId('engineer-order-card').map((c) => c.getAttribute('data-id'))).toEqual(['o-today', 'o-later']),
    );
    expect(screen.getByTestId('engineer-from-cache').textContent).toContain('离线数据');
  });

  it('opens an order in the app without a page load, and goes back', async () => {
    signInAs();
    const loads = vi.spyOn(documentNav, 'assign').mockImplementation(() => {});
    server((url) => (url.startsWith('/api/crmdata/Retrieve/new_srv_workorders?') ? envelope({ value: ORDERS }) : undefined));
    renderEngineerApp('/mobile/workorders');
    const card = (await screen.findAllByTestId('engineer-order-card'))[0];
    fireEvent.click(card);
    expect(window.location.pathname).toBe('/mobile/workorders/o-today');
    await screen.findByTestId('engineer-order', undefined, { timeout: 15_000 });
    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/mobile/workorders'));
    await screen.findByTestId('engineer-orders');
    expect(loads).not.toHaveBeenCalled();
  });

  it('keeps what the engineer typed and refuses it at the box: part quantity 1.5, hours with two decimals, a solution over 1000 characters', async () => {
    signInAs();
    const arrived = ORDERS.map((o) => (o.new_srv_workorderid === 'o-today' ? { ...o, new_status: 5, new_dealstatus: 5 } : o));
    server((url) =>
      url.startsWith('/api/crmdata/Retrieve/new_srv_workorders(o-today)')
        ? envelope(arrived[1])
        : url.startsWith('/api/crmdata/Retrieve/new_srv_workorders')
          ? envelope({ value: arrived })
          : url.startsWith('/api/crmdata/Retrieve/')
            ? envelope({ value: [] })
            : url.startsWith('/api/attachment')
              ? envelope([])
              : undefined,
    );
    renderEngineerApp('/mobile/workorders/o-today');
    await screen.findByTestId('engineer-lines', undefined, { timeout: 15_000 });
    const qty = screen.getByTestId('engineer-part-qty') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '1.5' } });
    expect(qty.value).toBe('1.5');
    expect(screen.getByTestId('engineer-part-qty-error').textContent).toBe('数量只能输入整数');
    expect(screen.getByTestId('engineer-part-add').hasAttribute('disabled')).toBe(true);
    const hours = screen.getByTestId('engineer-item-hours') as HTMLInputElement;
    fireEvent.change(screen.getByTestId('engineer-item-name'), { target: { value: '更换滤芯' } });
    fireEvent.change(hours, { target: { value: '1.25' } });
    fireEvent.change(screen.getByTestId('engineer-item-price'), { target: { value: '80' } });
    await act(async () => fireEvent.click(screen.getByTestId('engineer-item-add')));
    expect(await screen.findByText('工时最多保留 1 位小数')).toBeTruthy();
    expect(hours.value).toBe('1.25');
    const solution = screen.getByTestId('engineer-solution') as HTMLTextAreaElement;
    fireEvent.change(solution, { target: { value: '换'.repeat(1001) } });
    expect(await screen.findByText('解决方案不能超过 1000 个字符')).toBeTruthy();
    expect(solution.value).toHaveLength(1001);
  });

  it("lists only the orders of the account's own personnel record: none for an administrator without one", async () => {
    signInAs();
    const fetches = server((url) =>
      url.startsWith('/api/crmdata/Retrieve/new_srv_workorders?') ? envelope({ value: ORDERS }) : undefined,
    );
    renderEngineerApp('/mobile/workorders');
    await screen.findAllByTestId('engineer-order-card');
    const asked = fetches.mock.calls
      .map(([u]) => decodeURIComponent(String(u).replace(/\+/g, ' ')))
      .find((u) => u.includes('new_srv_workorders'));
    expect(asked).toMatch(/new_worker_id eq '?w-engineer1'?\b/);
    cleanup();

    const s = useSession.getState();
    s.setUser({ ...s.user, userId: 'u-admin', userName: 'admin', privilege: [...ENGINEER.privilege, 'workorder.all'] });
    const adminFetches = stubServer((url) =>
      url === '/api/portaluser/me'
        ? envelope({ ...ME, userId: 'u-admin', workerId: null })
        : url.includes('new_srv_workorders')
          ? envelope({ value: ORDERS })
          : undefined,
    );
    renderEngineerApp('/mobile/workorders');
    await waitFor(() => expect(screen.getByTestId('engineer-main').textContent).toContain('暂无'));
    expect(screen.queryAllByTestId('engineer-order-card')).toHaveLength(0);
    expect(adminFetches).not.toHaveBeenCalledWith(expect.stringContaining('new_srv_workorders'), expect.anything());
  });

  it('Back onto one of the portal\'s entries loads the portal\'s page (no "no such screen" here)', () => {
    signInAs();
    server();
    const reload = vi.spyOn(documentNav, 'reload').mockImplementation(() => {});
    renderEngineerApp('/mobile/workorders');
    act(() => {
      window.history.replaceState(null, '', '/servicehome');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(reload).toHaveBeenCalled();
    expect(screen.queryByTestId('engineer-no-screen')).toBeNull();
  });

  it("signed out: hands over to the portal's sign-in, which brings the engineer back", () => {
    const replace = vi.spyOn(documentNav, 'replace').mockImplementation(() => {});
    renderEngineerApp('/mobile/workorders/o-today?x=1');
    expect(replace).toHaveBeenCalledWith('/login?redirect=%2Fmobile%2Fworkorders%2Fo-today%3Fx%3D1');
    expect(screen.queryByTestId('engineer-orders')).toBeNull();
  });

  it('without the service privilege, or on a path it does not have, says so and lists nothing', async () => {
    signInAs(['portal.login', 'workorder.read']);
    const fetches = stubServer();
    renderEngineerApp('/mobile/workorders');
    expect(screen.getByTestId('engineer-forbidden').textContent).toBe('您没有权限访问该资源.');
    expect(screen.queryByTestId('engineer-orders')).toBeNull();
    cleanup();
    signInAs();
    renderEngineerApp('/mobile/elsewhere');
    expect(screen.getByTestId('engineer-no-screen').textContent).toContain('您访问的页面不存在');
    expect(fetches).not.toHaveBeenCalledWith(expect.stringContaining('new_srv_workorders'), expect.anything());
  });

  it("the bar has the portal's message bell (unread count, to 消息中心) and its language switch", async () => {
    signInAs();
    server((url) =>
      url.startsWith('/api/crmdata/Retrieve/new_srv_workorders?')
        ? envelope({ value: ORDERS })
        : url === '/api/message/unread-count'
          ? envelope(3)
          : undefined,
    );
    renderEngineerApp('/mobile/workorders');
    await screen.findAllByTestId('engineer-order-card');
    const bell = screen.getByTestId('engineer-messages');
    expect(bell.getAttribute('href')).toBe('/message/message');
    await waitFor(() => expect(screen.getByTestId('message-unread-count').getAttribute('data-count')).toBe('3'));
    expect(bell.getAttribute('aria-label')).toBe('3 条未读消息');

    const lang = screen.getByTestId('engineer-lang') as HTMLSelectElement;
    expect(lang.value).toBe('zh-CN');
    await act(async () => fireEvent.change(lang, { target: { value: 'en-US' } }));
    expect(useSession.getState().locale).toBe('en-US');
    expect(screen.getByText('My work orders')).toBeTruthy();
    expect(screen.getByTestId('engineer-messages').getAttribute('aria-label')).toBe('3 unread messages');
    await act(async () => fireEvent.change(lang, { target: { value: 'zh-CN' } }));
    expect(screen.getByText('我的工单')).toBeTruthy();
  });

  it('announces a new version in the bar and switches only when 刷新 is tapped', async () => {
    signInAs();
    server((url) => (url.startsWith('/api/crmdata/Retrieve/new_srv_workorders?') ? envelope({ value: ORDERS }) : undefined));
    renderEngineerApp('/mobile/workorders');
    await screen.findAllByTestId('engineer-order-card');
    expect(screen.queryByTestId('sw-update-notice')).toBeNull();
    const accept = vi.fn();
    act(() => useUpdateState.setState({ accept }));
    const notice = screen.getByTestId('sw-update-notice');
    expect(notice.textContent).toContain('有新版本可用');
    expect(accept).not.toHaveBeenCalled();
    fireEvent.click(within(notice).getByRole('button', { name: '刷新' }));
    expect(accept).toHaveBeenCalledTimes(1);
    act(() => useUpdateState.setState({ accept: null }));
  });

  it('注销 asks first, then ends the session on the server and goes to the portal', async () => {
    signInAs();
    const loads = vi.spyOn(documentNav, 'assign').mockImplementation(() => {});
    const fetches = server((url) =>
      url.startsWith('/api/crmdata/Retrieve/new_srv_workorders?') ? envelope({ value: ORDERS }) : undefined,
    );
    renderEngineerApp('/mobile/workorders');
    await screen.findAllByTestId('engineer-order-card');
    fireEvent.click(screen.getByTestId('engineer-logout'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-title').length).toBeGreaterThan(0), { timeout: 15_000 });
    expect(document.querySelector('.ant-modal-confirm-title')!.textContent).toBe('确认注销？');
    expect(useSession.getState().auth.isLoggedIn).toBe(true);
    fireEvent.click(document.querySelector<HTMLElement>('.ant-modal-confirm .ant-btn-primary')!);
    await waitFor(() => expect(loads).toHaveBeenCalledWith('/'));
    expect(useSession.getState().auth.isLoggedIn).toBe(false);
    expect(fetches.mock.calls.some(([u]) => String(u).includes('logout'))).toBe(true);
  });

  it('an engineer signing in on a phone lands here; on a desktop, or a dispatcher, at home', () => {
    signInAs();
    setWidth(390);
    expect(afterSignInPath(null, false)).toBe('/mobile/workorders');
    expect(afterSignInPath('/workOrder/list', false)).toBe('/workOrder/list');
    expect(afterSignInPath(null, true)).toBe('/home1');
    signInAs(['portal.login', 'workorder.read', 'workorder.service', 'workorder.dispatch']);
    expect(afterSignInPath(null, false)).toBe('/servicehome');
    signInAs();
    setWidth(1024);
    expect(afterSignInPath(null, false)).toBe('/servicehome');
  });
});
