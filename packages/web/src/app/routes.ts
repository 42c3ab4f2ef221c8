import type { Privilege } from '@portal/model';
import type { ComponentType } from 'react';
import type { RouteInfo } from './guard.ts';

type PageModule = { default: ComponentType };

export interface RouteDef extends RouteInfo {
  path: string;
  /** The screen keeps its state when the user leaves it (spec "keep"). */
  keepAlive?: boolean;
  /** 'shell': inside the portal's header and navigation; 'bare': full-page (sign-in, errors). */
  layout: 'shell' | 'bare';
  permissions?: Privilege[];
  /** The screen, loaded on demand (one chunk per screen). */
  load?: () => Promise<PageModule>;
  /** A route that only forwards elsewhere. */
  redirectTo?: string;
}

const named = <K extends string>(key: K, loader: () => Promise<Record<K, ComponentType>>) => () => loader().then((m) => ({ default: m[key] }));

/**
 * The route table as data: the router, the guards and the menu are all derived from it. Business
 * screens of spec 001 §2 are added here as they are built; until then the menu shows them disabled.
 */
export const ROUTES: RouteDef[] = [
  { name: 'home', path: '/', anonymous: true, keepAlive: true, layout: 'bare', load: () => import('../pages/home/HomePage.tsx') },
  { name: 'login', path: '/login', anonymous: true, keepAlive: true, layout: 'bare', load: () => import('../pages/login/LoginPage.tsx') },
  { name: 'login1', path: '/login1', anonymous: true, layout: 'bare', load: () => import('../pages/login/StoreLoginPage.tsx') },
  { name: 'forget', path: '/forget', anonymous: true, layout: 'bare', load: () => import('../pages/forget/ForgetPage.tsx') },
  { name: 'error401', path: '/401', anonymous: true, layout: 'bare', load: named('Page401', () => import('../pages/errors/ErrorPages.tsx')) },
  { name: 'error404', path: '/404', anonymous: true, layout: 'bare', load: named('Page404', () => import('../pages/errors/ErrorPages.tsx')) },
  { name: 'error500', path: '/500', anonymous: true, layout: 'bare', load: named('Page500', () => import('../pages/errors/ErrorPages.tsx')) },
  { name: 'auth', path: '/auth/:userId/:targetUrl', anonymous: true, clearOnEntry: true, layout: 'bare', load: () => import('../pages/auth/AuthPage.tsx') },
  { name: 'authorize', path: '/authorize', anonymous: true, clearOnEntry: true, layout: 'bare', load: () => import('../pages/auth/AuthorizePage.tsx') },
  { name: 'main', path: '/main', anonymous: true, layout: 'bare', redirectTo: '/login' },
  { name: 'external', path: '/main/external/:url', layout: 'shell', load: () => import('../pages/external/ExternalPage.tsx') },
  { name: 'servicehome', path: '/servicehome', layout: 'shell', load: () => import('../pages/home/ServiceHomePage.tsx') },
  { name: 'home1', path: '/home1', layout: 'shell', load: () => import('../pages/home/StoreHomePage.tsx') },
  { name: 'about', path: '/about', layout: 'shell', load: () => import('../pages/account/AboutPage.tsx') },
  { name: 'resetpassword', path: '/resetpassword/view', layout: 'shell', load: () => import('../pages/account/ChangePasswordPage.tsx') },
  { name: 'avatar', path: '/profile/avatar', layout: 'shell', load: () => import('../pages/account/AvatarPage.tsx') },
  // Map assignment is dispatching: it needs the dispatch privilege (engineers get the 401 page).
  {
    name: 'crm__newmapassign',
    path: '/rootapp/crm__newmapassign',
    layout: 'shell',
    permissions: ['workorder.dispatch'],
    load: () => import('../pages/workorder/MapAssignPage.tsx'),
  },
];

/** Where a signed-in user's home is, by portal kind. */
export const homePath = (isStore: boolean) => (isStore ? '/home1' : '/servicehome');
/** The sign-in screen, by portal kind. */
export const signInPath = (isStore: boolean) => (isStore ? '/login1' : '/login');
