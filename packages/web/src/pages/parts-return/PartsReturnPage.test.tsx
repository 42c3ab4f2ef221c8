import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentQueries } from '../../entity-ui/document/document-query.ts';
import { envelope } from '../../test/render-app.tsx';
import { renderApp } from '../../test/render-app.tsx';
import { partsServer, resetAll, signIn, type Row } from '../parts/test-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

const STATION = ['parts.read', 'parts.write'];
const HQ = ['parts.read', 'expense.read', 'expense.write'];
const OWED = [
  {
    partLineId: 'pl1',
    workOrderId: 'wo1',
    workOrderName: 'WO20261102-0007',
    productId: 'p1',
    code: 'HC-PCB-301',
    name: '主控板',
    serialNo: 'SN-OLD-7781',
    qty: 1,
    remaining: 1,
    price: '680.00',
  },
  {
    partLineId: 'pl2',
    workOrderId: 'wo2',
    workOrderName: 'WO20261105-0012',
    productId: 'p2',
    code: 'HC-LF-200',
    name: '滤芯',
    serialNo: null,
    qty: 2,
    remaining: 2,
    price: '45.00',
  },
];

const doc = (extra: Row = {}): Row => ({
  new_srv_partsreturnid: 'r1',
  new_name: 'JF20261125-0001',
  new_contact: '陈志强',
  new_state: 1,
  new_verifystatus: 1,
  new_totalqty: 1,
  ...extra,
});
const lines = [
  {
    new_srv_partsreturndetailid: 'l1',
    new_partsreturn_id: 'r1',
    new_code: 'HC-PCB-301',
    new_name: '主控板',
    new_qty: 1,
    new_receivedqty: 0,
    new_costcenter: 'CC-4100',
  },
];

/** The parts fake server plus the old-parts return calls (recorded in `sent`). */
function server(r: Row) {
  const s = partsServer({ records: { new_srv_partsreturns: [r], new_srv_partsreturndetails: lines } });
  const sent: { method: string; path: string; body?: unknown }[] = [];
  const inner = s.f;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const u = new URL(String(input), 'http://x');
      if (u.pathname === '/api/parts-returns/owed') return envelope(OWED);
      if (u.pathname.startsWith('/api/parts-returns/')) {
        sent.push({
          method: (init.method ?? 'GET').toUpperCase(),
          path: u.pathname,
          body: init.body ? JSON.parse(String(init.body)) : undefined,
        });
        return envelope({ id: 'r1', message: '操作成功' }, '操作成功');
      }
      return inner(input, init);
    }),
  );
  return { sent };
}

const buttons = () => ['pr-deliver', 'pr-receive', 'pr-confirm', 'pr-writeoff', 'pr-print'].filter((b) => screen.queryByTestId(b));

describe('old-parts return record screen: buttons by state', () => {
  it('a draft offers the station 选取待返旧件 and 发货; picking sends the chosen owed line with its count and the cost centre', async () => {
    signIn(STATION, { userType: 3 });
    const s = server(doc());
    renderApp('/partsReturn/edit/r1');
    expect((await screen.findByTestId('pr-state', {}, LONG)).textContent).toBe('待提交');
    expect(screen.getByTestId('pr-verify').textContent).toBe('待核销');
    expect(buttons()).toEqual(['pr-deliver', 'pr-print']);
    await act(async () => fireEvent.click(screen.getByTestId('pr-tab-lines')));
    expect((await screen.findByTestId('doc-lines')).getAttribute('data-editable')).toBe('true');
    await act(async () => fireEvent.click(screen.getByTestId('pr-pick')));
    const dialog = await screen.findByRole('dialog');
    const rows = await within(dialog).findAllByTestId('pr-owed-row');
    expect(rows.map((r) => r.getAttribute('data-part-line'))).toEqual(['pl1', 'pl2']);
    await act(async () => fireEvent.click(within(rows[1]).getByRole('checkbox')));
    fireEvent.change(within(dialog).getByTestId('pr-pick-costcenter'), { target: { value: 'CC-SH-4100' } });
    // A typed count is kept and refused at its line: 1.5 (integer only), 3 (above the 2 owed).
    const count = within(rows[1]).getByTestId('pr-owed-qty') as HTMLInputElement;
    fireEvent.change(count, { target: { value: '1.5' } });
    await act(async () => fireEvent.click(screen.getByTestId('pr-pick-dialog-ok')));
    expect(await within(rows[1]).findByText(/只能输入整数$/)).toBeTruthy();
    expect(count.value).toBe('1.5');
    fireEvent.change(count, { target: { value: '3' } });
    expect(await within(rows[1]).findByText('返厂数量不能大于待返数量，配件“滤芯”（工单 WO20261105-0012）还可返 2')).toBeTruthy();
    expect(s.sent).toHaveLength(0);
    fireEvent.change(count, { target: { value: '2' } });
    await act(async () => fireEvent.click(screen.getByTestId('pr-pick-dialog-ok')));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0]).toEqual({
      method: 'POST',
      path: '/api/parts-returns/r1/pick',
      body: { lines: [{ partLineId: 'pl2', qty: 2, costCenter: 'CC-SH-4100' }] },
    });
  });

  it('the station has nothing to do once delivered; head office has no station command on a draft', async () => {
    signIn(STATION, { userType: 3 });
    server(doc({ new_state: 2 }));
    const { unmount } = renderApp('/partsReturn/edit/r1');
    expect((await screen.findByTestId('pr-state', {}, LONG)).textContent).toBe('已发货');
    expect(buttons()).toEqual(['pr-print']);
    expect(screen.queryByTestId('form-save')).toBeNull();
    unmount();
    resetAll();
    documentQueries.clear();
    signIn(HQ, { userType: 1 });
    server(doc());
    renderApp('/partsReturn/edit/r1');
    expect((await screen.findByTestId('pr-state', {}, LONG)).textContent).toBe('待提交');
    expect(buttons()).toEqual(['pr-print']);
  });

  it.each([
    [2, 1, '已发货', ['pr-receive', 'pr-print']],
    [3, 1, '部分签收', ['pr-receive', 'pr-confirm', 'pr-print']],
    [4, 1, '已签收', ['pr-confirm', 'pr-print']],
    [5, 1, '已确认', ['pr-writeoff', 'pr-print']],
    [5, 2, '已确认', ['pr-print']],
  ])('head office on state %i, verify %i (%s) sees %j', async (state, verify, text, expected) => {
    signIn(HQ, { userType: 1 });
    server(doc({ new_state: state, new_verifystatus: verify }));
    renderApp('/partsReturn/edit/r1');
    expect((await screen.findByTestId('pr-state', {}, LONG)).textContent).toBe(text);
    expect(buttons()).toEqual(expected);
  });

  it('head office confirms a received return through the confirm command', async () => {
    signIn(HQ, { userType: 1 });
    const s = server(doc({ new_state: 4 }));
    renderApp('/partsReturn/edit/r1');
    await screen.findByTestId('pr-state', {}, LONG);
    await act(async () => fireEvent.click(screen.getByTestId('pr-confirm')));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(s.sent).toEqual([{ method: 'POST', path: '/api/parts-returns/r1/confirm', body: {} }]));
  });
});
