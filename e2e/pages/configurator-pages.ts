import type { Locator, Page } from 'playwright-core';

/** The shown element of a test id: screens left in their page tabs stay mounted, hidden. */
const shown = (page: Page, testId: string): Locator => page.locator(`[data-testid="${testId}"]:visible`);

/** /product/catalog: the configurable products on offer. */
export class CatalogPage {
  constructor(readonly page: Page) {}

  async open(base: string) {
    await this.page.goto(`${base}/product/catalog`);
    await this.products().first().waitFor();
  }

  products(): Locator {
    return shown(this.page, 'cpq-product');
  }

  names(): Promise<string[]> {
    return shown(this.page, 'cpq-product-name').allInnerTexts();
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
    return shown(this.page, 'cpq-configure');
  }

  option(code: string): Locator {
    return this.page.locator(`[data-testid=cpq-option][data-code="${code}"]:visible`);
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
    await this.page.locator(`[data-testid=cpq-option][data-code="${code}"][data-chosen=true]:visible`).waitFor();
  }

  /** The running price in fen. */
  async priceFen(): Promise<number> {
    return Number(await shown(this.page, 'cpq-price').getAttribute('data-fen'));
  }

  async fillContact(name: string, phone: string) {
    await shown(this.page, 'cpq-contact-name').fill(name);
    await shown(this.page, 'cpq-contact-phone').fill(phone);
  }

  /** 保存配置; resolves with the signed link the saved page shows. */
  async save(): Promise<string> {
    await shown(this.page, 'cpq-save').click();
    const link = shown(this.page, 'cpq-saved-link');
    await link.waitFor();
    return (await link.innerText()).trim();
  }

  /** 查看配置详情 after saving: through /config/page to the details. */
  async openSaved(): Promise<DetailsPage> {
    await shown(this.page, 'cpq-open-saved').click();
    const details = new DetailsPage(this.page);
    await details.root().waitFor();
    return details;
  }
}

/** /quote/details/{cpqQuoteId}: summary, price, BOM. */
export class DetailsPage {
  constructor(readonly page: Page) {}

  root(): Locator {
    return shown(this.page, 'cpq-details');
  }

  id(): Promise<string | null> {
    return this.root().getAttribute('data-id');
  }

  price(): Promise<string> {
    return shown(this.page, 'cpq-details-price').innerText();
  }

  async summary(): Promise<string[]> {
    return shown(this.page, 'cpq-details-summary').locator('tbody tr.ant-table-row').allInnerTexts();
  }

  /** 修改配置: the configuration page on this configuration. */
  async edit(): Promise<ConfigurePage> {
    await shown(this.page, 'cpq-edit').click();
    const page = new ConfigurePage(this.page);
    await page.root().waitFor();
    return page;
  }

  /** 加入报价单: picks the first draft quote offered; resolves with its number once the details name it. */
  async attachToFirstDraft(): Promise<string> {
    await shown(this.page, 'cpq-attach').click();
    const quote = shown(this.page, 'cpq-attach-quote').first();
    await quote.waitFor();
    const number = (await quote.getAttribute('data-number')) ?? '';
    await quote.getByRole('button').click();
    await shown(this.page, 'cpq-details-quote').filter({ hasText: number }).waitFor();
    return number;
  }

  async bomPartNumbers(): Promise<string[]> {
    const rows = shown(this.page, 'cpq-details-bom').locator('tbody tr.ant-table-row');
    return (await rows.locator('td:first-child').allInnerTexts()).map((s) => s.trim());
  }
}

/** /config/page with a token the server refuses. */
export class LinkRefusal {
  constructor(readonly page: Page) {}

  async open(base: string, token: string): Promise<string> {
    await this.page.goto(`${base}/config/page?token=${encodeURIComponent(token)}`);
    const refused = shown(this.page, 'cpq-link-refused');
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
    return shown(this.page, 'cpq-list-signed-out');
  }

  products(): Promise<string[]> {
    return shown(this.page, 'cpq-list-product').allInnerTexts();
  }
}
