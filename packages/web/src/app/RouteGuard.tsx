import { useLayoutEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { RouteProgress } from './RouteProgress.tsx';
import { getSession } from '../session/store.ts';
import { decideNavigation, type GuardState } from './guard.ts';
import { describeTarget } from './match-route.ts';
import { PageSpin } from './PageSpin.tsx';
import { UnsavedRouteBlocker } from './UnsavedRouteBlocker.tsx';
import { usePortalConfig } from './portal-config.ts';
import type { RouteDef } from './routes.ts';

export function guardState(): GuardState {
  const s = getSession();
  return {
    isLoggedIn: s.auth.isLoggedIn,
    isStore: s.isStore,
    loginType: s.user.loginType,
    privilege: s.user.privilege,
    ssoTarget: s.ssoTarget,
    crmAuthorizeUrl: usePortalConfig.getState().crmAuthorizeUrl,
  };
}

/**
 * Root layout route: decides every navigation with the guard rules and replaces the location when
 * told to (the redirect target is then guarded again). The decision is taken per navigation, not
 * per session change: a screen that signs the user in must not be re-guarded mid-way.
 */
export function RouteGuard({ routes }: { routes?: RouteDef[] }) {
  const location = useLocation();
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  // One decision per navigation (location.key), deliberately not per session change.
  const decision = useMemo(() => decideNavigation(describeTarget(fullPath, routes), guardState()), [location.key]);

  useLayoutEffect(() => {
    if (decision.clearAll) getSession().clearAll();
    if ('redirect' in decision && decision.external) window.location.assign(decision.redirect);
  }, [decision]);

  if ('redirect' in decision) return decision.external ? <PageSpin /> : <Navigate to={decision.redirect} replace />;
  return (
    <>
      <UnsavedRouteBlocker />
      <RouteProgress />
      <Outlet />
    </>
  );
}
