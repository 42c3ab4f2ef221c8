import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { visiblePanel } from './entity-form-page.ts';

/** An .xlsx as a buyer fills the quick-order template: 物料编码, 数量, one product a row (exceljs, as the server reads it). */
export async function quickOrderWorkbook(rows: [string, number][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('快速订购');
  ws.addRow(['物料编码', '数量']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The cells of a table's body rows, as text. */
async function cellTexts(table: Locator): Promise<string[][]> {
  await table.locator('tbody tr.ant-table-row').first().waitFor();
  return table
    .locator('tbody tr.ant-table-row')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())));
}

/** /quickorder/importproduct: upload, the rows in error, the rows moved to the quick-order grid. */
export class QuickOrderImportPage {
  constructor(readonly page: Page) {}

  scope(): Locator {
    return visiblePanel(this.page).getByTestId('quick-import-page');
  }

  async waitFor() {
    await this.scope().waitFor();
  }

  /** Shown to a visitor: sign in before uploading; resolves once the sign-in form is there. */
  async signInFromPrompt() {
    await this.scope().getByTestId('quick-sign-in').getByRole('button').click();
    await this.page.getByTestId('login-form').waitFor();
  }

  /** Uploads the file and waits for the server's summary (共 n 行：…). */
  async upload(name: string, buffer: Buffer): Promise<string> {
    await this.scope()
      .getByTestId('quick-file')
      .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    return this.scope().getByTestId('quick-import-summary').innerText();
  }

  /** Rows in error: [row, part number, message]. */
  errors(): Promise<string[][]> {
    return cellTexts(this.scope().getByTestId('quick-import-errors'));
  }

  /** Part numbers of the rows that can be ordered. */
  async validCodes(): Promise<string[]> {
    return (await cellTexts(this.scope().getByTestId('quick-import-valid'))).map((r) => r[1]);
  }

  /** 转入快速订购: the rows go to /quickorder/list. */
  async moveToGrid() {
    await this.scope().getByTestId('quick-to-grid').click();
    await this.page.waitForURL((u) => u.pathname === '/quickorder/list');
  }
}

/** /quickorder/list: the grid of part numbers and quantities, and 全部加入购物车. */
export class QuickOrderPage {
  constructor(readonly page: Page) {}

  scope(): Locator {
    return visiblePanel(this.page).getByTestId('quick-order');
  }

  /** The rows in use: [part number, quantity, product name, stock], waiting until `n` are shown. */
  async rows(n: number): Promise<string[][]> {
    const codes = this.scope().getByTestId('quick-code');
    await this.scope()
      .locator('[data-testid="quick-name"]:not(:empty)')
      .nth(n - 1)
      .waitFor();
    const count = await codes.count();
    const out: string[][] = [];
    for (let i = 0; i < count; i++) {
      const code = await codes.nth(i).inputValue();
      if (!code) continue;
      const row = this.scope().locator('tbody tr.ant-table-row').nth(i);
      out.push([
        code,
        await row.getByTestId('quick-qty').inputValue(),
        await row.getByTestId('quick-name').innerText(),
        await row.getByTestId('quick-stock').innerText(),
      ]);
    }
    return out;
  }

  /** 全部加入购物车; waits for the cart screen. */
  async addAllToCart() {
    await this.scope().getByTestId('quick-add-all').click();
    await this.page.waitForURL((u) => u.pathname === '/shopcart/list');
  }
}
