import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { partsServer, resetAll, signIn, type Row } from './test-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

const STATION = ['parts.read', 'parts.write'];

const sale = (extra: Row = {}): Row => ({
  new_orderid: 'so1',
  new_name: 'XS20261125-0001',
  new_customername: '刘建国',
  new_phone: '13816620451',
  new_state: 1,
  new_totalqty: 2,
  ...extra,
});
const lines = [{ new_orderdetailid: 'l1', new_order_id: 'so1', new_code: 'HC-LF-200', new_name: '滤芯', new_qty: 2, new_amount: 90 }];
const server = (s: Row, command?: Parameters<typeof partsServer>[0]['command']) =>
  partsServer({ records: { new_orders: [s], new_orderdetails: lines }, command });

describe('parts sales edit screen', () => {
  it('a draft shows 待提交 and 确认销售 with editable lines; confirming calls the sale command and a refusal names the part and what is available', async () => {
    signIn(STATION, { userType: 2 });
    const s = server(sale(), () => ({ status: 400, message: '配件“滤芯”在上海服务站库库存不足：可用 1，需要 2' }));
    renderApp('/newOrder/edit/so1');
    expect((await screen.findByTestId('xs-state', {}, LONG)).textContent).toBe('待提交');
    expect(screen.queryByTestId('xs-readonly')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('xs-tab-lines')));
    expect((await screen.findByTestId('doc-lines')).getAttribute('data-editable')).toBe('true');
    await act(async () => fireEvent.click(screen.getByTestId('xs-confirm')));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0]).toMatchObject({ method: 'POST', path: '/api/parts/sales/so1/confirm' });
    expect((await screen.findByTestId('xs-refusal')).textContent).toContain('配件“滤芯”在上海服务站库库存不足：可用 1，需要 2');
  });

  it('a sold order is read-only: 已销售, no 确认销售, no save, lines locked', async () => {
    signIn(STATION, { userType: 2 });
    server(sale({ new_state: 2 }));
    renderApp('/newOrder/edit/so1');
    expect((await screen.findByTestId('xs-state', {}, LONG)).textContent).toBe('已销售');
    expect(screen.getByTestId('xs-readonly')).toBeTruthy();
    expect(screen.queryByTestId('xs-confirm')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('xs-tab-lines')));
    expect((await screen.findByTestId('doc-lines')).getAttribute('data-editable')).toBe('false');
  });

  it('a reader without parts.write sees a draft without 确认销售', async () => {
    signIn(['parts.read'], { userType: 2 });
    server(sale());
    renderApp('/newOrder/edit/so1');
    await screen.findByTestId('xs-state', {}, LONG);
    expect(screen.queryByTestId('xs-confirm')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
  });
});
