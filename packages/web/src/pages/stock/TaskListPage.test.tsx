import { stockCheckSource, stockCheckState } from '@portal/model';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/match-route.ts';
import { useSession } from '../../session/store.ts';
import { envelope, jsonReply, renderApp, signInAs } from '../../test/render-app.tsx';
import { answer, F, stockServer } from './test-fakes.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

const SHEETS = [
  {
    new_srv_stockcheckid: 'sc2',
    new_name: 'PD20261118-0003',
    new_invtask_id: 't1',
    [`new_invtask_id${F}`]: 'RW20261117-0001',
    new_tasksubject: '2026 年 11 月服务站月度盘点',
    new_station_id: 'st1',
    [`new_station_id${F}`]: '上海浦东华辰服务站',
    new_warehouse_id: 'wh1',
    [`new_warehouse_id${F}`]: '上海浦东华辰服务站库',
    new_source: stockCheckSource.task,
    new_state: stockCheckState.counting,
    new_deadline: '2026-11-30',
    new_linecount: 23,
    new_countedcount: 7,
    new_variancecount: 1,
  },
];

function server() {
  return stockServer((c) => {
    if (c.path === '/api/crmdata/Retrieve/new_srv_stockchecks') return envelope({ value: SHEETS, '@odata.count': SHEETS.length });
    if (c.path === '/api/crmlookupview/data')
      return jsonReply({
        ErrorCode: 0,
        Message: '',
        Data: [
          { new_srv_stationid: 'st1', new_name: '上海浦东华辰服务站', new_code: 'SH001' },
          { new_srv_stationid: 'st2', new_name: '杭州西湖华辰服务站', new_code: 'ZJ001' },
        ],
        TotalRecordCount: 2,
      });
    if (c.path === '/api/stock/tasks') return answer('t9', '创建成功');
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

async function typeDate(testId: string, text: string) {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

describe('inventory tasks (/inv/invTaskList)', () => {
  it('is kept, lists the task sheets with state and progress, and opens them at /inv/invTaskEdit; stations cannot release tasks', async () => {
    expect(findRoute('/inv/invTaskList')?.keepAlive).toBe(true);
    signInAs(['stock.read', 'stock.write'], { userType: 3, departId: 'st1' });
    const s = server();
    renderApp('/inv/invTaskList');
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(1), LONG);
    const list = s.calls('GET', '/api/crmdata/Retrieve/new_srv_stockchecks')[0].query;
    expect(list.get('$filter')).toContain('new_source eq 2');
    const row = screen.getAllByTestId('list-row')[0];
    // The task by its subject (what the station was asked to do), not its number.
    expect(list.get('$select')).toContain('new_tasksubject');
    expect(row.textContent).toContain('2026 年 11 月服务站月度盘点');
    expect(within(row).getByTestId('it-row-state').textContent).toBe('盘点中');
    const progress = within(row).getByTestId('it-row-progress');
    expect(progress.textContent).toBe('7/23');
    expect(progress.getAttribute('data-counted')).toBe('7');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/inv/invTaskEdit/sc2');
    expect(screen.queryByTestId('it-new')).toBeNull();
  });

  it('head office releases a task: subject, a deadline not before today, at least one station', async () => {
    signInAs(['stock.read', 'stock.adjust', 'stock.limit', 'invtask.manage', 'station.read'], { userType: 1 });
    const s = server();
    renderApp('/inv/invTaskList');
    const button = await screen.findByTestId('it-new', {}, LONG);
    await act(async () => fireEvent.click(button));
    await screen.findByTestId('it-new-dialog');
    await act(async () => fireEvent.click(screen.getByTestId('it-new-dialog-ok')));
    expect((await screen.findAllByText('请输入任务主题')).length).toBeGreaterThan(0);
    expect((await screen.findAllByText('请至少选择一个服务站')).length).toBeGreaterThan(0);

    fireEvent.change(screen.getByTestId('it-new-subject'), { target: { value: '2026 年末盘点' } });
    // Yesterday cannot be chosen; the field stays empty.
    await typeDate('it-new-deadline', dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
    await act(async () => fireEvent.click(screen.getByTestId('it-new-dialog-ok')));
    expect(s.calls('POST', '/api/stock/tasks')).toHaveLength(0);

    const deadline = dayjs().add(7, 'day').format('YYYY-MM-DD');
    await typeDate('it-new-deadline', deadline);
    await act(async () => fireEvent.click(screen.getByTestId('it-new-stations')));
    const dialog = await screen.findByTestId('lookup-dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('lookup-row')).toHaveLength(2));
    for (const r of within(dialog).getAllByTestId('lookup-row')) await act(async () => fireEvent.click(r));
    await act(async () => fireEvent.click(within(dialog).getByTestId('lookup-ok')));
    fireEvent.change(screen.getByTestId('it-new-memo'), { target: { value: '请按时完成' } });
    const before = s.calls('GET', '/api/crmdata/Retrieve/new_srv_stockchecks').length;
    await act(async () => fireEvent.click(screen.getByTestId('it-new-dialog-ok')));
    await waitFor(() => expect(s.calls('POST', '/api/stock/tasks')).toHaveLength(1));
    expect(s.calls('POST', '/api/stock/tasks')[0].body).toEqual({
      subject: '2026 年末盘点',
      deadline,
      stationIds: ['st1', 'st2'],
      memo: '请按时完成',
    });
    expect((await screen.findAllByText('创建成功')).length).toBeGreaterThan(0);
    // The new sheets show: the list is read again.
    await waitFor(() => expect(s.calls('GET', '/api/crmdata/Retrieve/new_srv_stockchecks').length).toBeGreaterThan(before));
  });
});
