import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearRegionCache } from '../../api/address.ts';
import { clearPicklistCache } from '../../api/picklist.ts';
import { useSession } from '../../session/store.ts';
import { envelope, jsonReply, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

const F = '@OData.Community.Display.V1.FormattedValue';
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

const HQ = ['workorder.read', 'workorder.write', 'workorder.dispatch', 'workorder.all', 'product.read'];
const signIn = () => signInAs(HQ, { userName: 'hq', nickName: '李慧敏', userType: 1 });

const PRODUCT = {
  productid: 'p-1',
  name: '液压泵 HP-200',
  productnumber: 'HP-200-01',
  new_model: 'HP-200',
  new_productline_id: 'pl-1',
  [`new_productline_id${F}`]: '液压类',
};
const ORDER = {
  new_srv_workorderid: 'wo1',
  new_name: 'WO20261125-0001',
  new_status: 2,
  new_dealstatus: 2,
  new_type: 1,
  new_warranty: 1,
  new_customer: '上海申通机械',
  new_contact: '王先生',
  new_phone: '13812345678',
  new_province: '上海市',
  new_city: '上海市',
  new_address: '张江路 1 号',
  new_faultdesc: '无法启动',
  new_station_id: 'st-1',
  [`new_station_id${F}`]: '上海浦东华辰服务站',
  new_worker_id: 'w1',
  [`new_worker_id${F}`]: '赵磊',
};

/** A fake server: one product behind the lookup dialog, one dispatched order, a list of it. */
function server() {
  const fills: URLSearchParams[] = [];
  stubServer((url) => {
    if (url.startsWith('/api/crmlookupview/data')) {
      const q = new URL(url, 'http://x').searchParams;
      if (q.get('condition')?.includes('productid')) fills.push(q);
      return new Response(JSON.stringify({ ErrorCode: 0, Message: '', Data: [PRODUCT], TotalRecordCount: 1 }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_workorders(wo1)')) return envelope(ORDER);
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_workorders?')) return envelope({ value: [ORDER], '@odata.count': 1 });
    if (url.startsWith('/api/crmdata/Retrieve/')) return envelope({ value: [] });
    if (url.startsWith('/api/address/')) return envelope([]);
    if (url.startsWith('/api/attachment')) return envelope([]);
    if (url.startsWith('/api/crmpicklist/')) return envelope([]);
    if (url.startsWith('/api/notice/') || url.startsWith('/api/CrmFlow/') || url.startsWith('/api/ShoppingCart/')) return envelope(0);
    if (url.startsWith('/api/')) return jsonReply({ ErrorCode: 0, Message: '', Data: null });
    return undefined;
  });
  return { fills };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  useSession.getState().setLocale('zh-CN');
  clearPicklistCache();
  clearRegionCache();
});

const sectionKeys = () =>
  [...document.querySelectorAll('[data-testid^="form-section-"]')].map((s) => s.getAttribute('data-testid')!.slice('form-section-'.length));

describe('new work order', () => {
  it('shows only what can be entered before the order exists: no result, cost, audit or pullout sections', async () => {
    signIn();
    server();
    renderApp('/workOrder/create');
    await screen.findByTestId('form-section-customer', {}, LONG);
    expect(sectionKeys()).toEqual(['customer', 'product', 'service']);
    for (const gone of ['服务结果', '拉回与物流', '审核与回访']) expect(screen.queryByText(gone)).toBeNull();
    expect(screen.queryByTestId('field-new_fineamount')).toBeNull();
  });

  it('the edit screen of an existing order has every section', async () => {
    signIn();
    server();
    renderApp('/workOrder/edit/wo1');
    await screen.findByTestId('wo-status', {}, LONG);
    await waitFor(() => expect(sectionKeys()).toEqual(['customer', 'product', 'service', 'result', 'cost', 'closing', 'pullout']), LONG);
  });

  it('choosing a product fills its product line and model, which stay editable', async () => {
    signIn();
    const s = server();
    renderApp('/workOrder/create');
    await screen.findByTestId('form-section-product', {}, LONG);
    await act(async () => fireEvent.click(await screen.findByTestId('field-new_product_id', {}, LONG)));
    const dialog = await screen.findByTestId('lookup-dialog', {}, LONG);
    const row = await waitFor(() => {
      const r = within(dialog)
        .getAllByTestId('lookup-row')
        .find((x) => x.textContent?.includes('液压泵 HP-200'));
      if (!r) throw new Error('row');
      return r;
    }, LONG);
    await act(async () => fireEvent.click(row));
    await act(async () => fireEvent.click(within(dialog).getByTestId('lookup-ok')));
    const line = screen.getByTestId('field-new_productline_id');
    await waitFor(() => expect(line.getAttribute('data-value')).toBe('pl-1'), LONG);
    expect(line.textContent).toContain('液压类');
    const model = screen.getByTestId('field-new_model') as HTMLInputElement;
    expect(model.value).toBe('HP-200');
    expect(model.disabled).toBe(false);
    expect(line.getAttribute('aria-disabled')).toBeNull();
    // Asked for the picked product's line and model through the lookup API.
    expect(JSON.parse(s.fills[0].get('condition')!)).toEqual([{ field: 'productid', op: 'eq', value: 'p-1' }]);
    expect(s.fills[0].get('select')?.split(',')).toEqual(expect.arrayContaining(['new_productline_id', 'new_model']));
    // A page size the lookup API accepts (10–50).
    expect(Number(s.fills[0].get('count'))).toBeGreaterThanOrEqual(10);
  });
});

describe('the two statuses of an order say which is which', () => {
  it('the edit header labels its tags 处理状态 and 工单状态 (and in English)', async () => {
    signIn();
    server();
    const { unmount } = renderApp('/workOrder/edit/wo1');
    expect((await screen.findByTestId('wo-dealstatus', {}, LONG)).textContent).toBe('处理状态：已派工');
    expect(screen.getByTestId('wo-status').textContent).toBe('工单状态：已派工');
    unmount();
    act(() => useSession.getState().setLocale('en-US'));
    renderApp('/workOrder/edit/wo1');
    expect((await screen.findByTestId('wo-dealstatus', {}, LONG)).textContent).toBe('Handling status: Dispatched');
    expect(screen.getByTestId('wo-status').textContent).toBe('Order status: Sent workers');
  });

  it('the list names its two status columns 处理状态 and 工单状态', async () => {
    signIn();
    server();
    renderApp('/workOrder/list');
    await screen.findAllByTestId('list-row', {}, LONG);
    const heads = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    expect(heads).toContain('处理状态');
    expect(heads).toContain('工单状态');
    expect(heads.indexOf('处理状态')).not.toBe(heads.indexOf('工单状态'));
  });
});
