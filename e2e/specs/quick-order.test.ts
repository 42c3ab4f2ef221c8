import { describe, expect, it } from 'vitest';
import { QuickOrderImportPage, QuickOrderPage, quickOrderWorkbook } from '../pages/quick-order-pages.ts';
import { LoginPage } from '../pages/login-page.ts';
import { CartPage, ShopSearchPage } from '../pages/shop-pages.ts';
import { pageApi, portalSuite } from '../support/suite.ts';

// An anonymous visitor finds a product in the shop, opens the Excel quick order and is asked to sign
// in; back as station1 (a buyer: shop.buy) they import a file of two products and an unknown part number.
// The unknown row is listed with its Excel row number; the two go to the quick-order grid, then in
// one call to the cart, which shows them. The rules (every row error, 5000 rows, file types, price
// for buyers only, all-or-nothing add) are proven in packages/server/src/routes/quick-order.test.ts.
const suite = portalSuite();

describe('quick order (/quickorder)', () => {
  it('a visitor searches the shop, signs in from the import and imports an Excel file: the unknown row is listed, the two products go to the cart', async () => {
    const page = await suite.open();
    const shop = new ShopSearchPage(page);
    await shop.open(suite.portal.standardUrl);
    await shop.search('液压油滤芯');
    await shop.openProduct('液压油滤芯');

    await page.goto(`${suite.portal.standardUrl}/quickorder/importproduct`);
    const imports = new QuickOrderImportPage(page);
    await imports.waitFor();
    await imports.signInFromPrompt();
    await new LoginPage(page, suite.portal).signInWithPassword('station1');
    await page.waitForURL((u) => u.pathname === '/quickorder/importproduct');

    const api = pageApi(page);
    const before = (
      await api<{ ProductList: { ProductNumber: string; Quantity: number }[] }[]>('/api/ShoppingCart/GetProductList')
    ).flatMap((g) => g.ProductList);
    const held = (code: string) => before.find((l) => l.ProductNumber === code)?.Quantity ?? 0;

    await imports.waitFor();
    const file = await quickOrderWorkbook([
      ['HC-LF-200', 2],
      ['NOPE-404', 1],
      ['DR-BR-6205', 3],
    ]);
    expect(await imports.upload('快速订购.xlsx', file)).toBe('共 3 行：2 行可订购，1 行有误');
    expect(await imports.errors()).toEqual([['3', 'NOPE-404', '物料编码“NOPE-404”不存在']]);
    expect(await imports.validCodes()).toEqual(['HC-LF-200', 'DR-BR-6205']);
    await imports.moveToGrid();

    const grid = new QuickOrderPage(page);
    expect(await grid.rows(2)).toEqual([
      ['HC-LF-200', '2', '液压油滤芯', '有货'],
      ['DR-BR-6205', '3', '深沟球轴承', '有货'],
    ]);
    await grid.addAllToCart();

    const cart = new CartPage(page);
    await cart.waitForItems(before.length + 2 - (held('HC-LF-200') ? 1 : 0) - (held('DR-BR-6205') ? 1 : 0));
    const shown = await cart.items().allInnerTexts();
    expect(shown.some((t) => t.includes('HC-LF-200') && t.includes('液压油滤芯'))).toBe(true);
    expect(shown.some((t) => t.includes('DR-BR-6205') && t.includes('深沟球轴承'))).toBe(true);
    const after = (await api<{ ProductList: { ProductNumber: string; Quantity: number }[] }[]>('/api/ShoppingCart/GetProductList')).flatMap(
      (g) => g.ProductList,
    );
    expect(after.find((l) => l.ProductNumber === 'HC-LF-200')?.Quantity).toBe(held('HC-LF-200') + 2);
    expect(after.find((l) => l.ProductNumber === 'DR-BR-6205')?.Quantity).toBe(held('DR-BR-6205') + 3);
  });
});
