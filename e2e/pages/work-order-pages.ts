import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { EntityFormPage } from './entity-form-page.ts';

/** A small solid-colour PNG made here (signature, IHDR, one IDAT, IEND), as a phone photo stands in. */
export function makePng(width = 8, height = 8, rgb: [number, number, number] = [30, 120, 200]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Picks an option of an antd Select found by its hook, by the option's label. The dropdown is the
 * one this select's input controls (not another select's, still fading out); a searchable select
 * gets the label typed so the option is the only one left; a virtual list is scrolled (bounded)
 * until the option is rendered. Done when the select shows the label and its dropdown is closed:
 * a click that lands while the dropdown is still moving in can leave it open or unchosen, so a
 * second try (bounded) opens it again.
 */
export async function chooseOption(page: Page, select: Locator, optionLabel: string, search = false) {
  const exact = new RegExp(`^${optionLabel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  // The hook may sit on the select's root or on its input.
  const input = select
    .locator('input[aria-controls]')
    .or(select.and(page.locator('input[aria-controls]')))
    .first();
  // (The input names its list only while the list is open, so the root is found from the hook.)
  const root = select
    .and(page.locator('.ant-select'))
    .or(select.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]'))
    .first();
  // antd 6 shows the chosen label in the select's content box (marked "has value").
  const shown = root.locator('.ant-select-content-has-value').filter({ hasText: exact });
  for (let attempt = 1; ; attempt++) {
    await select.click();
    await input.waitFor({ state: 'attached' });
    const listId = await input.getAttribute('aria-controls');
    const dropdown = page.locator(`.ant-select-dropdown:has([id="${listId}"])`);
    await dropdown.waitFor({ state: 'visible' });
    if (search) await input.fill(optionLabel);
    const option = dropdown.locator('.ant-select-item-option').filter({ hasText: exact }).first();
    const holder = dropdown.locator('.rc-virtual-list-holder');
    for (let i = 0; i < 60 && !(await option.count()) && (await holder.count()); i++) await holder.evaluate((el) => el.scrollBy(0, 96));
    await option.click();
    const chosen = await shown.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    // Closes on its own after a choice (a short fade); one left open is closed by a click on the
    // select, which toggles it (Escape could close the dialog around it).
    if (
      !(await dropdown.waitFor({ state: 'hidden', timeout: 5_000 }).then(
        () => true,
        () => false,
      ))
    )
      await root.click();
    await dropdown.waitFor({ state: 'hidden' });
    if (chosen || attempt === 2) break;
  }
  await shown.waitFor();
}

/** Types a date (and time) into an antd picker and confirms it. */
export async function typeDate(page: Page, testId: string, text: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

/** Picks a row of the open lookup dialog (the first, or the one showing `text`) and confirms. */
export async function pickInLookup(page: Page, text?: string) {
  const dialog = page.getByTestId('lookup-dialog');
  await dialog.waitFor();
  const rows = dialog.getByTestId('lookup-row');
  await rows.first().waitFor();
  const row = text ? rows.filter({ hasText: text }).first() : rows.first();
  const picked = (await row.innerText()).replace(/\s+/g, ' ').trim();
  await row.click();
  await dialog.getByTestId('lookup-ok').click();
  await dialog.waitFor({ state: 'hidden' });
  return picked;
}

export interface NewOrder {
  customer: string;
  contact: string;
  phone: string;
  province: string;
  city: string;
  county: string;
  address: string;
  type: string;
  warranty: string;
  fault: string;
}

/** /workOrder/create and /workOrder/edit/{id}: header, actions, dialogs, detail tabs. */
export class WorkOrderPage extends EntityFormPage {
  constructor(page: Page) {
    super(page);
  }

  async waitForOrder() {
    await this.waitFor('new_srv_workorder');
    await this.page.getByTestId('wo-status').waitFor();
  }

  idFromUrl(): string {
    return this.idAfter('/workOrder/edit');
  }

  async status(): Promise<number> {
    return Number(await this.page.getByTestId('wo-status').getAttribute('data-status'));
  }
  async dealStatus(): Promise<number> {
    return Number(await this.page.getByTestId('wo-dealstatus').getAttribute('data-status'));
  }
  async waitForStatus(status: number) {
    await this.page.locator(`[data-testid="wo-status"][data-status="${status}"]`).waitFor();
  }
  async number(): Promise<string> {
    return (await this.page.getByTestId('wo-header').getAttribute('data-number')) ?? '';
  }

  /** Fills the create form: customer, the address picker, service type, warranty, a product and the fault. */
  async fillNew(o: NewOrder) {
    await this.fill('new_customer', o.customer);
    await this.fill('new_contact', o.contact);
    await this.fill('new_phone', o.phone);
    const picker = (part: string) => this.page.getByTestId(`field-new_province-${part}`);
    await chooseOption(this.page, picker('province'), o.province, true);
    await chooseOption(this.page, picker('city'), o.city, true);
    await chooseOption(this.page, picker('county'), o.county, true);
    await picker('detail').fill(o.address);
    await this.choose('new_type', o.type);
    await this.choose('new_warranty', o.warranty);
    await this.field('new_product_id').click();
    const product = await pickInLookup(this.page);
    // The product brings its product line and model (demo products all have a line).
    await this.page.locator('[data-testid="field-new_productline_id"]:not([data-value=""])').waitFor();
    const productLine = (await this.field('new_productline_id').innerText()).trim();
    const model = await this.field('new_model').inputValue();
    await this.fill('new_faultdesc', o.fault);
    return { product, productLine, model };
  }

  /** The form's section keys, in order (a new order shows fewer than an existing one). */
  async sectionKeys(): Promise<string[]> {
    const ids = await this.page
      .locator('[data-testid^="form-section-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.slice('form-section-'.length));
  }

  /** Whether an action is offered (as a button or in the header's 更多 menu). */
  async hasAction(key: string): Promise<boolean> {
    if (await this.page.getByTestId(`wo-action-${key}`).count()) return true;
    const more = this.page.locator('.detail-header-extra button').filter({ hasText: '更多' });
    if (!(await more.count())) return false;
    await more.click();
    const item = this.page.locator(`[data-testid="wo-action-${key}"]:visible`);
    const found =
      (await item.count()) > 0 ||
      (await item
        .waitFor({ timeout: 1000 })
        .then(() => true)
        .catch(() => false));
    await this.page.keyboard.press('Escape');
    await item.waitFor({ state: 'hidden' }).catch(() => undefined);
    return found;
  }

  /** Opens an action's dialog, from a header button or the 更多 menu. */
  async openAction(key: string) {
    const button = this.page.getByTestId(`wo-action-${key}`);
    if (await button.isVisible().catch(() => false)) await button.click();
    else {
      await this.page.locator('.detail-header-extra button').filter({ hasText: '更多' }).click();
      await this.page.locator(`[data-testid="wo-action-${key}"]:visible`).click();
    }
    await this.page.getByTestId(`wo-${key}-dialog`).waitFor();
  }

  /** Confirms a dialog and waits for it to close (the order is reloaded after a command). */
  async confirm(dialog: string) {
    await this.page.getByTestId(`${dialog}-ok`).click();
    await this.page.getByTestId(dialog).waitFor({ state: 'hidden' });
  }

  async dialogError(dialog: string): Promise<string> {
    const el = this.page.getByTestId(`${dialog}-error`);
    await el.waitFor();
    return (await el.innerText()).trim();
  }

  async dispatchTo(workerName?: string) {
    await this.openAction('dispatch');
    await this.page.getByTestId('wo-dispatch-worker').click();
    const picked = await pickInLookup(this.page, workerName);
    await this.confirm('wo-dispatch-dialog');
    return picked;
  }

  async book(date: string, begin: string, end: string) {
    await this.openAction('appointment');
    await typeDate(this.page, 'wo-appt-date', date);
    await chooseOption(this.page, this.page.getByTestId('wo-appt-begin'), begin, true);
    await chooseOption(this.page, this.page.getByTestId('wo-appt-end'), end, true);
    await this.confirm('wo-appointment-dialog');
  }

  /** Records the next progress step (time: now); returns the step the dialog offered. */
  async recordStep(address?: string): Promise<string> {
    await this.openAction('progress');
    const step = (await this.page.getByTestId('wo-progress-step').getAttribute('data-step')) ?? '';
    if (address) await this.page.getByTestId('wo-progress-address').fill(address);
    await this.confirm('wo-progress-dialog');
    return step;
  }

  async uploadPhoto(name: string, png: Buffer) {
    await this.openAttachments();
    const before = await this.page.getByTestId('attachment-row').count();
    await this.page.getByTestId('attachment-upload').setInputFiles({ name, mimeType: 'image/png', buffer: png });
    await this.page.locator(`[data-testid="attachment-row"][data-filename="${name}"]`).waitFor();
    return before + 1;
  }

  async openTab(key: string) {
    await this.page.getByTestId(`wo-tab-${key}`).click();
  }

  /** The history tab's rows (工单记录), each marked with its action's value. */
  async openHistory() {
    await this.openTab('log');
    await this.page.getByTestId('wo-log').waitFor();
    return this.page.getByTestId('wo-log-row');
  }

  /** The order was refused: the form shows the not-found / no-access text and no order. */
  async waitForNoAccess() {
    await this.page.getByTestId('entity-form').waitFor();
    await this.page.getByText('记录不存在或您无权查看').waitFor();
  }

  /** Adds a line on a detail tab through its dialog; `fill` enters the values. */
  async addLine(kind: string, fill: (dialog: Locator) => Promise<void>) {
    await this.openTab(kind);
    const table = this.page.getByTestId(`wo-lines-${kind}`);
    const before = Number(await table.getAttribute('data-count'));
    await this.page.getByTestId(`wo-line-add-${kind}`).click();
    const dialog = this.page.getByTestId('wo-line-dialog');
    await dialog.waitFor();
    await fill(dialog);
    await this.confirm('wo-line-dialog');
    await this.page.locator(`[data-testid="wo-lines-${kind}"][data-count="${before + 1}"]`).waitFor();
  }

  /** A money or number field's shown value as a number (grouping and ¥ removed). */
  async amount(field: string): Promise<number> {
    const el = this.field(field);
    const input = (await el.evaluate((e) => e.tagName === 'INPUT')) ? el : el.locator('input').first();
    return Number((await input.inputValue()).replace(/[^\d.-]/g, ''));
  }
}

/** POSTs a work-order command with the page's own session; the status and the envelope as answered. */
export async function postAsPage(
  page: Page,
  path: string,
  body: unknown,
): Promise<{ status: number; body: { ErrorCode: number; Message: string; Data: unknown } }> {
  return page.evaluate(
    async ([p, b]) => {
      const auth = JSON.parse(localStorage.getItem('portal.auth') ?? '{}') as { accessToken?: string };
      const r = await fetch(p as string, {
        method: 'POST',
        headers: { authorization: `Bearer ${auth.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(b),
      });
      return { status: r.status, body: await r.json() };
    },
    [path, body] as const,
  );
}
