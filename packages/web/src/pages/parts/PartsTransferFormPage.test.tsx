import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { partsServer, resetAll, signIn, type Row } from './test-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

const WAREHOUSE = ['parts.read', 'delivery.read', 'transfer.write'];

const transfer = (extra: Row = {}): Row => ({
  new_srv_parttransorderid: 'tr1',
  new_name: 'DB20261124-0001',
  new_warehouse_id: 'wh-1',
  new_towarehouse_id: 'wh-2',
  new_reason: '调剂库存',
  new_approvalstatus: 1,
  new_docstate: 1,
  statuscode: 1,
  new_isclose: false,
  ...extra,
});
const lines = [
  { new_srv_parttransdetailid: 't1', new_parttransorder_id: 'tr1', new_code: 'HC-1', new_name: '滤芯', new_qty: 6, new_amount: 60 },
];

const server = (t: Row, command?: Parameters<typeof partsServer>[0]['command']) =>
  partsServer({ records: { new_srv_parttransorders: [t], new_srv_parttransdetails: lines }, command });

const actions = () =>
  [...document.querySelectorAll('[data-testid]')]
    .map((b) => b.getAttribute('data-testid'))
    .filter((x) => ['pt-submit', 'pt-revoke', 'pt-approved', 'pt-close', 'pt-progress'].includes(x!));

describe('parts transfer edit screen', () => {
  it("shows the transfer's own approval labels and states; a transfer writer edits lines of a draft through the transfer calls", async () => {
    signIn(WAREHOUSE, { userType: 1 });
    const s = server(transfer(), () => ({ message: '删除成功' }));
    renderApp('/partsTransfer/edit/tr1');
    const status = await screen.findByTestId('pt-state', {}, LONG);
    expect(status.textContent).toBe('制单中');
    expect(screen.getByTestId('pt-docstate').textContent).toBe('待发货');
    expect(screen.getByTestId('pt-statuscode').textContent).toBe('未发货');
    expect(actions()).toEqual(['pt-submit', 'pt-progress']);
    const tab = screen.getByTestId('pt-tab-lines');
    await act(async () => fireEvent.click(tab));
    const rows = await screen.findAllByTestId('doc-line-row');
    await act(async () => fireEvent.click(within(rows[0]).getByTestId('doc-line-delete')));
    // The confirmation asks first.
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0]).toMatchObject({ method: 'DELETE', path: '/api/parts/transfers/tr1/lines/t1' });
    expect(await screen.findByText('删除成功', {}, LONG)).toBeTruthy();
  });

  it('without transfer.write the draft is read-only and its lines are not offered', async () => {
    signIn(['parts.read', 'delivery.read'], { userType: 1 });
    server(transfer());
    renderApp('/partsTransfer/edit/tr1');
    await screen.findByTestId('pt-state', {}, LONG);
    expect(actions()).toEqual(['pt-progress']);
    expect(screen.queryByTestId('form-save')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('pt-tab-lines')));
    expect((await screen.findByTestId('doc-lines')).getAttribute('data-editable')).toBe('false');
    expect(screen.queryByTestId('doc-line-add')).toBeNull();
  });

  it('an approved transfer not yet delivered may be closed by a transfer writer; a delivered one may not', async () => {
    signIn(WAREHOUSE, { userType: 1 });
    server(transfer({ new_approvalstatus: 3, new_docstate: 2 }));
    const { unmount } = renderApp('/partsTransfer/edit/tr1');
    expect((await screen.findByTestId('pt-state', {}, LONG)).textContent).toBe('已审批');
    expect(screen.getByTestId('pt-readonly')).toBeTruthy();
    expect(actions()).toEqual(['pt-close', 'pt-progress']);
    unmount();
    resetAll();
    signIn(WAREHOUSE, { userType: 1 });
    server(transfer({ new_approvalstatus: 3, new_docstate: 3 }));
    renderApp('/partsTransfer/edit/tr1');
    await screen.findByTestId('pt-state', {}, LONG);
    // The screen's document cache may show the earlier read first; the fresh read offers no close.
    await waitFor(() => expect(actions()).toEqual(['pt-progress']));
  });
});
