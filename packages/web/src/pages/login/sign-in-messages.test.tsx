import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as feedback from '../../app/feedback.ts';
import { readSignInReason, resetSignInReasonCache, setSignInReason, SIGN_IN_REASON_KEY } from '../../session/sign-in-reason.ts';
import { useSession } from '../../session/store.ts';
import { envelope, jsonReply, ME, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

const ELSEWHERE = '您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  useSession.getState().setIsStore(false);
  sessionStorage.clear();
  resetSignInReasonCache();
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('why the session ended stays on the sign-in card (issue 12 item 9a)', () => {
  it('signed in elsewhere: the next request lands on sign-in with the reason as an Alert, not a toast, until the user types', async () => {
    const toast = vi.spyOn(feedback.toast, 'error');
    signInAs(['portal.login']);
    stubServer((url) => (url === '/api/portaluser/me' ? envelope(null, ELSEWHERE, 409, 'Conflict') : undefined));
    const { router } = renderApp('/about');
    await screen.findByTestId('page-home', undefined, { timeout: 5000 });
    // Carried in sessionStorage, never in the URL.
    expect(router.state.location.search).toBe('?redirect=%2Fabout');
    const alert = await screen.findByTestId('login-reason');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.getAttribute('data-reason')).toBe('elsewhere');
    expect(within(alert).getByText('您已退出登录')).toBeTruthy();
    expect(within(alert).getByText(ELSEWHERE)).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(SIGN_IN_REASON_KEY)!)).toEqual({ kind: 'elsewhere' });
    // Shown once: the protected screen's lost session is not also toasted.
    await act(async () => {
      await import('../../app/match-route.ts');
    });
    expect(toast).not.toHaveBeenCalled();
    expect(screen.getAllByText(ELSEWHERE)).toHaveLength(1);

    // Focusing a field is not acting on it; typing is.
    fireEvent.focus(screen.getByTestId('login-username'));
    expect(screen.getByTestId('login-reason')).toBeTruthy();
    fireEvent.input(screen.getByTestId('login-username'), { target: { value: 's' } });
    await waitFor(() => expect(screen.queryByTestId('login-reason')).toBeNull());
    expect(sessionStorage.getItem(SIGN_IN_REASON_KEY)).toBeNull();
  });

  it('the store sign-in (/login1) shows an expired session too, until closed', async () => {
    stubServer();
    act(() => useSession.getState().setIsStore(true));
    setSignInReason({ kind: 'expired' });
    renderApp('/login1');
    const alert = await screen.findByTestId('login-reason', undefined, { timeout: 10_000 });
    expect(screen.getByTestId('page-login1')).toBeTruthy();
    expect(within(alert).getByText('登录已过期，请重新登录')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button'));
    await waitFor(() => expect(screen.queryByTestId('login-reason')).toBeNull());
    expect(readSignInReason()).toBeNull();
  });

  it('a reason left from a reload is read from sessionStorage; signing in clears it', async () => {
    sessionStorage.setItem(SIGN_IN_REASON_KEY, JSON.stringify({ kind: 'expired', text: '登录已失效，请重新登录' }));
    resetSignInReasonCache();
    stubServer((url) => {
      if (url === '/token') return jsonReply({ access_token: 'acc', refresh_token: 'ref', token_type: 'bearer', expires_in: 900 });
      if (url === '/api/portaluser/me') return envelope(ME);
      return undefined;
    });
    renderApp('/login');
    expect((await screen.findByTestId('login-reason', undefined, { timeout: 10_000 })).textContent).toContain('登录已失效，请重新登录');
    await screen.findByTestId('login-captcha-img');
    // Filled without input events (autofill): the reason stays until the sign-in succeeds.
    type('login-username', 'station1');
    type('login-password', 'Demo@2026');
    type('login-captcha', 'AB12');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(useSession.getState().auth.isLoggedIn).toBe(true));
    expect(readSignInReason()).toBeNull();
    expect(sessionStorage.getItem(SIGN_IN_REASON_KEY)).toBeNull();
  });
});

describe('a wrong password is said once (issue 12 item 9b)', () => {
  it('inline on the form, no toast', async () => {
    const toast = vi.spyOn(feedback.toast, 'error');
    stubServer((url) =>
      url === '/token'
        ? jsonReply(
            { ErrorCode: 400, Message: '用户名或密码错误', error: 'invalid_grant', error_description: '用户名或密码错误' },
            400,
            'invalid_grant',
          )
        : undefined,
    );
    renderApp('/login');
    await screen.findByTestId('login-captcha-img', undefined, { timeout: 10_000 });
    type('login-username', 'station1');
    type('login-password', 'wrong');
    type('login-captcha', 'AB12');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('用户名或密码错误');
    // The spent captcha was replaced: the attempt is over.
    await waitFor(() => expect(screen.getByTestId('login-captcha-img').getAttribute('data-captcha-id')).toBe('cap-2'));
    expect(toast).not.toHaveBeenCalled();
    expect(screen.getAllByText('用户名或密码错误')).toHaveLength(1);
  });
});
