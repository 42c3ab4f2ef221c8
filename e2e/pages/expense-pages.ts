import { EntityFormPage } from './entity-form-page.ts';
import { EntityListPage } from './entity-list-page.ts';
import { headerAction } from './parts-pages.ts';
import { chooseOption } from './work-order-pages.ts';

type Generation = { year: number; month: number; section: '上半月' | '下半月'; settleWay: string };

/** /expenseClaim/list: the statements, and head office's generation dialog. */
export class ExpenseClaimListPage extends EntityListPage {
  async open(base: string) {
    await this.page.goto(`${base}/expenseClaim/list`);
    await this.waitFor('new_srv_expense_claim');
  }

  /** Opens the generation dialog and fills the period (all stations) and settle way. */
  private async fillGeneration(o: Generation) {
    await this.page.getByTestId('ec-generate').click();
    await this.page.getByTestId('ec-generate-dialog').waitFor();
    await chooseOption(this.page, this.page.getByTestId('ec-gen-year'), String(o.year));
    await chooseOption(this.page, this.page.getByTestId('ec-gen-month'), String(o.month));
    await chooseOption(this.page, this.page.getByTestId('ec-gen-section'), o.section);
    await chooseOption(this.page, this.page.getByTestId('ec-gen-settleway'), o.settleWay);
    await this.page.getByTestId('ec-generate-dialog-ok').click();
  }

  /** Generates a period's statements for all stations; resolves with the server's message (the toast). */
  async generate(o: Generation): Promise<string> {
    await this.fillGeneration(o);
    const toast = this.page.locator('.ant-message-notice').filter({ hasText: '费用结算单' }).last();
    await this.page.getByTestId('ec-generate-dialog').waitFor({ state: 'hidden' });
    await toast.waitFor();
    const message = (await toast.innerText()).trim();
    await this.settled();
    return message;
  }

  /** Tries a generation the server refuses; resolves with the refusal the dialog shows, then closes it. */
  async generateRefused(o: Generation): Promise<string> {
    await this.fillGeneration(o);
    const error = this.page.getByTestId('ec-generate-dialog-error');
    await error.waitFor();
    const text = (await error.innerText()).trim();
    await this.page.getByTestId('ec-generate-dialog-cancel').click();
    await this.page.getByTestId('ec-generate-dialog-ok').waitFor({ state: 'hidden' });
    return text;
  }
}

/** /expenseClaim/edit/{id}: one statement, its commands and its lines. */
export class ExpenseClaimPage extends EntityFormPage {
  async open(base: string, id: string) {
    await this.page.goto(`${base}/expenseClaim/edit/${encodeURIComponent(id)}`);
    await this.waitForClaim();
  }

  async waitForClaim() {
    await this.waitFor('new_srv_expense_claim');
    await this.page.locator('[data-testid="ec-page"][data-formstatus]').waitFor();
    await this.page.locator('[data-testid="ec-lines"][data-count]:not([data-loading])').waitFor();
  }

  async formStatus(): Promise<number> {
    return Number(await this.page.getByTestId('ec-page').getAttribute('data-formstatus'));
  }

  async waitForFormStatus(status: number) {
    await this.page.locator(`[data-testid="ec-page"][data-formstatus="${status}"]`).waitFor();
    await this.waitFor('new_srv_expense_claim');
  }

  /** Whether the user is offered a command now. */
  async offers(command: string): Promise<boolean> {
    await this.page.locator('[data-testid="ec-page"][data-formstatus]').waitFor();
    await this.waitFor('new_srv_expense_claim');
    return (await this.page.getByTestId(`ec-${command}`).count()) > 0;
  }

  /** A field's shown value (read-only form: its description panel). */
  async value(name: string): Promise<string> {
    return this.text(name);
  }

  /** Runs a command through its dialog with the given field values; waits for the next formstatus. */
  async run(command: string, to: number, fields: Record<string, string> = {}) {
    await headerAction(this.page, `ec-${command}`);
    // A step without input has an empty body: the OK button is what shows.
    await this.page.getByTestId('ec-dialog-ok').waitFor();
    for (const [name, value] of Object.entries(fields)) {
      const hook = this.page.getByTestId(`ec-field-${name}`);
      // The hook may sit on the input or on a wrapper (an amount with its ¥ prefix).
      const el = (await hook.evaluate((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA'))
        ? hook
        : hook.locator('input, textarea').first();
      await el.fill(value);
      // A date picker takes the typed day on Enter.
      if (name.endsWith('Date')) await el.press('Enter');
    }
    await this.page.getByTestId('ec-dialog-ok').click();
    await this.page.getByTestId('ec-dialog-ok').waitFor({ state: 'hidden' });
    await this.waitForFormStatus(to);
  }

  /** The lines' count, and a work order line's link (by its number). */
  async lineCount(): Promise<number> {
    return Number(await this.page.getByTestId('ec-lines').getAttribute('data-count'));
  }

  async openLine(number: string) {
    await this.page.getByTestId('ec-line-open').filter({ hasText: number }).first().click();
  }
}
