import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { setWidth } from '../../test/phone.ts';
import { envelope, jsonReply, ME, renderApp, stubServer } from '../../test/render-app.tsx';

function signInAs() {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({ userId: ME.userId, userName: ME.userName, nickName: ME.nickName, loginType: 'password', privilege: ME.privilege });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  useSession.getState().setIsStore(false);
});

/** The drawer's panel while it is open (antd keeps a closed drawer's DOM, hidden, once opened). */
const openDrawer = () => document.querySelector<HTMLElement>('.portal-nav-drawer.ant-drawer-open');

describe('the shell on a phone (< 768 px)', () => {
  beforeEach(() => {
    signInAs();
    stubServer((url) => (url === '/api/portaluser/me' ? envelope(ME) : undefined));
  });

  it('puts the side menu in a drawer: closed by default, opened from the header, closed on navigation', async () => {
    setWidth(390);
    const { router } = renderApp('/servicehome');
    await screen.findByTestId('page-servicehome');
    // No side menu taking the width; the header keeps the user menu, drops title and language.
    expect(screen.queryByTestId('side-nav')).toBeNull();
    expect(screen.queryByTestId('nav-collapse')).toBeNull();
    const header = screen.getByTestId('app-header');
    expect(within(header).getByTestId('user-menu')).toBeTruthy();
    expect(within(header).queryByTestId('lang-switch')).toBeNull();
    expect(within(header).queryByRole('heading', { level: 1 })).toBeNull();

    // Closed by default: no menu item anywhere.
    expect(openDrawer()).toBeNull();
    expect(screen.queryByTestId('nav-home')).toBeNull();

    const button = within(header).getByRole('button', { name: '打开导航菜单' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(openDrawer()).not.toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const drawer = openDrawer()!;
    // The menu, the language switch and the menu grid are in the drawer now.
    expect(within(drawer).getByRole('navigation', { name: '主导航' })).toBeTruthy();
    expect(within(drawer).getByTestId('lang-switch')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: '关闭导航菜单' })).toBeTruthy();

    // A menu item navigates, and the drawer closes.
    fireEvent.click(within(drawer).getByText('配件管理'));
    fireEvent.click(await within(drawer).findByTestId('nav-siteReturn'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/siteReturn/list'));
    // Shown: the screen is drawn (the router's state moves before React renders it).
    await waitFor(() => expect(document.querySelector('[data-screen-key="/siteReturn/list"]')).not.toBeNull());
    await waitFor(() => expect(openDrawer()).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');

    // Any other navigation (here: the user menu's 关于我) closes it too.
    fireEvent.click(button);
    await waitFor(() => expect(openDrawer()).not.toBeNull());
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('menu-about'));
    await screen.findByTestId('page-about');
    await waitFor(() => expect(openDrawer()).toBeNull());
  });

  it('closes when the close button is tapped, and a tap on the shown screen closes it too', async () => {
    setWidth(390);
    renderApp('/servicehome');
    await screen.findByTestId('page-servicehome');
    fireEvent.click(screen.getByRole('button', { name: '打开导航菜单' }));
    await waitFor(() => expect(openDrawer()).not.toBeNull());
    fireEvent.click(within(openDrawer()!).getByRole('button', { name: '关闭导航菜单' }));
    await waitFor(() => expect(openDrawer()).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '打开导航菜单' }));
    await waitFor(() => expect(openDrawer()).not.toBeNull());
    fireEvent.click(within(openDrawer()!).getByTestId('nav-home'));
    await waitFor(() => expect(openDrawer()).toBeNull());
  });

  it('keeps the desktop shell at 1024 px and switches when the window narrows', async () => {
    renderApp('/servicehome');
    await screen.findByTestId('page-servicehome');
    for (const id of ['side-nav', 'nav-collapse', 'lang-switch', 'header-menu-grid']) expect(screen.getByTestId(id)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '打开导航菜单' })).toBeNull();
    setWidth(600);
    expect(await screen.findByRole('button', { name: '打开导航菜单' })).toBeTruthy();
    expect(screen.queryByTestId('side-nav')).toBeNull();
    // The screen stays mounted (same tab, same state) across the switch.
    expect(screen.getByTestId('page-servicehome')).toBeTruthy();
    setWidth(1024);
    expect(await screen.findByTestId('side-nav')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '打开导航菜单' })).toBeNull();
  });

  it('gives the store shell the same drawer instead of the top menu bar', async () => {
    useSession.getState().setIsStore(true);
    stubServer((url) => (url === '/api/portaluser/me' ? envelope({ ...ME, portal: 'store' }) : undefined));
    setWidth(390);
    renderApp('/home1');
    await screen.findByTestId('page-home1');
    const header = screen.getByTestId('app-header');
    expect(within(header).queryByRole('navigation')).toBeNull();
    expect(within(header).getByTestId('user-menu')).toBeTruthy();
    fireEvent.click(within(header).getByRole('button', { name: '打开导航菜单' }));
    await waitFor(() => expect(openDrawer()).not.toBeNull());
    expect(within(openDrawer()!).getByTestId('nav-home').textContent).toContain('首页');
  });
});

describe('sign-in on a phone', () => {
  it('signs in by tapping 登录 at 390 px and lands in the phone shell', async () => {
    setWidth(390);
    stubServer((url) => {
      if (url === '/token') return jsonReply({ access_token: 'acc', refresh_token: 'ref', token_type: 'bearer', expires_in: 900 });
      if (url === '/api/portaluser/me') return envelope(ME);
      return undefined;
    });
    const { router } = renderApp('/login');
    await screen.findByTestId('login-captcha-img');
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'station1' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Demo@2026' } });
    fireEvent.change(screen.getByTestId('login-captcha'), { target: { value: 'AB12' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await screen.findByTestId('page-servicehome');
    expect(router.state.location.pathname).toBe('/servicehome');
    expect(screen.getByRole('button', { name: '打开导航菜单' })).toBeTruthy();
    expect(screen.queryByTestId('side-nav')).toBeNull();
  });
});
