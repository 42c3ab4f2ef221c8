import type { Locator, Page } from 'playwright-core';
import { visiblePanel } from './entity-form-page.ts';

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
    await this.items()
      .nth(n - 1)
      .waitFor();
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
    const picked = (id: string) =>
      this.page.getByTestId(id).locator('xpath=ancestor-or-self::*[contains(@class,"ant-select")][1]').innerText();
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

  /** 提交订单; resolves with the created orders' texts (from the order-placed page it goes to, whose list is the shown one). */
  async submit(): Promise<string[]> {
    await this.page.getByTestId('confirm-submit').click();
    await this.page.getByTestId('order-complete').getByTestId('settle-order').first().waitFor();
    return this.page.getByTestId('order-complete').getByTestId('settle-order').allInnerTexts();
  }
}

/**
 * The shop's product cards on the shown screen (/shoppingmall/searchproduct, /chooseproduct), for
 * anonymous visitors and buyers alike.
 */
export class ShopSearchPage {
  constructor(readonly page: Page) {}

  scope(): Locator {
    return visiblePanel(this.page);
  }

  /** Opens the search screen (anonymous is fine) at `baseUrl`. */
  async open(baseUrl: string) {
    await this.page.goto(`${baseUrl}/shoppingmall/searchproduct`);
    await this.scope().getByTestId('product-search-page').waitFor();
  }

  /** Types into the one box (name, part number or model) and waits for the cards of that search. */
  async search(text: string) {
    const box = this.scope().getByPlaceholder('输入产品名称、物料编码或型号');
    await box.fill(text);
    await box.press('Enter');
    await this.page.waitForURL((u) => decodeURIComponent(u.pathname) === `/shoppingmall/searchproduct/${text}`);
    // The cards of this search (they carry the text searched for), not the ones shown before it.
    await this.scope()
      .locator('[data-testid="product-card"]')
      .filter({ hasText: text })
      .or(this.scope().getByTestId('product-empty'))
      .first()
      .waitFor();
  }

  cards(): Locator {
    return this.scope().getByTestId('product-card');
  }

  async names(): Promise<string[]> {
    return this.cards().getByTestId('product-name').allInnerTexts();
  }

  card(name: string): Locator {
    return this.cards().filter({ has: this.page.getByTestId('product-name').getByText(name, { exact: true }) });
  }

  /** Prices shown on the cards (none for anonymous visitors). */
  prices(): Locator {
    return this.scope().getByTestId('product-price');
  }

  /** Opens a product's details from its card. */
  async openProduct(name: string): Promise<ProductDetailPage> {
    await this.card(name).getByTestId('product-name').click();
    const d = new ProductDetailPage(this.page);
    await d.waitFor(name);
    return d;
  }
}

/** /shoppingmall/productdetail?id=…: facts, stock, price (buyers), add to cart, the favourite star. */
export class ProductDetailPage {
  constructor(readonly page: Page) {}

  scope(): Locator {
    return visiblePanel(this.page).getByTestId('product-detail');
  }

  async waitFor(name?: string) {
    await this.scope().waitFor();
    if (name) await this.scope().getByTestId('product-detail-name').getByText(name, { exact: true }).waitFor();
  }

  async name(): Promise<string> {
    return (await this.scope().getByTestId('product-detail-name').innerText()).trim();
  }

  /** The product id the screen shows (from its URL's ?id=). */
  productId(): string {
    return new URL(this.page.url()).searchParams.get('id') ?? '';
  }

  price(): Locator {
    return this.scope().getByTestId('product-price');
  }

  /** The unit price as a number, once shown (buyers only). */
  async priceAmount(): Promise<number> {
    await this.price().waitFor();
    return Number(await this.price().getAttribute('data-amount'));
  }

  signInForPrice(): Locator {
    return this.scope().getByTestId('product-sign-in-price');
  }

  async inStock(): Promise<boolean> {
    return (await this.scope().getByTestId('product-stock').getAttribute('data-in-stock')) === 'true';
  }

  star(): Locator {
    return this.scope().getByTestId('favourite-star');
  }

  async starred(): Promise<boolean> {
    return (await this.star().getAttribute('data-on')) === 'true';
  }

  /** Clicks the star; signed in, waits until it shows `expect` (starred or not). */
  async toggleStar(expect?: boolean) {
    await this.star().click();
    if (expect !== undefined) await this.scope().locator(`[data-testid="favourite-star"][data-on="${expect}"]`).waitFor();
  }

  /** 加入购物车 (a buyer: with the quantity; a visitor: the sign-in question opens). */
  async addToCart(qty?: number) {
    if (qty !== undefined) {
      const q = this.scope().getByTestId('product-qty');
      await ((await q.evaluate((e) => e.tagName)) === 'INPUT' ? q : q.locator('input')).fill(String(qty));
    }
    await this.scope().getByTestId('product-add').click();
  }
}

/** The question put to a signed-out visitor (star, add to cart): 去登录 opens sign-in, which comes back. */
export class SignInPrompt {
  constructor(readonly page: Page) {}

  async text(): Promise<string> {
    const box = this.page.getByRole('dialog').filter({ has: this.page.getByTestId('sign-in-ask-go') });
    await box.waitFor();
    return (await box.innerText()).trim();
  }

  /** 去登录: waits for the sign-in form. */
  async accept() {
    await this.page.getByTestId('sign-in-ask-go').click();
    await this.page.getByTestId('login-form').waitFor();
  }
}

/** /collect/list: the signed-in user's favourites (signed out: what they are, and sign-in). */
export class FavouritesPage {
  constructor(readonly page: Page) {}

  scope(): Locator {
    return visiblePanel(this.page).getByTestId('collect-list');
  }

  async open(baseUrl: string) {
    await this.page.goto(`${baseUrl}/collect/list`);
    await this.scope().waitFor();
  }

  rows(): Locator {
    return this.scope().getByTestId('collect-row');
  }

  /** Waits until a favourite named `name` is listed. */
  async waitForName(name: string) {
    await this.scope().getByTestId('collect-open').getByText(name, { exact: true }).waitFor();
  }

  async names(): Promise<string[]> {
    return this.scope().getByTestId('collect-open').allInnerTexts();
  }

  intro(): Locator {
    return this.scope().getByTestId('collect-intro');
  }
}
