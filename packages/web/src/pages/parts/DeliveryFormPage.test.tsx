import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { F, partsServer, resetAll, signIn, type Row } from './test-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

const WAREHOUSE = ['parts.read', 'delivery.read', 'delivery.create', 'delivery.pick', 'delivery.pack', 'delivery.out', 'delivery.ship'];
const PICKER = ['parts.read', 'delivery.read', 'delivery.pick', 'delivery.pack'];
const SHIPPER = ['parts.read', 'delivery.read', 'delivery.out', 'delivery.ship'];

const delivery = (extra: Row = {}): Row => ({
  new_stockoutorderid: 'do1',
  new_name: 'FH20261124-0001',
  new_outtype: 1,
  new_warehouse_id: 'wh-1',
  [`new_warehouse_id${F}`]: '华东中心库',
  new_towarehouse_id: 'wh-9',
  new_state: 1,
  new_receiptstate: null,
  ...extra,
});
const lines: Row[] = [
  {
    new_stockoutorderdetailid: 'd1',
    new_stockoutorder_id: 'do1',
    new_code: 'HC-1',
    new_name: '滤芯',
    new_qty: 4,
    new_receivedqty: 0,
    new_amount: 40,
  },
  {
    new_stockoutorderdetailid: 'd2',
    new_stockoutorder_id: 'do1',
    new_code: 'HC-2',
    new_name: '油封',
    new_qty: 2,
    new_receivedqty: 0,
    new_amount: 20,
  },
];

const server = (d: Row, command?: Parameters<typeof partsServer>[0]['command']) =>
  partsServer({ records: { new_stockoutorders: [d], new_stockoutorderdetails: lines }, command });

const steps = () =>
  [...document.querySelectorAll('[data-testid^="pd-"]')]
    .map((b) => b.getAttribute('data-testid'))
    .filter((x) => /^pd-(submit|pick|pack|out|ship)$/.test(x!));
const open = async (path: string) => {
  const { router } = renderApp(path);
  await screen.findByTestId('pd-state', {}, LONG);
  return router;
};

describe('delivery edit screen: steps by privilege and state', () => {
  const who: Record<string, string[]> = { warehouse: WAREHOUSE, picker: PICKER, shipper: SHIPPER };
  it.each([
    ['warehouse', 1, ['pd-submit']],
    ['picker', 1, []],
    ['picker', 2, ['pd-pick']],
    ['picker', 3, ['pd-pack']],
    ['picker', 5, []],
    ['shipper', 4, ['pd-out']],
    ['shipper', 5, ['pd-ship']],
    ['warehouse', 6, []],
  ])('%s at state %i → %j', async (user, state, expected) => {
    signIn(who[user], { userType: 1 });
    server(delivery({ new_state: state }));
    await open('/partsDispatch/edit/do1');
    expect(screen.getByTestId('pd-state').getAttribute('data-state')).toBe(String(state));
    expect(steps()).toEqual(expected);
  });
});

describe('delivery edit screen', () => {
  it('to be submitted, a creator edits the form and the lines; a hand-made delivery adds lines on their own screen', async () => {
    signIn(WAREHOUSE, { userType: 1 });
    server(delivery({ new_outtype: 3, new_towarehouse_id: null }));
    const router = await open('/partsDispatch/edit/do1');
    expect(screen.getByTestId('pd-outtype').textContent).toBe('损坏');
    expect(screen.getByTestId('form-save')).toBeTruthy();
    expect(screen.queryByTestId('pd-readonly')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('pd-tab-lines')));
    await waitFor(() => expect(screen.getAllByTestId('doc-line-row')).toHaveLength(2));
    expect(screen.getByTestId('doc-lines').getAttribute('data-editable')).toBe('true');
    await act(async () => fireEvent.click(screen.getByTestId('doc-line-add')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsDispatch/detailcreate/do1'));
  });

  it('an application delivery takes its lines from the applications: no add, but edit opens the line screen', async () => {
    signIn(WAREHOUSE, { userType: 1 });
    server(delivery());
    const router = await open('/partsDispatch/edit/do1');
    await act(async () => fireEvent.click(screen.getByTestId('pd-tab-lines')));
    const rows = await screen.findAllByTestId('doc-line-row');
    expect(screen.queryByTestId('doc-line-add')).toBeNull();
    await act(async () => fireEvent.click(within(rows[1]).getByTestId('doc-line-edit')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsDispatch/detailedit/d2'));
  });

  it('once submitted the delivery is read-only and its lines are fixed', async () => {
    signIn(WAREHOUSE, { userType: 1 });
    server(delivery({ new_state: 2, new_outtype: 3 }));
    await open('/partsDispatch/edit/do1');
    expect(screen.getByTestId('pd-readonly')).toBeTruthy();
    expect(screen.queryByTestId('form-save')).toBeNull();
    expect(screen.queryByTestId('form-delete')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('pd-tab-lines')));
    await screen.findAllByTestId('doc-line-row');
    expect(screen.getByTestId('doc-lines').getAttribute('data-editable')).toBe('false');
    expect(screen.queryByTestId('doc-line-add')).toBeNull();
    expect(screen.queryByTestId('doc-line-edit')).toBeNull();
  });

  it('a step is confirmed in a dialog; a refusal shows there as the server words it', async () => {
    signIn(PICKER, { userType: 1 });
    const s = server(delivery({ new_state: 2 }), () => ({ status: 400, message: '单据已被他人处理，请刷新后重试' }));
    await open('/partsDispatch/edit/do1');
    await act(async () => fireEvent.click(screen.getByTestId('pd-pick')));
    expect((await screen.findByTestId('pd-step-confirm')).getAttribute('data-step')).toBe('pick');
    await act(async () => fireEvent.click(screen.getByTestId('pd-step-dialog-ok')));
    expect((await screen.findByTestId('pd-step-dialog-error')).textContent).toContain('单据已被他人处理，请刷新后重试');
    expect(s.sent).toEqual([{ method: 'POST', path: '/api/parts/deliveries/do1/pick', body: {} }]);
  });

  it('shipping asks for the logistics company and tracking number and sends them with the freight', async () => {
    signIn(SHIPPER, { userType: 1 });
    const d = delivery({ new_state: 5 });
    const s = server(d, () => {
      d.new_state = 6;
      d.new_receiptstate = 1;
      return { message: '发运成功' };
    });
    await open('/partsDispatch/edit/do1');
    await act(async () => fireEvent.click(screen.getByTestId('pd-ship')));
    await screen.findByTestId('pd-ship-corp');
    await act(async () => fireEvent.click(screen.getByTestId('pd-step-dialog-ok')));
    expect((await screen.findAllByText('请填写物流公司和物流单号')).length).toBeGreaterThan(0);
    expect(s.sent).toHaveLength(0);
    fireEvent.change(screen.getByTestId('pd-ship-corp'), { target: { value: '顺丰速运' } });
    fireEvent.change(screen.getByTestId('pd-ship-tracking'), { target: { value: 'SF1234567890' } });
    const freight = screen.getByTestId('pd-ship-freight');
    fireEvent.change(freight.tagName === 'INPUT' ? freight : freight.querySelector('input')!, { target: { value: '35.5' } });
    await act(async () => fireEvent.click(screen.getByTestId('pd-step-dialog-ok')));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0]).toEqual({
      method: 'POST',
      path: '/api/parts/deliveries/do1/ship',
      body: { logisticsCorp: '顺丰速运', trackingNo: 'SF1234567890', freight: 35.5 },
    });
    expect(await screen.findByText('发运成功')).toBeTruthy();
    // Reloaded in place: shipped, to be received, and no step left.
    await waitFor(() => expect(screen.getByTestId('pd-state').getAttribute('data-state')).toBe('6'));
    expect(screen.getByTestId('pd-receiptstate').textContent).toBe('待签收');
    expect(steps()).toEqual([]);
  });
});
