import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, ME, renderApp, stubServer } from '../../test/render-app.tsx';

function signInAs(privilege: string[] = ME.privilege) {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({ userId: ME.userId, userName: ME.userName, nickName: ME.nickName, loginType: 'password', privilege });
}

beforeEach(() => signInAs());
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  useSession.getState().setIsStore(false);
  useSession.getState().setNavCollapsed(false);
});

describe('standard portal shell', () => {
  it('has the header, user menu, language switch and side navigation hooks', async () => {
    stubServer((url) => (url === '/api/portaluser/me' ? envelope(ME) : undefined));
    renderApp('/servicehome');
    await screen.findByTestId('page-servicehome');
    for (const id of ['app-header', 'user-menu', 'lang-switch', 'side-nav', 'nav-collapse']) expect(screen.getByTestId(id)).toBeTruthy();
    expect(within(screen.getByTestId('app-header')).getByRole('heading', { level: 1 }).textContent).toBe('售后服务门户');
    expect((await screen.findByTestId('home-greeting')).textContent).toMatch(/^(早上好|下午好|晚上好)，陈志强$/);
  });

  it('collapses the side navigation and keeps the choice in the store', async () => {
    stubServer((url) => (url === '/api/portaluser/me' ? envelope(ME) : undefined));
    renderApp('/about');
    await screen.findByTestId('page-about');
    const button = screen.getByTestId('nav-collapse');
    expect(button.getAttribute('aria-label')).toBe('收起菜单');
    fireEvent.click(button);
    expect(useSession.getState().navCollapsed).toBe(true);
    expect(screen.getByTestId('nav-collapse').getAttribute('aria-label')).toBe('展开菜单');
  });

  it('on a portrait tablet (768–991 px) starts with the navigation folded; unfolding it there leaves the saved choice alone', async () => {
    const width = window.innerWidth;
    window.innerWidth = 800;
    window.dispatchEvent(new Event('resize'));
    try {
      stubServer((url) => (url === '/api/portaluser/me' ? envelope(ME) : undefined));
      renderApp('/about');
      await screen.findByTestId('page-about');
      expect(useSession.getState().navCollapsed).toBe(false);
      expect(screen.getByTestId('nav-collapse').getAttribute('aria-label')).toBe('展开菜单');
      fireEvent.click(screen.getByTestId('nav-collapse'));
      expect(screen.getByTestId('nav-collapse').getAttribute('aria-label')).toBe('收起菜单');
      expect(useSession.getState().navCollapsed).toBe(false);
    } finally {
      window.innerWidth = width;
      window.dispatchEvent(new Event('resize'));
    }
  });

  it('shows menu groups by privilege; items with a screen are enabled', async () => {
    stubServer((url) => (url === '/api/portaluser/me' ? envelope(ME) : undefined));
    renderApp('/about');
    await screen.findByTestId('page-about');
    const nav = screen.getByTestId('side-nav');
    // The menu comes in the render after the screen's first.
    expect(await within(nav).findByText('配件管理')).toBeTruthy();
    expect(within(nav).getByText('服务管理')).toBeTruthy();
    expect(within(nav).queryByText('库存')).toBeNull(); // needs stock.read
    fireEvent.click(within(nav).getByText('配件管理'));
    // Every menu item has its screen now; menu.test.ts proves an item without one is disabled.
    const item = await screen.findByTestId('nav-siteReturn');
    expect(item.getAttribute('aria-disabled')).not.toBe('true');
  });

  it('user menu offers about me, change password, change photo and logout with 确认注销？', async () => {
    const fetchMock = stubServer((url) => {
      if (url === '/api/portaluser/me') return envelope(ME);
      if (url === '/api/portaluser/logout' || url === '/api/OperationLog') return envelope(null);
      return undefined;
    });
    const { router } = renderApp('/about');
    await screen.findByTestId('page-about');
    fireEvent.click(screen.getByTestId('user-menu'));
    for (const id of ['menu-about', 'menu-password', 'menu-avatar', 'menu-logout']) expect(await screen.findByTestId(id)).toBeTruthy();
    fireEvent.click(screen.getByTestId('menu-logout'));
    expect((await screen.findAllByText('确认注销？')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await screen.findByTestId('page-home', undefined, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().auth.isLoggedIn).toBe(false);
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls).toContain('/api/portaluser/logout');
    expect(urls).toContain('/api/OperationLog');
  });

  it('switches the language: options, <html lang>, texts and the DB overrides fetch', async () => {
    const fetchMock = stubServer((url) => (url === '/api/portaluser/me' ? envelope(ME) : undefined));
    renderApp('/about');
    await screen.findByTestId('page-about');
    fireEvent.click(screen.getByTestId('lang-switch'));
    expect(await screen.findByTestId('lang-option-zh-CN')).toBeTruthy();
    fireEvent.click(screen.getByTestId('lang-option-en-US'));
    await waitFor(() => expect(document.documentElement.lang).toBe('en-US'));
    expect(within(screen.getByTestId('page-about')).getByRole('heading', { level: 2 }).textContent).toBe('About me');
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/PortalLanguage/GetLanguageConfigs?langId=1033')).toBe(true);
    act(() => useSession.getState().setLocale('zh-CN'));
  });
});

describe('store portal shell', () => {
  it('shows the store title and the store home', async () => {
    useSession.getState().setIsStore(true);
    stubServer((url) => (url === '/api/portaluser/me' ? envelope({ ...ME, portal: 'store' }) : undefined));
    renderApp('/home1');
    await screen.findByTestId('page-home1');
    expect(within(screen.getByTestId('app-header')).getByRole('heading', { level: 1 }).textContent).toBe('门店门户');
    expect(screen.queryByTestId('side-nav')).toBeNull();
    expect(screen.getByTestId('user-menu')).toBeTruthy();
  });
});

describe('permission-dependent screens', () => {
  it('the 409 answer ends the session and shows sign-in with the spec text', async () => {
    stubServer((url) =>
      url === '/api/portaluser/me'
        ? envelope(null, '您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码', 409, 'Conflict')
        : undefined,
    );
    const { router } = renderApp('/about');
    await screen.findByTestId('page-home', undefined, { timeout: 5000 });
    expect(router.state.location.search).toBe('?redirect=%2Fabout');
    expect(useSession.getState().auth.isLoggedIn).toBe(false);
    expect(await screen.findByText('您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码')).toBeTruthy();
  });
});
