import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPicklistCache } from '../../api/picklist.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, stubServer, signInAs } from '../../test/render-app.tsx';
import { todayUtc8 } from '../../shared/date.ts';
import { appointmentFilter, visibleRange } from './ServiceCalendarPage.tsx';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };
const PL = '4b0c1f7e-1111-4a2b-9c3d-0123456789ab';

const signIn = (privilege: string[]) => signInAs(privilege, { userName: 'hq', nickName: '李慧敏' });

/** Records the work-order queries and answers with the given rows. */
function server(rows: Record<string, unknown>[] = []) {
  const queries: URLSearchParams[] = [];
  stubServer((url) => {
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_workorders?')) {
      queries.push(new URL(url, 'http://x').searchParams);
      return envelope({ value: rows, '@odata.count': rows.length });
    }
    if (url.startsWith('/api/crmdata/Retrieve/')) return envelope({ value: [] });
    if (url.startsWith('/api/crmpicklist/')) return envelope([]);
    if (url.startsWith('/api/notice/') || url.startsWith('/api/CrmFlow/')) return envelope(0);
    return undefined;
  });
  return queries;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  clearPicklistCache();
});

describe('work-order list', () => {
  it('takes the dashboard drill-down from the URL: view, option, lookup and date filters, shown in more filters', async () => {
    signIn(['workorder.read']);
    const q = server();
    renderApp(`/workOrder/list?view=open&f.new_dealstatus=3&f.new_productline_id=${PL}|泵类&f.createdon=2026-06-01~2026-06-30`);
    await screen.findByTestId('list-empty', {}, LONG);
    const filter = q.at(-1)!.get('$filter')!;
    expect(filter).toContain('new_status in (1,2,3,4,5)');
    expect(filter).toContain('new_dealstatus eq 3');
    expect(filter).toContain(`new_productline_id eq ${PL}`);
    expect(filter).toContain('createdon ge 2026-05-31T16:00:00Z and createdon lt 2026-06-30T16:00:00Z');
    // The product line is not a column of the view, yet its filter is visible (and can be cleared).
    expect(screen.getByTestId('list-filter-new_productline_id').textContent).toContain('泵类');
    // Readers get no 新建.
    expect(screen.queryByTestId('list-new')).toBeNull();
  });

  it('an engineer (no workorder.all) opens on 我的工单, which only they are offered', async () => {
    signIn(['workorder.read', 'workorder.service']);
    const q = server();
    const { unmount } = renderApp('/workOrder/list');
    await screen.findByTestId('list-empty', {}, LONG);
    expect(screen.getByTestId('list-view-select').textContent).toContain('我的工单');
    // The server narrows the rows to their own orders; the view adds no filter of its own (only: not overseas).
    expect(q.at(-1)!.get('$filter')).toBe('((new_isoverseas eq false or new_isoverseas eq null))');
    expect(screen.queryByTestId('list-new')).toBeNull();
    unmount();
    useSession.getState().clearAll();
    signIn(['workorder.read', 'workorder.all']);
    renderApp('/workOrder/list');
    await screen.findByTestId('list-empty', {}, LONG);
    expect(screen.getByTestId('list-view-select').textContent).toContain('全部工单');
    await act(async () =>
      fireEvent.mouseDown(
        screen.getByTestId('list-view-select').querySelector('.ant-select-selector') ?? screen.getByTestId('list-view-select'),
      ),
    );
    expect(screen.queryByText('我的工单')).toBeNull();
  });

  it('the abnormal view filters on the flag; writers get 新建', async () => {
    signIn(['workorder.read', 'workorder.write']);
    const q = server();
    renderApp('/workOrder/list?view=abnormal');
    await screen.findByTestId('list-empty', {}, LONG);
    expect(q.at(-1)!.get('$filter')).toBe('((new_isoverseas eq false or new_isoverseas eq null)) and new_isabnormal eq true');
    expect(screen.getByTestId('list-new')).toBeTruthy();
  });

  it('quick search looks in number, customer, contact, phone and serial number', async () => {
    signIn(['workorder.read']);
    const q = server();
    renderApp('/workOrder/list?q=138');
    await screen.findByTestId('list-empty', {}, LONG);
    const filter = q.at(-1)!.get('$filter')!;
    for (const f of ['new_name', 'new_customer', 'new_contact', 'new_phone', 'new_serialnumber'])
      expect(filter).toContain(`contains(${f},'138')`);
  });
});

describe('work-order search', () => {
  it('offers the search fields at once and opens results on the edit screen', async () => {
    signIn(['workorder.read', 'workorder.write']);
    server([{ new_srv_workorderid: 'wo9', new_name: 'WO202606-0009', new_status: 2, new_dealstatus: 2, new_customer: '杭州机电' }]);
    const { router } = renderApp('/workOrder/search');
    await screen.findAllByTestId('list-row', {}, LONG);
    for (const f of [
      'new_name',
      'new_customer',
      'new_phone',
      'new_serialnumber',
      'new_station_id',
      'new_type',
      'new_status',
      'createdon',
    ]) {
      expect(screen.getAllByTestId(new RegExp(`^list-filter-${f}`)).length).toBeGreaterThan(0);
    }
    expect(screen.queryByTestId('list-new')).toBeNull();
    expect(screen.queryByTestId('list-view-select')?.closest('.ant-select')?.className).toContain('disabled');
    await act(async () => fireEvent.click(screen.getByText('杭州机电')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workOrder/edit/wo9'));
  });
});

describe('service calendar', () => {
  it('reads the visible range (6 weeks in month view, a week, a day)', () => {
    const d = dayjs('2026-06-17');
    const [a, b] = visibleRange('month', d);
    expect(b.diff(a, 'day')).toBe(41);
    expect(a.isAfter(d.startOf('month'))).toBe(false);
    expect(b.isBefore(d.endOf('month'), 'day')).toBe(false);
    const [w1, w2] = visibleRange('week', d);
    expect(w2.diff(w1, 'day')).toBe(6);
    expect(visibleRange('day', d).map((x) => x.format('YYYY-MM-DD'))).toEqual(['2026-06-17', '2026-06-17']);
    expect(appointmentFilter(dayjs('2026-06-01'), dayjs('2026-06-07'), PL)).toBe(
      `new_appointmenttime ge 2026-06-01 and new_appointmenttime le 2026-06-07 and new_status ne 9 and new_worker_id eq ${PL}`,
    );
  });

  it('shows the appointments of the range; a click opens the order', async () => {
    signIn(['workorder.read']);
    const today = todayUtc8().format('YYYY-MM-DD');
    const q = server([
      {
        new_srv_workorderid: 'wo5',
        new_name: 'WO202606-0005',
        new_appointmenttime: today,
        new_appointmentbegin: 900,
        new_appointmentend: 1130,
        new_worker_id: 'w1',
        'new_worker_id@OData.Community.Display.V1.FormattedValue': '赵磊',
        new_customer: '上海申通机械',
        new_status: 2,
      },
    ]);
    const { router } = renderApp('/appointment/view');
    const item = await screen.findByTestId('cal-item', {}, LONG);
    expect(item.getAttribute('data-date')).toBe(today);
    expect(item.textContent).toContain('09:00–11:30');
    expect(item.textContent).toContain('赵磊');
    expect(item.textContent).toContain('上海申通机械');
    const cal = screen.getByTestId('service-calendar');
    expect(q.at(-1)!.get('$filter')).toBe(
      `new_appointmenttime ge ${cal.getAttribute('data-from')} and new_appointmenttime le ${cal.getAttribute('data-to')} and new_status ne 9`,
    );
    await act(async () => fireEvent.click(item));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workOrder/edit/wo5'));
  });
});
