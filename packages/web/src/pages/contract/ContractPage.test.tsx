import { contractStatus, getEntityBySet, warranty } from '@portal/model';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPicklistCache } from '../../api/picklist.ts';
import { useSession } from '../../session/store.ts';
import { todayUtc8 } from '../../shared/date.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';
import { refusal, type Row } from '../parts/test-server.ts';
import { ContractWarrantyNote, warrantyTakenByContract, WorkOrderContract } from './WorkOrderContract.tsx';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };
const F = '@OData.Community.Display.V1.FormattedValue';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  clearPicklistCache();
});

const day = (n: number) => todayUtc8().add(n, 'day').format('YYYY-MM-DD');
const contract = (extra: Row = {}): Row => ({
  new_srv_contractid: 'c1',
  new_name: 'HT20261125-0001',
  new_customername: '江苏恒瑞农牧有限公司',
  new_phone: '13951234567',
  new_contracttype: 2,
  new_startdate: day(-30),
  new_enddate: day(300),
  new_status: contractStatus.draft,
  new_linecount: 1,
  ...extra,
});
const lines: Row[] = [
  { new_srv_contractlineid: 'l1', new_contract_id: 'c1', new_name: '喂料机 SN-1', new_serialnumber: 'SN-1', new_qty: 1 },
];

/** Records by entity set (by id, or a list filtered by one `field eq value`); contract commands recorded, answered by `answer`. */
function server(c: Row, answer: (path: string) => { status?: number; message: string } = () => ({ message: '合同已生效' })) {
  const sent: { path: string; body: unknown }[] = [];
  const settingsScreens: string[] = [];
  const records: Record<string, Row[]> = { new_srv_contracts: [c], new_srv_contractlines: lines };
  stubServer((url, init) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/portaluser/listsettings') {
      settingsScreens.push(u.searchParams.get('screen') ?? '');
      return envelope(null);
    }
    if (u.pathname.startsWith('/api/contracts/')) {
      sent.push({ path: u.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const a = answer(u.pathname);
      return a.status ? refusal(a.status, a.message) : envelope({ id: 'c1', message: a.message }, a.message);
    }
    const byId = /^\/api\/crmdata\/Retrieve\/(\w+)\(([^)]+)\)$/.exec(u.pathname);
    if (byId) {
      const pk = getEntityBySet(byId[1])?.primaryKey ?? '';
      const row = (records[byId[1]] ?? []).find((r) => r[pk] === decodeURIComponent(byId[2]));
      return row ? envelope(row) : envelope(null, 'not found', 404, 'Not Found');
    }
    const list = /^\/api\/crmdata\/Retrieve\/(\w+)$/.exec(u.pathname);
    if (list) {
      const m = /(\w+) eq '?([^')]+)'?/.exec(u.searchParams.get('$filter') ?? '');
      const rows = (records[list[1]] ?? []).filter((r) => !m || String(r[m[1]]) === m[2]);
      return envelope({ value: rows, '@odata.count': rows.length });
    }
    if (
      u.pathname.startsWith('/api/attachment') ||
      u.pathname.startsWith('/api/crmpicklist/') ||
      u.pathname.startsWith('/api/CrmFlow/GetFlow')
    )
      return envelope([]);
    if (u.pathname.startsWith('/api/notice/') || u.pathname.startsWith('/api/CrmFlow/') || u.pathname.startsWith('/api/ShoppingCart/'))
      return envelope(0);
    return undefined;
  });
  return { sent, settingsScreens };
}
const station = (privilege = ['workorder.read', 'workorder.write']) =>
  signInAs(privilege, {
    userId: 'u-me',
    userName: 'station1',
    nickName: '陈志强',
    userType: 3,
    departId: 'st-1',
    departName: '上海浦东华辰服务站',
  });

describe('maintenance contract screen', () => {
  it('a draft shows 草稿 and 生效 with editable lines; activating calls the command and a refusal stays in place', async () => {
    station();
    const s = server(contract(), () => ({ status: 400, message: '请至少添加一条合同明细' }));
    renderApp('/contract/edit/c1');
    expect((await screen.findByTestId('ct-state', {}, LONG)).textContent).toBe('草稿');
    expect(screen.queryByTestId('ct-terminate')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('ct-tab-lines')));
    expect(await screen.findByText('SN-1', {}, LONG)).toBeTruthy();
    // The lines' column settings are kept by a screen path, the only key the server takes (a 400 before).
    await waitFor(() => expect(s.settingsScreens).toContain('/contract/edit/:id/lines'));
    for (const k of s.settingsScreens) expect(k).toMatch(/^\/[A-Za-z0-9_\-/:.]*$/);
    await act(async () => fireEvent.click(screen.getByTestId('ct-activate')));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0].path).toBe('/api/contracts/c1/activate');
    expect((await screen.findByTestId('ct-refusal')).textContent).toContain('请至少添加一条合同明细');
  });

  it('an active contract is read-only; 终止合同 sends the date and the reason', async () => {
    station();
    const s = server(contract({ new_status: contractStatus.active }), () => ({ message: '合同已终止' }));
    renderApp('/contract/edit/c1');
    expect((await screen.findByTestId('ct-state', {}, LONG)).textContent).toBe('生效中');
    expect(screen.getByTestId('ct-readonly')).toBeTruthy();
    expect(screen.queryByTestId('ct-activate')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('ct-terminate')));
    fireEvent.change(await screen.findByTestId('ct-terminate-reason'), { target: { value: '客户设备整体出售' } });
    await act(async () => fireEvent.click(screen.getByTestId('ct-terminate-dialog-ok')));
    await waitFor(() => expect(s.sent).toHaveLength(1));
    expect(s.sent[0]).toEqual({ path: '/api/contracts/c1/terminate', body: { date: day(0), reason: '客户设备整体出售' } });
  });

  it('an active contract past its end date (the server reads it as expired) shows 已到期 and offers no command', async () => {
    station();
    server(contract({ new_status: contractStatus.expired, new_startdate: day(-400), new_enddate: day(-1) }));
    renderApp('/contract/edit/c1');
    expect((await screen.findByTestId('ct-state', {}, LONG)).textContent).toBe('已到期');
    expect(screen.queryByTestId('ct-terminate')).toBeNull();
    expect(screen.queryByTestId('ct-activate')).toBeNull();
  });

  it('a reader without workorder.write sees a draft without 生效', async () => {
    station(['workorder.read']);
    server(contract());
    renderApp('/contract/edit/c1');
    await screen.findByTestId('ct-state', {}, LONG);
    expect(screen.queryByTestId('ct-activate')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
  });
});

describe('work order contract tag', () => {
  it('links the covering contract by its number, and is absent without one', () => {
    const { rerender } = render(
      <MemoryRouter>
        <WorkOrderContract row={{ new_contract_id: 'c1', [`new_contract_id${F}`]: 'HT20261125-0001' }} />
      </MemoryRouter>,
    );
    const tag = screen.getByTestId('wo-contract');
    expect(tag.textContent).toBe('维保合同 HT20261125-0001');
    expect(tag.querySelector('a')!.getAttribute('href')).toBe('/contract/edit/c1');
    rerender(
      <MemoryRouter>
        <WorkOrderContract row={{ new_contract_id: null }} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('wo-contract')).toBeNull();
  });

  it('an order a contract covers says on the form that it stays 保内; a save it turned 保内 is told', () => {
    const covered = { new_contract_id: 'c1', [`new_contract_id${F}`]: 'HT20261125-0001', new_warranty: warranty.inWarranty };
    const { rerender } = render(<ContractWarrantyNote row={covered} />);
    expect(screen.getByTestId('wo-contract-note').textContent).toBe(
      '该设备在维保合同 HT20261125-0001 的保障范围内：保修类型按保内处理，选择保外保存后仍为保内',
    );
    rerender(<ContractWarrantyNote row={{ new_contract_id: null, new_warranty: warranty.outOfWarranty }} />);
    expect(screen.queryByTestId('wo-contract-note')).toBeNull();
    const outside = { new_contract_id: null, new_warranty: warranty.outOfWarranty };
    expect(warrantyTakenByContract(outside, covered)).toBe('HT20261125-0001');
    expect(warrantyTakenByContract(covered, covered)).toBeNull();
    expect(warrantyTakenByContract(null, covered)).toBeNull();
    expect(warrantyTakenByContract(outside, outside)).toBeNull();
  });
});
