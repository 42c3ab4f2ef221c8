import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { multipart, SAMPLES, workbook } from '../files/testing.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { done } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';

type Line = {
  Row: number;
  Code: string;
  Quantity: number | null;
  ProductId: string | null;
  ProductName: string | null;
  Price: string | null;
  Amount: string | null;
  Stock: string | null;
  Error: string | null;
};
type Checked = { Lines: Line[]; Errors: { row: number; code: string; message: string }[]; ShowPrice: boolean };

describe('quick order', () => {
  let p: Portal;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    p = await testPortal();
    for (const who of ['station1', 'station2', 'engineer1']) tok[who] = (await signIn(p.app, who)).access_token;
  });
  afterAll(() => p?.close());

  const headers = (who: string | null, lang = 'zh-CN') => ({ ...(who ? bearer(tok[who]) : {}), 'accept-language': lang });
  const post = (who: string | null, url: string, payload: unknown, lang = 'zh-CN') =>
    p.app.inject({ method: 'POST', url, payload: payload as object, headers: headers(who, lang) });
  const check = (who: string | null, Lines: unknown[], lang = 'zh-CN') => post(who, '/api/quickorder/check', { Lines }, lang);
  const addAll = (who: string | null, Lines: unknown[]) => post(who, '/api/quickorder/addtocart', { Lines });
  const cart = async (who: string) => {
    const groups = done<{ ProductList: { ProductNumber: string; Quantity: number }[] }[]>(
      await p.app.inject({ method: 'GET', url: '/api/ShoppingCart/GetProductList', headers: headers(who) }),
    );
    return Object.fromEntries(groups.flatMap((g) => g.ProductList.map((l) => [l.ProductNumber, l.Quantity])));
  };
  const clear = (who: string) => post(who, '/api/ShoppingCart/ClearAllProduct', {});
  const upload = (who: string | null, name: string, content: Buffer) => {
    const body = multipart({}, { name, content });
    return p.app.inject({
      method: 'POST',
      url: '/api/quickorder/import',
      payload: body.payload,
      headers: { ...body.headers, ...headers(who) },
    });
  };

  it('checks every row at once for an anonymous visitor: each error listed, stock as in stock / short, no price', async () => {
    const res = await check(null, [
      { Code: 'HC-LF-200', Quantity: 2 },
      { Code: 'NOPE-001', Quantity: 1 },
      { Code: 'HC-AC-04', Quantity: 1 },
      { Code: 'DR-BR-6205', Quantity: 0 },
      { Code: 'EC-RL-24', Quantity: 1.5 },
      { Code: 'EC-CT-25', Quantity: 100000 },
      { Code: 'EC-CB-10', Quantity: 1 },
      { Code: 'PW-EN-4102', Quantity: '3' },
      { Code: '', Quantity: '' },
      { Code: 'hc-lf-200', Quantity: 1 },
      { Code: '', Quantity: 4 },
    ]);
    const d = done<Checked>(res);
    expect(d.ShowPrice).toBe(false);
    expect(d.Lines.every((l) => l.Price === null && l.Amount === null)).toBe(true);
    // The blank row (9) is left out; rows keep their numbers.
    expect(d.Lines.map((l) => l.Row)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10, 11]);
    expect(d.Errors).toEqual([
      { row: 2, code: 'NOPE-001', message: '物料编码“NOPE-001”不存在' },
      { row: 3, code: 'HC-AC-04', message: '商品“皮囊式蓄能器”已下架，不能购买' },
      { row: 4, code: 'DR-BR-6205', message: '数量必须大于0' },
      { row: 5, code: 'EC-RL-24', message: '只能输入整数' },
      { row: 6, code: 'EC-CT-25', message: '数量必须小于100,000' },
      // A draft product is not published: unknown, its name not given away.
      { row: 7, code: 'EC-CB-10', message: '物料编码“EC-CB-10”不存在' },
      { row: 10, code: 'hc-lf-200', message: '物料编码“hc-lf-200”与第 1 行重复' },
      { row: 11, code: '', message: '请填写物料编码' },
    ]);
    const byRow = new Map(d.Lines.map((l) => [l.Row, l]));
    expect(byRow.get(1)).toMatchObject({ Code: 'HC-LF-200', ProductName: '液压油滤芯', Quantity: 2, Stock: 'inStock', Error: null });
    expect(byRow.get(8)).toMatchObject({ Code: 'PW-EN-4102', Quantity: 3, Stock: 'short', Error: null });
    expect(byRow.get(7)?.ProductName).toBeNull();

    const en = done<Checked>(
      await check(
        null,
        [
          { Code: 'NOPE-001', Quantity: 1 },
          { Code: 'HC-LF-200', Quantity: 'x' },
        ],
        'en-US',
      ),
    );
    expect(en.Errors.map((e) => e.message)).toEqual(['Part number "NOPE-001" does not exist', 'Integer only']);
  });

  it('shows the price to a buyer only; a bad token is refused; an empty or oversized list is refused', async () => {
    const buyer = done<Checked>(await check('station1', [{ Code: 'HC-LF-200', Quantity: 2 }]));
    expect(buyer.ShowPrice).toBe(true);
    expect(buyer.Lines[0]).toMatchObject({ Price: '168.00', Amount: '336.00', Stock: 'inStock' });
    const engineer = done<Checked>(await check('engineer1', [{ Code: 'HC-LF-200', Quantity: 2 }]));
    expect(engineer.ShowPrice).toBe(false);
    expect(engineer.Lines[0].Price).toBeNull();

    const badToken = await p.app.inject({
      method: 'POST',
      url: '/api/quickorder/check',
      payload: { Lines: [{ Code: 'HC-LF-200', Quantity: 1 }] },
      headers: { authorization: 'Bearer nope' },
    });
    expect(badToken.statusCode).toBe(401);
    const empty = await check(null, [{ Code: ' ', Quantity: '' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe('请至少填写一行物料编码和数量');
    const many = await check(
      null,
      Array.from({ length: 5001 }, () => ({ Code: 'HC-LF-200', Quantity: 1 })),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().Message).toBe('快速订购最多 5000 行');
  });

  it("adds all lines in one transaction: one bad row and nothing is added; only to the caller's own cart", async () => {
    await clear('station1');
    await clear('station2');
    expect((await addAll(null, [{ Code: 'HC-LF-200', Quantity: 1 }])).statusCode).toBe(401);
    expect((await addAll('engineer1', [{ Code: 'HC-LF-200', Quantity: 1 }])).statusCode).toBe(403);

    const refusedRes = await addAll('station1', [
      { Row: 1, Code: 'HC-LF-200', Quantity: 2 },
      { Row: 2, Code: 'DR-BR-6205', Quantity: 3 },
      { Row: 3, Code: 'NOPE-001', Quantity: 1 },
    ]);
    expect(refusedRes.statusCode).toBe(400);
    expect(refusedRes.json().Message).toBe('有 1 行不能加入购物车，未加入任何商品');
    expect(refusedRes.json().Data.errors).toEqual([{ row: 3, code: 'NOPE-001', message: '物料编码“NOPE-001”不存在' }]);
    expect(await cart('station1')).toEqual({});

    const added = done<{ Added: number }>(
      await addAll('station1', [
        { Code: 'HC-LF-200', Quantity: 2 },
        { Code: 'DR-BR-6205', Quantity: 3 },
      ]),
      '已将 2 种商品加入购物车',
    );
    expect(added.Added).toBe(2);
    expect(await cart('station1')).toEqual({ 'HC-LF-200': 2, 'DR-BR-6205': 3 });
    expect(await cart('station2')).toEqual({});

    // A product already in the cart: its line grows, held to 99,999 in total (the check says so per row).
    done(await addAll('station1', [{ Code: 'HC-LF-200', Quantity: 5 }]));
    expect((await cart('station1'))['HC-LF-200']).toBe(7);
    const over = await addAll('station1', [
      { Code: 'HC-LF-200', Quantity: 99993 },
      { Code: 'EC-RL-24', Quantity: 1 },
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json().Data.errors).toEqual([{ row: 1, code: 'HC-LF-200', message: '购物车中已有 7，合计数量必须小于100,000' }]);
    expect(await cart('station1')).toEqual({ 'HC-LF-200': 7, 'DR-BR-6205': 3 });
    await clear('station1');
  });

  it('serves the template to anyone: the two columns and an orderable example row', async () => {
    const res = await p.app.inject({ method: 'GET', url: '/api/quickorder/template', headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '物料编码', '数量']);
    const [, code, qty] = ws.getRow(2).values as unknown[];
    expect(qty).toBe(2);
    const back = done<Checked>(await check('station1', [{ Code: code, Quantity: qty }]));
    expect(back.Errors).toEqual([]);
  });

  it('imports from Excel: every bad row listed with its Excel row number; the limits of the import', async () => {
    const file = await workbook(
      ['物料编码', '数量'],
      [
        ['HC-LF-200', 2],
        ['NOPE-404', 1],
        ['DR-BR-6205', 0],
        ['HC-AC-04', 1],
        ['EC-RL-24', 5],
      ],
    );
    expect((await upload(null, '订购.xlsx', file)).statusCode).toBe(401);
    const res = await upload('station1', '订购.xlsx', file);
    const d = done<Checked>(res, '共 5 行：2 行可订购，3 行有误');
    expect(d.Errors).toEqual([
      { row: 3, code: 'NOPE-404', message: '物料编码“NOPE-404”不存在' },
      { row: 4, code: 'DR-BR-6205', message: '数量必须大于0' },
      { row: 5, code: 'HC-AC-04', message: '商品“皮囊式蓄能器”已下架，不能购买' },
    ]);
    expect(d.Lines.filter((l) => !l.Error).map((l) => [l.Row, l.Code, l.Quantity, l.Price])).toEqual([
      [2, 'HC-LF-200', 2, '168.00'],
      [6, 'EC-RL-24', 5, '28.50'],
    ]);
    // Nothing written by an import.
    expect(await cart('station1')).toEqual({});

    const tooMany = await upload(
      'station1',
      '订购.xlsx',
      await workbook(
        ['物料编码', '数量'],
        Array.from({ length: 5001 }, (_, i) => [`P-${i}`, 1]),
      ),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ ErrorCode: -1, Message: '最多导入 5000 条记录' });
    const five = done<Checked>(
      await upload(
        'station1',
        '订购.xlsx',
        await workbook(
          ['Part number', 'Quantity'],
          Array.from({ length: 5000 }, () => ['HC-LF-200', 1]),
        ),
      ),
    );
    expect(five.Lines).toHaveLength(5000);

    const txt = await upload('station1', '订购.txt', SAMPLES.txt);
    expect(txt.json()).toMatchObject({ ErrorCode: -1, Message: '只能导入 Excel 文件（xls 或 xlsx）' });
    const xls = await upload(
      'station1',
      '订购.xls',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]),
    );
    expect(xls.json()).toMatchObject({ ErrorCode: -1, Message: '请使用 .xlsx 格式（Excel 2007 及以上）' });
    const header = await upload('station1', '订购.xlsx', await workbook(['编号', '件数'], [['HC-LF-200', 1]]));
    expect(header.json()).toMatchObject({ ErrorCode: -1, Message: 'Excel 表头缺少：物料编码、数量' });
  });
});
