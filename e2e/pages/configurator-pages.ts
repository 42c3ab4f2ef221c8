import type { Locator, Page } from 'playwright-core';

/** /product/catalog: the configurable products on offer. */
export class CatalogPage {
  constructor(readonly page: Page) {}

  async open(base: string) {
    await this.page.goto(`${base}/product/catalog`);
    await this.products().first().waitFor();
  }

  products(): Locator {
    return this.page.getByTestId('cpq-product');
  }

  names(): Promise<string[]> {
    return this.page.getByTestId('cpq-product-name').allInnerTexts();
  }

  /** 开始配置 on the product named `name`; waits for its configuration page. */
  async configure(name: string): Promise<ConfigurePage> {
    await this.products().filter({ hasText: name }).getByTestId('cpq-configure-product').click();
    const page = new ConfigurePage(this.page);
    await page.root().waitFor();
    return page;
  }
}

/** /quotationconfig/create|edit: groups of options, the running price, save. */
export class ConfigurePage {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('cpq-configure');
  }

  option(code: string): Locator {
    return this.page.locator(`[data-testid=cpq-option][data-code="${code}"]`);
  }

  async disabled(code: string): Promise<boolean> {
    return (await this.option(code).getAttribute('data-disabled')) === 'true';
  }

  async chosen(code: string): Promise<boolean> {
    return (await this.option(code).getAttribute('data-chosen')) === 'true';
  }

  /** The rule text shown beside an option (why it is disabled or kept). */
  ruleText(code: string): Promise<string> {
    return this.option(code).getByTestId('cpq-option-rule').innerText();
  }

  /** Chooses an option (taps its radio or checkbox) and waits until the page shows it chosen. */
  async choose(code: string) {
    await this.option(code).click();
    await this.page.locator(`[data-testid=cpq-option][data-code="${code}"][data-chosen=true]`).waitFor();
  }

  /** The running price in fen. */
  async priceFen(): Promise<number> {
    return Number(await this.page.getByTestId('cpq-price').getAttribute('data-fen'));
  }

  async fillContact(name: string, phone: string) {
    await this.page.getByTestId('cpq-contact-name').fill(name);
    await this.page.getByTestId('cpq-contact-phone').fill(phone);
  }

  /** 保存配置; resolves with the signed link the saved page shows. */
  async save(): Promise<string> {
    await this.page.getByTestId('cpq-save').click();
    const link = this.page.getByTestId('cpq-saved-link');
    await link.waitFor();
    return (await link.innerText()).trim();
  }

  /** 查看配置详情 after saving: through /config/page to the details. */
  async openSaved(): Promise<DetailsPage> {
    await this.page.getByTestId('cpq-open-saved').click();
    const details = new DetailsPage(this.page);
    await details.root().waitFor();
    return details;
  }
}

/** /quote/details/{cpqQuoteId}: summary, price, BOM. */
export class DetailsPage {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('cpq-details');
  }

  id(): Promise<string | null> {
    return this.root().getAttribute('data-id');
  }

  price(): Promise<string> {
    return this.page.getByTestId('cpq-details-price').innerText();
  }

  async summary(): Promise<string[]> {
    return this.page.getByTestId('cpq-details-summary').locator('tbody tr.ant-table-row').allInnerTexts();
  }

  /** 加入报价单: picks the first draft quote offered; resolves with its number once the details name it. */
  async attachToFirstDraft(): Promise<string> {
    await this.page.getByTestId('cpq-attach').click();
    const quote = this.page.getByTestId('cpq-attach-quote').first();
    await quote.waitFor();
    const number = (await quote.getAttribute('data-number')) ?? '';
    await quote.getByRole('button').click();
    await this.page.getByTestId('cpq-details-quote').filter({ hasText: number }).waitFor();
    return number;
  }

  async bomPartNumbers(): Promise<string[]> {
    const rows = this.page.getByTestId('cpq-details-bom').locator('tbody tr.ant-table-row');
    return (await rows.locator('td:first-child').allInnerTexts()).map((s) => s.trim());
  }
}

/** /config/page with a token the server refuses. */
export class LinkRefusal {
  constructor(readonly page: Page) {}

  async open(base: string, token: string): Promise<string> {
    await this.page.goto(`${base}/config/page?token=${encodeURIComponent(token)}`);
    const refused = this.page.getByTestId('cpq-link-refused');
    await refused.waitFor();
    return refused.locator('.ant-result-title').innerText();
  }
}

/** /quotationconfig/list: the signed-in user's configurations, or the sign-in prompt. */
export class ConfigListPage {
  constructor(readonly page: Page) {}

  async open(base: string) {
    await this.page.goto(`${base}/quotationconfig/list`);
    await this.page.locator('[data-testid=cpq-list], [data-testid=cpq-list-signed-out]').first().waitFor();
  }

  signedOut(): Locator {
    return this.page.getByTestId('cpq-list-signed-out');
  }

  products(): Promise<string[]> {
    return this.page.getByTestId('cpq-list-product').allInnerTexts();
  }
}
