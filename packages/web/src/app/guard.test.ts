import { describe, expect, it } from 'vitest';
import { crmAuthorizeRedirect, decideNavigation, type GuardState } from './guard.ts';
import { describeTarget } from './match-route.ts';
import type { RouteDef } from './routes.ts';

const CRM = '/crm/authorize';
const anon = (isStore: boolean): GuardState => ({
  isLoggedIn: false,
  isStore,
  loginType: '',
  privilege: [],
  ssoTarget: '',
  crmAuthorizeUrl: CRM,
});
const user = (isStore: boolean, privilege: string[] = ['portal.login']): GuardState => ({
  ...anon(isStore),
  isLoggedIn: true,
  loginType: 'password',
  privilege,
});
const ssoUser = (isStore: boolean, ssoTarget: string): GuardState => ({
  ...user(isStore, ['portal.login', 'workorder.dispatch']),
  loginType: 'sso_mscrm',
  ssoTarget,
});

const decide = (fullPath: string, s: GuardState) => decideNavigation(describeTarget(fullPath), s);
/**
 * Follows the redirects as RouteGuard does (each <Navigate> target is guarded again; a clear
 * signs the visitor out) until a screen is allowed.
 */
function resolve(fullPath: string, state: GuardState) {
  let s = state;
  let clearAll = false;
  const steps = [fullPath];
  for (let i = 0; i < 10; i++) {
    const d = decideNavigation(describeTarget(steps[steps.length - 1]), s);
    if (d.clearAll) {
      clearAll = true;
      s = { ...s, isLoggedIn: false, loginType: '', privilege: [], ssoTarget: '' };
    }
    if ('allow' in d) return { path: steps[steps.length - 1], clearAll, external: false, steps };
    steps.push(d.redirect);
    if (d.external) return { path: d.redirect, clearAll, external: true, steps };
  }
  throw new Error(`navigation loop: ${steps.join(' -> ')}`);
}

const KINDS = [
  { kind: 'standard', isStore: false },
  { kind: 'store', isStore: true },
] as const;

describe('rule 1: the root path clears all stored data', () => {
  it('standard: a signed-in visitor to / is signed out and sees the public home', () => {
    expect(decide('/', user(false))).toEqual({ allow: true, clearAll: true });
    expect(resolve('/', user(false))).toMatchObject({ path: '/', clearAll: true });
  });
  it('standard: an anonymous visitor to / is also "cleared" (nothing to clear) and stays', () => {
    expect(decide('/?redirect=%2Fabout', anon(false))).toEqual({ allow: true, clearAll: true });
  });
  it('store: / clears, then rule 4 sends the now signed-out visitor to /login1', () => {
    expect(decide('/', user(true))).toEqual({ redirect: '/login1', clearAll: true });
    expect(resolve('/', user(true))).toMatchObject({ path: '/login1', clearAll: true, steps: ['/', '/login1'] });
  });
  it('other paths do not clear', () => {
    for (const { isStore } of KINDS) expect(decide('/about', user(isStore)).clearAll).toBeUndefined();
  });
});

describe('rule 2: crm__ routes go to the CRM authorize page unless signed in', () => {
  for (const { kind, isStore } of KINDS) {
    it(`${kind}: anonymous → external redirect with redirect_url back to /authorize`, () => {
      expect(decide('/rootapp/crm__newmapassign', anon(isStore))).toEqual({
        redirect: `${CRM}?redirect_url=${encodeURIComponent('/authorize?target=/rootapp/crm__newmapassign')}`,
        external: true,
      });
    });
    it(`${kind}: signed in → the screen opens (to holders of its privilege, rule 8)`, () => {
      expect(decide('/rootapp/crm__newmapassign', user(isStore, ['workorder.dispatch']))).toEqual({ allow: true });
      expect(decide('/rootapp/crm__newmapassign', user(isStore, ['workorder.read']))).toEqual({ redirect: '/401' });
    });
  }
  it('the redirect is exactly the documented formula for a plain path', () => {
    expect(crmAuthorizeRedirect('/crm/authorize', '/rootapp/crm__newmapassign')).toBe(
      '/crm/authorize?redirect_url=%2Fauthorize%3Ftarget%3D%2Frootapp%2Fcrm__newmapassign',
    );
  });
  it('a query on the wanted path survives the round trip through the CRM', () => {
    const r = crmAuthorizeRedirect('/crm/authorize', '/rootapp/crm__newmapassign?a=1&b=x%20y+z');
    const back = new URLSearchParams(r.slice(r.indexOf('?') + 1)).get('redirect_url')!;
    expect(back.startsWith('/authorize?target=')).toBe(true);
    expect(new URLSearchParams(back.slice(back.indexOf('?') + 1)).get('target')).toBe('/rootapp/crm__newmapassign?a=1&b=x%20y+z');
  });
  it('a CRM URL that already has a query gets & instead of ?', () => {
    expect(crmAuthorizeRedirect('https://crm.example.com/authorize?tenant=hc', '/rootapp/crm__x')).toMatch(
      /^https:\/\/crm\.example\.com\/authorize\?tenant=hc&redirect_url=/,
    );
  });
});

describe('rule 3: home1 and login1 on a non-store portal go home', () => {
  it('anonymous /login1 → / (keeping the query)', () => {
    expect(decide('/login1', anon(false))).toEqual({ redirect: '/' });
    expect(decide('/login1?redirect=%2Fabout', anon(false))).toEqual({ redirect: '/?redirect=%2Fabout' });
  });
  it('signed-in /home1 → / (which then signs the user out, rule 1)', () => {
    expect(decide('/home1', user(false))).toEqual({ redirect: '/' });
    expect(resolve('/home1', user(false))).toMatchObject({ path: '/', clearAll: true });
  });
  it('the store portal keeps /login1 and /home1', () => {
    expect(decide('/login1', anon(true))).toEqual({ allow: true });
    expect(decide('/home1', user(true))).toEqual({ allow: true });
  });
});

describe('rule 4: home and login on a store portal', () => {
  it('anonymous /login → /login1 with the query carried along', () => {
    expect(decide('/login', anon(true))).toEqual({ redirect: '/login1' });
    expect(decide('/login?redirect=%2Fabout', anon(true))).toEqual({ redirect: '/login1?redirect=%2Fabout' });
  });
  it('signed-in /login → /home1', () => {
    expect(decide('/login', user(true))).toEqual({ redirect: '/home1' });
  });
  it('/ → /login1 (rule 1 signed the user out first)', () => {
    expect(decide('/?x=1', anon(true))).toEqual({ redirect: '/login1?x=1', clearAll: true });
  });
  it('the standard portal keeps /login for everyone', () => {
    expect(decide('/login', anon(false))).toEqual({ allow: true });
    expect(decide('/login', user(false))).toEqual({ allow: true });
  });
});

describe('rule 5: anonymous routes pass', () => {
  for (const { kind, isStore } of KINDS) {
    for (const path of ['/forget', '/401', '/404', '/500', '/main']) {
      it(`${kind}: ${path} opens for anonymous and signed-in users`, () => {
        expect(decide(path, anon(isStore))).toEqual({ allow: true });
        expect(decide(path, user(isStore))).toEqual({ allow: true });
      });
    }
    it(`${kind}: /auth/:userId/:targetUrl and /authorize open and clear stored data on entry`, () => {
      expect(decide('/auth/u-1/%2Fabout?assertion=x', user(isStore))).toEqual({ allow: true, clearAll: true });
      expect(decide('/authorize?assertion=x&target=/about', anon(isStore))).toEqual({ allow: true, clearAll: true });
    });
  }
});

describe('rule 6: not signed in', () => {
  it('store: to /login with the wanted path, then rule 4 to /login1 keeping it', () => {
    expect(decide('/about', anon(true))).toEqual({ redirect: '/login?redirect=%2Fabout' });
    expect(resolve('/about', anon(true)).path).toBe('/login1?redirect=%2Fabout');
  });
  it('store: no redirect query when the target is home', () => {
    expect(decide('/home1', anon(true))).toEqual({ redirect: '/login' });
    expect(resolve('/home1', anon(true)).path).toBe('/login1');
  });
  it('standard: to /login1, then rule 3 to the public home keeping the redirect', () => {
    expect(decide('/servicehome', anon(false))).toEqual({ redirect: '/login1?redirect=%2Fservicehome' });
    expect(resolve('/servicehome', anon(false))).toMatchObject({
      path: '/?redirect=%2Fservicehome',
      steps: ['/servicehome', '/login1?redirect=%2Fservicehome', '/?redirect=%2Fservicehome'],
    });
  });
  for (const { kind, isStore } of KINDS) {
    it(`${kind}: the wanted path keeps its own query`, () => {
      const d = decide('/main/external/x?a=1&b=2', anon(isStore));
      expect('redirect' in d && new URLSearchParams(d.redirect.split('?')[1]).get('redirect')).toBe('/main/external/x?a=1&b=2');
    });
  }
});

describe('rule 7: an sso_mscrm session is good for the page it opened only', () => {
  for (const { kind, isStore } of KINDS) {
    it(`${kind}: the SSO target opens`, () => {
      expect(decide('/rootapp/crm__newmapassign', ssoUser(isStore, '/rootapp/crm__newmapassign'))).toEqual({ allow: true });
      expect(decide('/about?tab=1', ssoUser(isStore, '/about'))).toEqual({ allow: true });
    });
    it(`${kind}: anywhere else signs the user out and continues to sign-in`, () => {
      const d = decide('/about', ssoUser(isStore, '/rootapp/crm__newmapassign'));
      expect(d).toEqual({ redirect: `${isStore ? '/login' : '/login1'}?redirect=%2Fabout`, clearAll: true });
      expect(resolve('/about', ssoUser(isStore, '/rootapp/crm__newmapassign'))).toMatchObject({
        clearAll: true,
        path: isStore ? '/login1?redirect=%2Fabout' : '/?redirect=%2Fabout',
      });
    });
    it(`${kind}: an SSO session without a recorded target ends on any protected page`, () => {
      expect(decide('/about', ssoUser(isStore, '')).clearAll).toBe(true);
    });
    it(`${kind}: anonymous screens (error pages) do not end it`, () => {
      expect(decide('/401', ssoUser(isStore, '/about'))).toEqual({ allow: true });
    });
    it(`${kind}: password and SMS sessions are not affected`, () => {
      expect(decide('/about', { ...user(isStore), loginType: 'smscode' })).toEqual({ allow: true });
    });
  }
});

describe('rule 8: every permission of the route must be held', () => {
  const routes: RouteDef[] = [
    { name: 'parts', path: '/partsApply/list', layout: 'shell', permissions: ['parts.read'] },
    { name: 'partsEdit', path: '/partsApply/edit/:id', layout: 'shell', permissions: ['parts.read', 'parts.write'] },
    { name: 'open', path: '/open', layout: 'shell', permissions: [] },
  ];
  const d = (path: string, s: GuardState) => decideNavigation(describeTarget(path, routes), s);
  for (const { kind, isStore } of KINDS) {
    it(`${kind}: all held → allowed`, () => {
      expect(d('/partsApply/edit/1', user(isStore, ['parts.read', 'parts.write']))).toEqual({ allow: true });
      expect(d('/partsApply/list', user(isStore, ['parts.read']))).toEqual({ allow: true });
    });
    it(`${kind}: one missing → /401`, () => {
      expect(d('/partsApply/edit/1', user(isStore, ['parts.read']))).toEqual({ redirect: '/401' });
      expect(d('/partsApply/list', user(isStore, []))).toEqual({ redirect: '/401' });
    });
    it(`${kind}: a route asking for nothing only needs a session`, () => {
      expect(d('/open', user(isStore, []))).toEqual({ allow: true });
    });
    it(`${kind}: sign-in comes before permissions`, () => {
      expect(d('/partsApply/list', anon(isStore))).toEqual({ redirect: `${isStore ? '/login' : '/login1'}?redirect=%2FpartsApply%2Flist` });
    });
  }
});

describe('unknown paths go to /404', () => {
  for (const { kind, isStore } of KINDS) {
    it(`${kind}: anonymous and signed in`, () => {
      expect(decide('/no/such/page', anon(isStore))).toEqual({ redirect: '/404' });
      expect(decide('/no/such/page?x=1', user(isStore))).toEqual({ redirect: '/404' });
      expect(resolve('/siteReturn/nosuch', user(isStore)).path).toBe('/404');
    });
  }
});

describe('the route table under the guards', () => {
  for (const { kind, isStore } of KINDS) {
    it(`${kind}: every signed-in screen needs a session and opens with one`, () => {
      const home = isStore ? '/home1' : '/servicehome';
      for (const path of [home, '/about', '/resetpassword/view', '/profile/avatar', '/main/external/x']) {
        expect(decide(path, user(isStore))).toEqual({ allow: true });
        expect('redirect' in decide(path, anon(isStore))).toBe(true);
      }
    });
  }
  it('no chain loops for any path, kind or session', () => {
    const paths = [
      '/',
      '/login',
      '/login1',
      '/home1',
      '/servicehome',
      '/about',
      '/forget',
      '/404',
      '/x',
      '/rootapp/crm__newmapassign',
      '/auth/a/b',
      '/authorize',
      '/main',
    ];
    for (const { isStore } of KINDS) {
      for (const s of [anon(isStore), user(isStore), ssoUser(isStore, '/about')]) {
        for (const p of paths) expect(() => resolve(p, s)).not.toThrow();
      }
    }
  });
});
