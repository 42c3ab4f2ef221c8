import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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
  it('adds products, settles the cart into orders and shows them', async () => {
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
    const items = page.getByTestId('cart-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    for (const box of await page.getByTestId('cart-item-check').all()) await box.check().catch(() => box.click());
    expect(Number(await page.getByTestId('cart-total').getAttribute('data-amount'))).toBeGreaterThan(0);
    await page.getByTestId('cart-settle').click();

    await page.getByTestId('confirm-form').waitFor();
    await page.getByTestId('confirm-contact').fill('陈志强');
    await page.getByTestId('confirm-phone').fill('13800138001');
    await pick(page, 'confirm-address-province', '上海市');
    // The statistics' 市辖区 of a municipality is shown as the city itself.
    await pick(page, 'confirm-address-city', '上海市');
    await pick(page, 'confirm-address-county', '浦东新区');
    await page.getByTestId('confirm-address-detail').fill('张江高科技园区碧波路 690 号');
    await page.getByTestId('confirm-submit').click();
    const result = page.getByTestId('settle-result');
    await result.waitFor();
    const orders = await page.getByTestId('settle-order').allInnerTexts();
    expect(orders.length).toBeGreaterThanOrEqual(1);
    expect(orders.join('\n')).toMatch(/SO\d{8}-\d{4}/);

    // The cart is empty again and the orders are the station's.
    const api = pageApi(page);
    expect(await api<unknown[]>('/api/ShoppingCart/GetProductList')).toEqual([]);
    const mine = await api<{ value: { name: string; new_status: number }[] }>('/api/crmdata/Retrieve/salesorders?$orderby=createdon desc&$top=1');
    expect(mine.value[0].new_status).toBe(2);
    await page.goto(`${suite.portal.standardUrl}/order/list`);
    await page.getByTestId('list-row').filter({ hasText: mine.value[0].name }).waitFor();
  });
});
