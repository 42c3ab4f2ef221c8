import { getEntity } from '@portal/model';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RecordRow } from '../../api/records.ts';
import { ApplicationHistory } from './ApplicationHistory.tsx';

const E = getEntity('new_srv_stationapply')!;
const row = (id: string, name: string, type: number, status: number): RecordRow => ({
  new_srv_stationapplyid: id,
  new_name: name,
  new_applytype: type,
  'new_applytype@OData.Community.Display.V1.FormattedValue': type === 1 ? '变更' : '退出',
  new_approvalstatus: status,
  new_reason: '联系电话变更',
  createdon: '2026-11-20T02:00:00Z',
});

const show = (rows: RecordRow[] | null) => {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <ApplicationHistory
          entity={E}
          rows={rows}
          testId="history"
          typeField="new_applytype"
          pathOf={(r) => (r.new_applytype === 1 ? `/x/${String(r.new_srv_stationapplyid)}` : null)}
        />
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return screen.getByTestId('history');
};

describe('ApplicationHistory', () => {
  it('lists number (a link where the application has a screen), type, approval status and reason', () => {
    const table = show([row('a1', 'SQ202611-0001', 1, 3), row('a2', 'SQ202611-0002', 2, 2)]);
    const link = within(table).getByRole('link', { name: 'SQ202611-0001' });
    expect(link.getAttribute('href')).toBe('/x/a1');
    expect(within(table).queryByRole('link', { name: 'SQ202611-0002' })).toBeNull();
    expect(within(table).getByText('SQ202611-0002')).toBeTruthy();
    expect(within(table).getByText('变更')).toBeTruthy();
    expect(within(table).getByText('退出')).toBeTruthy();
    expect(table.querySelectorAll('[data-status="3"]').length).toBe(1);
    expect(within(table).getAllByText('联系电话变更').length).toBe(2);
  });

  it('says there are none when the list is empty', () => {
    const table = show([]);
    expect(within(table).getByText('暂无申请记录')).toBeTruthy();
  });
});
