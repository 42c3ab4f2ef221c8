import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuickLine } from '../../api/quick-order.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';
import { appendLines, padRows, parsePaste, pasteInto, resetQuickOrder, setRows, STORAGE_KEY, useQuickOrder } from './quick-order-store.ts';
import { linesOf } from './QuickOrderParts.tsx';

const line = (Row: number, Code: string, Quantity: number | null, extra: Partial<QuickLine> = {}): QuickLine => ({
  Row,
  Code,
  Quantity,
  ProductId: `p-${Code}`,
  ProductName: `产品${Code}`,
  Model: 'M-1',
  Uom: '个',
  Price: null,
  Amount: null,
  Stock: 'inStock',
  Error: null,
  ...extra,
});
const rowsOf = (pairs: [string, string][]) => padRows(pairs.map(([code, qty], i) => ({ key: `k${i}`, code, qty })));
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as { Lines: { Row: number; Code: string; Quantity: string }[] };

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  resetQuickOrder();
  sessionStorage.clear();
});

describe('quick-order grid rules', () => {
  it('reads an Excel paste (tabs, a header line, thousands) and leaves a single value to the cell', () => {
    expect(parsePaste('物料编码\t数量\r\nHC-LF-200\t2\r\nDR-BR-6205\t1,200\r\n', ['物料编码'])).toEqual([
      { code: 'HC-LF-200', qty: '2' },
      { code: 'DR-BR-6205', qty: '1200' },
    ]);
    expect(parsePaste('EC-RL-24 5', [])).toEqual([{ code: 'EC-RL-24', qty: '5' }]);
    expect(parsePaste('HC-LF-200', [])).toBeNull();
  });

  it('pastes from the row on, numbers the rows in use, and hands imported rows over after the last one in use', () => {
    const rows = pasteInto(rowsOf([['A-1', '1']]), 1, [
      { code: 'B-2', qty: '2' },
      { code: 'C-3', qty: 'x' },
    ]);
    expect(rows.map((r) => r.code).slice(0, 3)).toEqual(['A-1', 'B-2', 'C-3']);
    const gap = [...rows.slice(0, 1), { key: 'blank', code: '', qty: '' }, ...rows.slice(1)];
    expect(linesOf(gap)).toEqual([
      { Row: 1, Code: 'A-1', Quantity: '1' },
      { Row: 3, Code: 'B-2', Quantity: '2' },
      { Row: 4, Code: 'C-3', Quantity: 'x' },
    ]);
    const after = appendLines(rowsOf([['A-1', '1']]), [line(2, 'HC-LF-200', 2)]);
    expect(after.map((r) => [r.code, r.qty])).toEqual([
      ['A-1', '1'],
      ['HC-LF-200', '2'],
    ]);
    expect(after[1].line?.ProductName).toBe('产品HC-LF-200');
  });
});

describe('quick order screens', () => {
  it('a visitor checks rows (every error listed, no price) and is asked to sign in, the rows kept', async () => {
    const calls: string[] = [];
    stubServer((url, init) => {
      if (url === '/api/quickorder/check') {
        calls.push(url);
        expect(bodyOf(init).Lines).toEqual([
          { Row: 1, Code: 'HC-LF-200', Quantity: '2' },
          { Row: 2, Code: 'NOPE-1', Quantity: '1' },
        ]);
        return envelope({
          Lines: [
            line(1, 'HC-LF-200', 2),
            { ...line(2, 'NOPE-1', 1), ProductId: null, ProductName: null, Stock: null, Error: '物料编码“NOPE-1”不存在' },
          ],
          Errors: [{ row: 2, code: 'NOPE-1', message: '物料编码“NOPE-1”不存在' }],
          ShowPrice: false,
        });
      }
      return undefined;
    });
    setRows(
      rowsOf([
        ['HC-LF-200', '2'],
        ['NOPE-1', '1'],
      ]),
    );
    const { router } = renderApp('/quickorder/list');
    await screen.findByTestId('quick-sign-in');
    fireEvent.click(screen.getByTestId('quick-check'));
    const errors = await screen.findByTestId('quick-errors');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['第 2 行：物料编码“NOPE-1”不存在']);
    expect(screen.getAllByTestId('quick-name')[0].textContent).toBe('产品HC-LF-200');
    expect(screen.getByText('登录后可见')).toBeTruthy();
    expect(screen.getAllByTestId('quick-stock').map((s) => s.textContent)).toEqual(['有货']);
    // Editing a row marks its check stale.
    fireEvent.change(screen.getAllByTestId('quick-qty')[1], { target: { value: '3' } });
    expect(screen.queryByTestId('quick-errors')).toBeNull();
    expect(screen.getByText('已修改，请重新检查')).toBeTruthy();

    fireEvent.click(screen.getByTestId('quick-add-all'));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/quickorder/list'));
    expect(decodeURIComponent(router.state.location.search)).toContain('redirect=/quickorder/list');
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY)!)).toEqual([
      { code: 'HC-LF-200', qty: '2' },
      { code: 'NOPE-1', qty: '3' },
    ]);
    expect(calls).toHaveLength(1);
  });

  it('a buyer pastes two columns from Excel and adds all to the cart in one call; a refusal marks the rows', async () => {
    signInAs(['shop.buy', 'product.read']);
    const sent: unknown[] = [];
    let refuse = true;
    stubServer((url, init) => {
      if (url === '/api/quickorder/addtocart') {
        sent.push(bodyOf(init).Lines);
        if (refuse)
          return new Response(
            JSON.stringify({
              ErrorCode: 400,
              Message: '有 1 行不能加入购物车，未加入任何商品',
              Data: { errors: [{ row: 2, code: 'DR-BR-6205', message: '数量必须大于0' }] },
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          );
        return envelope({ Added: 2 }, '已将 2 种商品加入购物车');
      }
      if (url === '/api/quickorder/check') {
        return envelope({
          Lines: [line(1, 'HC-LF-200', 2, { Price: '168.00', Amount: '336.00' }), line(2, 'DR-BR-6205', null, { Error: '数量必须大于0' })],
          Errors: [{ row: 2, code: 'DR-BR-6205', message: '数量必须大于0' }],
          ShowPrice: true,
        });
      }
      if (url === '/api/ShoppingCart/GetProductList') return envelope([]);
      return undefined;
    });
    const { router } = renderApp('/quickorder/list');
    const code = (await screen.findAllByTestId('quick-code'))[0];
    fireEvent.paste(code, { clipboardData: { getData: () => 'HC-LF-200\t2\nDR-BR-6205\t0\n' } });
    expect(
      useQuickOrder
        .getState()
        .rows.slice(0, 2)
        .map((r) => [r.code, r.qty]),
    ).toEqual([
      ['HC-LF-200', '2'],
      ['DR-BR-6205', '0'],
    ]);

    fireEvent.click(screen.getByTestId('quick-add-all'));
    expect(await screen.findByTestId('quick-row-error')).toBeTruthy();
    expect(screen.getByTestId('quick-errors').textContent).toContain('第 2 行：数量必须大于0');
    expect(router.state.location.pathname).toBe('/quickorder/list');

    fireEvent.click(screen.getByTestId('quick-remove-bad'));
    refuse = false;
    fireEvent.click(screen.getByTestId('quick-add-all'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shopcart/list'));
    expect(sent).toEqual([
      [
        { Row: 1, Code: 'HC-LF-200', Quantity: '2' },
        { Row: 2, Code: 'DR-BR-6205', Quantity: '0' },
      ],
      [{ Row: 1, Code: 'HC-LF-200', Quantity: '2' }],
    ]);
    // The rows went to the cart: the grid starts afresh.
    expect(linesOf(useQuickOrder.getState().rows)).toEqual([]);
  });

  it('the import lists every bad row (row, code, message) and moves the good ones to the grid', async () => {
    signInAs(['shop.buy', 'product.read']);
    stubServer((url) => {
      if (url === '/api/quickorder/import') {
        return envelope(
          {
            Lines: [
              line(2, 'HC-LF-200', 2, { Price: '168.00', Amount: '336.00' }),
              line(3, 'NOPE-404', 1, { ProductId: null, Error: '物料编码“NOPE-404”不存在' }),
              line(4, 'EC-RL-24', 5, { Stock: 'short' }),
            ],
            Errors: [{ row: 3, code: 'NOPE-404', message: '物料编码“NOPE-404”不存在' }],
            ShowPrice: true,
          },
          '共 3 行：2 行可订购，1 行有误',
        );
      }
      return undefined;
    });
    const { router } = renderApp('/quickorder/importproduct');
    const input = await screen.findByTestId('quick-file');
    await act(async () => fireEvent.change(input, { target: { files: [new File(['x'], '订购.txt')] } }));
    expect(screen.getByTestId('quick-import-failure').textContent).toBe('只能上传 xls 或 xlsx 格式的 Excel 文件');

    await act(async () => fireEvent.change(input, { target: { files: [new File(['x'], '订购.xlsx')] } }));
    expect((await screen.findByTestId('quick-import-summary')).textContent).toBe('共 3 行：2 行可订购，1 行有误');
    const errorRows = within(screen.getByTestId('quick-import-errors')).getAllByRole('row').slice(1);
    expect(errorRows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['3', 'NOPE-404', '物料编码“NOPE-404”不存在'],
    ]);
    const valid = within(screen.getByTestId('quick-import-valid')).getAllByRole('row').slice(1);
    expect(valid).toHaveLength(2);

    fireEvent.click(screen.getByTestId('quick-to-grid'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quickorder/list'));
    expect(linesOf(useQuickOrder.getState().rows)).toEqual([
      { Row: 1, Code: 'HC-LF-200', Quantity: '2' },
      { Row: 2, Code: 'EC-RL-24', Quantity: '5' },
    ]);
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('quick-name')
          .map((n) => n.textContent)
          .slice(0, 2),
      ).toEqual(['产品HC-LF-200', '产品EC-RL-24']),
    );
  });

  it('the import asks a visitor to sign in; the template is for anyone', async () => {
    stubServer();
    renderApp('/quickorder/importproduct');
    expect(await screen.findByTestId('quick-sign-in')).toBeTruthy();
    expect(screen.queryByTestId('quick-file')).toBeNull();
    expect(screen.getByTestId('quick-template')).toBeTruthy();
  });
});
