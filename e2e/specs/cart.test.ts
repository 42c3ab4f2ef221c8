import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CartPage, ConfirmOrderPage } from '../pages/shop-pages.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

const suite = portalSuite();

/** Chooses an option of an antd select; the dropdown that just opened is the last one shown. */
async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  // The option list is virtual (only the first rows exist): type to narrow it, as a person would.
  await page.keyboard.type(option);
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`).last().click();
  await page.getByTestId(testId).getByText(option).first().waitFor();
}

describe('shop and cart', () => {
  it('adds two products, selects all beside 去结算, settles with the station address prefilled and edited, and shows the orders', async () => {
    const page = await signedInPage(suite, 'station1', '/shoppingmall/chooseproduct');
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    const first = cards.nth(0);
    const second = cards.nth(1);
    const qty = first.getByTestId('product-qty');
    await ((await qty.evaluate((e) => e.tagName)) === 'INPUT' ? qty : qty.locator('input')).fill('2');
    await first.getByTestId('product-add').click();
    await second.getByTestId('product-add').click();
    await page.locator('[data-testid="cart-count"][data-count="2"]').waitFor();

    await page.goto(`${suite.portal.standardUrl}/shopcart/list`);
    const cart = new CartPage(page);
    await cart.waitForItems(2);
    expect(await cart.items().count()).toBe(2);
    // Items start unchecked (spec 000 §3); the select-all, count and total sit beside 去结算.
    expect(await cart.selectAllState()).toBe('none');
    await cart.items().first().getByTestId('cart-item-check').check();
    expect(await cart.selectAllState()).toBe('some');
    expect(await cart.selectedCount()).toBe(1);
    await cart.selectAll();
    expect(await cart.selectAllState()).toBe('all');
    expect(await cart.selectedCount()).toBe(2);
    expect(await cart.bar().getByTestId('cart-selected').innerText()).toContain('已选 2 件');
    const api = pageApi(page);
    const lines = (await api<{ ProductList: { Amount: string }[] }[]>('/api/ShoppingCart/GetProductList')).flatMap((g) => g.ProductList);
    const expected = lines.reduce((sum, l) => sum + Math.round(Number(l.Amount) * 100), 0) / 100;
    expect(await cart.total()).toBe(expected);
    await cart.settle();

    // The delivery details start from station1's station (上海浦东华辰服务站), editable.
    const confirm = new ConfirmOrderPage(page);
    await confirm.waitForPrefill();
    expect(await confirm.delivery()).toEqual({
      contact: '陈志强',
      phone: '021-58956321',
      province: '上海市',
      city: '上海市',
      county: '浦东新区',
      detail: '张江高科技园区碧波路 690 号',
    });
    await confirm.setDetail('张江高科技园区碧波路 690 号 3 号楼收发室');
    await pick(page, 'confirm-address-county', '徐汇区');
    await confirm.setContact('王芳');
    const created = await confirm.submit();
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.join('\n')).toMatch(/SO\d{8}-\d{4}/);

    // The cart is empty again and the orders are the station's, with the edited address.
    expect(await api<unknown[]>('/api/ShoppingCart/GetProductList')).toEqual([]);
    const mine = await api<{ value: { name: string; new_status: number; new_contact: string; new_county: string; new_address: string }[] }>(
      '/api/crmdata/Retrieve/salesorders?$orderby=createdon desc&$top=1',
    );
    expect(mine.value[0].new_status).toBe(2);
    expect(mine.value[0]).toMatchObject({
      new_contact: '王芳',
      new_county: '徐汇区',
      new_address: '张江高科技园区碧波路 690 号 3 号楼收发室',
    });
    await page.goto(`${suite.portal.standardUrl}/order/list`);
    await page.getByTestId('list-row').filter({ hasText: mine.value[0].name }).waitFor();
  });
});
