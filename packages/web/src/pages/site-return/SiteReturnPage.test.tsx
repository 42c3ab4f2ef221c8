import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { partsServer, resetAll, signIn, type Row } from '../parts/test-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

const STATION = ['parts.read', 'parts.write', 'parts.receive'];
const WAREHOUSE = ['parts.read', 'parts.receive', 'delivery.read'];
const asWarehouse = () =>
  signIn(WAREHOUSE, { userName: 'warehouse1', nickName: '孙丽', userType: 2, departId: 'wh-hd', departName: '华东中心库' });

const ret = (extra: Row = {}): Row => ({
  new_srv_sitereturnid: 'r1',
  new_name: 'TH20261125-0001',
  new_returntype: 1,
  new_returnreason: '备件积压，退回中心库',
  new_state: 1,
  new_isclose: false,
  new_totalqty: 3,
  ...extra,
});
const lines = [
  {
    new_srv_sitereturndetailid: 'l1',
    new_sitereturn_id: 'r1',
    new_code: 'HC-LF-200',
    new_name: '滤芯',
    new_qty: 2,
    new_receivedqty: 0,
    new_amount: 90,
  },
  {
    new_srv_sitereturndetailid: 'l2',
    new_sitereturn_id: 'r1',
    new_code: 'EC-PCB-210',
    new_name: '主控板',
    new_qty: 1,
    new_receivedqty: 1,
    new_amount: 320,
  },
];
const server = (r: Row, command?: Parameters<typeof partsServer>[0]['command']) =>
  partsServer({ records: { new_srv_sitereturns: [r], new_srv_sitereturndetails: lines }, command });

describe('parts return edit screen: buttons by state', () => {
  it("the station's draft: 待提交, 发货 and 关闭, editable lines, no 收货; a refused delivery shows what remains to return", async () => {
    signIn(STATION);
    const s = server(ret(), () => ({ status: 400, message: '可退配件数量不足，配件“滤芯”剩余可退数量 1' }));
    renderApp('/siteReturn/edit/r1');
    expect((await screen.findByTestId('th-state', {}, LONG)).textContent).toBe('待提交');
    expect(screen.getByTestId('th-deliver')).toBeTruthy();
    expect(screen.getByTestId('th-close')).toBeTruthy();
    expect(screen.queryByTestId('th-receive')).toBeNull();
    expect(screen.queryByTestId('th-readonly')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('th-tab-lines')));
    expect((await screen.findByTestId('doc-lines')).getAttribute('data-editable')).toBe('true');
    await act(async () => fireEvent.click(screen.getByTestId('th-deliver')));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0]).toMatchObject({ method: 'POST', path: '/api/parts/siteReturns/r1/deliver' });
    expect((await screen.findByTestId('th-refusal')).textContent).toContain('剩余可退数量 1');
  });

  it('delivered, seen by the station: read-only, no 发货, 收货 or 关闭, lines locked', async () => {
    signIn(STATION);
    server(ret({ new_state: 2 }));
    renderApp('/siteReturn/edit/r1');
    expect((await screen.findByTestId('th-state', {}, LONG)).textContent).toBe('已发货');
    expect(screen.getByTestId('th-readonly')).toBeTruthy();
    for (const b of ['th-deliver', 'th-receive', 'th-close', 'form-save']) expect(screen.queryByTestId(b)).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('th-tab-lines')));
    expect((await screen.findByTestId('doc-lines')).getAttribute('data-editable')).toBe('false');
  });

  it('semi received, seen by the receiving warehouse: 收货 with what is still to receive per line, and 关闭; no 发货', async () => {
    asWarehouse();
    const s = server(ret({ new_state: 3 }));
    renderApp('/siteReturn/edit/r1');
    expect((await screen.findByTestId('th-state', {}, LONG)).textContent).toBe('部分收货');
    expect(screen.queryByTestId('th-deliver')).toBeNull();
    expect(screen.getByTestId('th-close')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('th-receive')));
    const inputs = await screen.findAllByTestId('th-receive-qty', {}, LONG);
    expect(inputs).toHaveLength(2);
    await act(async () => fireEvent.click(screen.getByTestId('th-receive-ok')));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    // Only the line with something still to receive is posted, at its remainder.
    expect(s.sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/parts/siteReturns/r1/receive',
      body: { lines: [{ lineId: 'l1', qty: 2 }] },
    });
  });

  it('received or closed: no buttons for anyone', async () => {
    asWarehouse();
    server(ret({ new_state: 4 }));
    renderApp('/siteReturn/edit/r1');
    expect((await screen.findByTestId('th-state', {}, LONG)).textContent).toBe('已收货');
    for (const b of ['th-deliver', 'th-receive', 'th-close']) expect(screen.queryByTestId(b)).toBeNull();
  });
});
