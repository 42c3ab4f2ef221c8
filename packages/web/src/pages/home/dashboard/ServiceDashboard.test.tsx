import type { DashboardData } from '@portal/model';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../session/store.ts';
import { envelope, renderApp, stubServer, signInAs } from '../../../test/render-app.tsx';
import * as chart from './EChart.tsx';

// ECharts needs a real canvas: each chart becomes a button that "clicks" its first data item. Spied
// on the module, not vi.mock'ed: without isolation an earlier file may already have imported the
// dashboard with the real chart, and a module mock would stay registered for later files.
const FakeChart = (p: {
  option: { series: { data: { href: string | null }[] }[] };
  onDrill(h: string): void;
  label: string;
  testId?: string;
}) => (
  <button
    data-testid={p.testId}
    aria-label={p.label}
    onClick={() => p.option.series[0].data[0].href && p.onDrill(p.option.series[0].data[0].href)}
  />
);
beforeEach(() => {
  vi.spyOn(chart, 'EChart').mockImplementation(FakeChart as unknown as typeof chart.EChart);
});

const DATA: DashboardData = {
  byType: [
    { value: 1, count: 12 },
    { value: 3, count: 2 },
  ],
  byProductLine: [
    { id: 'pl-1', name: '液压系统', count: 9 },
    { id: null, name: '未指定', count: 5 },
  ],
  uncompletedByDeal: [{ value: 1, count: 4 }],
  lastMonths: [{ month: '2026-11', from: '2026-11-01', to: '2026-11-30', created: 14, completed: 3 }],
  abnormal: { total: 2, byDeal: [{ value: 4, count: 2 }] },
};

const signIn = (privilege: string[]) => signInAs(privilege);

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('service home dashboard', () => {
  it('shows every number, names the charts with them and drills into the list', async () => {
    stubServer((url) => (url === '/api/workorders/dashboard' ? envelope(DATA) : url === '/api/notice/carousel' ? envelope([]) : undefined));
    signIn(['workorder.read']);
    const { router } = renderApp('/servicehome');
    await screen.findByTestId('dash-table-type');
    expect(screen.getByTestId('dash-cell-type-1').getAttribute('data-count')).toBe('12');
    expect(screen.getByTestId('dash-cell-productLine-none').textContent).toBe('5');
    expect(screen.getByTestId('dash-cell-productLine-none').querySelector('a')).toBeNull();
    expect(screen.getByTestId('dash-cell-months-2026-11-1').getAttribute('data-count')).toBe('3');
    expect(screen.getByTestId('dash-abnormal-total').getAttribute('data-count')).toBe('2');
    expect(screen.getByTestId('dash-chart-type').getAttribute('aria-label')).toBe('按服务类型：维修 12，保养 2');

    fireEvent.click(screen.getByTestId('dash-chart-uncompleted'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workOrder/list'));
    expect(router.state.location.search).toBe('?view=open&f.new_dealstatus=1');
  });

  it('is left out (and not asked for) without work-order access', async () => {
    const fetchMock = stubServer((url) => (url === '/api/notice/carousel' ? envelope([]) : undefined));
    signIn(['notice.read']);
    renderApp('/servicehome');
    await screen.findByTestId('page-servicehome');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByTestId('service-dashboard')).toBeNull();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).not.toContain('/api/workorders/dashboard');
  });
});
