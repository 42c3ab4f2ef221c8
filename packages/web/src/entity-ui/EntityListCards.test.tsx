import { workOrderStatus } from '@portal/model';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useSession } from '../session/store.ts';
import { envelope, signInAs, stubServer } from '../test/render-app.tsx';
import { setWidth } from '../test/phone.ts';
import { EntityListPage } from './EntityListPage.tsx';

const F = '@OData.Community.Display.V1.FormattedValue';
const ORDERS = [
  {
    new_srv_workorderid: 'o1',
    new_name: 'WO20261125-0001',
    new_type: 1,
    new_dealstatus: 2,
    new_status: workOrderStatus.dispatched,
    new_customer: '上海华联超市（浦东店）',
    new_worker_id: 'w1',
    [`new_worker_id${F}`]: '赵磊',
    new_station_id: 's1',
    [`new_station_id${F}`]: '上海浦东华辰服务站',
    new_appointmenttime: '2026-11-26',
    createdon: '2026-11-25T01:00:00Z',
  },
  {
    new_srv_workorderid: 'o2',
    new_name: 'WO20261125-0002',
    new_type: 2,
    new_dealstatus: 1,
    new_status: workOrderStatus.notDispatched,
    new_customer: '杭州西湖区文三路王先生',
    new_appointmenttime: null,
    createdon: '2026-11-25T02:00:00Z',
  },
];

const queries = (f: ReturnType<typeof vi.fn>) =>
  f.mock.calls
    .map(([u]) => String(u))
    .filter((u) => u.startsWith('/api/crmdata/Retrieve/new_srv_workorders'))
    .map((u) => new URL(u, 'http://x').searchParams);

/** The generic work-order list (station view) with one extra row action, and a record screen to open. */
function renderList(urge = vi.fn()) {
  const f = stubServer((url) =>
    url.startsWith('/api/crmdata/Retrieve/new_srv_workorders') ? envelope({ value: ORDERS, '@odata.count': 45 }) : undefined,
  );
  const router = createMemoryRouter(
    [
      {
        path: '/workOrder/list',
        element: (
          <EntityListPage
            entity="new_srv_workorder"
            routeBase="/workOrder"
            rowActions={(row) => [{ key: 'urge', label: '催办', onClick: () => urge(row.new_srv_workorderid), testId: 'urge' }]}
          />
        ),
      },
      { path: '/workOrder/edit/:id', element: <p data-testid="opened">工单</p> },
    ],
    { initialEntries: ['/workOrder/list'] },
  );
  render(<RouterProvider router={router} />);
  return { f, router, urge };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('a generic list on a phone (390 px)', () => {
  it('shows cards (name, status tags, key fields, actions); search, paging and row actions still work; a tap opens the record', async () => {
    signInAs(['workorder.read', 'workorder.write', 'workorder.all']);
    setWidth(390);
    const { f, router, urge } = renderList();
    const cards = await screen.findAllByTestId('list-card');
    expect(screen.queryByTestId('list-row')).toBeNull();
    expect(cards.map((c) => c.getAttribute('data-id'))).toEqual(['o1', 'o2']);

    const first = within(cards[0]);
    expect(first.getByTestId('list-card-title').textContent).toBe('WO20261125-0001');
    // Status tags derived from the view's coloured option sets: handling status and order status,
    // once when they say the same words.
    const tagsOf = (card: HTMLElement) =>
      within(card)
        .getAllByTestId('list-card-tag')
        .map((t) => `${t.closest('[data-field]')?.getAttribute('data-field')}:${t.textContent}`);
    expect(tagsOf(cards[0])).toEqual(['new_dealstatus:已派工']);
    expect(tagsOf(cards[1])).toEqual(['new_dealstatus:待派工', 'new_status:未派工']);
    // Key fields: the view's card (customer, engineer, appointment) as label: value.
    const fields = first.getAllByTestId('list-card-field');
    expect(fields.map((x) => x.textContent)).toEqual(['客户名称：上海华联超市（浦东店）', '服务工程师：赵磊', '预约日期：2026-11-26']);
    expect(within(cards[1]).getAllByTestId('list-card-field')[2].textContent).toBe('预约日期：—');
    // The desktop's column settings are not offered; the pager is the simple one.
    expect(screen.queryByLabelText('列设置')).toBeNull();
    const pager = screen.getByTestId('list-pagination');
    expect(pager.className).toContain('ant-pagination-simple');

    // Quick search.
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: '华联' } });
    await act(async () => fireEvent.click(screen.getByTestId('list-query')));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E5%8D%8E%E8%81%94'));
    await waitFor(() => expect(queries(f).at(-1)?.get('$filter')).toContain("contains(new_customer,'华联')"));

    // Next page.
    await act(async () => fireEvent.click(pager.querySelector('.ant-pagination-next button, .ant-pagination-next') as HTMLElement));
    await waitFor(() => expect(queries(f).at(-1)?.get('$skip')).toBe('20'));

    // A row action runs and does not open the record.
    await act(async () => fireEvent.click(within((await screen.findAllByTestId('list-card'))[1]).getByTestId('urge')));
    expect(urge).toHaveBeenCalledWith('o2');
    expect(router.state.location.pathname).toBe('/workOrder/list');

    // A tap on the card opens the record, as a row click does.
    await act(async () => fireEvent.click(within(screen.getAllByTestId('list-card')[0]).getAllByTestId('list-card-field')[0]));
    expect(await screen.findByTestId('opened')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/workOrder/edit/o1');
  });

  it('filters in a full-screen sheet, applied by its own query button', async () => {
    signInAs(['workorder.read', 'workorder.all']);
    setWidth(390);
    const { f, router } = renderList();
    await screen.findAllByTestId('list-card');
    expect(screen.queryByTestId('list-filter-panel')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('list-more-filters')));
    const sheet = await screen.findByTestId('list-filter-sheet');
    fireEvent.change(within(sheet).getByTestId('list-filter-new_customer'), { target: { value: '王先生' } });
    await act(async () => fireEvent.click(screen.getByTestId('list-sheet-query')));
    await waitFor(() => expect(router.state.location.search).toBe('?f.new_customer=%E7%8E%8B%E5%85%88%E7%94%9F'));
    await waitFor(() => expect(queries(f).at(-1)?.get('$filter')).toContain("contains(new_customer,'王先生')"));
    // The toolbar says a filter is on.
    expect(screen.getByTestId('list-more-filters').textContent).toContain('筛选 (1)');
  });
});

describe('the same list on the desktop', () => {
  it('is the table, unchanged: rows, column settings, full pager, no cards', async () => {
    signInAs(['workorder.read', 'workorder.all']);
    renderList();
    const rows = await screen.findAllByTestId('list-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['o1', 'o2']);
    expect(screen.queryByTestId('list-cards')).toBeNull();
    expect(screen.queryByTestId('list-card')).toBeNull();
    expect(screen.getByTestId('list-pagination').className).not.toContain('ant-pagination-simple');
    expect(screen.getByText('共 45 条')).toBeTruthy();
  });
});
