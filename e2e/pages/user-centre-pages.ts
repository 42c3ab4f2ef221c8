import type { Page } from 'playwright-core';

export interface NewStaff {
  fullname: string;
  mobile: string;
  /** Text of the store or dealer as the unit list shows it (its name). */
  unit: string;
  title?: string;
  /** Role codes to tick besides the form's default (R07-STORE). */
  roles?: string[];
  /** 1 standard, 2 store (model portalKind). */
  portal: 1 | 2;
}

/** /usercenter/usercreate: the dealer's new staff form and the password it is shown once. */
export class StaffCreatePage {
  constructor(readonly page: Page) {}

  /** Waits until the form has loaded the units and roles it offers. */
  async waitForForm() {
    await this.page.getByTestId('staff-form').waitFor();
  }

  /** Fills and saves the form; answers the sign-in name and password from the dialog that shows them once. */
  async create(s: NewStaff): Promise<{ userName: string; password: string }> {
    const p = this.page;
    await p.getByTestId('staff-fullname').fill(s.fullname);
    await p.getByTestId('staff-mobile').fill(s.mobile);
    if (s.title) await p.getByTestId('staff-title').fill(s.title);
    await p.getByTestId('staff-unit').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: s.unit }).first().click();
    for (const r of s.roles ?? []) await p.getByTestId(`staff-role-${r}`).click();
    await p.getByTestId(`staff-portal-${s.portal}`).click();
    await p.getByTestId('staff-save').click();
    const password = p.getByTestId('staff-password');
    await password.waitFor();
    return { userName: (await p.getByTestId('staff-username').innerText()).trim(), password: (await password.innerText()).trim() };
  }

  /** Closes the password dialog ("我已记下"): the new account's page opens. */
  async acknowledge() {
    await this.page.getByTestId('staff-password-done').click();
    await this.page.waitForURL((u) => u.pathname.startsWith('/usercenter/userview/'));
    await this.page.getByTestId('staff-panel').waitFor();
  }

  /** The account's state on its page (启用 / 已停用). */
  async state(): Promise<string> {
    return (await this.page.getByTestId('staff-state').innerText()).trim();
  }

  /** Whether the password is still anywhere on the page (it must not be, once acknowledged). */
  async passwordShown(password: string): Promise<boolean> {
    return (await this.page.getByText(password, { exact: true }).count()) > 0;
  }
}
