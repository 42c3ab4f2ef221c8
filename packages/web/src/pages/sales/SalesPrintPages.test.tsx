import type { DeliveryNote, OrderSheet } from '@portal/model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/match-route.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs } from '../../test/render-app.tsx';
import { stockServer } from '../stock/test-fakes.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

const NOTE: DeliveryNote = {
  id: 's1',
  name: 'XF20261120-0003',
  orderName: 'SO20261118-0002',
  state: '部分签收',
  shipDate: '2026-11-20',
  logisticsCorp: '顺丰速运',
  trackingNo: 'SF1234567890',
  memo: '',
  from: {
    unit: '华辰智能装备股份有限公司',
    warehouse: '总部中心仓',
    address: '上海市浦东新区张江路 88 号',
    contact: '王强',
    phone: '021-50001234',
  },
  to: {
    unit: '杭州华辰经销商',
    warehouse: '杭州经销商仓',
    address: '浙江省杭州市西湖区文三路 100 号',
    contact: '李娜',
    phone: '13800138001',
  },
  totals: { planned: 46, shipped: 46, signed: 44 },
  lines: [
    { productNumber: 'HC-LF-200', name: '空气滤芯 LF-200', model: 'LF-200', uom: '个', planned: 30, shipped: 30, signed: 28 },
    { productNumber: 'EC-CT-25', name: '交流接触器 CT-25', model: 'CT-25A', uom: '只', planned: 16, shipped: 16, signed: 16 },
  ],
};
const SHEET: OrderSheet = {
  id: 'o1',
  name: 'SO20261118-0002',
  state: '部分签收',
  buyer: '杭州华辰经销商',
  supplier: '华辰智能装备股份有限公司',
  contact: '李娜',
  phone: '13800138001',
  address: '浙江省杭州市西湖区文三路 100 号',
  remark: '',
  submittedOn: '2026-11-18 09:30',
  pricedOn: '2026-11-18 09:30',
  totals: { qty: 46, shipped: 46, signed: 44, amount: '12347.60' },
  lines: [
    {
      productNumber: 'HC-LF-200',
      name: '空气滤芯 LF-200',
      model: 'LF-200',
      uom: '个',
      qty: 30,
      price: '85.00',
      amount: '2550.00',
      shipped: 30,
      signed: 28,
    },
    {
      productNumber: 'EC-CT-25',
      name: '交流接触器 CT-25',
      model: 'CT-25A',
      uom: '只',
      qty: 16,
      price: '612.35',
      amount: '9797.60',
      shipped: 16,
      signed: 16,
    },
  ],
};

function server() {
  return stockServer((c) => {
    if (c.path === '/api/sales/shipments/s1/print') return envelope(NOTE);
    if (c.path === '/api/sales/orders/o1/print') return envelope(SHEET);
    if (c.path === '/api/sales/shipments/other/print') return envelope(null, '记录不存在', 404, 'Not Found');
    if (c.path === '/api/sales/shipments/s1/pdf')
      return new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="x.pdf"; filename*=UTF-8''${encodeURIComponent('送货单-XF20261120-0003.pdf')}`,
        },
      });
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.getState().clearAll();
});

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('printable sales documents (print views)', () => {
  it('are routes of their own for readers of sales documents, without the app chrome', () => {
    for (const [path, name] of [
      ['/shipment/print/s1', 'shipmentPrint'],
      ['/order/print/o1', 'orderPrint'],
    ]) {
      const r = findRoute(path);
      expect(r?.name).toBe(name);
      expect(r?.permissions).toEqual(['sales.read']);
      expect(r?.layout).toBe('bare');
    }
  });

  it("the delivery note: numbers, logistics, both sides, every line with its quantities, the totals and both sides' signature areas", async () => {
    signInAs(['sales.read'], { userType: 1 });
    server();
    renderApp('/shipment/print/s1');
    const form = await screen.findByTestId('sn-print-form', {}, LONG);
    expect(form.textContent).toContain('送货单');
    for (const s of ['XF20261120-0003', 'SO20261118-0002', '2026-11-20', '顺丰速运', 'SF1234567890'])
      expect(screen.getByTestId('sn-print-meta').textContent).toContain(s);
    const from = screen.getByTestId('sn-print-party-from').textContent;
    expect(from).toContain('发货方');
    expect(from).toContain('总部中心仓');
    expect(from).toContain('021-50001234');
    const to = screen.getByTestId('sn-print-party-to').textContent;
    expect(to).toContain('收货方');
    expect(to).toContain('杭州经销商仓');
    expect(to).toContain('浙江省杭州市西湖区文三路 100 号');
    expect(to).toContain('李娜');
    const table = screen.getByTestId('sn-print-lines');
    expect(table.getAttribute('data-count')).toBe('2');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      '物料编码',
      '产品名称',
      '型号',
      '单位',
      '计划数量',
      '实发数量',
      '签收数量',
    ]);
    const rows = screen.getAllByTestId('sn-print-line');
    expect(cells(rows[0])).toEqual(['HC-LF-200', '空气滤芯 LF-200', 'LF-200', '个', '30', '30', '28']);
    expect(cells(rows[1])).toEqual(['EC-CT-25', '交流接触器 CT-25', 'CT-25A', '只', '16', '16', '16']);
    expect(cells(screen.getByTestId('sn-print-total'))).toEqual(['合计', '46', '46', '44']);
    expect(within(screen.getByTestId('sn-print-sign-from')).getByText('发货方签字：')).toBeTruthy();
    expect(within(screen.getByTestId('sn-print-sign-to')).getByText('收货方签字：')).toBeTruthy();
    expect(within(screen.getByTestId('sn-print-sign-to')).getByText('收货方盖章')).toBeTruthy();
  });

  it("Download PDF fetches the server's delivery note under its Chinese name; a shipment not the caller's is not found", async () => {
    signInAs(['sales.read'], { userType: 1 });
    const s = server();
    URL.createObjectURL = vi.fn(() => 'blob:pdf') as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    let saved = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    const view = renderApp('/shipment/print/s1');
    fireEvent.click(await screen.findByTestId('sn-print-pdf', {}, LONG));
    await waitFor(() => expect(saved).toBe('送货单-XF20261120-0003.pdf'), LONG);
    expect(s.calls('GET', '/api/sales/shipments/s1/pdf')).toHaveLength(1);
    view.unmount();
    renderApp('/shipment/print/other');
    expect((await screen.findByText('返回发货单', {}, LONG)).closest('a')?.getAttribute('href')).toBe('/shipment/list');
    expect(screen.queryByTestId('sn-print-form')).toBeNull();
  });

  it('the sales order: header, lines with unit price and amount in yuan (2 decimals, thousands grouped), the total', async () => {
    signInAs(['sales.read'], { userType: 1 });
    server();
    renderApp('/order/print/o1');
    const form = await screen.findByTestId('so-print-form', {}, LONG);
    expect(form.textContent).toContain('销售订单');
    const meta = screen.getByTestId('so-print-meta').textContent;
    for (const s of [
      'SO20261118-0002',
      '部分签收',
      '杭州华辰经销商',
      '华辰智能装备股份有限公司',
      '李娜',
      '13800138001',
      '2026-11-18 09:30',
    ])
      expect(meta).toContain(s);
    expect(screen.getByTestId('so-print-delivery').textContent).toContain('浙江省杭州市西湖区文三路 100 号');
    const rows = screen.getAllByTestId('so-print-line');
    expect(rows).toHaveLength(2);
    expect(cells(rows[0])).toEqual(['HC-LF-200', '空气滤芯 LF-200', 'LF-200', '个', '30', '¥85.00', '¥2,550.00', '30', '28']);
    expect(cells(rows[1])).toEqual(['EC-CT-25', '交流接触器 CT-25', 'CT-25A', '只', '16', '¥612.35', '¥9,797.60', '16', '16']);
    expect(cells(screen.getByTestId('so-print-total'))).toEqual(['合计', '46', '', '¥12,347.60', '46', '44']);
    expect(screen.getByTestId('so-print-amount').textContent).toBe('¥12,347.60');
    expect(within(screen.getByTestId('so-print-sign-buyer')).getByText('订货方签字：')).toBeTruthy();
    expect(within(screen.getByTestId('so-print-sign-supplier')).getByText('供货方签字：')).toBeTruthy();
  });
});
