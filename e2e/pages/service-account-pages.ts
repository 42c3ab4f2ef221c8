import type { Page } from 'playwright-core';
import { EntityListPage } from './entity-list-page.ts';

export interface NewServiceAccount {
  name: string;
  /** Role names as the dialog lists them. */
  roles: string[];
  /** Business unit names as the dialog lists them. */
  units: string[];
}

/** /systemparameter/serviceaccount: the list, the create dialog and the secret shown once. */
export class ServiceAccountsPage {
  readonly list: EntityListPage;
  constructor(readonly page: Page) {
    this.list = new EntityListPage(page);
  }

  async waitFor() {
    await this.page.getByTestId('page-service-accounts').waitFor();
    await this.list.settled();
  }

  /** Picks options of a multiple select by typing each name and clicking it in the open list. */
  private async pick(testId: string, labels: string[]) {
    const select = this.page.getByTestId(testId);
    for (const label of labels) {
      await select.click();
      await select.locator('input').first().fill(label);
      await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
    }
    await this.page.keyboard.press('Escape');
  }

  /** Fills and sends the create dialog; answers the client id and secret from the dialog that shows them once. */
  async create(a: NewServiceAccount): Promise<{ clientId: string; clientSecret: string }> {
    const p = this.page;
    await p.getByTestId('sa-new').click();
    await p.getByTestId('sa-form').waitFor();
    await p.getByTestId('sa-name').fill(a.name);
    await this.pick('sa-roles', a.roles);
    await this.pick('sa-units', a.units);
    await p.getByTestId('sa-save').click();
    const secret = p.getByTestId('sa-client-secret');
    await secret.waitFor();
    return { clientId: (await p.getByTestId('sa-client-id').innerText()).trim(), clientSecret: (await secret.innerText()).trim() };
  }

  /** Closes the secret dialog ("我已保存"). */
  async acknowledge() {
    await this.page.getByTestId('sa-secret-done').click();
    await this.page.getByTestId('sa-client-secret').waitFor({ state: 'detached' });
  }

  /** Disables the account on the row showing `name`, confirming the question; waits for the row to offer 启用. */
  async disable(name: string) {
    const row = () => this.list.rows().filter({ hasText: name }).first();
    // 查看 and 修改 are shown; the rest of the row's commands are under 更多.
    await row().getByRole('button', { name: /更多/ }).click();
    await this.page.locator('.ant-dropdown:visible').getByTestId('sa-disable').click();
    await this.page.getByTestId('sa-disable-ok').click();
    await row().getByRole('button', { name: /更多/ }).click();
    await this.page.locator('.ant-dropdown:visible').getByTestId('sa-enable').waitFor();
    await this.page.keyboard.press('Escape');
  }

  /** Whether the text is anywhere on the page. */
  async shows(text: string): Promise<boolean> {
    return (await this.page.getByText(text, { exact: true }).count()) > 0;
  }
}
