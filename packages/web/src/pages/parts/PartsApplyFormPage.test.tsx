import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { F, partsServer, resetAll, signIn, type Row } from './test-server.ts';

// The edit screen is a large lazy chunk (form, tabs, dialogs): slow to render on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

const STATION = ['parts.read', 'parts.write'];

const application = (extra: Row = {}): Row => ({
  new_srv_partsapplyid: 'pa1',
  new_name: 'PA20261124-0001',
  new_type: 1,
  new_station_id: 'st-1',
  [`new_station_id${F}`]: '上海浦东华辰服务站',
  new_warehouse_id: 'wh-1',
  [`new_warehouse_id${F}`]: '华东中心库',
  new_recipient: '陈志强',
  new_phonenumber: '13800138001',
  new_approvalstatus: 1,
  statuscode: 1,
  new_isclose: false,
  new_submitter_id: null,
  new_stepuser_id: null,
  ...extra,
});

const line = (id: string, extra: Row = {}): Row => ({
  new_srv_partsapplydetilid: id,
  new_partsapply_id: 'pa1',
  new_code: `HC-${id}`,
  new_name: `配件${id}`,
  new_uom: '个',
  new_price: 10,
  new_qty: 5,
  new_approvedqty: null,
  new_amount: 50,
  ...extra,
});

function server(
  app: Row,
  lines: Row[] = [line('l1'), line('l2', { new_qty: 3, new_amount: 30 })],
  command?: Parameters<typeof partsServer>[0]['command'],
) {
  return partsServer({
    records: { new_srv_partsapplies: [app], new_srv_partsapplydetils: lines, new_stockoutorderdetails: [] },
    lookups: {
      product: [{ productid: 'p9', name: '液压油滤芯', productnumber: 'HC-LF-200' }],
      new_srv_warehouse: [{ new_srv_warehouseid: 'wh-1', new_name: '华东中心库' }],
    },
    command,
  });
}

const actions = () =>
  [...document.querySelectorAll('[data-testid^="pa-"]')]
    .map((b) => b.getAttribute('data-testid'))
    .filter((x) => ['pa-submit', 'pa-revoke', 'pa-approved', 'pa-close', 'pa-progress'].includes(x!));
const openLines = async () => {
  const tab = await screen.findByTestId('pa-tab-lines', {}, LONG);
  await act(async () => fireEvent.click(tab));
  return screen.findByTestId('doc-lines', {}, LONG);
};

describe('parts application: create', () => {
  it("presets and locks a station user's station, lists central warehouses only, and asks to save before adding lines", async () => {
    signIn(STATION);
    const s = server(application());
    renderApp('/partsApply/create');
    const station = await screen.findByTestId('field-new_station_id', {}, LONG);
    expect(station.textContent).toContain('上海浦东华辰服务站');
    expect(station.getAttribute('aria-disabled')).toBe('true');
    // Numbers and states are the server's: not on a new application.
    expect(screen.queryByTestId('field-new_name')).toBeNull();
    expect(screen.queryByTestId('field-statuscode')).toBeNull();

    await act(async () => fireEvent.click(screen.getByTestId('field-new_warehouse_id')));
    await screen.findAllByTestId('lookup-row');
    const q = s.lookupCalls().find((p) => p.get('entityName') === 'new_srv_warehouse')!;
    expect(JSON.parse(q.get('condition')!)).toEqual([{ field: 'new_type', op: 'eq', value: 1 }]);
    await act(async () => fireEvent.click(screen.getByTestId('lookup-cancel')));

    await act(async () => fireEvent.click(screen.getByTestId('pa-tab-lines')));
    expect((await screen.findByTestId('doc-lines-save-first')).textContent).toContain('请先保存主单据再添加明细');
    expect(screen.queryByTestId('doc-line-add')).toBeNull();
    expect(screen.queryByTestId('pa-submit')).toBeNull();
  });
});

describe('parts application: edit', () => {
  it('a draft: header tags, editable form and lines, submit and progress only', async () => {
    signIn(STATION);
    server(application());
    renderApp('/partsApply/edit/pa1');
    const status = await screen.findByTestId('pa-status', {}, LONG);
    expect(status.getAttribute('data-status')).toBe('1');
    expect(status.textContent).toBe('待提交');
    expect(screen.getByTestId('pa-statuscode').textContent).toBe('待发货');
    expect(screen.getByTestId('pa-header').getAttribute('data-number')).toBe('PA20261124-0001');
    expect(screen.queryByTestId('pa-readonly')).toBeNull();
    expect(screen.getByTestId('form-save')).toBeTruthy();
    expect(actions()).toEqual(['pa-submit', 'pa-progress']);
    const lines = await openLines();
    await waitFor(() => expect(within(lines).getAllByTestId('doc-line-row')).toHaveLength(2));
    expect(lines.getAttribute('data-editable')).toBe('true');
    expect(screen.getByTestId('doc-line-add')).toBeTruthy();
    expect(screen.getAllByTestId('doc-line-edit')).toHaveLength(2);
    expect(screen.getByTestId('doc-lines-total').getAttribute('data-qty')).toBe('8');
  });

  it("adds a line through the line command, toasts the server's message and reloads the application", async () => {
    signIn(STATION);
    const s = server(application(), [], () => ({ message: '添加成功', id: 'pa1' }));
    renderApp('/partsApply/edit/pa1');
    await openLines();
    const before = s.reads.filter((u) => u.includes('new_srv_partsapplies(pa1)')).length;
    await act(async () => fireEvent.click(await screen.findByTestId('doc-line-add')));
    const dialog = await screen.findByTestId('doc-line-dialog');
    // Validation first: nothing is sent without a part and a quantity.
    await act(async () => fireEvent.click(screen.getByTestId('doc-line-dialog-ok')));
    expect(await within(dialog).findByText('请选择配件')).toBeTruthy();
    expect(s.sent).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByTestId('doc-line-part')));
    const [row] = await screen.findAllByTestId('lookup-row');
    await act(async () => fireEvent.click(row));
    await act(async () => fireEvent.click(screen.getByTestId('lookup-ok')));
    fireEvent.change(within(dialog).getByTestId('doc-line-qty'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByTestId('doc-line-memo'), { target: { value: '急用' } });
    await act(async () => fireEvent.click(screen.getByTestId('doc-line-dialog-ok')));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0]).toEqual({
      method: 'POST',
      path: '/api/parts/applications/pa1/lines',
      body: { productId: 'p9', qty: 4, memo: '急用' },
    });
    expect(await screen.findByText('添加成功')).toBeTruthy();
    await waitFor(() => expect(s.reads.filter((u) => u.includes('new_srv_partsapplies(pa1)')).length).toBeGreaterThan(before));
  });

  it("a line above the supplying warehouse's stock shows its shortfall in the table and its dialog, and still saves; a refusal naming the quantity shows at the field", async () => {
    signIn(STATION);
    const big = line('l1', { new_product_id: 'p9', [`new_product_id${F}`]: '液压油滤芯', new_qty: 900, new_tempcurrentinv: 20 });
    let answer: { message: string } | { status: number; message: string; field?: string } = { message: '保存成功' };
    const s = partsServer({
      records: { new_srv_partsapplies: [application()], new_srv_partsapplydetils: [big], new_stockoutorderdetails: [] },
      stock: { p9: 20 },
      command: () => answer,
    });
    renderApp('/partsApply/edit/pa1');
    const lines = await openLines();
    const tag = await within(lines).findByTestId('doc-line-shortfall', {}, LONG);
    expect(tag.textContent).toBe('库存不足，缺 880');
    await act(async () => fireEvent.click(within(lines).getByTestId('doc-line-edit')));
    const dialog = await screen.findByTestId('doc-line-dialog');
    const hint = await within(dialog).findByTestId('doc-line-stock');
    expect(hint.textContent).toContain('库存不足，缺 880（可用库存 20）');
    fireEvent.change(within(dialog).getByTestId('doc-line-qty'), { target: { value: '15' } });
    await waitFor(() => expect(within(dialog).getByTestId('doc-line-stock').textContent).toBe('可用库存 20'));
    fireEvent.change(within(dialog).getByTestId('doc-line-qty'), { target: { value: '30' } });
    await waitFor(() => expect(within(dialog).getByTestId('doc-line-stock').getAttribute('data-short')).toBe('10'));
    // The server refuses naming the quantity: the text shows under that field, the dialog stays open, no toast.
    answer = { status: 400, message: '申请数量超出允许范围', field: 'qty' };
    await act(async () => fireEvent.click(screen.getByTestId('doc-line-dialog-ok')));
    const explain = await within(dialog).findByText('申请数量超出允许范围');
    expect(explain.closest('.ant-form-item')?.querySelector('[data-testid="doc-line-qty"]')).toBeTruthy();
    expect(within(dialog).queryByTestId('doc-line-dialog-error')).toBeNull();
    expect(screen.getAllByText('申请数量超出允许范围')).toHaveLength(1);
    // A back-order is accepted: the save goes through with the quantity above the stock.
    answer = { message: '保存成功' };
    await act(async () => fireEvent.click(screen.getByTestId('doc-line-dialog-ok')));
    await waitFor(() =>
      expect(s.sent.at(-1)).toEqual({
        method: 'PATCH',
        path: '/api/parts/applications/pa1/lines/l1',
        body: { productId: 'p9', qty: 30, memo: '' },
      }),
    );
  });

  it('an approved application is read-only: no line editing; a station writer may close it with a reason, and a refusal shows in the dialog', async () => {
    signIn(STATION);
    let refuse = true;
    const s = server(application({ new_approvalstatus: 3, statuscode: 100000000 }), undefined, () =>
      refuse ? { status: 400, message: '还有未发运的发货单，不能关闭' } : { message: '关闭成功' },
    );
    renderApp('/partsApply/edit/pa1');
    await screen.findByTestId('pa-readonly', {}, LONG);
    expect(screen.getByTestId('pa-status').getAttribute('data-status')).toBe('3');
    expect(screen.queryByTestId('form-save')).toBeNull();
    expect(actions()).toEqual(['pa-close', 'pa-progress']);
    const lines = await openLines();
    expect(lines.getAttribute('data-editable')).toBe('false');
    expect(screen.queryByTestId('doc-line-add')).toBeNull();
    expect(screen.queryByTestId('doc-line-edit')).toBeNull();

    await act(async () => fireEvent.click(screen.getByTestId('pa-close')));
    await screen.findByTestId('pa-close-dialog');
    await act(async () => fireEvent.click(screen.getByTestId('pa-close-dialog-ok')));
    expect(await screen.findByText('请填写关闭原因')).toBeTruthy();
    expect(s.sent).toHaveLength(0);
    fireEvent.change(screen.getByTestId('pa-close-reason'), { target: { value: '客户取消' } });
    await act(async () => fireEvent.click(screen.getByTestId('pa-close-dialog-ok')));
    expect((await screen.findByTestId('pa-close-dialog-error')).textContent).toContain('还有未发运的发货单，不能关闭');
    expect(s.sent[0]).toEqual({ method: 'POST', path: '/api/parts/applications/pa1/close', body: { reason: '客户取消' } });
    refuse = false;
    await act(async () => fireEvent.click(screen.getByTestId('pa-close-dialog-ok')));
    expect(await screen.findByText('关闭成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('pa-close-dialog')).toBeNull());
  });

  it('a delivered or closed application offers no close', async () => {
    signIn(STATION);
    server(application({ new_approvalstatus: 3, statuscode: 100000002, new_isclose: true }));
    renderApp('/partsApply/edit/pa1');
    expect((await screen.findByTestId('pa-closed', {}, LONG)).textContent).toBe('已关闭');
    expect(actions()).toEqual(['pa-progress']);
  });

  it('the current approver changes approved quantities (one input per line, from the applied one) before approving', async () => {
    signIn(['parts.read', 'approval.act'], { userType: 2, userId: 'u-me' });
    const s = server(
      application({ new_approvalstatus: 2, new_submitter_id: 'u-station', new_stepuser_id: 'U-ME' }),
      [line('l1'), line('l2', { new_qty: 3, new_approvedqty: 2 })],
      () => ({ message: '保存成功' }),
    );
    renderApp('/partsApply/edit/pa1');
    await screen.findByTestId('pa-status', {}, LONG);
    // Not the submitter: no revoke; not a writer: no submit.
    expect(actions()).toEqual(['pa-approved', 'pa-progress']);
    await act(async () => fireEvent.click(screen.getByTestId('pa-approved')));
    await waitFor(() => expect(screen.getAllByTestId('pa-approved-qty')).toHaveLength(2));
    const inputs = screen.getAllByTestId('pa-approved-qty') as HTMLInputElement[];
    expect(inputs.map((i) => i.value)).toEqual(['5', '2']);
    fireEvent.change(inputs[0], { target: { value: '4' } });
    await act(async () => fireEvent.click(screen.getByTestId('pa-approved-dialog-ok')));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0]).toEqual({
      method: 'POST',
      path: '/api/parts/applications/pa1/approved',
      body: {
        lines: [
          { lineId: 'l1', approvedQty: 4 },
          { lineId: 'l2', approvedQty: 2 },
        ],
      },
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('the submitter may revoke while under review; another approver sees no quantity change', async () => {
    signIn(STATION);
    server(application({ new_approvalstatus: 2, new_submitter_id: 'u-me', new_stepuser_id: 'u-branch' }));
    renderApp('/partsApply/edit/pa1');
    await screen.findByTestId('pa-readonly', {}, LONG);
    expect(actions()).toEqual(['pa-revoke', 'pa-progress']);
  });

  it('lists the deliveries made of it, linking to the receipt for a receiver', async () => {
    signIn([...STATION, 'parts.receive']);
    partsServer({
      records: {
        new_srv_partsapplies: [application({ new_approvalstatus: 3, statuscode: 100000000 })],
        new_srv_partsapplydetils: [line('l1')],
        new_stockoutorderdetails: [
          {
            new_stockoutorderdetailid: 'd1',
            new_partsapply_id: 'pa1',
            new_stockoutorder_id: 'do1',
            new_code: 'HC-l1',
            new_name: '配件l1',
            new_qty: 2,
            new_receivedqty: 1,
            new_stockoutorder_id_ref: { new_stockoutorderid: 'do1', new_name: 'FH20261124-0001', new_state: 6 },
          },
        ],
      },
    });
    renderApp('/partsApply/edit/pa1');
    const tab = await screen.findByTestId('pa-tab-deliveries', {}, LONG);
    await act(async () => fireEvent.click(tab));
    const row = await screen.findByTestId('pa-delivery-row');
    expect(row.getAttribute('data-id')).toBe('do1');
    expect(row.getAttribute('data-state')).toBe('6');
    expect(within(row).getByTestId('pa-delivery-link').getAttribute('href')).toBe('/partsSign/edit/do1');
    expect(row.textContent).toContain('已发运');
  });
});
