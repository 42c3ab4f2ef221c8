import { visiblePanel } from './entity-form-page.ts';
import { WorkOrderPage } from './work-order-pages.ts';

/** /overseas/edit/{id}: the work-order screen in its overseas form, scoped to the shown tab. */
export class OverseasOrderPage extends WorkOrderPage {
  override scope() {
    return visiblePanel(this.page);
  }

  /** Waits for the overseas form (not the domestic one) with its order loaded. */
  async waitForOverseas() {
    await this.scope().locator('[data-testid="wo-form"][data-variant="overseas"]').waitFor();
    await this.waitForOrder();
  }

  /** What a field's input shows (a select shows its option's label). */
  async shownIn(field: string): Promise<string> {
    return (await this.field(field).innerText()).trim();
  }

  async currencyTag(): Promise<string> {
    return (await this.scope().getByTestId('wo-currency').innerText()).trim();
  }

  /** Opens a detail tab (维修项目 …) and reads its rows as shown and the total under them (合计：…). */
  async lines(kind: string): Promise<{ rows: string[]; total: string }> {
    await this.scope().getByTestId(`wo-tab-${kind}`).click();
    const table = this.scope().getByTestId(`wo-lines-${kind}`);
    await table.getByTestId('wo-line-row').first().waitFor();
    return {
      rows: await table.getByTestId('wo-line-row').allInnerTexts(),
      total: (await this.scope().getByTestId(`wo-lines-total-${kind}`).innerText()).trim(),
    };
  }

  async hasAddressPicker(): Promise<boolean> {
    return (await this.scope().getByTestId('field-new_province').count()) > 0;
  }
}
