/**
 * The route guards of spec 000 §2 as one pure function, applied on every navigation (and again on
 * each redirect target). Kept free of React and storage so every rule is unit-tested.
 */

export interface RouteInfo {
  name: string;
  anonymous?: boolean;
  permissions?: readonly string[];
  /** /auth and /authorize start from a clean slate. */
  clearOnEntry?: boolean;
}

export interface NavTarget {
  /** Pathname only, e.g. "/servicehome". */
  path: string;
  /** "" or "?a=b". */
  search: string;
  /** path + search (+ hash). */
  fullPath: string;
  /** The matched route, or null for an unknown path. */
  route: RouteInfo | null;
}

export interface GuardState {
  isLoggedIn: boolean;
  isStore: boolean;
  loginType: string;
  privilege: readonly string[];
  ssoTarget: string;
  crmAuthorizeUrl: string;
}

export type NavDecision = { allow: true; clearAll?: true } | { redirect: string; clearAll?: true; external?: true };

const HOME_NAMES = new Set(['home', 'home1']);

const signedOut = (s: GuardState): GuardState => ({ ...s, isLoggedIn: false, loginType: '', privilege: [], ssoTarget: '' });

const pathOf = (fullPath: string) => fullPath.split(/[?#]/)[0];

/**
 * The CRM's authorize page, asked to come back to /authorize with the wanted path as `target`.
 * Characters that would end the `target` value early (& # +, and % itself) are escaped first;
 * a plain path comes out exactly as `encodeURIComponent('/authorize?target=' + path)`.
 */
export function crmAuthorizeRedirect(crmAuthorizeUrl: string, fullPath: string): string {
  const target = fullPath.replace(/[%&#+]/g, (c) => encodeURIComponent(c));
  const sep = crmAuthorizeUrl.includes('?') ? '&' : '?';
  return `${crmAuthorizeUrl}${sep}redirect_url=${encodeURIComponent(`/authorize?target=${target}`)}`;
}

export function decideNavigation(to: NavTarget, state: GuardState): NavDecision {
  let s = state;
  let clear = false;
  const done = (d: NavDecision): NavDecision => (clear ? { ...d, clearAll: true } : d);

  // 1. The root path clears all stored data; the other rules then see a signed-out visitor.
  if (to.path === '/') {
    clear = true;
    s = signedOut(s);
  }

  const route = to.route;
  if (!route) return done({ redirect: '/404' });

  // 2. CRM-hosted screens: the CRM signs the user in and hands back through /authorize.
  if (route.name.startsWith('crm__') && !s.isLoggedIn) {
    return done({ redirect: crmAuthorizeRedirect(s.crmAuthorizeUrl, to.fullPath), external: true });
  }

  // 3. Store-only screens on the standard portal go home (keeping the query, e.g. ?redirect=).
  if ((route.name === 'home1' || route.name === 'login1') && !s.isStore) {
    return done({ redirect: `/${to.search}` });
  }

  // 4. Standard screens on a store portal go to the store's home or sign-in.
  if ((route.name === 'home' || route.name === 'login') && s.isStore) {
    return done({ redirect: `${s.isLoggedIn ? '/home1' : '/login1'}${to.search}` });
  }

  // 5. Anonymous routes pass.
  if (route.anonymous) return route.clearOnEntry ? { allow: true, clearAll: true } : done({ allow: true });

  // 7. A CRM single-sign-on session is good for the screen it opened only; anywhere else it ends
  //    and the visitor continues as signed out (so rule 6 sends them to sign-in).
  if (s.isLoggedIn && s.loginType === 'sso_mscrm' && to.path !== pathOf(s.ssoTarget)) {
    clear = true;
    s = signedOut(s);
  }

  // 6. Not signed in: to sign-in, remembering where the user wanted to go (except home).
  if (!s.isLoggedIn) {
    const query = HOME_NAMES.has(route.name) ? '' : `?redirect=${encodeURIComponent(to.fullPath)}`;
    return done({ redirect: `${s.isStore ? '/login' : '/login1'}${query}` });
  }

  // 8. Every permission the route asks for must be held.
  if (route.permissions?.length && !route.permissions.every((p) => s.privilege.includes(p))) {
    return done({ redirect: '/401' });
  }
  return done({ allow: true });
}
