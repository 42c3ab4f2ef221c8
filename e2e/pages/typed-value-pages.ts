import type { Locator, Page } from 'playwright-core';
import { EntityFormPage } from './entity-form-page.ts';

/**
 * What a form field holds and says after typing (issue 24 item 2): the text still in the box and
 * the refusal at the field. Works on a model form (the field's `field-<name>` hook) and on the
 * line dialog of a document (`doc-line-*`).
 */
export class TypedValueForm extends EntityFormPage {
  /** Types `text` into a model form's field; its refusal at the field and what the box still shows. */
  async type(name: string, text: string): Promise<{ error: string; shown: string }> {
    await this.fill(name, text);
    return { error: await this.fieldError(name), shown: await this.inputValue(name) };
  }

  /** Saves and waits until the field still shows its refusal (nothing was sent). */
  async saveRefused(name: string): Promise<string> {
    await this.save();
    return this.fieldError(name);
  }
}

/** The add-line dialog of a document's lines table (配件申请, 调拨, 销售…). */
export class LineDialog {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByTestId('doc-line-dialog');
  }

  async openAdd() {
    await this.page.getByTestId('doc-line-add').click();
    await this.dialog().waitFor();
  }

  private item(testId: string): Locator {
    return this.dialog()
      .locator('.ant-form-item')
      .filter({ has: this.page.getByTestId(testId) });
  }

  /** Types a quantity; the refusal shown at the quantity and what its box still shows. */
  /**
   * Types a quantity and reads the refusal shown for it. The previous value's refusal stays on
   * screen until the new value has been checked, so it waits for the refusal it `expects` (bounded;
   * on a different one the caller's comparison shows what was there).
   */
  async typeQty(text: string, expects: string): Promise<{ error: string; shown: string }> {
    const input = this.dialog().getByTestId('doc-line-qty');
    await input.fill(text);
    const error = this.item('doc-line-qty').locator('.ant-form-item-explain-error');
    await error.waitFor();
    await error
      .filter({ hasText: expects })
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    return { error: (await error.innerText()).trim(), shown: await input.inputValue() };
  }

  /** 确定 with a refused value: the dialog stays open with the quantity's refusal. */
  async confirmRefused(): Promise<string> {
    await this.page.getByTestId('doc-line-dialog-ok').click();
    const error = this.item('doc-line-qty').locator('.ant-form-item-explain-error');
    await error.waitFor();
    await this.dialog().waitFor();
    return (await error.innerText()).trim();
  }

  async cancel() {
    await this.page.getByTestId('doc-line-dialog-cancel').click();
    await this.dialog().waitFor({ state: 'hidden' });
  }
}
