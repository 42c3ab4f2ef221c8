import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_KEY, USER_KEY, useSession } from '../../session/store.ts';
import { envelope, jsonReply, ME, renderApp, stubServer } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  useSession.getState().setIsStore(false);
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('sign-in form', () => {
  it('carries the stable test hooks on the standard home page', async () => {
    stubServer();
    renderApp('/');
    await screen.findByTestId('page-home');
    for (const id of [
      'login-form',
      'login-username',
      'login-password',
      'login-captcha',
      'login-submit',
      'login-tab-password',
      'login-tab-sms',
      'lang-switch',
    ]) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
    const img = await screen.findByTestId('login-captcha-img');
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('data-captcha-id')).toBe('cap-1');
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    expect(screen.getByTestId('login-username').tagName).toBe('INPUT');
    expect(screen.getByTestId('login-password').getAttribute('type')).toBe('password');
    expect(screen.getByTestId('login-submit').tagName).toBe('BUTTON');
    // Every field has an accessible name from its visible label.
    expect(screen.getByLabelText('用户名')).toBe(screen.getByTestId('login-username'));
    expect(screen.getByLabelText('密码')).toBe(screen.getByTestId('login-password'));
    expect(screen.getByLabelText('验证码')).toBe(screen.getByTestId('login-captcha'));
    expect(screen.getByRole('button', { name: '看不清？换一张' })).toBeTruthy();
    // The DB title override is not loaded here, so the built-in title shows.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('售后服务门户');
  });

  it('says what is missing in Chinese', async () => {
    stubServer();
    renderApp('/login');
    await screen.findByTestId('login-captcha-img');
    fireEvent.click(screen.getByTestId('login-submit'));
    // Each field validates on its own: under load their messages can arrive on different renders.
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
  });

  it('shows a refused sign-in as the form error and fetches a new captcha', async () => {
    const fetchMock = stubServer((url) =>
      url === '/token'
        ? jsonReply(
            { ErrorCode: 400, Message: '用户名或密码错误', error: 'invalid_grant', error_description: '用户名或密码错误' },
            400,
            'invalid_grant',
          )
        : undefined,
    );
    renderApp('/login');
    await screen.findByTestId('login-captcha-img');
    type('login-username', 'station1');
    type('login-password', 'wrong');
    type('login-captcha', 'AB12');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('用户名或密码错误');
    await waitFor(() => expect(screen.getByTestId('login-captcha-img').getAttribute('data-captcha-id')).toBe('cap-2'));
    const tokenCall = fetchMock.mock.calls.find(([u]) => u === '/token')!;
    expect(String(tokenCall[1]!.body)).toBe('grant_type=password&username=station1&password=wrong&captcha1=cap-1&captcha2=AB12');
    expect(useSession.getState().auth.isLoggedIn).toBe(false);
  });

  it('signs in, stores the user and returns to the redirect path', async () => {
    stubServer((url) => {
      if (url === '/token') return jsonReply({ access_token: 'acc', refresh_token: 'ref', token_type: 'bearer', expires_in: 900 });
      if (url === '/api/portaluser/me') return envelope(ME);
      return undefined;
    });
    const { router } = renderApp('/about');
    // Standard portal, anonymous: rule 6 → /login1 → rule 3 → / with the redirect kept.
    await screen.findByTestId('page-home');
    expect(router.state.location.pathname + router.state.location.search).toBe('/?redirect=%2Fabout');
    await screen.findByTestId('login-captcha-img');
    type('login-username', 'station1');
    type('login-password', 'Demo@2026');
    type('login-captcha', 'AB12');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('page-about');
    expect(router.state.location.pathname).toBe('/about');
    expect(JSON.parse(localStorage.getItem(AUTH_KEY)!)).toEqual({ isLoggedIn: true, accessToken: 'acc', refreshToken: 'ref' });
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toMatchObject({
      userName: 'station1',
      loginType: 'password',
      privilege: ME.privilege,
    });
  });

  it('SMS tab: hooks, validation, and sending a code starts the 60 s countdown', async () => {
    const fetchMock = stubServer((url) => (url === '/api/sms/code' ? envelope(null, '验证码已发送') : undefined));
    renderApp('/login');
    await screen.findByTestId('login-form');
    fireEvent.click(screen.getByTestId('login-tab-sms'));
    const img = await screen.findByTestId('sms-captcha-img');
    for (const id of ['sms-mobile', 'sms-captcha', 'sms-send', 'sms-code', 'sms-submit']) expect(screen.getByTestId(id)).toBeTruthy();
    fireEvent.click(screen.getByTestId('sms-send'));
    expect(await screen.findByText('请输入手机号码')).toBeTruthy();
    type('sms-mobile', '12345');
    fireEvent.click(screen.getByTestId('sms-send'));
    expect(await screen.findByText('手机号码格式不正确')).toBeTruthy();
    type('sms-mobile', '13800138001');
    type('sms-captcha', 'AB12');
    const shownCaptcha = img.getAttribute('data-captcha-id');
    fireEvent.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent?.replace(/\s/g, '')).toMatch(/^(60|59)秒后重发$/));
    expect((screen.getByTestId('sms-send') as HTMLButtonElement).disabled).toBe(true);
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/sms/code')!;
    // The spent captcha is replaced by a new one for the next send.
    await waitFor(() => expect(screen.getByTestId('sms-captcha-img').getAttribute('data-captcha-id')).not.toBe(shownCaptcha));
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      mobilephone: '13800138001',
      captchaId: shownCaptcha,
      captcha: 'AB12',
      purpose: 'login',
    });
    // Signing in needs the code, not the (spent) captcha.
    fireEvent.click(screen.getByTestId('sms-submit'));
    expect(await screen.findByText('请输入短信验证码')).toBeTruthy();
  });
});

describe('guards in the router', () => {
  it('unknown paths show the 404 page', async () => {
    stubServer();
    const { router } = renderApp('/no/such/page');
    await screen.findByTestId('page-404');
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByText('抱歉，您访问的页面不存在')).toBeTruthy();
  });

  it('the store portal sends / to /login1 with the store branding', async () => {
    stubServer();
    act(() => useSession.getState().setIsStore(true));
    const { router } = renderApp('/');
    await screen.findByTestId('page-login1');
    expect(router.state.location.pathname).toBe('/login1');
  });
});
