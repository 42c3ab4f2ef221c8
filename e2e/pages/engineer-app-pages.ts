import type { Page } from 'playwright-core';
import type { RunningPortal } from '../support/portal-server.ts';
import { chooseOption, typeDate } from './work-order-pages.ts';

/** The engineer app's screens (我的工单 /mobile/workorders and one order), on a phone. */
export class EngineerAppPage {
  constructor(readonly page: Page) {}

  /** The engineer app's page (mobile.html): its main area. */
  panel() {
    return this.page.locator('[data-testid="engineer-main"]');
  }

  /** 我的工单 has read its orders (from the server, or from the phone with `source: 'cache'`). */
  async waitForList(source?: 'server' | 'cache') {
    await this.panel()
      .locator(`[data-testid="engineer-orders"]${source ? `[data-source="${source}"]` : ''}`)
      .waitFor();
  }

  card(id: string) {
    return this.panel().locator(`[data-testid="engineer-order-card"][data-id="${id}"]`);
  }

  async cardIds(): Promise<string[]> {
    return this.panel()
      .locator('[data-testid="engineer-order-card"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
  }

  async openOrder(id: string) {
    await this.card(id).locator('[data-testid="engineer-order-number"]').click();
    await this.waitForOrder(id);
  }

  async waitForOrder(id: string, status?: number) {
    await this.panel()
      .locator(
        `[data-testid="engineer-order"][data-id="${id}"]${status ? `[data-status="${status}"]` : ''} [data-testid="engineer-order-number"]`,
      )
      .waitFor();
  }

  order() {
    return this.panel().locator('[data-testid="engineer-order"]');
  }

  /** The status tags of the open order, as read. */
  async statusTags(): Promise<string[]> {
    return this.order().locator('[data-testid="engineer-order-status"], [data-testid="engineer-order-dealstatus"]').allInnerTexts();
  }

  async waitForStatus(status: number) {
    await this.panel().locator(`[data-testid="engineer-order"][data-status="${status}"]`).waitFor();
  }

  async back() {
    await this.panel().getByTestId('engineer-back').click();
    await this.waitForList();
  }

  /** Records the next step (响应 / 出发 / 到达) and waits for the order to move on. */
  async recordStep(step: 'response' | 'departure' | 'arrival') {
    const status = { response: 3, departure: 4, arrival: 5 }[step];
    await this.panel().locator(`[data-testid="engineer-step"][data-step="${step}"]`).waitFor();
    await this.panel().getByTestId(`engineer-step-${step}`).click();
    await this.waitForStatus(status);
  }

  /** Takes photos (the camera input) and waits until the order counts `total` and all are queued. */
  async takePhotos(files: { name: string; mimeType: string; buffer: Buffer }[], total: number) {
    await this.panel().getByTestId('engineer-photo-input').setInputFiles(files);
    await this.panel().locator(`[data-testid="engineer-photos"][data-count="${total}"][data-busy="false"]`).waitFor();
  }

  async complete(serviceResult: string) {
    await this.panel().getByTestId('engineer-service-result').fill(serviceResult);
    await this.panel().getByTestId('engineer-complete-submit').click();
    await this.page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await this.waitForStatus(7);
  }

  /** The bar's message bell, once its unread count reads `n`. */
  async waitForMessageCount(n: number) {
    await this.page
      .locator(`[data-testid="engineer-messages"] [data-testid="message-unread-count"][data-count="${n}"]`)
      .waitFor({ state: 'attached' });
  }

  /** Picks a language in the bar's switch and waits for the bar's title in it. */
  async chooseLanguage(code: 'zh-CN' | 'en-US', title: string) {
    await this.page.getByTestId('engineer-lang').selectOption(code);
    await this.page.locator('.eapp-bar-title', { hasText: title }).waitFor();
  }

  /** The open order's appointment as shown ("2026-11-26 09:00–11:00" or 未预约). */
  async appointmentText(): Promise<string> {
    return this.order().getByTestId('engineer-appointment-text').innerText();
  }

  /** 改约 on the open order: day, slots, the change reason and a note; waits until it shows. */
  async changeAppointment(v: { date: string; begin: string; end: string; reason: string; memo: string }) {
    await this.order().getByTestId('engineer-appointment-edit').click();
    const form = this.order().getByTestId('engineer-appointment-form');
    await form.waitFor();
    await typeDate(this.page, 'engineer-appt-date', v.date);
    await chooseOption(this.page, form.getByTestId('engineer-appt-begin'), v.begin);
    await chooseOption(this.page, form.getByTestId('engineer-appt-end'), v.end);
    await chooseOption(this.page, form.getByTestId('engineer-appt-reason'), v.reason);
    await form.getByTestId('engineer-appt-memo').fill(v.memo);
    await form.getByTestId('engineer-appt-save').click();
    await form.waitFor({ state: 'detached' });
    await this.order()
      .getByTestId('engineer-appointment-text')
      .filter({ hasText: `${v.date} ${v.begin}–${v.end}` })
      .waitFor();
  }

  /** Opens the part picker and reads its options once the search answered: part number, stock figure and text. */
  async partOptions(): Promise<{ number: string; available: string; text: string }[]> {
    await this.order().getByTestId('engineer-part-select').click();
    const options = this.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [data-testid="engineer-part-option"]');
    await options.first().waitFor();
    const read = await options.evaluateAll((els) =>
      els.map((e) => ({
        number: e.getAttribute('data-number') ?? '',
        available: e.getAttribute('data-available') ?? '',
        text: (e.textContent ?? '').trim(),
      })),
    );
    await this.page.keyboard.press('Escape');
    return read;
  }

  /** 待同步 n in the sync bar, once it shows `n`. */
  async waitForPending(n: number) {
    await this.panel().locator(`[data-testid="engineer-pending-count"][data-count="${n}"]`).waitFor();
  }

  async sync() {
    await this.panel().getByTestId('engineer-sync').click();
  }

  /** The refused actions (未能同步) shown: order id and the server's message. */
  async refused(): Promise<{ order: string; message: string }[]> {
    const items = this.panel().locator('[data-testid="engineer-refused-item"]');
    await items.first().waitFor();
    return items.evaluateAll((els) =>
      els.map((e) => ({
        order: e.getAttribute('data-order') ?? '',
        message: e.querySelector('[data-testid="engineer-refused-message"]')?.textContent ?? '',
      })),
    );
  }

  /** The phone's queue (IndexedDB), as the app keeps it. */
  async queue(): Promise<{ seq: number; orderId: string; kind: string; step?: string; at: string; key: string; state: string }[]> {
    return this.page.evaluate(() => readStore('queue'));
  }

  /**
   * Puts the actions the server already accepted (the sent log) of `orderId` back into the queue,
   * as a phone that lost the answers would send them again.
   */
  async requeueSent(orderId: string): Promise<number> {
    return this.page.evaluate(async (id) => {
      const sent = (await readStore('sent')).filter((i) => i.orderId === id);
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open('portal-engineer-app');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      await new Promise<void>((res, rej) => {
        const t = db.transaction('queue', 'readwrite');
        for (const i of sent) t.objectStore('queue').put({ ...i, sentAt: undefined, state: 'pending' });
        t.oncomplete = () => res();
        t.onerror = () => rej(t.error);
      });
      db.close();
      return sent.length;
    }, orderId);
  }

  /** Installs `readStore(name)` in the page (IndexedDB read of a whole store). */
  async install() {
    await this.page.addInitScript({
      content: `window.readStore = (name) => new Promise((res, rej) => {
        const r = indexedDB.open('portal-engineer-app');
        r.onsuccess = () => { const db = r.result; const q = db.transaction(name).objectStore(name).getAll(); q.onsuccess = () => { db.close(); res(q.result); }; q.onerror = () => rej(q.error); };
        r.onerror = () => rej(r.error);
      });`,
    });
  }
}

declare global {
  function readStore(
    name: string,
  ): Promise<{ seq: number; orderId: string; kind: string; step?: string; at: string; key: string; state: string; sentAt?: string }[]>;
}

/** JPEG pictures drawn by the page's canvas (as a phone camera would hand them over), `width`×`height`. */
export async function cameraPhotos(
  page: Page,
  n: number,
  width = 2400,
  height = 1800,
): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const urls = await page.evaluate(
    ([count, w, h]) =>
      Array.from({ length: count }, (_, i) => {
        const c = document.createElement('canvas');
        c.width = w;
        c.height = h;
        const g = c.getContext('2d')!;
        g.fillStyle = ['#3a7', '#a73'][i % 2];
        g.fillRect(0, 0, w, h);
        g.fillStyle = '#fff';
        g.font = '200px sans-serif';
        g.fillText(`现场 ${i + 1}`, 100, 400);
        return c.toDataURL('image/jpeg', 0.9);
      }),
    [n, width, height] as const,
  );
  return urls.map((u, i) => ({ name: `IMG_2026112${i}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(u.split(',')[1], 'base64') }));
}

/** The API as `username` (test-mode captcha read-back), any method: the station's side of the story. */
export async function apiSession(portal: RunningPortal, username: string) {
  const cap = (await (await fetch(`${portal.storeUrl}/api/captcha`, { headers: { host: 'localhost' } })).json()) as { captchaId: string };
  const answer = (await portal.api<{ Data: string }>(`/api/dev/captcha/${cap.captchaId}`)).Data;
  const body = new URLSearchParams({ grant_type: 'password', username, password: 'Demo@2026', captcha1: cap.captchaId, captcha2: answer });
  const tok = (await (
    await fetch(`${portal.standardUrl}/token`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  ).json()) as { access_token: string };
  return async <T = unknown>(
    path: string,
    method: 'GET' | 'POST' = 'GET',
    json?: unknown,
  ): Promise<{ status: number; Data: T; Message: string }> => {
    const r = await fetch(`${portal.standardUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${tok.access_token}`,
        'accept-language': 'zh-CN',
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: json ? JSON.stringify(json) : undefined,
    });
    const env = (await r.json()) as { Data: T; Message: string };
    return { status: r.status, Data: env.Data, Message: env.Message };
  };
}
