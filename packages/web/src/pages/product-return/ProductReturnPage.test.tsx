import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, jsonReply, renderApp, stubServer } from '../../test/render-app.tsx';
import { resetAll, signIn, type Row } from '../parts/test-server.ts';
import { todayUtc8 } from '../../shared/date.ts';
import { WorkOrderProductReturn } from './WorkOrderProductReturn.tsx';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

const STATION = ['parts.read', 'parts.write'];
const HQ = ['parts.read', 'workorder.read', 'workorder.audit', 'approval.act'];

const doc = (approval: number, state: number, extra: Row = {}): Row => ({
  new_srv_productreturnid: 'r1',
  new_name: 'TJ202611-0001',
  new_returntype: 1,
  new_serialnumber: 'HC2611-1037SH',
  new_customer: '上海福润食品有限公司',
  new_reason: '主轴异响，三次维修未解决',
  new_exchangeserial: null,
  new_approvalstatus: approval,
  new_returnstate: state,
  ...extra,
});
const LINES = [
  {
    new_srv_productreturndetailid: 'l1',
    new_productreturn_id: 'r1',
    new_itemtype: 1,
    new_name: 'HC-800 数控机床',
    new_product_id: 'p1',
    'new_product_id@OData.Community.Display.V1.FormattedValue': 'HC-800 数控机床',
    new_serialnumber: 'HC2611-1037SH',
    new_qty: 1,
  },
];

/** The record and its lines through the CRM data calls; the product-return commands recorded, answered `answer`. */
function server(row: Row, answer: { status: number; message: string } | { message: string } = { message: '发运成功' }) {
  const sent: { path: string; body: unknown }[] = [];
  stubServer((url, init) => {
    const u = new URL(url, 'http://x');
    if (
      u.pathname === '/api/crmdata/create/new_srv_productreturndetails' ||
      u.pathname.startsWith('/api/crmdata/Update/new_srv_productreturndetails')
    ) {
      sent.push({ path: u.pathname, body: JSON.parse(String(init.body)) });
      return envelope({ id: 'l2' });
    }
    if (u.pathname.startsWith('/api/productReturn/')) {
      sent.push({ path: u.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if ('status' in answer)
        return jsonReply(
          { ErrorCode: answer.status, Message: answer.message, Data: null, error: { code: 'x', message: answer.message } },
          answer.status,
          'Bad Request',
        );
      return envelope({ id: 'r1', message: answer.message }, answer.message);
    }
    if (u.pathname === '/api/crmdata/Retrieve/new_srv_productreturns(r1)') return envelope(row);
    if (u.pathname === '/api/crmdata/Retrieve/new_srv_productreturndetails') return envelope({ value: LINES, '@odata.count': 1 });
    if (
      u.pathname.startsWith('/api/attachment') ||
      u.pathname.startsWith('/api/crmpicklist/') ||
      u.pathname.startsWith('/api/CrmFlow/GetFlow')
    )
      return envelope([]);
    if (u.pathname.startsWith('/api/notice/') || u.pathname.startsWith('/api/CrmFlow/')) return envelope(0);
    return undefined;
  });
  return sent;
}

const buttons = () => ['pr-submit', 'form-save', 'pr-collect', 'pr-ship', 'pr-receive'].filter((id) => screen.queryByTestId(id));
async function linesEditable() {
  await act(async () => fireEvent.click(screen.getByTestId('pr-tab-lines')));
  return (await screen.findByTestId('doc-lines', {}, LONG)).getAttribute('data-editable');
}

describe('product return record screen: buttons by state', () => {
  it('a draft: submit and save for the station, lines editable; no ship or receive', async () => {
    signIn(STATION);
    server(doc(1, 1));
    renderApp('/productReturn/edit/r1/1');
    expect((await screen.findByTestId('pr-state', {}, LONG)).textContent).toContain('待审批');
    await screen.findByTestId('pr-submit', {}, LONG);
    expect(buttons()).toEqual(['pr-submit', 'form-save']);
    expect(await linesEditable()).toBe('true');
    // The tab is named for what it holds, and the lines carry no quantity/amount total (they have no prices).
    expect(screen.getByTestId('pr-tab-lines').textContent).toBe('退机明细');
    expect(await screen.findByTestId('doc-line-row', {}, LONG)).toBeTruthy();
    expect(screen.queryByTestId('doc-lines-total')).toBeNull();
  });

  it('under review: read-only, lines locked, nothing but the progress', async () => {
    signIn(STATION);
    server(doc(2, 1));
    renderApp('/productReturn/edit/r1/1');
    await screen.findByTestId('pr-progress', {}, LONG);
    expect(buttons()).toEqual([]);
    expect(await linesEditable()).toBe('false');
  });

  it('a rejected return may be changed and submitted again, lines too', async () => {
    signIn(STATION);
    server(doc(4, 1));
    renderApp('/productReturn/edit/r1/1');
    await screen.findByTestId('pr-submit', {}, LONG);
    expect(buttons()).toEqual(['pr-submit', 'form-save']);
    expect(await linesEditable()).toBe('true');
  });

  it('approved and to be collected: the station records the day (today to start with) and a note; no ship yet', async () => {
    signIn(STATION);
    const sent = server(doc(3, 2), { message: '已确认拉回' });
    renderApp('/productReturn/edit/r1/1');
    expect((await screen.findByTestId('pr-state', {}, LONG)).textContent).toContain('待拉回');
    await act(async () => fireEvent.click(await screen.findByTestId('pr-collect', {}, LONG)));
    expect(buttons()).toEqual(['pr-collect']);
    fireEvent.change(await screen.findByTestId('pr-collect-memo'), { target: { value: ' 客户现场拉回 ' } });
    await act(async () => fireEvent.click(screen.getByTestId('pr-collect-dialog-ok')));
    await waitFor(() =>
      expect(sent).toEqual([
        { path: '/api/productReturn/r1/collect', body: { collectedOn: todayUtc8().format('YYYY-MM-DD'), memo: '客户现场拉回' } },
      ]),
    );
  });

  it('collected: the station ships with logistics company and tracking number (both required)', async () => {
    signIn(STATION);
    const sent = server(doc(3, 5));
    renderApp('/productReturn/edit/r1/1');
    expect((await screen.findByTestId('pr-state', {}, LONG)).textContent).toContain('已拉回');
    await act(async () => fireEvent.click(await screen.findByTestId('pr-ship', {}, LONG)));
    expect(buttons()).toEqual(['pr-ship']);
    await act(async () => fireEvent.click(await screen.findByTestId('pr-ship-dialog-ok')));
    expect((await screen.findAllByText('请填写物流公司和物流单号')).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByTestId('pr-ship-logisticsCorp'), { target: { value: '顺丰速运' } });
    fireEvent.change(screen.getByTestId('pr-ship-trackingNo'), { target: { value: 'SF1402836617520' } });
    await act(async () => fireEvent.click(screen.getByTestId('pr-ship-dialog-ok')));
    await waitFor(() =>
      expect(sent).toEqual([{ path: '/api/productReturn/r1/ship', body: { logisticsCorp: '顺丰速运', trackingNo: 'SF1402836617520' } }]),
    );
  });

  it('approved or collected: head office sees no collect or ship button', async () => {
    signIn(HQ, { userType: 1, departId: 'hq' });
    server(doc(3, 5));
    renderApp('/productReturn/edit/r1/1');
    await screen.findByTestId('pr-progress', {}, LONG);
    expect(buttons()).toEqual([]);
  });

  it('shipped: head office receives after confirming; the station has nothing left to do', async () => {
    signIn(HQ, { userType: 1, departId: 'hq' });
    const sent = server(doc(3, 3), { message: '签收成功' });
    renderApp('/productReturn/edit/r1/1');
    expect((await screen.findByTestId('pr-state', {}, LONG)).textContent).toContain('已发运');
    await act(async () => fireEvent.click(await screen.findByTestId('pr-receive', {}, LONG)));
    expect(buttons()).toEqual(['pr-receive']);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(sent).toEqual([{ path: '/api/productReturn/r1/receive', body: {} }]));
  });

  it('shipped, seen by the station: no receive', async () => {
    signIn(STATION);
    server(doc(3, 3));
    renderApp('/productReturn/edit/r1/1');
    await screen.findByTestId('pr-progress', {}, LONG);
    expect(buttons()).toEqual([]);
  });

  it('received: nothing left to do', async () => {
    signIn(HQ, { userType: 1, departId: 'hq' });
    server(doc(3, 4));
    renderApp('/productReturn/edit/r1/1');
    expect((await screen.findByTestId('pr-state', {}, LONG)).textContent).toContain('已签收');
    expect(buttons()).toEqual([]);
  });

  it("{type}: the list's path takes the record's type; an exchange shows the replacement serial, a return does not", async () => {
    signIn(STATION);
    server(doc(1, 1, { new_returntype: 2, new_exchangeserial: 'HC2611-9031SH' }));
    const { router } = renderApp('/productReturn/edit/r1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/productReturn/edit/r1/2'), LONG);
    expect(await screen.findByTestId('field-new_exchangeserial', {}, LONG)).toBeTruthy();
  });

  it('{type} 1 (return) leaves the exchange section out', async () => {
    signIn(STATION);
    server(doc(1, 1));
    renderApp('/productReturn/edit/r1/1');
    await screen.findByTestId('pr-submit', {}, LONG);
    expect(screen.queryByTestId('field-new_exchangeserial')).toBeNull();
    expect(screen.getByTestId('field-new_reason')).toBeTruthy();
  });
});

describe('returned items', () => {
  it("a draft's lines: a new one needs its product, an edited one goes to the record service", async () => {
    signIn(STATION);
    const sent = server(doc(1, 1));
    renderApp('/productReturn/edit/r1/1');
    await screen.findByTestId('pr-submit', {}, LONG);
    expect(await linesEditable()).toBe('true');
    await act(async () => fireEvent.click(screen.getByTestId('doc-line-add')));
    const dialog = within(await screen.findByTestId('pr-line-dialog'));
    fireEvent.change(dialog.getByTestId('field-new_serialnumber'), { target: { value: 'HC2611-1037SH' } });
    await act(async () => fireEvent.click(screen.getByTestId('pr-line-dialog-ok')));
    // No product chosen: refused in the dialog, nothing sent.
    expect((await dialog.findAllByText('请选择产品')).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByTestId('pr-line-dialog-cancel')));
    await waitFor(() => expect(screen.queryByTestId('pr-line-dialog')).toBeNull());

    // Editing a line sends its values to the record service.
    await act(async () => fireEvent.click(screen.getByTestId('doc-line-edit')));
    const edit = within(await screen.findByTestId('pr-line-dialog'));
    fireEvent.change(edit.getByTestId('field-new_qty'), { target: { value: '2' } });
    await act(async () => fireEvent.click(screen.getByTestId('pr-line-dialog-ok')));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].path).toBe('/api/crmdata/Update/new_srv_productreturndetails(l1)');
    expect(sent[0].body).toMatchObject({ new_itemtype: 1, new_product_id: 'p1', new_serialnumber: 'HC2611-1037SH', new_qty: 2 });
  });
});

describe('work order header link', () => {
  it("links the work order's return with where it stands, and is absent without one or without parts.read", async () => {
    signIn(STATION);
    let rows: Row[] = [
      { new_srv_productreturnid: 'r1', new_name: 'TJ202611-0001', new_returntype: 2, new_approvalstatus: 3, new_returnstate: 3 },
    ];
    const f = stubServer((url) => (url.startsWith('/api/crmdata/Retrieve/new_srv_productreturns') ? envelope({ value: rows }) : undefined));
    const { unmount } = render(
      <MemoryRouter>
        <WorkOrderProductReturn orderId="w1" />
      </MemoryRouter>,
    );
    const tag = await screen.findByTestId('wo-product-return');
    expect(tag.textContent).toBe('退机申请 TJ202611-0001：已发运');
    expect(tag.querySelector('a')!.getAttribute('href')).toBe('/productReturn/edit/r1/2');
    expect(new URL(String(f.mock.calls.at(-1)![0]), 'http://x').searchParams.get('$filter')).toContain('new_workorder_id eq');
    unmount();
    rows = [{ new_srv_productreturnid: 'r2', new_name: 'TJ202611-0002', new_returntype: 1, new_approvalstatus: 2, new_returnstate: 1 }];
    const second = render(
      <MemoryRouter>
        <WorkOrderProductReturn orderId="w1" />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('wo-product-return')).textContent).toBe('退机申请 TJ202611-0002：审批中');
    second.unmount();
    rows = [];
    render(
      <MemoryRouter>
        <WorkOrderProductReturn orderId="w2" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(f.mock.calls.length).toBe(3));
    expect(screen.queryByTestId('wo-product-return')).toBeNull();
    // Without parts.read: not asked for.
    signIn(['workorder.read']);
    render(
      <MemoryRouter>
        <WorkOrderProductReturn orderId="w1" />
      </MemoryRouter>,
    );
    expect(f.mock.calls.length).toBe(3);
  });
});
