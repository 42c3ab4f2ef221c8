import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { F, partsServer, resetAll, signIn, type Row } from './test-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

const WAREHOUSE = ['parts.read', 'delivery.read', 'delivery.create'];
const delivery = (extra: Row = {}): Row => ({
  new_stockoutorderid: 'do1',
  new_name: 'FH20261124-0001',
  new_outtype: 4,
  new_state: 1,
  new_warehouse_id: 'wh-1',
  [`new_warehouse_id${F}`]: '华东中心库',
  ...extra,
});
const line: Row = {
  new_stockoutorderdetailid: 'd1',
  new_stockoutorder_id: 'do1',
  new_product_id: 'p1',
  [`new_product_id${F}`]: '滤芯',
  new_code: 'HC-1',
  new_name: '滤芯',
  new_qty: 4,
  new_memo: '外包装破损',
};

describe('delivery line screens', () => {
  it('detailcreate: part, quantity and memo for a faulty delivery, then back to the delivery', async () => {
    signIn(WAREHOUSE, { userType: 1 });
    const s = partsServer({
      records: { new_stockoutorders: [delivery()], new_stockoutorderdetails: [] },
      lookups: { product: [{ productid: 'p9', name: '油封', productnumber: 'HC-9' }] },
      command: () => ({ message: '添加成功', id: 'do1' }),
    });
    const { router } = renderApp('/partsDispatch/detailcreate/do1');
    expect((await screen.findByTestId('pd-line-delivery', {}, LONG)).textContent).toBe('FH20261124-0001');
    expect(screen.getByTestId('pd-line-form').getAttribute('data-mode')).toBe('create');
    await act(async () => fireEvent.click(screen.getByTestId('pd-line-part')));
    await act(async () => fireEvent.click((await screen.findAllByTestId('lookup-row'))[0]));
    await act(async () => fireEvent.click(screen.getByTestId('lookup-ok')));
    fireEvent.change(screen.getByTestId('pd-line-qty'), { target: { value: '2' } });
    await act(async () => fireEvent.click(screen.getByTestId('pd-line-save')));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0]).toEqual({ method: 'POST', path: '/api/parts/deliveries/do1/lines', body: { productId: 'p9', qty: 2, memo: '' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsDispatch/edit/do1'));
  });

  it('detailcreate on an application delivery says its lines come from the documents and offers no save', async () => {
    signIn(WAREHOUSE, { userType: 1 });
    partsServer({ records: { new_stockoutorders: [delivery({ new_outtype: 1 })] } });
    renderApp('/partsDispatch/detailcreate/do1');
    expect((await screen.findByTestId('pd-line-locked', {}, LONG)).textContent).toContain('明细来自所选单据，不能直接新增');
    expect(screen.getByTestId('pd-line-save').hasAttribute('disabled')).toBe(true);
  });

  it('detailedit: quantity and memo of the line (the part stays), a refusal shows, then back to its delivery', async () => {
    signIn(WAREHOUSE, { userType: 1 });
    let refuse = true;
    const s = partsServer({
      records: { new_stockoutorders: [delivery({ new_outtype: 1 })], new_stockoutorderdetails: [line] },
      command: () => (refuse ? { status: 400, message: '发货数量不能大于审批数量，配件“滤芯”最多还可发 3' } : { message: '保存成功' }),
    });
    const { router } = renderApp('/partsDispatch/detailedit/d1');
    await screen.findByTestId('pd-line-delivery', {}, LONG);
    expect(screen.getByTestId('pd-line-form').getAttribute('data-mode')).toBe('edit');
    expect(screen.queryByTestId('pd-line-part')).toBeNull();
    const qty = screen.getByTestId('pd-line-qty') as HTMLInputElement;
    expect(qty.value).toBe('4');
    expect((screen.getByTestId('pd-line-memo') as HTMLTextAreaElement).value).toBe('外包装破损');
    fireEvent.change(qty, { target: { value: '5' } });
    await act(async () => fireEvent.click(screen.getByTestId('pd-line-save')));
    expect((await screen.findByTestId('pd-line-error')).textContent).toContain('最多还可发 3');
    expect(s.sent[0]).toEqual({ method: 'PATCH', path: '/api/parts/deliveries/do1/lines/d1', body: { qty: 5, memo: '外包装破损' } });
    refuse = false;
    fireEvent.change(qty, { target: { value: '3' } });
    await act(async () => fireEvent.click(screen.getByTestId('pd-line-save')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsDispatch/edit/do1'));
    expect(s.sent[1].body).toEqual({ qty: 3, memo: '外包装破损' });
  });
});
