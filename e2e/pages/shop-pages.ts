import type { Locator, Page } from 'playwright-core';

/** /shopcart/list: items, and the checkout bar (select-all, count, total beside 去结算). */
export class CartPage {
  constructor(readonly page: Page) {}

  items(): Locator {
    return this.page.getByTestId('cart-item');
  }

  /** The sticky checkout bar at the foot of the cart. */
  bar(): Locator {
    return this.page.getByTestId('cart-bar');
  }

  async waitForItems(n: number) {
    await this.items().nth(n - 1).waitFor();
  }

  /** 'all' | 'some' | 'none', as the bar's select-all box shows it. */
  async selectAllState(): Promise<'all' | 'some' | 'none'> {
    const box = this.bar().locator('.ant-checkbox').first();
    const cls = (await box.getAttribute('class')) ?? '';
    return cls.includes('ant-checkbox-indeterminate') ? 'some' : cls.includes('ant-checkbox-checked') ? 'all' : 'none';
  }

  async selectAll() {
    await this.bar().getByTestId('cart-check-all').check();
  }

  async selectedCount(): Promise<number> {
    return Number(await this.bar().getAttribute('data-selected'));
  }

  async total(): Promise<number> {
    return Number(await this.bar().getByTestId('cart-total').getAttribute('data-amount'));
  }

  /** 去结算 in the bar; waits for the confirm form. */
  async settle() {
    await this.bar().getByTestId('cart-settle').click();
    await this.page.getByTestId('confirm-form').waitFor();
  }
}

/** /confirm/{token}/order: the delivery form and 提交订单. */
export class ConfirmOrderPage {
  constructor(readonly page: Page) {}

  /** Waits until the default delivery (the station's address) has been filled in. */
  async waitForPrefill() {
    await this.page.getByTestId('confirm-address-from-station').waitFor();
  }

  async delivery(): Promise<{ contact: string; phone: string; province: string; city: string; county: string; detail: string }> {
    const picked = (id: string) => this.page.getByTestId(id).locator('xpath=ancestor-or-self::*[contains(@class,"ant-select")][1]').innerText();
    return {
      contact: await this.page.getByTestId('confirm-contact').inputValue(),
      phone: await this.page.getByTestId('confirm-phone').inputValue(),
      province: (await picked('confirm-address-province')).trim(),
      city: (await picked('confirm-address-city')).trim(),
      county: (await picked('confirm-address-county')).trim(),
      detail: await this.page.getByTestId('confirm-address-detail').inputValue(),
    };
  }

  async setDetail(text: string) {
    await this.page.getByTestId('confirm-address-detail').fill(text);
  }

  async setContact(text: string) {
    await this.page.getByTestId('confirm-contact').fill(text);
  }

  /** 提交订单; resolves with the created orders' texts. */
  async submit(): Promise<string[]> {
    await this.page.getByTestId('confirm-submit').click();
    await this.page.getByTestId('settle-result').waitFor();
    return this.page.getByTestId('settle-order').allInnerTexts();
  }
}
