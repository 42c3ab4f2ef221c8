import { approvalStatus, deliveryState, workOrderStatus } from '@portal/model';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  localStorage.clear();
});

const ORDERS = [
  { new_srv_workorderid: 'o1', new_name: 'WO20261125-0001', new_status: workOrderStatus.dispatched, new_dealstatus: 2 },
  { new_srv_workorderid: 'o2', new_name: 'WO20261125-0002', new_status: workOrderStatus.cancelled, new_dealstatus: 1 },
  { new_srv_workorderid: 'o3', new_name: 'WO20261125-0003', new_status: workOrderStatus.audited, new_dealstatus: 8 },
];
const FINES = [
  { new_srv_claimfineid: 'f1', new_name: 'JC-001', new_approvalstatus: approvalStatus.draft },
  { new_srv_claimfineid: 'f2', new_name: 'JC-002', new_approvalstatus: approvalStatus.underReview },
  { new_srv_claimfineid: 'f3', new_name: 'JC-003', new_approvalstatus: approvalStatus.vetoed },
  { new_srv_claimfineid: 'f4', new_name: 'JC-004', new_approvalstatus: approvalStatus.rejected },
];

function server(set: string, rows: unknown[]) {
  return stubServer((url) =>
    url.startsWith(`/api/crmdata/Retrieve/${set}`) ? envelope({ value: rows, '@odata.count': rows.length }) : undefined,
  );
}

/** What each row's first action says, by row id: 编辑 or 查看. */
async function rowActions() {
  const rows = await screen.findAllByTestId('list-row');
  return Object.fromEntries(
    rows.map((r) => {
      const edit = within(r).queryByTestId('list-row-edit');
      const view = within(r).queryByTestId('list-row-view');
      const b = edit ?? view;
      const icon = b?.querySelector('.anticon')?.getAttribute('aria-label');
      return [r.getAttribute('data-id'), `${b?.textContent?.replace(/\s/g, '')}:${icon}`];
    }),
  );
}

describe('row action: 编辑 where the user may change the row, 查看 otherwise', () => {
  it('work orders: a cancelled or audited order is viewed, an open one edited', async () => {
    signInAs(['workorder.read', 'workorder.write', 'workorder.all']);
    const f = server('new_srv_workorders', ORDERS);
    renderApp('/workOrder/list');
    expect(await rowActions()).toEqual({ o1: '编辑:edit', o2: '查看:eye', o3: '查看:eye' });
    // The state the decision needs is fetched even when the view does not show it.
    const url = f.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/crmdata/Retrieve/new_srv_workorders'))!;
    expect(new URL(url, 'http://x').searchParams.get('$select')).toContain('new_status');
  });

  it('work orders: a reader views every row', async () => {
    signInAs(['workorder.read', 'workorder.all']);
    server('new_srv_workorders', ORDERS);
    renderApp('/workOrder/list');
    expect(await rowActions()).toEqual({ o1: '查看:eye', o2: '查看:eye', o3: '查看:eye' });
  });

  it('deliveries: only one still to be submitted is edited', async () => {
    signInAs(['delivery.read', 'parts.read', 'delivery.create']);
    server('new_stockoutorders', [
      { new_stockoutorderid: 'd1', new_name: 'CK-001', new_state: deliveryState.draft },
      { new_stockoutorderid: 'd2', new_name: 'CK-002', new_state: deliveryState.shipped },
    ]);
    renderApp('/partsDispatch/list');
    expect(await rowActions()).toEqual({ d1: '编辑:edit', d2: '查看:eye' });
  });

  it('an approvable document: submitted or vetoed is viewed; draft and rejected are edited', async () => {
    signInAs(['expense.read', 'expense.write']);
    server('new_srv_claimfines', FINES);
    renderApp('/claimFine/list');
    expect(await rowActions()).toEqual({ f1: '编辑:edit', f2: '查看:eye', f3: '查看:eye', f4: '编辑:edit' });
  });
});
