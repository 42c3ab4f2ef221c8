import type { QuoteSheet } from '@portal/model';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/match-route.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs } from '../../test/render-app.tsx';
import { stockServer } from '../stock/test-fakes.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

const SHEET: QuoteSheet = {
  id: 'q1',
  name: 'QT202611-0007',
  revision: 2,
  subject: '楼宇冷站改造',
  state: '草稿',
  draft: true,
  customer: '苏州工业园区金鸡湖物业管理有限公司',
  customerPhone: '0512-62881530',
  customerAddress: '江苏省苏州市苏州工业园区旺墩路 158 号',
  seller: '苏州工业园区华辰专卖店',
  validFrom: '2026-11-29',
  validTo: '2026-12-29',
  activatedOn: '',
  description: '',
  totals: { qty: 3, list: '391000.00', discount: '19550.00', amount: '371450.00' },
  lines: [
    {
      no: 1,
      productNumber: '',
      name: '螺杆式冷水机组 HCW-300',
      model: '',
      uom: '',
      config: '制冷量 300RT；380V/50Hz；BMS 联网',
      qty: 1,
      price: '386500.00',
      discount: '19325.00',
      net: '367175.00',
      amount: '367175.00',
    },
    {
      no: 2,
      productNumber: 'EC-CT-25',
      name: '交流接触器',
      model: 'LC1D25M7C',
      uom: '个',
      config: '',
      qty: 2,
      price: '2250.00',
      discount: '225.00',
      net: '2137.50',
      amount: '4275.00',
    },
  ],
};

function server() {
  return stockServer((c) => {
    if (c.path === '/api/quotes/q1/print') return envelope(SHEET);
    if (c.path === '/api/crmdata/Retrieve/quotes(gone)') return envelope(null, '记录不存在或您无权访问', 404, 'Not Found');
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.getState().clearAll();
});

describe('quote screens', () => {
  it('/quote/view without an id, or naming a quote that is not there or not the caller’s, is the not-found page', async () => {
    expect(findRoute('/quote/view')?.name).toBe('quoteViewByQuery');
    signInAs(['sales.read', 'sales.write'], { userType: 6 });
    const s = server();
    const a = renderApp('/quote/view');
    expect(await screen.findByText('抱歉，您访问的页面不存在', {}, LONG)).toBeTruthy();
    a.unmount();
    renderApp('/quote/view?id=gone');
    expect(await screen.findByText('抱歉，您访问的页面不存在', {}, LONG)).toBeTruthy();
    await waitFor(() => expect(s.calls('GET', '/api/crmdata/Retrieve/quotes(gone)')).toHaveLength(1));
  });

  it('the print view: company header, a draft marked, number with revision, the lines with list price, discount, net price and amount, a configured line’s configuration, the totals', async () => {
    expect(findRoute('/quote/print/q1')).toMatchObject({ name: 'quotePrint', permissions: ['sales.read'], layout: 'bare' });
    signInAs(['sales.read'], { userType: 6 });
    server();
    renderApp('/quote/print/q1');
    const form = await screen.findByTestId('quote-print-form', {}, LONG);
    expect(form.textContent).toContain('报价单');
    expect(screen.getByTestId('quote-print-draft').textContent).toBe('草稿 · 未生效，仅供内部核对');
    const meta = screen.getByTestId('quote-print-meta').textContent;
    for (const s of ['QT202611-0007  V2', '苏州工业园区金鸡湖物业管理有限公司', '苏州工业园区华辰专卖店', '2026-11-29 ~ 2026-12-29'])
      expect(meta).toContain(s);
    const rows = screen.getAllByTestId('quote-print-line');
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells(rows[1])).toEqual([
      '2',
      'EC-CT-25',
      '交流接触器',
      'LC1D25M7C',
      '个',
      '2',
      '¥2,250.00',
      '¥225.00',
      '¥2,137.50',
      '¥4,275.00',
    ]);
    expect(screen.getByTestId('quote-print-config').textContent).toContain('制冷量 300RT；380V/50Hz；BMS 联网');
    expect(screen.getByTestId('quote-print-amount').textContent).toBe('¥371,450.00');
  });
});
