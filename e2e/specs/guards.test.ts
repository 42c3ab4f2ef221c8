import { describe, expect, it } from 'vitest';
import { LoginPage } from '../pages/login-page.ts';
import { portalSuite } from '../support/suite.ts';
import { pathOf, searchOf, waitForPath } from '../support/session.ts';

// The store portal is served on 127.0.0.1 (STORE_HOSTS), the standard portal on localhost.
const suite = portalSuite();

describe('route guards on the store portal', () => {
  it('sends the root and /login to /login1, and an anonymous deep link there with a redirect', async () => {
    const page = await suite.open();
    const { portal } = suite;
    await page.goto(`${portal.storeUrl}/`);
    await waitForPath(page, '/login1');
    await page.goto(`${portal.storeUrl}/login`);
    await waitForPath(page, '/login1');
    await page.goto(`${portal.storeUrl}/about`);
    await waitForPath(page, '/login1');
    expect(new URLSearchParams(searchOf(page)).get('redirect')).toBe('/about');
    await new LoginPage(page, portal).signInWithPassword('store1');
    await waitForPath(page, '/about');
    await page.getByTestId('page-about').getByText('周婷').first().waitFor();
    // Signed in, home and login lead to home1.
    await page.goto(`${portal.storeUrl}/login`);
    await waitForPath(page, '/home1');
    await page.getByTestId('page-home1').waitFor();
    // The root path clears all stored data: back to sign-in.
    await page.goto(`${portal.storeUrl}/`);
    await waitForPath(page, '/login1');
  });
});

describe('route guards on the standard portal', () => {
  it('turns the store entry pages into the home page', async () => {
    const page = await suite.open();
    const { portal } = suite;
    await page.goto(`${portal.standardUrl}/login1`);
    await waitForPath(page, '/');
    await page.getByTestId('page-home').waitFor();
    await page.goto(`${portal.standardUrl}/home1`);
    await waitForPath(page, '/');
  });

  it('brings an anonymous deep link to the home sign-in and back after sign-in', async () => {
    const page = await suite.open();
    const { portal } = suite;
    await page.goto(`${portal.standardUrl}/about`);
    await waitForPath(page, '/');
    await new LoginPage(page, portal).signInWithPassword('station2');
    await waitForPath(page, '/about');
    await page.getByTestId('page-about').getByText('刘洋').first().waitFor();
  });

  it('answers unknown paths with 404 and missing permissions with 401', async () => {
    const page = await suite.open();
    const { portal } = suite;
    await page.goto(`${portal.standardUrl}/no/such/page`);
    await waitForPath(page, '/404');
    await page.getByTestId('page-404').waitFor();
    await page.goto(`${portal.standardUrl}/login`);
    await new LoginPage(page, portal).signInWithPassword('engineer1');
    await waitForPath(page, '/servicehome');
    // Map assignment needs the dispatch privilege, which an engineer does not hold.
    await page.goto(`${portal.standardUrl}/rootapp/crm__newmapassign`);
    await waitForPath(page, '/401');
    await page.getByTestId('page-401').waitFor();
    expect(pathOf(page)).toBe('/401');
  });
});
