import { describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.ts';
import { EngineerAppPage } from '../pages/engineer-app-pages.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// Issue 24 item 5: 我的工单 is another page of the build (mobile.html); the browser's Back from it
// must land on the portal's screen the user came from, not on the engineer page's "no such screen".
const suite = portalSuite();

describe('Back after 我的工单 (desktop menu)', () => {
  for (const user of ['admin', 'engineer1']) {
    it(`${user}: 我的工单 → Back → the service home`, async () => {
      const page = await signedInPage(suite, user, '/servicehome');
      const shell = new AppShell(page);
      await shell.greeting();
      const item = (await shell.sideMenu()).getByTestId('nav-myWorkOrders');
      if (!(await item.isVisible())) await page.getByText('服务管理', { exact: true }).first().click();
      await item.click();
      await new EngineerAppPage(page).waitForList();
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/servicehome');
      expect(await shell.greeting()).toMatch(/好/);
      expect(await page.getByTestId('engineer-no-screen').count()).toBe(0);
    });
  }
});
