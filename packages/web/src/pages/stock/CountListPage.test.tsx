import { stockCheckSource, stockCheckState } from '@portal/model';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, jsonReply, renderApp, signInAs } from '../../test/render-app.tsx';
import { answer, F, stockServer } from './test-fakes.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

const SHEETS = [
  {
    new_srv_stockcheckid: 'sc1',
    new_name: 'PD20261124-0001',
    new_warehouse_id: 'wh1',
    [`new_warehouse_id${F}`]: '上海浦东华辰服务站库',
    new_source: stockCheckSource.own,
    new_state: stockCheckState.counting,
    new_linecount: 22,
    new_countedcount: 5,
  },
  {
    new_srv_stockcheckid: 'sc2',
    new_name: 'PD20261118-0003',
    new_warehouse_id: 'wh1',
    [`new_warehouse_id${F}`]: '上海浦东华辰服务站库',
    new_source: stockCheckSource.task,
    new_state: stockCheckState.confirmed,
    new_linecount: 23,
    new_countedcount: 23,
  },
];

function server() {
  return stockServer((c) => {
    if (c.path === '/api/crmdata/Retrieve/new_srv_stockchecks') return envelope({ value: SHEETS, '@odata.count': SHEETS.length });
    if (c.path === '/api/crmdata/Retrieve/new_srv_warehouses')
      return envelope({ value: [{ new_srv_warehouseid: 'wh1', new_name: '上海浦东华辰服务站库' }] });
    if (c.path === '/api/crmlookupview/data')
      return jsonReply({
        ErrorCode: 0,
        Message: '',
        Data: [{ new_srv_warehouseid: 'wh-hd', new_name: '华东中心库', new_code: 'WH-HD' }],
        TotalRecordCount: 1,
      });
    if (c.path === '/api/stock/counts' && c.method === 'POST') return answer('sc9', '创建成功');
    if (c.path.startsWith('/api/crmdata/Retrieve/new_srv_stockchecks(')) return envelope({ ...SHEETS[0], new_srv_stockcheckid: 'sc9' });
    if (c.path.startsWith('/api/crmdata/Retrieve/new_srv_stockcheckdetails')) return envelope({ value: [], '@odata.count': 0 });
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('count sheets (/stockcheck/list)', () => {
  it('lists the sheets with their state; rows open the sheet; readers get no 新建盘点', async () => {
    signInAs(['stock.read']);
    server();
    renderApp('/stockcheck/list');
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(2), LONG);
    expect(screen.getAllByTestId('sc-row-state').map((x) => x.textContent)).toEqual(['盘点中', '已确认']);
    expect(within(screen.getAllByTestId('list-row')[0]).getByRole('link').getAttribute('href')).toBe('/stockcheck/edit/sc1');
    expect(screen.queryByTestId('sc-new')).toBeNull();
    expect(screen.queryByTestId('list-new')).toBeNull();
    expect(screen.queryByTestId('list-import')).toBeNull();
    expect(screen.queryByTestId('list-row-delete')).toBeNull();
  });

  it('a station opens a count of its own warehouse (fixed) and lands on the new sheet', async () => {
    signInAs(['stock.read', 'stock.write'], { userType: 3, departId: 'st1', departName: '上海浦东华辰服务站' });
    const s = server();
    const { router } = renderApp('/stockcheck/list');
    const button = await screen.findByTestId('sc-new', {}, LONG);
    // The station's warehouse is looked up by the user's station.
    await waitFor(() => expect(s.calls('GET', '/api/crmdata/Retrieve/new_srv_warehouses')).toHaveLength(1));
    expect(s.calls('GET', '/api/crmdata/Retrieve/new_srv_warehouses')[0].query.get('$filter')).toBe("new_station_id eq 'st1'");
    await act(async () => fireEvent.click(button));
    const picker = await screen.findByTestId('sc-new-warehouse');
    await waitFor(() => expect(picker.getAttribute('data-value')).toBe('wh1'));
    expect(picker.getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(screen.getByTestId('sc-new-memo'), { target: { value: ' 月末盘点 ' } });
    await act(async () => fireEvent.click(screen.getByTestId('sc-new-dialog-ok')));
    await waitFor(() => expect(s.calls('POST', '/api/stock/counts')).toHaveLength(1));
    const body = s.calls('POST', '/api/stock/counts')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ warehouseId: 'wh1', memo: '月末盘点' });
    expect(body.checkDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/stockcheck/edit/sc9'));
  });

  it('warehouse staff choose the warehouse; without one nothing is sent', async () => {
    signInAs(['stock.read', 'stock.write', 'stock.adjust'], { userType: 2, departId: 'bu-hd' });
    const s = server();
    renderApp('/stockcheck/list');
    const button = await screen.findByTestId('sc-new', {}, LONG);
    await act(async () => fireEvent.click(button));
    const picker = await screen.findByTestId('sc-new-warehouse');
    expect(picker.getAttribute('aria-disabled')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('sc-new-dialog-ok')));
    expect((await screen.findAllByText('请选择仓库')).length).toBeGreaterThan(0);
    expect(s.calls('POST', '/api/stock/counts')).toHaveLength(0);
    await act(async () => fireEvent.click(picker));
    const dialog = await screen.findByTestId('lookup-dialog');
    const row = await waitFor(() => within(dialog).getAllByTestId('lookup-row')[0]);
    await act(async () => fireEvent.click(row));
    await act(async () => fireEvent.click(within(dialog).getByTestId('lookup-ok')));
    await act(async () => fireEvent.click(screen.getByTestId('sc-new-dialog-ok')));
    await waitFor(() => expect(s.calls('POST', '/api/stock/counts')).toHaveLength(1));
    expect(s.calls('POST', '/api/stock/counts')[0].body).toMatchObject({ warehouseId: 'wh-hd' });
    // Not a station user: no own warehouse looked up.
    expect(s.calls('GET', '/api/crmdata/Retrieve/new_srv_warehouses')).toHaveLength(0);
  });
});
