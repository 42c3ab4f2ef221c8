import { EntityFormPage, visiblePanel } from './entity-form-page.ts';
import { pickInLookup } from './work-order-pages.ts';
import { openTab } from './app-shell.ts';

/**
 * /contract/create and /contract/edit/{id}: a maintenance contract, its lines (the line entity's
 * generic list in the 合同明细 tab), 生效 and 终止合同. Looked up in the shown tab's panel (the
 * list and the line screens stay mounted in their own tabs).
 */
export class ContractPage extends EntityFormPage {
  override scope() {
    return visiblePanel(this.page);
  }

  idFromUrl(): string {
    return this.idAfter('/contract/edit');
  }

  /** A saved contract is shown with its status tag. */
  async waitForContract() {
    await this.waitFor('new_srv_contract');
    await this.scope().getByTestId('ct-state').waitFor();
  }
  async number(): Promise<string> {
    return (await this.scope().getByTestId('ct-header').getAttribute('data-number')) ?? '';
  }
  /** The status as the tag says it (草稿, 生效中, 已到期, 已终止). */
  async statusLabel(): Promise<string> {
    return (await this.scope().getByTestId('ct-state').innerText()).trim();
  }
  async waitForStatus(status: number) {
    await this.scope().locator(`[data-testid="ct-state"][data-state="${status}"]`).waitFor();
  }

  /** Fills a new contract's header and saves it; lands on the saved contract. */
  async create(o: { customer: string; phone: string; level: string; start: string; end: string; amount: string }) {
    await this.waitFor('new_srv_contract');
    await this.fill('new_customername', o.customer);
    await this.fill('new_phone', o.phone);
    await this.choose('new_contracttype', o.level);
    await this.date('new_startdate', o.start);
    await this.date('new_enddate', o.end);
    await this.fill('new_amount', o.amount);
    await this.save();
    await this.page.waitForURL((u) => /^\/contract\/edit\/[^/]+$/.test(u.pathname));
    await this.waitForContract();
  }

  async openLines() {
    await openTab(this.scope().getByTestId('ct-tab-lines'));
    await this.scope().locator('[data-testid="entity-list"][data-entity="new_srv_contractline"]').waitFor();
  }

  /** 新建 in the lines tab, a product (the first offered) and a serial number, saved: back on the contract with the line listed. */
  async addLine(serial: string) {
    await this.openLines();
    await this.scope().getByTestId('list-new').click();
    await this.page.waitForURL((u) => u.pathname.startsWith('/contractline/create/'));
    const line = new EntityFormPage(this.page);
    line.scope = () => visiblePanel(this.page);
    await line.waitFor('new_srv_contractline');
    await line.field('new_product_id').click();
    await pickInLookup(this.page);
    await line.fill('new_serialnumber', serial);
    await line.save();
    await this.page.waitForURL((u) => /^\/contract\/edit\/[^/]+$/.test(u.pathname));
    await this.scope().getByTestId('list-row').filter({ hasText: serial }).waitFor();
  }

  /** 生效, confirmed: the contract reads 生效中. */
  async activate() {
    await this.scope().getByTestId('ct-activate').click();
    await this.page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await this.waitForStatus(2);
  }
}
