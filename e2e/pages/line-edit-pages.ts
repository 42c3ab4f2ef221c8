import type { Locator, Page } from 'playwright-core';

/** The hooks of one kind of lines table and its add/edit dialog. */
export interface LineHooks {
  /** The table (its `data-count` says it has loaded). */
  table: string;
  row: string;
  edit: string;
  dialog: string;
  /** The part picker and the quantity input inside the dialog. */
  part: string;
  qty: string;
}

/** The shared document lines (applications, transfers, sales, parts returns) and RequestLineDialog. */
export const DOC_LINES: LineHooks = {
  table: 'doc-lines',
  row: 'doc-line-row',
  edit: 'doc-line-edit',
  dialog: 'doc-line-dialog',
  part: 'doc-line-part',
  qty: 'doc-line-qty',
};
/** A product return's items (退机明细, the shared lines table) and their dialog. */
export const PRODUCT_RETURN_LINES: LineHooks = {
  ...DOC_LINES,
  dialog: 'pr-line-dialog',
  part: 'field-new_product_id',
  qty: 'field-new_qty',
};
/** A work order's part lines (配件更换) and their dialog. */
export const WORK_ORDER_PART_LINES: LineHooks = {
  table: 'wo-lines-partlines',
  row: 'wo-line-row',
  edit: 'wo-line-edit',
  dialog: 'wo-line-dialog',
  part: 'field-new_product_id',
  qty: 'field-new_qty',
};

/** What the edit dialog shows when it opens: the part picker's text and the quantity box. */
export interface OpenedLine {
  part: string;
  qty: string;
}

/**
 * A lines table and its line dialog, for editing an existing line: open it from its row, read what
 * it shows, change the quantity, save (or read the refusal shown at the quantity).
 */
export class LineEditor {
  constructor(
    readonly page: Page,
    readonly hooks: LineHooks,
  ) {}

  dialog(): Locator {
    return this.page.getByTestId(this.hooks.dialog);
  }
  row(text: string): Locator {
    return this.page.getByTestId(this.hooks.row).filter({ hasText: text }).first();
  }
  /** The table has loaded with `n` lines. */
  async waitForCount(n: number) {
    const table = `[data-testid="${this.hooks.table}"]`;
    await this.page.locator(`${table}[data-count="${n}"], ${table}[data-error]`).first().waitFor();
    const error = this.page.locator(`${table}[data-error]`);
    if (await error.count()) throw new Error(`the lines failed to load: ${await error.innerText()}`);
  }
  /** The texts of a line's cells (the row showing `text`). */
  async cells(text: string): Promise<string[]> {
    return (await this.row(text).locator('td').allInnerTexts()).map((c) => c.trim());
  }

  /** Opens the line showing `text` for editing; what the dialog shows once open. */
  async open(text: string): Promise<OpenedLine> {
    await this.row(text).getByTestId(this.hooks.edit).click();
    const dialog = this.dialog();
    await dialog.waitFor();
    const part = dialog.getByTestId(this.hooks.part);
    await part.waitFor();
    return { part: (await part.innerText()).trim(), qty: await dialog.getByTestId(this.hooks.qty).inputValue() };
  }
  async setQty(qty: number) {
    await this.dialog().getByTestId(this.hooks.qty).fill(String(qty));
  }
  /** 确定, and the dialog closes (the server took it). */
  async save() {
    await this.page.getByTestId(`${this.hooks.dialog}-ok`).click();
    await this.dialog().waitFor({ state: 'hidden' });
  }
  /** 确定, and the refusal shows under the quantity while the dialog stays open: its text. */
  async saveRefusedAtQty(): Promise<string> {
    await this.page.getByTestId(`${this.hooks.dialog}-ok`).click();
    const item = this.dialog()
      .locator('.ant-form-item')
      .filter({ has: this.page.getByTestId(this.hooks.qty) });
    const error = item.locator('.ant-form-item-explain-error');
    await error.waitFor();
    return (await error.innerText()).trim();
  }
  async cancel() {
    await this.page.getByTestId(`${this.hooks.dialog}-cancel`).click();
    await this.dialog().waitFor({ state: 'hidden' });
  }
  /** The stock hint under the fields (RequestLineDialog): available and short, once the server answered. */
  async stockHint(): Promise<{ available: number; short: number; text: string }> {
    const hint = this.dialog().getByTestId('doc-line-stock');
    await hint.waitFor();
    return {
      available: Number(await hint.getAttribute('data-available')),
      short: Number(await hint.getAttribute('data-short')),
      text: (await hint.innerText()).trim(),
    };
  }
  /** Waits until the hint shows a shortfall of `short`. */
  async waitForShort(short: number) {
    await this.dialog().locator(`[data-testid="doc-line-stock"][data-short="${short}"]`).waitFor();
  }
}

/** Sends a call with the page's own session (one active session per account): status and envelope. */
export async function sendAsPage<T = unknown>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T; message: string }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const auth = JSON.parse(localStorage.getItem('portal.auth') ?? '{}') as { accessToken?: string };
      const r = await fetch(p as string, {
        method: m as string,
        headers: { authorization: `Bearer ${auth.accessToken}`, ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const env = (await r.json()) as { Data: unknown; Message: string };
      return { status: r.status, data: env.Data, message: env.Message };
    },
    [method, path, body] as const,
  ) as Promise<{ status: number; data: T; message: string }>;
}
