import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';
import { openBrowser, type Browser } from '../support/browser.ts';
import type { RunningPortal } from '../support/portal-server.ts';
import { startTestPortal } from '../support/suite.ts';
import { waitForPath } from '../support/session.ts';

const SHOTS = resolve(import.meta.dirname, '../../test-results');
let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  portal = await startTestPortal();
  browser = await openBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('languages', () => {
  it('renders Chinese glyphs, not empty boxes', async () => {
    const { page } = browser;
    await page.goto(`${portal.standardUrl}/login`);
    await new LoginPage(page, portal).signInWithPassword('hq');
    await waitForPath(page, '/servicehome');
    await page.getByTestId('home-greeting').waitFor();
    await page.screenshot({ path: `${SHOTS}/servicehome-zh-CN.png`, fullPage: true });
    // Two different characters give two different pictures only when a CJK font draws them;
    // missing glyphs would both be the same empty box.
    const shot = async (ch: string) => {
      await page.evaluate((c) => {
        document.getElementById('glyph-probe')?.remove();
        const el = document.createElement('span');
        el.id = 'glyph-probe';
        el.textContent = c;
        el.style.cssText = 'position:fixed;left:10px;top:10px;font-size:64px;line-height:1;background:#fff;color:#000;z-index:99999';
        document.body.appendChild(el);
      }, ch);
      return page.locator('#glyph-probe').screenshot();
    };
    const [zao, wan] = [await shot('早'), await shot('晚')];
    expect(Buffer.compare(zao, wan)).not.toBe(0);
    await page.evaluate(() => document.getElementById('glyph-probe')?.remove());
    const header = await new AppShell(page).header().innerText();
    expect(header).toContain('华辰售后服务门户');
  });

  it('switches to English, with texts maintained in the database, and back', async () => {
    const { page } = browser;
    const shell = new AppShell(page);
    await shell.switchLanguage('en-US');
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await shell.header().getByText('Huachen After-sales Portal').waitFor();
    expect(await shell.greeting()).toMatch(/good (morning|afternoon|night)/i);
    expect(await (await shell.sideMenu()).innerText()).toContain('Parts Management');
    await page.screenshot({ path: `${SHOTS}/servicehome-en-US.png`, fullPage: true });
    // The choice survives a reload.
    await page.reload();
    await shell.header().getByText('Huachen After-sales Portal').waitFor();
    await shell.switchLanguage('zh-CN');
    await shell.header().getByText('华辰售后服务门户').waitFor();
    expect(await page.getByTestId('side-nav').innerText()).toContain('配件管理');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  });
});
