import { stockInType } from '@portal/model';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startReceiver } from '../../packages/server/src/integration/webhooks/test-receiver.ts';
import { AppShell } from '../pages/app-shell.ts';
import { AxePass, axeReport } from '../pages/axe-pass.ts';
import { OverflowPass, report } from '../pages/overflow.ts';
import { WebhooksPage } from '../pages/webhook-pages.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// Webhooks (issue 30): the administrator subscribes a receiver on 127.0.0.1 (allowed for this portal),
// a dealer confirms a stock-in, the portal's drainer delivers the event, the log shows it, and
// 重新投递 sends it again as a second attempt.
const suite = portalSuite({ WEBHOOK_DRAIN: '1', WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE: '127.0.0.1/32' });

/** A dealer's API calls (test-mode captcha read-back), to make the document event behind the screens. */
async function dealerPost(username: string) {
  const base = suite.portal.standardUrl;
  const cap = (await (await fetch(`${base}/api/captcha`)).json()) as { captchaId: string };
  const answer = (await suite.portal.api<{ Data: string }>(`/api/dev/captcha/${cap.captchaId}`)).Data;
  const body = new URLSearchParams({ grant_type: 'password', username, password: 'Demo@2026', captcha1: cap.captchaId, captcha2: answer });
  const tok = ((await (await fetch(`${base}/token`, { method: 'POST', body })).json()) as { access_token: string }).access_token;
  const post = async (path: string, json: object) => {
    const r = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { Data: { id: string } }).Data;
  };
  return post;
}

/** The dealer's warehouse and a product, read by the administrator's page. */
async function dealerIds(page: Page) {
  const get = pageApi(page);
  const q = (f: string) => encodeURIComponent(f);
  const { value: w } = await get<{ value: { new_srv_warehouseid: string }[] }>(
    `/api/crmdata/Retrieve/new_srv_warehouses?$select=new_srv_warehouseid&$filter=${q("new_code eq 'WH-DL-GZ001'")}`,
  );
  const { value: pr } = await get<{ value: { productid: string }[] }>(
    `/api/crmdata/Retrieve/products?$select=productid&$filter=${q("productnumber eq 'HC-LF-200'")}`,
  );
  return { warehouse: w[0].new_srv_warehouseid, product: pr[0].productid };
}

describe('webhooks', () => {
  it('admin subscribes a URL; a confirmed stock-in is delivered and logged; 重新投递 adds an attempt', async () => {
    const receiver = await startReceiver();
    try {
      const page = await signedInPage(suite, 'admin', '/system/webhooks');
      const screen = new WebhooksPage(page);
      await screen.waitFor();
      const secret = await screen.subscribe('ERP 入库回传', receiver.url('/erp'), ['入库单：确认']);
      expect(secret).toMatch(/^whsec_/);

      const post = await dealerPost('dealer1');
      const ids = await dealerIds(page);
      const { id } = await post('/api/crmdata/create/new_stockins', {
        new_warehouse_id: ids.warehouse,
        new_intype: stockInType.purchase,
        new_source: 'e2e',
      });
      await post('/api/crmdata/create/new_stockindetails', { new_stockin_id: id, new_product_id: ids.product, new_qty: 1 });
      await post(`/api/documents/new_stockins/${id}/confirm`, {});

      await screen.openLog();
      const first = await screen.delivery('new_stockin.confirm', 'delivered', 1);
      expect(await first.row.innerText()).toContain('ERP 入库回传');
      expect(first.attempts.join(' ')).toContain('200');
      expect(receiver.got.filter((g) => g.path === '/erp').length).toBe(1);

      await first.row.getByRole('button', { name: '重新投递' }).click();
      const again = await screen.delivery('new_stockin.confirm', 'delivered', 2);
      expect(again.attempts.length).toBe(2);
      // Both tabs pass axe (serious and critical WCAG A/AA), the log with a row open.
      const axe = new AxePass(page);
      const onLog = await axe.violations('/system/webhooks 投递日志', 'content');
      await page.getByTestId('webhook-tab-subscriptions').click();
      await page.getByTestId('webhook-sub-ERP 入库回传').waitFor();
      const onSubs = await axe.violations('/system/webhooks 订阅', 'content');
      expect(axeReport([...onLog, ...onSubs])).toBe('');
      // In English at a laptop's width nothing is cut off, the log's tab included.
      await new AppShell(page).switchLanguage('en-US');
      await page.waitForFunction(() => document.documentElement.lang === 'en-US');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('webhook-sub-ERP 入库回传').waitFor();
      const fit = new OverflowPass(page);
      const cut = await fit.overflows('/system/webhooks');
      await page.getByTestId('webhook-tab-deliveries').click();
      await page.locator('[data-testid="webhook-delivery-new_stockin.confirm"]').first().waitFor();
      cut.push(...(await fit.overflows('/system/webhooks delivery log')));
      expect(cut, report(cut)).toEqual([]);
      const got = receiver.got.filter((g) => g.path === '/erp');
      expect(got.length).toBe(2);
      expect(got[1].headers['x-portal-event-id']).toBe(got[0].headers['x-portal-event-id']);
    } finally {
      await receiver.close();
    }
  });
});
