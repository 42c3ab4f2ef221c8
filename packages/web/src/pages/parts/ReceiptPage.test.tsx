import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { F, partsServer, resetAll, signIn, type Row } from './test-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

const RECEIVER = ['parts.read', 'parts.receive'];

const delivery = (extra: Row = {}): Row => ({
  new_stockoutorderid: 'do1',
  new_name: 'FH20261124-0001',
  new_warehouse_id: 'wh-1',
  [`new_warehouse_id${F}`]: '华东中心库',
  new_towarehouse_id: 'wh-9',
  [`new_towarehouse_id${F}`]: '上海浦东服务站库',
  new_logisticscorp: '顺丰速运',
  new_trackingno: 'SF1234567890',
  new_state: 6,
  new_receiptstate: 1,
  ...extra,
});
const lines = (): Row[] => [
  {
    new_stockoutorderdetailid: 'l1',
    new_stockoutorder_id: 'do1',
    new_code: 'HC-1',
    new_name: '滤芯',
    new_uom: '个',
    new_qty: 5,
    new_receivedqty: 0,
  },
  {
    new_stockoutorderdetailid: 'l2',
    new_stockoutorder_id: 'do1',
    new_code: 'HC-2',
    new_name: '油封',
    new_uom: '个',
    new_qty: 3,
    new_receivedqty: 1,
  },
];

const inputs = () => screen.queryAllByTestId('ps-line-qty') as HTMLInputElement[];
const open = async () => {
  renderApp('/partsSign/edit/do1');
  await screen.findByTestId('ps-summary', {}, LONG);
  await waitFor(() => expect(screen.getAllByTestId('ps-line-row')).toHaveLength(2));
};

describe('receipt screen', () => {
  it("shows the summary and each line's remainder as the quantity to receive; posts the entered quantities and reloads", async () => {
    signIn(RECEIVER);
    const d = delivery();
    const ls = lines();
    const s = partsServer({
      records: { new_stockoutorders: [d], new_stockoutorderdetails: ls },
      command: (sent) => {
        for (const x of (sent.body as { lines: { lineId: string; qty: number }[] }).lines) {
          const l = ls.find((r) => r.new_stockoutorderdetailid === x.lineId)!;
          l.new_receivedqty = Number(l.new_receivedqty) + x.qty;
        }
        d.new_receiptstate = 3;
        return { message: '签收成功' };
      },
    });
    await open();
    expect(screen.getByTestId('ps-summary').textContent).toContain('顺丰速运');
    expect(screen.getByTestId('ps-summary').textContent).toContain('上海浦东服务站库');
    expect(screen.getByTestId('ps-receiptstate').textContent).toBe('待签收');
    expect(within(screen.getAllByTestId('ps-line-row')[1]).getByText('2')).toBeTruthy();
    await waitFor(() => expect(inputs().map((i) => i.value)).toEqual(['5', '2']));
    fireEvent.change(inputs()[0], { target: { value: '3' } });
    fireEvent.change(inputs()[1], { target: { value: '0' } });
    await act(async () => fireEvent.click(screen.getByTestId('ps-confirm')));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0]).toEqual({ method: 'POST', path: '/api/parts/deliveries/do1/receive', body: { lines: [{ lineId: 'l1', qty: 3 }] } });
    expect(await screen.findByText('签收成功')).toBeTruthy();
    // Reloaded: semi received, the remainders are what is left.
    await waitFor(() => expect(screen.getByTestId('ps-receiptstate').textContent).toBe('部分签收'));
    await waitFor(() => expect(inputs().map((i) => i.value)).toEqual(['2', '2']));
  });

  it("全部签收 puts every remainder back; the server's refusal shows in place", async () => {
    signIn(RECEIVER);
    const s = partsServer({
      records: { new_stockoutorders: [delivery()], new_stockoutorderdetails: lines() },
      command: () => ({ status: 400, message: '只有已发运或部分签收的发货单才能签收' }),
    });
    await open();
    await waitFor(() => expect(inputs()).toHaveLength(2));
    fireEvent.change(inputs()[0], { target: { value: '1' } });
    await waitFor(() => expect(inputs()[0].value).toBe('1'));
    await act(async () => fireEvent.click(screen.getByTestId('ps-fill-all')));
    await waitFor(() => expect(inputs().map((i) => i.value)).toEqual(['5', '2']));
    await act(async () => fireEvent.click(screen.getByTestId('ps-confirm')));
    expect((await screen.findByTestId('ps-error')).textContent).toContain('只有已发运或部分签收的发货单才能签收');
    expect(s.sent[0].body).toEqual({
      lines: [
        { lineId: 'l1', qty: 5 },
        { lineId: 'l2', qty: 2 },
      ],
    });
  });

  it('a typed quantity is kept and refused at its line (1.5 integer only, 9 above the remainder, abc not a number); nothing is posted', async () => {
    signIn(RECEIVER);
    const s = partsServer({
      records: { new_stockoutorders: [delivery()], new_stockoutorderdetails: lines() },
      command: () => ({ message: '签收成功' }),
    });
    await open();
    await waitFor(() => expect(inputs()).toHaveLength(2));
    fireEvent.change(inputs()[0], { target: { value: '1.5' } });
    fireEvent.change(inputs()[1], { target: { value: '9' } });
    await act(async () => fireEvent.click(screen.getByTestId('ps-confirm')));
    expect(await screen.findByText('本次签收数量只能输入整数')).toBeTruthy();
    expect(await screen.findByText('签收数量不能大于未签收数量，配件“油封”最多还可签收 2')).toBeTruthy();
    expect(inputs().map((i) => i.value)).toEqual(['1.5', '9']);
    fireEvent.change(inputs()[0], { target: { value: 'abc' } });
    expect(await screen.findByText('本次签收数量必须是数字')).toBeTruthy();
    expect(inputs()[0].value).toBe('abc');
    expect(s.sent).toHaveLength(0);
  });

  it('a fully received delivery shows no inputs and no receipt buttons', async () => {
    signIn(RECEIVER);
    partsServer({
      records: {
        new_stockoutorders: [delivery({ new_receiptstate: 2 })],
        new_stockoutorderdetails: lines().map((l) => ({ ...l, new_receivedqty: l.new_qty })),
      },
    });
    await open();
    expect(screen.getByTestId('ps-done').textContent).toContain('已全部签收');
    expect(inputs()).toHaveLength(0);
    expect(screen.queryByTestId('ps-confirm')).toBeNull();
    expect(screen.queryByTestId('ps-fill-all')).toBeNull();
  });

  it('a delivery not shipped yet cannot be received', async () => {
    signIn(RECEIVER);
    partsServer({
      records: { new_stockoutorders: [delivery({ new_state: 5, new_receiptstate: null })], new_stockoutorderdetails: lines() },
    });
    await open();
    expect(screen.getByTestId('ps-not-receivable')).toBeTruthy();
    expect(inputs()).toHaveLength(0);
    expect(screen.queryByTestId('ps-confirm')).toBeNull();
  });
});
