import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../app/feedback.ts';
import { isPublicPath as isPublic } from '../app/match-route.ts';
import { bindNavigation } from '../app/navigation.ts';
import { readSignInReason, resetSignInReasonCache } from '../session/sign-in-reason.ts';
import { AUTH_KEY, useSession } from '../session/store.ts';
import { apiGet, call } from './client.ts';
import { ApiError } from './envelope.ts';

// Toasts are asserted, not rendered (antd would keep rendering after the test environment closes).
// Spied, not vi.mock'ed: without isolation an earlier file may already have imported client.ts
// with the real module, and a module mock would stay registered for the files after this one.

interface Reply {
  status?: number;
  statusText?: string;
  body?: unknown;
}

const json = ({ status = 200, statusText = 'OK', body = null }: Reply) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

const ok = (Data: unknown, Message = '') => json({ body: { ErrorCode: 0, Message, Data } });
const tokenReply = (access: string, refresh: string) =>
  json({ body: { access_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: 900 } });

let fetchMock: ReturnType<typeof vi.fn>;
const navigations: string[] = [];

function requests() {
  return fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    init: init as RequestInit,
    headers: (init as RequestInit).headers as Record<string, string>,
  }));
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  navigations.length = 0;
  vi.spyOn(toast, 'error').mockImplementation(() => {});
  bindNavigation(
    (to) => navigations.push(to),
    () => '/about',
    isPublic,
  );
  useSession.getState().setLocale('zh-CN');
  useSession.getState().setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh' });
  useSession.getState().setUser({ userName: 'station1', privilege: ['portal.login'] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  document.body.innerHTML = '';
  sessionStorage.clear();
  resetSignInReasonCache();
});

describe('API client', () => {
  it('sends the bearer token and the language, and unwraps Data', async () => {
    useSession.getState().setLocale('en-US');
    fetchMock.mockResolvedValueOnce(ok({ userName: 'station1' }));
    await expect(apiGet('/api/portaluser/me')).resolves.toEqual({ userName: 'station1' });
    const [r] = requests();
    expect(r.headers.Authorization).toBe('Bearer old-access');
    expect(r.headers['Accept-Language']).toBe('en-US');
    useSession.getState().setLocale('zh-CN');
  });

  it('rejects a nonzero ErrorCode with the Message after the workflow-exception prefix', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ body: { ErrorCode: 1, Message: 'Microsoft.Xrm.Sdk.InvalidPluginExecutionException: 站点额度不足', Data: null } }),
    );
    await expect(call('/api/x', { silent: true })).rejects.toMatchObject({ message: '站点额度不足' });
  });

  it('refreshes once on 401 invalid_token / expired_token and retries', async () => {
    fetchMock
      .mockResolvedValueOnce(
        json({ status: 401, statusText: 'expired_token', body: { ErrorCode: 401, Message: '登录已过期，请重新登录' } }),
      )
      .mockResolvedValueOnce(tokenReply('new-access', 'new-refresh'))
      .mockResolvedValueOnce(ok('done'));
    await expect(apiGet('/api/x')).resolves.toBe('done');
    const [first, refresh, retry] = requests();
    expect(first.headers.Authorization).toBe('Bearer old-access');
    expect(refresh.url).toBe('/token');
    expect(String(refresh.init.body)).toBe('grant_type=refresh_token&refresh_token=old-refresh');
    expect(retry.headers.Authorization).toBe('Bearer new-access');
    expect(JSON.parse(localStorage.getItem(AUTH_KEY)!)).toMatchObject({ accessToken: 'new-access', refreshToken: 'new-refresh' });
  });

  it('recognises the token problem from the body when the status text is lost (HTTP/2)', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ status: 401, statusText: '', body: { ErrorCode: 401, Message: 'x', error: 'invalid_token' } }))
      .mockResolvedValueOnce(tokenReply('new-access', 'new-refresh'))
      .mockResolvedValueOnce(ok(1));
    await expect(apiGet('/api/x')).resolves.toBe(1);
  });

  it('concurrent 401s share one refresh (single flight)', async () => {
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/token') {
        await new Promise((r) => setTimeout(r, 10));
        return tokenReply('new-access', 'new-refresh');
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new-access'
        ? ok(url)
        : json({ status: 401, statusText: 'expired_token', body: { ErrorCode: 401, Message: '' } });
    });
    const results = await Promise.all([apiGet('/api/a'), apiGet('/api/b'), apiGet('/api/c')]);
    expect(results).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(requests().filter((r) => r.url === '/token')).toHaveLength(1);
  });

  it('adopts tokens another tab already rotated instead of spending the refresh token again', async () => {
    fetchMock
      .mockImplementationOnce(async () => {
        // Meanwhile, another tab refreshed and saved the new pair.
        localStorage.setItem(AUTH_KEY, JSON.stringify({ isLoggedIn: true, accessToken: 'tab2-access', refreshToken: 'tab2-refresh' }));
        return json({ status: 401, statusText: 'expired_token', body: {} });
      })
      .mockResolvedValueOnce(ok('ok'));
    await expect(apiGet('/api/x')).resolves.toBe('ok');
    expect(requests().map((r) => r.url)).toEqual(['/api/x', '/api/x']);
    expect(requests()[1].headers.Authorization).toBe('Bearer tab2-access');
  });

  it('when the refresh fails: clears the session and goes to sign-in', async () => {
    fetchMock
      .mockResolvedValueOnce(
        json({ status: 401, statusText: 'invalid_token', body: { ErrorCode: 401, Message: '登录已过期，请重新登录' } }),
      )
      .mockResolvedValueOnce(
        json({
          status: 400,
          statusText: 'invalid_grant',
          body: { ErrorCode: 400, Message: '登录已失效，请重新登录', error: 'invalid_grant' },
        }),
      );
    await expect(apiGet('/api/x')).rejects.toMatchObject({ message: '登录已失效，请重新登录' });
    // The sign-in card shows why (issue 12 item 9), so no toast repeats it.
    expect(readSignInReason()).toEqual({ kind: 'expired', text: '登录已失效，请重新登录' });
    expect(toast.error).not.toHaveBeenCalled();
    expect(useSession.getState().auth).toEqual({ isLoggedIn: false, accessToken: '', refreshToken: '' });
    expect(localStorage.getItem(AUTH_KEY)).toBeNull();
    expect(navigations).toEqual(['/about']);
  });

  it('a refresh refused with 409 (signed in elsewhere) ends the session with the 409 text', async () => {
    fetchMock
      .mockResolvedValueOnce(
        json({ status: 401, statusText: 'expired_token', body: { ErrorCode: 401, Message: '登录已过期，请重新登录' } }),
      )
      .mockResolvedValueOnce(
        json({
          status: 409,
          statusText: 'Conflict',
          body: { ErrorCode: 409, Message: '您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码' },
        }),
      );
    await expect(apiGet('/api/x')).rejects.toMatchObject({
      status: 409,
      message: '您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码',
    });
    expect(readSignInReason()).toEqual({ kind: 'elsewhere' });
    expect(useSession.getState().auth.isLoggedIn).toBe(false);
  });

  it('does not retry twice when the retried call is refused again', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ status: 401, statusText: 'expired_token', body: {} }))
      .mockResolvedValueOnce(tokenReply('new-access', 'new-refresh'))
      .mockResolvedValueOnce(json({ status: 401, statusText: 'invalid_token', body: {} }));
    await expect(apiGet('/api/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(requests()).toHaveLength(3);
    expect(useSession.getState().auth.isLoggedIn).toBe(false);
  });

  it('HTTP 409: clears the session and rejects with the signed-in-elsewhere text', async () => {
    fetchMock.mockResolvedValueOnce(json({ status: 409, statusText: 'Conflict', body: { ErrorCode: 409, Message: 'x' } }));
    await expect(apiGet('/api/x')).rejects.toMatchObject({
      message: '您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码',
      status: 409,
    });
    expect(useSession.getState().auth.isLoggedIn).toBe(false);
    expect(useSession.getState().user.userName).toBe('');
    expect(navigations).toEqual(['/about']);
    expect(readSignInReason()).toEqual({ kind: 'elsewhere' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('HTTP 409 on a screen that needs no sign-in: a toast says why (no sign-in card shows it now)', async () => {
    bindNavigation(
      (to) => navigations.push(to),
      () => '/404',
      isPublic,
    );
    fetchMock.mockResolvedValueOnce(json({ status: 409, statusText: 'Conflict', body: { ErrorCode: 409, Message: 'x' } }));
    await expect(apiGet('/api/x')).rejects.toMatchObject({ status: 409 });
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码');
    expect(readSignInReason()).toEqual({ kind: 'elsewhere' });
  });

  it('a 401 that is not a token problem is "no permission"', async () => {
    fetchMock.mockResolvedValueOnce(json({ status: 401, statusText: 'Unauthorized', body: {} }));
    await expect(apiGet('/api/x', { silent: true })).rejects.toMatchObject({ message: '您没有权限访问该资源.' });
    expect(useSession.getState().auth.isLoggedIn).toBe(true);
  });

  it('shows failures as toasts unless the caller is silent', async () => {
    fetchMock.mockResolvedValueOnce(json({ body: { ErrorCode: 1, Message: '只有草稿状态的单据可以删除', Data: null } }));
    await expect(apiGet('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(toast.error).toHaveBeenCalledWith('只有草稿状态的单据可以删除');
    vi.mocked(toast.error).mockClear();
    fetchMock.mockResolvedValueOnce(json({ body: { ErrorCode: 1, Message: 'x', Data: null } }));
    await expect(apiGet('/api/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('other failures reject with the server message, else the status text', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ status: 403, statusText: 'Forbidden', body: { ErrorCode: 403, Message: '您没有权限访问该资源.' } }),
    );
    await expect(apiGet('/api/x', { silent: true })).rejects.toMatchObject({ message: '您没有权限访问该资源.', status: 403 });
    fetchMock.mockResolvedValueOnce(new Response('gateway down', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiGet('/api/x', { silent: true })).rejects.toMatchObject({ message: 'Bad Gateway', status: 502 });
  });

  it('a network failure says so in the user language', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiGet('/api/x', { silent: true })).rejects.toMatchObject({ message: '网络异常，请稍后重试' });
  });

  it('does not send a bearer token when signed out', async () => {
    useSession.getState().clearAll();
    fetchMock.mockResolvedValueOnce(ok([]));
    await apiGet('/api/PortalLanguage/GetLanguageList');
    expect(requests()[0].headers.Authorization).toBeUndefined();
  });
});
