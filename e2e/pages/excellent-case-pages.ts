import type { Page } from 'playwright-core';
import { ApprovalDocumentScreen } from './delay-pages.ts';
import { searchInLookup } from './parts-pages.ts';

/** /excellentcase/create and /excellentcase/caseview/{id}: an excellent repair case (approval document). */
export class ExcellentCasePage extends ApprovalDocumentScreen {
  constructor(page: Page) {
    super(page, 'new_srv_excellentcase', 'excase', '/excellentcase/caseview');
  }

  /** Fills a new case (the station's own station is preset) and saves it; lands on its screen. */
  async create(o: { title: string; productLine: string; symptom: string; cause: string; solution: string }) {
    await this.waitFor(this.entity);
    await this.fill('new_name', o.title);
    await this.field('new_productline_id').click();
    await searchInLookup(this.page, o.productLine);
    await this.fill('new_symptom', o.symptom);
    await this.fill('new_cause', o.cause);
    await this.fill('new_solution', o.solution);
    await this.saveNew();
  }

  /** The published notice of a published case, once shown. */
  async waitForPublished() {
    await this.scope().getByTestId('excase-published').waitFor();
  }
}
