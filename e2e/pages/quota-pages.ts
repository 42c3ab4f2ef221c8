import { EntityFormPage } from './entity-form-page.ts';
import { EntityListPage } from './entity-list-page.ts';
import { searchInLookup, submitThroughFlow } from './parts-pages.ts';

/** A money value as the screens show it (¥1,234.00, or 1234.00 in an input) as a number. */
export const amountOf = (text: string): number => Number(text.replace(/[^\d.-]/g, ''));

/** Yuan as the lists show it: ¥1,234.00. */
export const yuan = (n: number): string =>
  `${n < 0 ? '-' : ''}¥${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** /stationAmount/edit?id=: a station's quota fields. */
export class StationQuotaPage extends EntityFormPage {
  async open(base: string, stationId: string) {
    await this.page.goto(`${base}/stationAmount/edit?id=${encodeURIComponent(stationId)}`);
    await this.waitFor('new_srv_station');
  }

  /** The current quota (the ledger's balance) the screen shows. */
  async current(): Promise<number> {
    return amountOf(await this.text('new_currentamount'));
  }
}

/** /amountAdjust/create and /amountAdjust/edit/{id}: a quota adjustment and its approval. */
export class AmountAdjustmentPage extends EntityFormPage {
  idFromUrl(): string {
    return this.idAfter('/amountAdjust/edit');
  }

  /** Fills a new adjustment (station by name, 增加/减少, amount, reason), saves, lands on its screen. */
  async create(o: { station: string; type: '增加' | '减少'; amount: number; reason: string }) {
    await this.waitFor('new_srv_amountadjustment');
    await this.field('new_station_id').click();
    await searchInLookup(this.page, o.station);
    await this.choose('new_amounttype', o.type);
    await this.fill('new_amount', String(o.amount));
    await this.fill('new_reason', o.reason);
    await this.save();
    await this.page.waitForURL((u) => u.pathname.startsWith('/amountAdjust/edit/'));
    await this.waitForDocument();
  }

  async waitForDocument() {
    await this.waitFor('new_srv_amountadjustment');
    await this.page.getByTestId('amountadjust-status').waitFor();
  }

  async number(): Promise<string> {
    return this.text('new_name');
  }

  async waitForApproval(status: number) {
    await this.page.locator(`[data-testid="amountadjust-status"][data-status="${status}"]`).waitFor();
  }

  /** Submits through the first flow with each step's pre-chosen approver; returns them in step order. */
  submitForApproval(): Promise<string[]> {
    return submitThroughFlow(this.page, 'amountadjust-submit');
  }
}

/** /amountChangeLog/list: the quota moves, searched by document number. */
export class QuotaChangeLogPage extends EntityListPage {
  async open(base: string) {
    await this.page.goto(`${base}/amountChangeLog/list`);
    await this.waitFor('new_srv_amountchangelog');
  }

  /** The moves of one document (its number), as the grid shows them. */
  async movesOf(documentNumber: string): Promise<string[]> {
    await this.search(documentNumber);
    await this.rows().filter({ hasText: documentNumber }).first().waitFor();
    return (await this.rowTexts()).filter((r) => r.includes(documentNumber));
  }
}
