import { stockDocumentType, stockUsage } from '@portal/model';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/match-route.ts';
import { ROUTES, type RouteDef } from '../../app/routes.ts';
import { screenPath } from '../../app/screen-path.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs } from '../../test/render-app.tsx';
import { DOCUMENT_ENTITY, documentPath } from './document-link.ts';
import { F, stockServer } from './test-fakes.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const LONG = { timeout: 30_000 };

const WH = '24f3cef6-0255-476f-a546-166b97a7e68b';
const PART = 'a998ba28-3d77-414e-85bb-05f36d4bd4a3';
const STOCK_ROW = {
  new_srv_siteinvid: 's1',
  new_name: '高压管路滤芯',
  new_code: 'HC-LF-350',
  new_warehouse_id: WH,
  [`new_warehouse_id${F}`]: '上海浦东华辰服务站库',
  new_product_id: PART,
  [`new_product_id${F}`]: '高压管路滤芯',
  new_quantity: 10,
  new_frozen: 2,
  new_available: 8,
  new_intransit: 3,
  new_lastmoveon: '2026-11-20T04:25:00.000Z',
};
const move = (id: string, qty: number, docType: number, docId: string | null, name: string) => ({
  new_srv_stocktransactionid: id,
  createdon: '2026-11-20T04:25:00.000Z',
  new_name: name,
  new_code: 'HC-LF-350',
  new_partname: '高压管路滤芯',
  new_warehouse_id: WH,
  new_product_id: PART,
  new_usage: docType === stockDocumentType.count ? stockUsage.adjustment : stockUsage.repair,
  new_doctype: docType,
  new_docid: docId,
  new_quantity: qty,
  new_frozen: 0,
  new_intransit: 0,
  new_balance: 10,
  new_frozenbalance: 2,
  new_transitbalance: 3,
});
const MOVES = [
  move('tx1', -1, stockDocumentType.workOrder, 'wo-1', 'WO20261118-0001'),
  move('tx2', 2, stockDocumentType.count, 'sc-7', 'PD20261110-0002'),
  move('tx3', 9, stockDocumentType.opening, null, 'QC-0001'),
];

function server() {
  return stockServer((c) => {
    if (c.path === '/api/crmdata/Retrieve/new_srv_siteinvs(s1)') return envelope(STOCK_ROW);
    if (c.path === '/api/crmdata/Retrieve/new_srv_stocktransactions') return envelope({ value: MOVES, '@odata.count': 25 });
    const one = /^\/api\/crmdata\/Retrieve\/new_srv_stocktransactions\((\w+)\)$/.exec(c.path);
    if (one) return envelope(MOVES.find((m) => m.new_srv_stocktransactionid === one[1]));
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('stock row and moves', () => {
  it("routes: the stock row and the move are the entities' view screens; both lists are kept", () => {
    expect(screenPath('new_srv_siteinv', 'view', 's1')).toBe('/siteInv/line/s1');
    expect(screenPath('new_srv_stocktransaction', 'view', 'tx1')).toBe('/partStockTransaction/line/tx1');
    expect(screenPath('new_srv_stockcheck', 'edit', 'sc1')).toBe('/stockcheck/edit/sc1');
    expect(findRoute('/siteInv/list')?.keepAlive).toBe(true);
    expect(findRoute('/partStockTransaction/list')?.keepAlive).toBe(true);
    expect(findRoute('/inv/invTaskEdit/x')?.name).toBe('invTaskEdit');
    expect(findRoute('/stationPart/batchlist')?.permissions).toEqual(['stock.read']);
  });

  it('/siteInv/line shows the row read-only and the moves of that part in that warehouse, newest first, each opening its line', async () => {
    signInAs(['stock.read', 'stock.write']);
    const s = server();
    renderApp('/siteInv/line/s1');
    await waitFor(() => expect(screen.getAllByTestId('si-move')).toHaveLength(3), LONG);
    expect(screen.queryByTestId('form-save')).toBeNull();
    // Read-only records are description panels, not disabled inputs.
    expect(screen.getByTestId('view-new_quantity')).toBeTruthy();
    expect(screen.queryByTestId('field-new_quantity')).toBeNull();
    const q = s.calls('GET', '/api/crmdata/Retrieve/new_srv_stocktransactions')[0].query;
    expect(q.get('$filter')).toBe(`new_warehouse_id eq ${WH} and new_product_id eq ${PART}`);
    expect(q.get('$orderby')).toMatch(/^createdon desc/);
    expect(q.get('$count')).toBe('true');
    expect(screen.getByTestId('si-moves').getAttribute('data-count')).toBe('25');
    expect(screen.getByTestId('si-moves-pagination')).toBeTruthy();
    const first = screen.getAllByTestId('si-move')[0];
    expect(within(first).getByTestId('si-move-open').getAttribute('href')).toBe('/partStockTransaction/line/tx1');
    expect(first.querySelector('[data-qty]')?.textContent).toBe('-1');
    expect(screen.getAllByTestId('si-move')[1].querySelector('[data-qty]')?.textContent).toBe('+2');
  });

  it('/partStockTransaction/line links the document by its type: a count opens its sheet, opening stock has none', async () => {
    signInAs(['stock.read']);
    server();
    const first = renderApp('/partStockTransaction/line/tx2');
    const doc = await screen.findByTestId('tx-document', {}, LONG);
    expect(doc.getAttribute('data-doctype')).toBe(String(stockDocumentType.count));
    expect(within(doc).getByTestId('tx-document-link').getAttribute('href')).toBe('/stockcheck/edit/sc-7');
    expect(within(doc).getByTestId('tx-document-link').textContent).toBe('PD20261110-0002');
    first.unmount();
    renderApp('/partStockTransaction/line/tx3');
    expect((await screen.findByTestId('tx-document-none', {}, LONG)).textContent).toBe('期初入库，无来源单据');
  });

  it('a document type without a screen shows its number as text', () => {
    expect(Object.keys(DOCUMENT_ENTITY).map(Number).sort()).toEqual([1, 2, 3, 4, 5, 7, 8]);
    const routes: RouteDef[] = ROUTES.filter((r) => r.screen?.entity !== 'new_srv_stockcheck');
    expect(documentPath(stockDocumentType.count, 'sc-7', (e, k, id) => screenPath(e, k, id, routes))).toBeUndefined();
    expect(documentPath(stockDocumentType.opening, null)).toBeUndefined();
    expect(documentPath(stockDocumentType.count, 'sc-7')).toBe('/stockcheck/edit/sc-7');
  });

  it('/partStockTransaction/list colours the signed changes and opens each move', async () => {
    signInAs(['stock.read']);
    server();
    renderApp('/partStockTransaction/list');
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(3), LONG);
    const cells = screen.getAllByTestId('tx-new_quantity');
    expect(cells.map((c) => c.textContent)).toEqual(['-1', '+2', '+9']);
    expect(cells[0].className).toContain('danger');
    expect(cells[1].className).toContain('success');
    expect(within(screen.getAllByTestId('list-row')[0]).getByRole('link').getAttribute('href')).toBe('/partStockTransaction/line/tx1');
    expect(screen.queryByTestId('list-new')).toBeNull();
    expect(screen.queryByTestId('list-import')).toBeNull();
  });
});
