import { describe, expect, it } from 'vitest';
import { LoginPage } from '../pages/login-page.ts';
import { StaffCreatePage } from '../pages/user-centre-pages.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';
import { waitForPath } from '../support/session.ts';

// The dealer's user centre (issue 27): staff accounts made by a dealer sign in on the portal their
// kind says. The store portal is served on 127.0.0.1 (STORE_HOSTS), the standard portal on localhost.
const suite = portalSuite();

describe('user centre staff', () => {
  it('dealer1 creates a store-portal staff user: the password is shown once, the user signs in on the store portal and not on the standard one', async () => {
    const page = await signedInPage(suite, 'dealer1', '/usercenter/usercreate');
    const form = new StaffCreatePage(page);
    await form.waitForForm();
    const made = await form.create({ fullname: '唐思远', mobile: '13600136088', unit: '深圳南山华辰体验店', title: '店员', portal: 2 });
    expect(made.userName).toBe('13600136088');
    expect(made.password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{14}$/);
    await form.acknowledge();
    expect(await form.state()).toBe('启用');
    expect(await form.passwordShown(made.password)).toBe(false);

    const store = await suite.open();
    await store.goto(`${suite.portal.storeUrl}/login1`);
    await new LoginPage(store, suite.portal).signInWithPassword(made.userName, made.password);
    await waitForPath(store, '/home1');
    await store.getByTestId('page-home1').waitFor();

    const standard = await suite.open();
    await standard.goto(`${suite.portal.standardUrl}/login`);
    const login = new LoginPage(standard, suite.portal);
    await login.signInWithPassword(made.userName, made.password);
    expect(await login.errorText()).toContain('您无权登录门户网站');
  });
});
