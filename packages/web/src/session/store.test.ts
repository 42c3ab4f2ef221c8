import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_KEY, BLANK_USER, restoreAuth, restoreUser, SSO_TARGET_KEY, USER_KEY, useSession } from './store.ts';

afterEach(() => useSession.getState().clearAll());

describe('session store', () => {
  it('saves auth and user locally on every change', () => {
    const s = useSession.getState();
    s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
    expect(JSON.parse(localStorage.getItem(AUTH_KEY)!)).toEqual({ isLoggedIn: true, accessToken: 'acc', refreshToken: 'ref' });
    s.setUser({ userId: 'u1', userName: 'station1', nickName: '陈志强', loginType: 'password', privilege: ['portal.login'] });
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toMatchObject({
      userName: 'station1',
      nickName: '陈志强',
      privilege: ['portal.login'],
    });
    s.setUser({ avatarUrl: 'data:image/png;base64,AAAA' });
    expect(JSON.parse(localStorage.getItem(USER_KEY)!).avatarUrl).toBe('data:image/png;base64,AAAA');
  });

  it('restores what was saved', () => {
    localStorage.setItem(AUTH_KEY, JSON.stringify({ isLoggedIn: true, accessToken: 'a', refreshToken: 'r' }));
    localStorage.setItem(
      USER_KEY,
      JSON.stringify({ ...BLANK_USER, userName: 'hq', loginType: 'sso_mscrm', userType: 1, privilege: ['x', 3] }),
    );
    expect(restoreAuth()).toEqual({ isLoggedIn: true, accessToken: 'a', refreshToken: 'r' });
    expect(restoreUser()).toMatchObject({ userName: 'hq', loginType: 'sso_mscrm', userType: 1, privilege: ['x'] });
  });

  it('treats malformed saved data as signed out', () => {
    localStorage.setItem(AUTH_KEY, '{not json');
    localStorage.setItem(USER_KEY, '"text"');
    expect(restoreAuth().isLoggedIn).toBe(false);
    expect(restoreUser()).toEqual(BLANK_USER);
    localStorage.setItem(AUTH_KEY, JSON.stringify({ isLoggedIn: true, accessToken: '' }));
    expect(restoreAuth().isLoggedIn).toBe(false);
  });

  it('clearAll signs out, empties both tokens, blanks every user field and removes the saved copies', () => {
    const s = useSession.getState();
    s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
    s.setUser({
      userId: 'u1',
      userName: 'station1',
      nickName: 'n',
      loginType: 'sso_mscrm',
      avatarUrl: 'x',
      departName: 'd',
      departId: 'i',
      userType: 3,
      privilege: ['a'],
    });
    s.setSsoTarget('/about');
    s.clearAll();
    const after = useSession.getState();
    expect(after.auth).toEqual({ isLoggedIn: false, accessToken: '', refreshToken: '' });
    expect(after.user).toEqual(BLANK_USER);
    expect(after.ssoTarget).toBe('');
    expect(localStorage.getItem(AUTH_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem(SSO_TARGET_KEY)).toBeNull();
  });

  it('keeps display state apart from the session', () => {
    const s = useSession.getState();
    s.setNavCollapsed(true);
    s.setPageBackground('#ffffff');
    s.clearAll();
    expect(useSession.getState().navCollapsed).toBe(true);
    expect(useSession.getState().pageBackground).toBe('#ffffff');
    s.setNavCollapsed(false);
  });
});
