import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { partsServer, resetAll, signIn } from './test-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

afterEach(resetAll);

const WAREHOUSE = ['parts.read', 'delivery.read', 'delivery.create'];

const DELIVERABLE = [
  { id: 'pa1', name: 'PA20261121-0001', remaining: 3 },
  { id: 'pa2', name: 'PA20261120-0001', remaining: 1 },
];
const server = (command?: Parameters<typeof partsServer>[0]['command'], deliverable = DELIVERABLE) =>
  partsServer({
    deliverable,
    records: { new_stockoutorders: [{ new_stockoutorderid: 'new-do', new_name: 'FH20261124-0009', new_state: 1, new_outtype: 1 }] },
    lookups: {
      new_srv_warehouse: [{ new_srv_warehouseid: 'wh-1', new_name: '华东中心库' }],
      new_srv_partsapply: [
        { new_srv_partsapplyid: 'pa1', new_name: 'PA20261121-0001' },
        { new_srv_partsapplyid: 'pa2', new_name: 'PA20261120-0001' },
      ],
    },
    command,
  });

/** Picks the lookup rows with these ids in the open dialog and confirms. */
async function pick(ids: string[]) {
  const rows = await screen.findAllByTestId('lookup-row');
  for (const r of rows.filter((x) => ids.includes(x.getAttribute('data-id')!))) await act(async () => fireEvent.click(r));
  await act(async () => fireEvent.click(screen.getByTestId('lookup-ok')));
}

async function chooseOutType(text: string) {
  const select = screen.getByTestId('pd-create-outtype');
  const root = select.closest('.ant-select') ?? select;
  await act(async () => fireEvent.mouseDown(root.querySelector('.ant-select-selector, input') ?? root));
  await act(async () => fireEvent.click(await screen.findByTitle(text)));
}

describe('delivery create screen', () => {
  it('from the applications the chosen warehouse can still deliver: the lookups are narrowed, the command is sent and the new delivery opens', async () => {
    signIn(WAREHOUSE, { userType: 1 });
    const s = server(() => ({ message: '创建成功', id: 'new-do' }));
    const { router } = renderApp('/partsDispatch/create');
    const apps = await screen.findByTestId('pd-create-applications', {}, LONG);
    // Nothing to choose before the warehouse.
    expect(apps.getAttribute('aria-disabled')).toBe('true');
    await act(async () => fireEvent.click(screen.getByTestId('pd-create-warehouse')));
    await pick(['wh-1']);
    expect(
      JSON.parse(
        s
          .lookupCalls()
          .find((q) => q.get('entityName') === 'new_srv_warehouse')!
          .get('condition')!,
      ),
    ).toEqual([{ field: 'new_type', op: 'eq', value: 1 }]);
    await waitFor(() => expect(screen.getByTestId('pd-create-applications').getAttribute('aria-disabled')).toBeNull());
    await act(async () => fireEvent.click(screen.getByTestId('pd-create-applications')));
    await pick(['pa1', 'pa2']);
    // Only what the server says can still be delivered from that warehouse is offered.
    expect(
      new URL(s.reads.find((u) => u.startsWith('/api/parts/deliveries/applications'))!, 'http://x').searchParams.get('warehouseId'),
    ).toBe('wh-1');
    expect(
      JSON.parse(
        s
          .lookupCalls()
          .find((q) => q.get('entityName') === 'new_srv_partsapply')!
          .get('condition')!,
      ),
    ).toEqual([
      { field: 'new_srv_partsapplyid', op: 'in', value: ['pa1', 'pa2'] },
      { field: 'new_warehouse_id', op: 'eq', value: 'wh-1' },
    ]);
    fireEvent.change(screen.getByTestId('pd-create-memo'), { target: { value: '合并发货' } });
    await act(async () => fireEvent.click(screen.getByTestId('pd-create-submit')));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0]).toEqual({
      method: 'POST',
      path: '/api/parts/deliveries',
      body: { outType: 1, warehouseId: 'wh-1', applicationIds: ['pa1', 'pa2'], memo: '合并发货' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsDispatch/edit/new-do'));
  });

  it('nothing left to deliver from the warehouse: the picker stays closed and says why', async () => {
    signIn(WAREHOUSE, { userType: 1 });
    const s = server(undefined, []);
    renderApp('/partsDispatch/create');
    await screen.findByTestId('pd-create-applications', {}, LONG);
    await act(async () => fireEvent.click(screen.getByTestId('pd-create-warehouse')));
    await pick(['wh-1']);
    expect((await screen.findByTestId('pd-create-none', {}, LONG)).textContent).toBe(
      '该仓库没有可发货的配件申请（已审批的申请已全部发货或已在未发运的发货单上）',
    );
    expect(screen.getByTestId('pd-create-applications').getAttribute('aria-disabled')).toBe('true');
    expect(s.lookupCalls().some((q) => q.get('entityName') === 'new_srv_partsapply')).toBe(false);
  });

  it('a scrap delivery needs its reason and handling; a refusal of the server shows on the screen', async () => {
    signIn(WAREHOUSE, { userType: 1 });
    const s = server(() => ({ status: 403, message: '单据不属于本服务站或仓库' }));
    renderApp('/partsDispatch/create');
    await screen.findByTestId('pd-create-outtype', {}, LONG);
    await chooseOutType('报废');
    expect(await screen.findByTestId('pd-create-hint')).toBeTruthy();
    expect(screen.queryByTestId('pd-create-applications')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('pd-create-warehouse')));
    await pick(['wh-1']);
    await act(async () => fireEvent.click(screen.getByTestId('pd-create-submit')));
    expect((await screen.findAllByText('报废出库请选择报废原因和报废后处理')).length).toBe(2);
    expect(s.sent).toHaveLength(0);

    await chooseOutType('损坏');
    await act(async () => fireEvent.click(screen.getByTestId('pd-create-submit')));
    expect((await screen.findByTestId('pd-create-error')).textContent).toContain('单据不属于本服务站或仓库');
    expect(s.sent[0].body).toEqual({ outType: 3, warehouseId: 'wh-1' });
  });
  it("a warehouse user's own central warehouse is chosen to start with, so its applications can be picked at once", async () => {
    signIn(WAREHOUSE, { userType: 1, departId: 'bu-hd', departName: '华东分公司' });
    const s = partsServer({
      deliverable: [{ id: 'pa1', name: 'PA20261121-0001', remaining: 2 }],
      records: { new_srv_warehouses: [{ new_srv_warehouseid: 'wh-hd', new_name: '华东中心库' }] },
      lookups: { new_srv_partsapply: [{ new_srv_partsapplyid: 'pa1', new_name: 'PA20261121-0001' }] },
      command: () => ({ message: '创建成功', id: 'new-do' }),
    });
    renderApp('/partsDispatch/create');
    await waitFor(() => expect(screen.getByTestId('pd-create-warehouse').textContent).toContain('华东中心库'), LONG);
    const asked = new URL(s.reads.find((u) => u.includes('/new_srv_warehouses'))!, 'http://x').searchParams.get('$filter');
    expect(asked).toBe("new_type eq 1 and new_businessunit_id eq 'bu-hd'");
    await waitFor(() => expect(screen.getByTestId('pd-create-applications').getAttribute('aria-disabled')).toBeNull());
    await act(async () => fireEvent.click(screen.getByTestId('pd-create-applications')));
    await pick(['pa1']);
    await act(async () => fireEvent.click(screen.getByTestId('pd-create-submit')));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0].body).toEqual({ outType: 1, warehouseId: 'wh-hd', applicationIds: ['pa1'] });
  });
});
