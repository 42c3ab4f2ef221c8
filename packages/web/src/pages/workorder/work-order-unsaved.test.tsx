import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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

const signIn = (privilege: string[], extra: Parameters<typeof signInAs>[1] = {}) => signInAs(privilege, { userName: 'station1', nickName: '陈志强', ...extra });
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
    if (url.startsWith('/api/address/provinces')) return envelope([{ id: '31', name: '上海市' }, { id: '33', name: '浙江省' }]);
    if (url.startsWith('/api/address/cities')) return envelope([{ id: '3101', name: '上海市' }]);
    if (url.startsWith('/api/address/counties')) return envelope([{ id: '310115', name: '浦东新区' }, { id: '310104', name: '徐汇区' }]);
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
