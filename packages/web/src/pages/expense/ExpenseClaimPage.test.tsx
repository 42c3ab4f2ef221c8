import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/match-route.ts';
import { screenPath } from '../../app/screen-path.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs } from '../../test/render-app.tsx';
import { answer, refusal, stockServer } from '../stock/test-fakes.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

const ST = '5b0f3f0e-8f5b-4e44-9d7b-3a0d1c8e2a11';
const claim = (formstatus: number, extra: object = {}) => ({
  new_srv_expense_claimid: 'c1',
  new_name: 'FY202610B-0001',
  new_station_id: ST,
  new_year: 2026,
  new_month: 10,
  new_section: 2,
  new_formstatus: formstatus,
  new_siteconfirmstatus: 2,
  new_totalamount: 1234.5,
  new_approvalamount: 1214.5,
  new_confirmdeadline: '2099-01-01T00:00:00Z',
  ...extra,
});
const LINES = [
  {
    new_srv_expense_claimlineid: 'l1',
    new_name: 'WO20261012-0001',
    new_linetype: 1,
    new_workorder_id: 'wo-1',
    new_workhouramount: 200,
    new_totalamount: 450,
  },
];

function server(row: object, onCommand?: (path: string, body: unknown) => Response | undefined) {
  return stockServer((c) => {
    if (c.path === '/api/crmdata/Retrieve/new_srv_expense_claims(c1)') return envelope(row);
    if (c.path === '/api/crmdata/Retrieve/new_srv_expense_claimlines') return envelope({ value: LINES });
    if (c.method === 'POST' && c.path.startsWith('/api/expense/claims/')) return onCommand?.(c.path, c.body);
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('expense statement screen', () => {
  it("routes: list (kept) and edit are the entity's screens", () => {
    expect(screenPath('new_srv_expense_claim', 'edit', 'c1')).toBe('/expenseClaim/edit/c1');
    expect(findRoute('/expenseClaim/list')?.keepAlive).toBe(true);
    expect(findRoute('/expenseClaim/edit/x')?.permissions).toEqual(['expense.read']);
  });

  it('the station confirms or raises doubts while the statement waits for it; the doubt is sent and a refusal shown as given', async () => {
    signInAs(['expense.read'], { userType: 3, departId: ST });
    let n = 0;
    const s = server(claim(5), () => (++n === 1 ? refusal('请填写异议内容') : answer('c1', '异议已提交，待总部重新核算')));
    renderApp('/expenseClaim/edit/c1');
    await screen.findByTestId('ec-doubt', {}, LONG);
    expect(screen.getByTestId('ec-confirm')).toBeTruthy();
    expect(screen.queryByTestId('ec-invoice')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('ec-lines').getAttribute('data-count')).toBe('1'), LONG);
    expect(within(screen.getByTestId('ec-lines')).getByTestId('ec-line-open').textContent).toBe('WO20261012-0001');
    fireEvent.click(screen.getByTestId('ec-doubt'));
    fireEvent.change(await screen.findByTestId('ec-field-doubt', {}, LONG), { target: { value: '旧件已寄回' } });
    fireEvent.click(screen.getByTestId('ec-dialog-ok'));
    expect((await screen.findByTestId('ec-dialog-error', {}, LONG)).textContent).toContain('请填写异议内容');
    fireEvent.click(screen.getByTestId('ec-dialog-ok'));
    await waitFor(() => expect(s.calls('POST', '/api/expense/claims/c1/doubt')).toHaveLength(2), LONG);
    expect(s.calls('POST', '/api/expense/claims/c1/doubt')[1].body).toEqual({ new_doubt: '旧件已寄回' });
  });

  it('head office sees no station step; once confirmed it accepts the invoice, prefilled with the approved amount', async () => {
    signInAs(['expense.read', 'expense.write'], { userType: 1 });
    server(claim(5));
    const first = renderApp('/expenseClaim/edit/c1');
    await waitFor(() => expect(screen.getByTestId('ec-page').getAttribute('data-formstatus')).toBe('5'), LONG);
    expect(screen.queryByTestId('ec-confirm')).toBeNull();
    expect(screen.queryByTestId('ec-doubt')).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();
    const s = server(claim(6), () => answer('c1', '发票已受理'));
    renderApp('/expenseClaim/edit/c1');
    fireEvent.click(await screen.findByTestId('ec-invoice', {}, LONG));
    const amount = (await screen.findByTestId('ec-field-invoiceAmount', {}, LONG)) as HTMLInputElement;
    // Shown grouped while the box is not being edited (MoneyInput); the amount sent is the number.
    expect(amount.value).toBe('1,214.50');
    fireEvent.change(screen.getByTestId('ec-field-invoiceNo'), { target: { value: 'FP001' } });
    fireEvent.click(screen.getByTestId('ec-dialog-ok'));
    await waitFor(() => expect(s.calls('POST', '/api/expense/claims/c1/invoice')).toHaveLength(1), LONG);
    expect(s.calls('POST', '/api/expense/claims/c1/invoice')[0].body).toMatchObject({ new_invoiceno: 'FP001', new_invoiceamount: 1214.5 });
  });

  it('once the time for doubts has run out the station has no step left and head office accepts the invoice', async () => {
    signInAs(['expense.read'], { userType: 3, departId: ST });
    server(claim(5, { new_confirmdeadline: '2020-01-01T00:00:00Z' }));
    const first = renderApp('/expenseClaim/edit/c1');
    await screen.findByTestId('ec-deadline', {}, LONG);
    await waitFor(() => expect(screen.getByTestId('ec-print')).toBeTruthy(), LONG);
    expect(screen.queryByTestId('ec-confirm')).toBeNull();
    expect(screen.queryByTestId('ec-doubt')).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();
    signInAs(['expense.read', 'expense.write'], { userType: 1 });
    server(claim(5, { new_confirmdeadline: '2020-01-01T00:00:00Z' }));
    renderApp('/expenseClaim/edit/c1');
    expect(await screen.findByTestId('ec-invoice', {}, LONG)).toBeTruthy();
  });
});
