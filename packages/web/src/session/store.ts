import type { Lang } from '@portal/model';
import { DEFAULT_LANG, LANG_IDS } from '@portal/model/locale.ts';
import { create } from 'zustand';
import { readJson, readText, removeKey, writeJson, writeText } from '../shared/storage.ts';

/** spec 000 §3: the session kept locally. */
export interface AuthState {
  isLoggedIn: boolean;
  accessToken: string;
  refreshToken: string;
}

export type LoginType = 'password' | 'smscode' | 'sso_mscrm' | '';

const LOGIN_TYPES: readonly string[] = ['password', 'smscode', 'sso_mscrm'];
export const toLoginType = (v: unknown): LoginType => (typeof v === 'string' && LOGIN_TYPES.includes(v) ? (v as LoginType) : '');

export interface UserState {
  userId: string;
  userName: string;
  nickName: string;
  loginType: LoginType;
  avatarUrl: string;
  departName: string;
  departId: string;
  userType: number | null;
  /** The kind of the account's business unit; null when not known (the menu then hides nothing for it). */
  unitType: number | null;
  privilege: string[];
}

/** The rest of /api/portaluser/me, read by the home and "about me" screens; not persisted. */
export interface UserProfile {
  fullName: string;
  roles: string[];
  mobilephone: string;
  stationName: string;
  businessUnitName: string;
  sessionStartedAt: string;
}

export const AUTH_KEY = 'portal.auth';
export const USER_KEY = 'portal.user';
export const SSO_TARGET_KEY = 'portal.ssoTarget';
export const LOCALE_KEY = 'portal.locale';
export const DISPLAY_KEY = 'portal.display';

export const BLANK_AUTH: AuthState = Object.freeze({ isLoggedIn: false, accessToken: '', refreshToken: '' }) as AuthState;
export const BLANK_USER: UserState = Object.freeze({
  userId: '',
  userName: '',
  nickName: '',
  loginType: '',
  avatarUrl: '',
  departName: '',
  departId: '',
  userType: null,
  unitType: null,
  privilege: [],
}) as UserState;

export const DEFAULT_BACKGROUND = '#f3f5f9';

interface DisplayPrefs {
  navCollapsed: boolean;
  pageBackground: string;
}

export interface SessionState {
  auth: AuthState;
  user: UserState;
  /** The path an SSO hand-off opened; guard rule 7 ends an sso_mscrm session elsewhere. */
  ssoTarget: string;
  profile: UserProfile | null;
  navCollapsed: boolean;
  pageBackground: string;
  isStore: boolean;
  locale: Lang;
  /** A notice for the next sign-in screen (e.g. "password changed, sign in again"). */
  flash: string;

  setTokens(tokens: { accessToken: string; refreshToken: string }): void;
  setUser(user: Partial<UserState>): void;
  setProfile(profile: UserProfile | null): void;
  setSsoTarget(path: string): void;
  clearAll(): void;
  setNavCollapsed(collapsed: boolean): void;
  setPageBackground(color: string): void;
  setIsStore(isStore: boolean): void;
  setLocale(locale: Lang): void;
  setFlash(text: string): void;
}

function isLang(v: unknown): v is Lang {
  return typeof v === 'string' && v in LANG_IDS;
}

/** Restores what a previous page load saved; anything malformed counts as signed out. */
export function restoreAuth(): AuthState {
  const a = readJson<Partial<AuthState>>(AUTH_KEY);
  if (!a || typeof a !== 'object') return BLANK_AUTH;
  const accessToken = typeof a.accessToken === 'string' ? a.accessToken : '';
  const refreshToken = typeof a.refreshToken === 'string' ? a.refreshToken : '';
  return { isLoggedIn: a.isLoggedIn === true && !!accessToken, accessToken, refreshToken };
}

export function restoreUser(): UserState {
  const u = readJson<Partial<UserState>>(USER_KEY);
  if (!u || typeof u !== 'object') return BLANK_USER;
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    userId: s(u.userId),
    userName: s(u.userName),
    nickName: s(u.nickName),
    loginType: toLoginType(u.loginType),
    avatarUrl: s(u.avatarUrl),
    departName: s(u.departName),
    departId: s(u.departId),
    userType: typeof u.userType === 'number' ? u.userType : null,
    unitType: typeof u.unitType === 'number' ? u.unitType : null,
    privilege: Array.isArray(u.privilege) ? u.privilege.filter((p): p is string => typeof p === 'string') : [],
  };
}

function restoreLocale(): Lang {
  const v = readText(LOCALE_KEY);
  return isLang(v) ? v : DEFAULT_LANG;
}

function restoreDisplay(): DisplayPrefs {
  const d = readJson<Partial<DisplayPrefs>>(DISPLAY_KEY);
  return {
    navCollapsed: d?.navCollapsed === true,
    pageBackground: typeof d?.pageBackground === 'string' && d.pageBackground ? d.pageBackground : DEFAULT_BACKGROUND,
  };
}

export const useSession = create<SessionState>()((set, get) => ({
  auth: restoreAuth(),
  user: restoreUser(),
  ssoTarget: readText(SSO_TARGET_KEY) ?? '',
  profile: null,
  ...restoreDisplay(),
  isStore: false,
  locale: restoreLocale(),
  flash: '',

  setTokens: ({ accessToken, refreshToken }) => set({ auth: { isLoggedIn: !!accessToken, accessToken, refreshToken } }),
  setUser: (user) => set({ user: { ...get().user, ...user } }),
  setProfile: (profile) => set({ profile }),
  setSsoTarget: (path) => {
    set({ ssoTarget: path });
    if (path) writeText(SSO_TARGET_KEY, path);
    else removeKey(SSO_TARGET_KEY);
  },
  clearAll: () => {
    set({ auth: BLANK_AUTH, user: BLANK_USER, profile: null, ssoTarget: '' });
    // Written blank by the subscription above; spec 000 §4 wants the saved copies gone.
    removeKey(AUTH_KEY);
    removeKey(USER_KEY);
    removeKey(SSO_TARGET_KEY);
  },
  setNavCollapsed: (navCollapsed) => set({ navCollapsed }),
  setPageBackground: (pageBackground) => set({ pageBackground }),
  setIsStore: (isStore) => set({ isStore }),
  setLocale: (locale) => {
    set({ locale });
    writeText(LOCALE_KEY, locale);
  },
  setFlash: (flash) => set({ flash }),
}));

// spec 000 §4: any change to auth or user is saved locally.
useSession.subscribe((s, prev) => {
  if (s.auth !== prev.auth) writeJson(AUTH_KEY, s.auth);
  if (s.user !== prev.user) writeJson(USER_KEY, s.user);
  if (s.navCollapsed !== prev.navCollapsed || s.pageBackground !== prev.pageBackground) {
    writeJson(DISPLAY_KEY, { navCollapsed: s.navCollapsed, pageBackground: s.pageBackground });
  }
});

/**
 * Tabs share one server session (one per account), so a sign-in, token rotation or logout in one
 * tab is adopted by the others instead of each tab fighting over the refresh token.
 */
export function followOtherTabs(): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.storageArea && e.storageArea !== globalThis.localStorage) return;
    if (e.key === AUTH_KEY || e.key === null) {
      const auth = restoreAuth();
      const cur = useSession.getState().auth;
      if (auth.accessToken !== cur.accessToken || auth.isLoggedIn !== cur.isLoggedIn || auth.refreshToken !== cur.refreshToken) {
        useSession.setState({ auth });
      }
    }
    if (e.key === USER_KEY || e.key === null) {
      useSession.setState({ user: restoreUser() });
    }
    if (e.key === SSO_TARGET_KEY) useSession.setState({ ssoTarget: e.newValue ?? '' });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export const getSession = () => useSession.getState();
