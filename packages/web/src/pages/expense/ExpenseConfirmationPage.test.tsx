import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/match-route.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs } from '../../test/render-app.tsx';
import { stockServer } from '../stock/test-fakes.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };
const F = '@OData.Community.Display.V1.FormattedValue';

const CLAIM = {
  new_srv_expense_claimid: 'c1',
  new_name: 'FY202610B-0001',
  new_station_id: 'st-1',
  [`new_station_id${F}`]: '上海浦东华辰服务站',
  new_year: 2026,
  new_month: 10,
  new_section: 2,
  [`new_section${F}`]: '下半月',
  new_workordercount: 2,
  new_workhouramount: 12000,
  new_partsamount: 345.6,
  new_fineamount: 100,
  new_totalamount: 12245.6,
  new_adjustamount: -45.6,
  new_approvalamount: 12200,
  new_bank: '中国工商银行上海张江支行',
  new_bankcode: '1001 2345 6789',
};
const LINES = [
  {
    new_srv_expense_claimlineid: 'l1',
    new_name: 'WO20261012-0001',
    new_workhouramount: 12000,
    new_partsamount: 345.6,
    new_totalamount: 12345.6,
  },
  { new_srv_expense_claimlineid: 'l2', new_name: 'JC20261020-0003', new_fineamount: 100, new_totalamount: -100 },
];

function server() {
  return stockServer((c) => {
    if (c.path === '/api/crmdata/Retrieve/new_srv_expense_claims(c1)') return envelope(CLAIM);
    if (c.path === '/api/crmdata/Retrieve/new_srv_expense_claimlines') return envelope({ value: LINES });
    if (c.path === '/api/expense/claims/c1/pdf') {
      return new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="x.pdf"; filename*=UTF-8''${encodeURIComponent('费用结算确认单-FY202610B-0001.pdf')}`,
        },
      });
    }
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.getState().clearAll();
});

describe('settlement confirmation form (print view)', () => {
  it('is a route of its own for readers of statements, without the app chrome', () => {
    const r = findRoute('/expenseClaim/print/c1');
    expect(r?.name).toBe('expenseClaimPrint');
    expect(r?.permissions).toEqual(['expense.read']);
    expect(r?.layout).toBe('bare');
  });

  it("shows the header, every total in yuan (2 decimals, thousands grouped), the lines and both sides' signature and seal areas", async () => {
    signInAs(['expense.read', 'expense.write'], { userType: 1 });
    server();
    renderApp('/expenseClaim/print/c1');
    const form = await screen.findByTestId('ec-print-form', {}, LONG);
    expect(form.textContent).toContain('费用结算确认单');
    expect(screen.getByTestId('ec-print-company').textContent).toBe('华辰智能装备股份有限公司');
    expect(form.textContent).toContain('上海浦东华辰服务站');
    expect(form.textContent).toContain('2026 年 10 月 下半月');
    expect(form.textContent).toContain('FY202610B-0001');
    expect(screen.getByTestId('ec-print-new_workhouramount').textContent).toBe('¥12,000.00');
    expect(screen.getByTestId('ec-print-new_partsamount').textContent).toBe('¥345.60');
    expect(screen.getByTestId('ec-print-new_totalamount').textContent).toBe('¥12,245.60');
    expect(screen.getByTestId('ec-print-new_adjustamount').textContent).toBe('-¥45.60');
    expect(screen.getByTestId('ec-print-new_approvalamount').textContent).toBe('¥12,200.00');
    expect(screen.getByTestId('ec-print-new_outsideamount').textContent).toBe('¥0.00');
    await waitFor(() => expect(screen.getByTestId('ec-print-lines').getAttribute('data-count')).toBe('2'), LONG);
    expect(screen.getByTestId('ec-print-lines').textContent).toContain('WO20261012-0001');
    expect(screen.getByTestId('ec-print-lines').textContent).toContain('¥12,345.60');
    expect(screen.getByTestId('ec-print-bank').textContent).toContain('1001 2345 6789');
    const station = within(screen.getByTestId('ec-print-sign-station'));
    expect(station.getByText('服务站签字：')).toBeTruthy();
    expect(station.getByText('服务站盖章')).toBeTruthy();
    const hq = within(screen.getByTestId('ec-print-sign-hq'));
    expect(hq.getByText('总部签字：')).toBeTruthy();
    expect(hq.getByText('总部盖章')).toBeTruthy();
    expect(screen.getByTestId('ec-print-signs').textContent).toContain('日期：');
  });

  it("Print asks the browser to print; Download PDF fetches the server's PDF under its Chinese name", async () => {
    signInAs(['expense.read'], { userType: 3, departId: 'st-1' });
    const s = server();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const created = vi.fn(() => 'blob:pdf');
    URL.createObjectURL = created as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    let saved = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    renderApp('/expenseClaim/print/c1');
    fireEvent.click(await screen.findByTestId('ec-print-print', {}, LONG));
    expect(print).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('ec-print-pdf'));
    await waitFor(() => expect(saved).toBe('费用结算确认单-FY202610B-0001.pdf'), LONG);
    expect(s.calls('GET', '/api/expense/claims/c1/pdf')).toHaveLength(1);
    expect(created).toHaveBeenCalledTimes(1);
  });
});
