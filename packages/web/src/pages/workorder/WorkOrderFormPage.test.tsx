import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearRegionCache } from '../../api/address.ts';
import { clearPicklistCache } from '../../api/picklist.ts';
import { useSession } from '../../session/store.ts';
import { envelope, jsonReply, renderApp, stubServer, signInAs } from '../../test/render-app.tsx';
import { isDirty, useUnsavedStore } from '../../app/unsaved-changes.ts';

const F = '@OData.Community.Display.V1.FormattedValue';
// The edit screen is a large lazy chunk (form, tabs, dialogs): slow to render on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

const signIn = (privilege: string[], extra: Parameters<typeof signInAs>[1] = {}) =>
  signInAs(privilege, { userName: 'station1', nickName: '陈志强', ...extra });
const STATION = ['workorder.read', 'workorder.write', 'workorder.dispatch'];

const order = (status: number, extra: Record<string, unknown> = {}) => ({
  new_srv_workorderid: 'wo1',
  new_name: 'WO202606-0007',
  new_status: status,
  new_dealstatus: Math.min(status, 7),
  new_type: 1,
  new_warranty: 1,
  new_customer: '上海申通机械',
  new_contact: '王先生',
  new_phone: '13812345678',
  new_province: '上海市',
  new_city: '上海市',
  new_county: '浦东新区',
  new_address: '张江路 1 号',
  new_faultdesc: '无法启动',
  new_station_id: 'st-1',
  [`new_station_id${F}`]: '上海浦东华辰服务站',
  new_worker_id: status > 1 ? 'w1' : null,
  [`new_worker_id${F}`]: status > 1 ? '赵磊' : null,
  new_servicecharge: 0,
  new_partcost: 0,
  new_totalcost: 0,
  ...extra,
});

/** A fake server holding one order whose totals follow the repair items added through the line command. */
function server(status: number, extra: Record<string, unknown> = {}) {
  const items: Record<string, unknown>[] = [];
  const posts: { url: string; body: unknown }[] = [];
  let retrieves = 0;
  const f = stubServer((url, init) => {
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_workorders(wo1)')) {
      retrieves++;
      const charge = items.reduce((s, i) => s + Number(i.new_amount), 0);
      return envelope(order(status, { new_servicecharge: charge, new_totalcost: charge, ...extra }));
    }
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_repairitems')) return envelope({ value: items });
    if (url.startsWith('/api/crmdata/Retrieve/')) return envelope({ value: [] });
    if (url === '/api/workorders/wo1/lines/repairitems' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posts.push({ url, body });
      items.push({ new_srv_repairitemid: `r${items.length + 1}`, ...body, new_amount: Number(body.new_hours) * Number(body.new_price) });
      // The contract's answer, bare (not enveloped).
      return jsonReply({ id: 'wo1', status, dealstatus: status, message: '添加成功' });
    }
    if (url.startsWith('/api/address/provinces'))
      return envelope([
        { id: '31', name: '上海市' },
        { id: '33', name: '浙江省' },
      ]);
    if (url.startsWith('/api/address/cities')) return envelope([{ id: '3101', name: '上海市' }]);
    if (url.startsWith('/api/address/counties'))
      return envelope([
        { id: '310115', name: '浦东新区' },
        { id: '310104', name: '徐汇区' },
      ]);
    if (url.startsWith('/api/attachment')) return envelope([]);
    if (url.startsWith('/api/crmpicklist/')) return envelope([]);
    if (url.startsWith('/api/notice/') || url.startsWith('/api/CrmFlow/') || url.startsWith('/api/ShoppingCart/')) return envelope(0);
    return undefined;
  });
  return { f, posts, retrieves: () => retrieves };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  clearPicklistCache();
  clearRegionCache();
});

const actions = () => [...document.querySelectorAll('[data-testid^="wo-action-"]')].map((b) => b.getAttribute('data-testid'));

describe('work-order edit screen', () => {
  it('shows number and both statuses; a station at status 2 may reassign, book, record, complete and cancel, and edit', async () => {
    signIn(STATION);
    server(2);
    renderApp('/workOrder/edit/wo1');
    const deal = await screen.findByTestId('wo-dealstatus', {}, LONG);
    expect(deal.getAttribute('data-status')).toBe('2');
    expect(screen.getByTestId('wo-status').textContent).toBe('工单状态：已派工');
    expect(screen.getByTestId('wo-header').getAttribute('data-number')).toBe('WO202606-0007');
    expect(screen.getByTestId('form-save')).toBeTruthy();
    expect(screen.queryByTestId('wo-readonly')).toBeNull();
    // Save + the first two actions are buttons; the rest fold into 更多 (spec: header keeps 3).
    expect(screen.getByTestId('wo-action-dispatch').textContent).toContain('改派');
    expect(actions()).toEqual(['wo-action-dispatch', 'wo-action-appointment']);
    expect(screen.getByText('更多')).toBeTruthy();
  });

  it("an engineer's own order: read-only fields; appointment, progress and completion, lines; no dispatch, cancel or save", async () => {
    signIn(['workorder.read', 'workorder.service'], { userName: 'engineer1', nickName: '赵磊' });
    server(3);
    renderApp('/workOrder/edit/wo1');
    await screen.findByTestId('wo-status', {}, LONG);
    expect(screen.queryByTestId('form-save')).toBeNull();
    // No save button, so the header holds all three: appointment, progress, complete — never dispatch or cancel.
    expect(actions()).toEqual(['wo-action-appointment', 'wo-action-progress', 'wo-action-complete']);
    expect(screen.queryByText('更多')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('wo-tab-repairitems')));
    expect(await screen.findByTestId('wo-line-add-repairitems')).toBeTruthy();
  });

  it('an audited order is read-only, offers no line editing, and head office may revisit', async () => {
    signIn(['workorder.read', 'workorder.write', 'workorder.dispatch', 'workorder.audit'], { userType: 1 });
    server(10);
    renderApp('/workOrder/edit/wo1');
    expect((await screen.findByTestId('wo-status', {}, LONG)).getAttribute('data-status')).toBe('10');
    expect(screen.getByTestId('wo-readonly')).toBeTruthy();
    expect(screen.queryByTestId('form-save')).toBeNull();
    expect(actions()).toEqual(['wo-action-revisit']);
    await act(async () => fireEvent.click(screen.getByTestId('wo-tab-repairitems')));
    expect(await screen.findByTestId('wo-lines-repairitems')).toBeTruthy();
    expect(screen.queryByTestId('wo-line-add-repairitems')).toBeNull();
  });

  it('a completed order: head office audits; a station has nothing to do', async () => {
    signIn(STATION);
    server(7);
    const { unmount } = renderApp('/workOrder/edit/wo1');
    await screen.findByTestId('wo-status', {}, LONG);
    expect(actions()).toEqual([]);
    expect(screen.getByTestId('form-save')).toBeTruthy();
    unmount();
    useSession.getState().clearAll();
    signIn(['workorder.read', 'workorder.audit']);
    renderApp('/workOrder/edit/wo1');
    await screen.findByTestId('wo-status', {}, LONG);
    expect(actions()).toEqual(['wo-action-audit']);
  });

  it('the address fields are one picker whose saved names find their codes', async () => {
    signIn(STATION);
    server(2);
    renderApp('/workOrder/edit/wo1');
    await screen.findByTestId('wo-status', {}, LONG);
    // The county list loads once the saved city's code is found.
    // (The form moves into the tabs once the order is loaded: query afresh.)
    const county = () =>
      screen.getByTestId('field-new_province').querySelector('[data-testid="field-new_province-county"]')?.closest('.ant-select');
    await waitFor(() => expect(county()?.className).not.toContain('disabled'), LONG);
    expect(county()?.textContent).toContain('浦东新区');
    // Its list is the saved city's counties (loaded by the code found from the name).
    await act(async () => fireEvent.mouseDown(county()!.querySelector('.ant-select-selector, input') as Element));
    expect(await screen.findByText('徐汇区', {}, LONG)).toBeTruthy();
    expect((screen.getByTestId('field-new_province-detail') as HTMLInputElement).value).toBe('张江路 1 号');
    expect(screen.queryByTestId('field-new_city')).toBeNull();
  });

  it('adding a repair item sends the line command and reloads the order: its total follows', async () => {
    signIn(STATION);
    const s = server(3);
    renderApp('/workOrder/edit/wo1');
    await screen.findByTestId('wo-status', {}, LONG);
    const before = s.retrieves();
    await act(async () => fireEvent.click(screen.getByTestId('wo-tab-repairitems')));
    await act(async () => fireEvent.click(await screen.findByTestId('wo-line-add-repairitems')));
    const dialog = await screen.findByTestId('wo-line-dialog');
    fireEvent.change(within(dialog).getByTestId('field-new_name'), { target: { value: '更换主板' } });
    fireEvent.change(within(dialog).getByTestId('field-new_hours'), { target: { value: '2' } });
    const price = within(dialog).getByTestId('field-new_price');
    fireEvent.change(price.tagName === 'INPUT' ? price : price.querySelector('input')!, { target: { value: '80' } });
    // Watched from the click on: the toast lasts 3 s, which a loaded machine can spend before the next line runs.
    const toast = screen.findByText('添加成功', {}, LONG);
    await act(async () => fireEvent.click(screen.getByTestId('wo-line-dialog-ok')));
    await waitFor(() => expect(s.posts).toHaveLength(1));
    expect(s.posts[0].body).toMatchObject({ new_name: '更换主板', new_hours: 2, new_price: 80 });
    expect(s.posts[0].body).not.toHaveProperty('new_workorder_id');
    expect(await toast).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('wo-line-row')).toHaveLength(1));
    expect(screen.getByTestId('wo-lines-total-repairitems').getAttribute('data-amount')).toBe('160');
    await waitFor(() => expect(s.retrieves()).toBeGreaterThan(before));
  });
});

describe('unsaved changes on the work-order form', () => {
  it('an unchanged order is not "changed" when its address picker completes its codes; editing a field is', async () => {
    signIn(STATION);
    const { f } = server(2);
    renderApp('/workOrder/edit/wo1');
    await screen.findByTestId('wo-dealstatus', {}, LONG);
    const contact = (await screen.findByTestId('field-new_contact', {}, LONG)) as HTMLInputElement;
    // The picker has looked its saved names up (its cities load): the value got codes, not changes.
    await waitFor(() => expect(f.mock.calls.some(([u]) => String(u).startsWith('/api/address/counties'))).toBe(true), LONG);
    await act(async () => new Promise((r) => setTimeout(r, 300)));
    expect(isDirty('/workOrder/edit/wo1')).toBe(false);
    fireEvent.change(contact, { target: { value: '王先生（改）' } });
    await waitFor(() => expect(isDirty('/workOrder/edit/wo1')).toBe(true));
    fireEvent.change(contact, { target: { value: '王先生' } });
    await waitFor(() => expect(isDirty('/workOrder/edit/wo1')).toBe(false));
    useUnsavedStore.setState({ dirty: {} });
  });
});
