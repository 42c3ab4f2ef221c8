import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPicklistCache } from '../../api/picklist.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

const F = '@OData.Community.Display.V1.FormattedValue';
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

const STATION = ['workorder.read', 'workorder.write', 'workorder.dispatch'];
const signIn = (privileges = STATION, extra: Parameters<typeof signInAs>[1] = {}) =>
  signInAs(privileges, { userName: 'station1', nickName: '陈志强', ...extra });

const OVERSEAS = {
  new_srv_workorderid: 'wo9',
  new_name: 'WO20261125-0031',
  new_isoverseas: true,
  new_country: 704,
  new_currency: 840,
  new_status: 2,
  new_dealstatus: 2,
  new_type: 1,
  new_warranty: 1,
  new_customer: 'Công ty TNHH Cơ khí Hà Nội',
  new_contact: '陈建国',
  new_phone: '13916600288',
  new_province: null,
  new_city: null,
  new_county: null,
  new_address: '12 Phạm Hùng, Nam Từ Liêm, Hà Nội',
  new_faultdesc: '液压系统压力不足',
  new_station_id: 'st-1',
  [`new_station_id${F}`]: '上海浦东华辰服务站',
  new_worker_id: 'w1',
  [`new_worker_id${F}`]: '赵磊',
  new_servicecharge: 800,
  new_partcost: 434.5,
  new_othercost: 0,
  new_totalcost: 1234.5,
};
const DOMESTIC = {
  ...OVERSEAS,
  new_srv_workorderid: 'wo1',
  new_isoverseas: false,
  new_country: null,
  new_currency: null,
  new_province: '上海市',
  new_city: '上海市',
  new_address: '张江路 1 号',
};

/** A fake server with one overseas order (wo9) and one domestic (wo1); list queries are kept. */
function server(overseas: Record<string, unknown> = {}, repairItems: Record<string, unknown>[] = []) {
  const lists: string[] = [];
  const creates: string[] = [];
  stubServer((url) => {
    if (url.startsWith('/api/crmdata/create/')) creates.push(url);
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_repairitems?')) return envelope({ value: repairItems });
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_workorders(wo9)')) return envelope({ ...OVERSEAS, ...overseas });
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_workorders(wo1)')) return envelope(DOMESTIC);
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_workorders?')) {
      lists.push(decodeURIComponent(url.replaceAll('+', ' ')));
      return envelope({ value: [{ ...OVERSEAS, ...overseas }], '@odata.count': 1 });
    }
    if (url.startsWith('/api/crmdata/Retrieve/')) return envelope({ value: [] });
    if (url.startsWith('/api/address/') || url.startsWith('/api/attachment') || url.startsWith('/api/crmpicklist/')) return envelope([]);
    if (url.startsWith('/api/notice/') || url.startsWith('/api/CrmFlow/') || url.startsWith('/api/ShoppingCart/')) return envelope(0);
    return undefined;
  });
  return { lists, creates };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  useSession.getState().setLocale('zh-CN');
  clearPicklistCache();
});

const actions = () => [...document.querySelectorAll('[data-testid^="wo-action-"]')].map((b) => b.getAttribute('data-testid'));

describe('overseas work-order screen', () => {
  it("shows country and currency instead of the address cascader, amounts in the order's currency, and the work order's actions", async () => {
    signIn();
    server();
    renderApp('/overseas/edit/wo9');
    expect((await screen.findByTestId('wo-status', {}, LONG)).getAttribute('data-status')).toBe('2');
    expect(screen.getByTestId('wo-form').getAttribute('data-variant')).toBe('overseas');
    await waitFor(() => expect(screen.getByTestId('field-new_country').textContent).toContain('越南'), LONG);
    expect(screen.getByTestId('field-new_currency').textContent).toContain('美元 USD');
    for (const gone of ['new_province', 'new_city', 'new_county']) expect(screen.queryByTestId(`field-${gone}`)).toBeNull();
    // The address is plain text here (no China cascader).
    expect((screen.getByTestId('field-new_address') as HTMLInputElement).value).toBe('12 Phạm Hùng, Nam Từ Liêm, Hà Nội');
    expect(screen.getByTestId('wo-currency').textContent).toBe('金额币种：美元 USD');
    // Money inputs carry the order's currency, not ¥.
    const other = screen.getByTestId('field-new_othercost').closest('.ant-input-affix-wrapper')!;
    expect(other.querySelector('.ant-input-prefix')?.textContent).toBe('USD');
    // The same commands as a domestic order in the same state (header keeps save + 2).
    expect(screen.getByTestId('form-save')).toBeTruthy();
    expect(actions()).toEqual(['wo-action-dispatch', 'wo-action-appointment']);
  });

  it('a settled overseas order reads its amounts in its currency (read-only panels)', async () => {
    signIn(['workorder.read']);
    server({ new_status: 10, new_dealstatus: 7, new_currency: 978 });
    renderApp('/overseas/edit/wo9');
    expect((await screen.findByTestId('wo-status', {}, LONG)).getAttribute('data-status')).toBe('10');
    expect((await screen.findByTestId('view-new_totalcost', {}, LONG)).textContent).toBe('EUR 1,234.50');
    expect(screen.getByTestId('view-new_country').textContent).toBe('越南');
    expect(screen.getByTestId('view-new_isoverseas').textContent).toBe('是');
    expect(screen.queryByTestId('view-new_province')).toBeNull();
  });

  it("the repair-item lines and their total read in the order's currency, not in yuan (issue 25)", async () => {
    signIn();
    // The server's formatted values are yuan; the lines show the order's THB.
    const line = (n: number) => ({
      new_srv_repairitemid: `ri${n}`,
      new_code: `R0${n}`,
      new_name: '更换液压泵',
      new_hours: 8,
      new_price: 100,
      [`new_price${F}`]: '¥100.00',
      new_amount: 800,
      [`new_amount${F}`]: '¥800.00',
    });
    server({ new_currency: 764 }, [line(1), line(2), line(3)]);
    renderApp('/overseas/edit/wo9');
    await screen.findByTestId('wo-status', {}, LONG);
    await act(async () => fireEvent.click(screen.getByTestId('wo-tab-repairitems')));
    const rows = await screen.findAllByTestId('wo-line-row', {}, LONG);
    expect(rows).toHaveLength(3);
    expect(rows[0].textContent).toContain('THB 800.00');
    expect(rows[0].textContent).toContain('THB 100.00');
    expect(rows[0].textContent).not.toContain('¥');
    expect(screen.getByTestId('wo-lines-total-repairitems').textContent).toBe('合计：THB 2,400.00');
  });

  it('the phone takes an international number on an overseas order and still refuses garbage (issue 25)', async () => {
    signIn();
    server();
    renderApp('/overseas/edit/wo9');
    const phone = (await screen.findByTestId('field-new_phone', {}, LONG)) as HTMLInputElement;
    await act(async () => fireEvent.change(phone, { target: { value: '+66 2 123 4567' } }));
    await act(async () => fireEvent.click(screen.getByTestId('form-save')));
    await waitFor(() => expect(screen.queryByTestId('field-error-new_phone')?.textContent ?? '').toBe(''), LONG);
    await act(async () => fireEvent.change(phone, { target: { value: 'call me' } }));
    expect((await screen.findByTestId('field-error-new_phone', {}, LONG)).textContent).toBe('联系电话格式不正确');
  });

  it('a new overseas order starts marked overseas, with country and currency required and no province', async () => {
    signIn();
    const s = server();
    renderApp('/overseas/create');
    await screen.findByTestId('form-section-customer', {}, LONG);
    expect(screen.getByRole('heading', { name: '新建海外工单' })).toBeTruthy();
    const marker = screen.getByTestId('field-new_isoverseas');
    expect(marker.getAttribute('aria-checked')).toBe('true');
    expect(marker.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('field-new_country')).toBeTruthy();
    expect(screen.getByTestId('field-new_currency')).toBeTruthy();
    expect(screen.queryByTestId('field-new_province')).toBeNull();
    // Country and currency are required here (not in the model): saving without them asks for them, nothing is sent.
    await act(async () => fireEvent.click(screen.getByTestId('form-save')));
    expect((await screen.findByTestId('field-error-new_country', {}, LONG)).textContent).toBe('请选择国家/地区');
    expect(screen.getByTestId('field-error-new_currency').textContent).toBe('请选择币种');
    expect(s.creates).toEqual([]);
  });

  it('each order opens in its own form: a domestic order at /overseas/edit moves to /workOrder/edit and back', async () => {
    signIn();
    server();
    const { router } = renderApp('/overseas/edit/wo1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/workOrder/edit/wo1'), LONG);
    await waitFor(() => expect(screen.getByTestId('wo-form').getAttribute('data-variant')).toBe('domestic'), LONG);
    expect(screen.queryByTestId('field-new_country')).toBeNull();
    await router.navigate('/workOrder/edit/wo9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/overseas/edit/wo9'), LONG);
  });
});

describe('overseas list', () => {
  it("lists only overseas orders with country, currency and the total in the order's currency; the domestic list leaves them out", async () => {
    signIn();
    const s = server();
    renderApp('/overseas/list');
    await screen.findAllByTestId('list-row', {}, LONG);
    expect(s.lists.at(-1)).toContain('new_isoverseas eq true');
    const heads = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    expect(heads).toEqual(expect.arrayContaining(['国家/地区', '币种', '费用合计']));
    expect(screen.getByTestId('overseas-total').textContent?.replace(/\s/g, ' ')).toBe('USD 1,234.50');
  });

  it('the domestic work-order list asks for orders not marked overseas and offers no overseas view', async () => {
    signIn();
    const s = server();
    renderApp('/workOrder/list');
    await screen.findAllByTestId('list-row', {}, LONG);
    expect(s.lists.at(-1)).toContain('(new_isoverseas eq false or new_isoverseas eq null)');
    // The view choices (the dropdown's options): every work-order view but the overseas one.
    await act(async () => fireEvent.mouseDown(within(screen.getByTestId('list-view-select')).getByRole('combobox')));
    const options = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-item-option')].map((x) => x.textContent);
      if (!o.length) throw new Error('no options');
      return o;
    }, LONG);
    expect(options).toContain('全部工单');
    expect(options).not.toContain('海外工单');
  });
});
