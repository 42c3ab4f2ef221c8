import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpin } from '../PageSpin.tsx';

/**
 * Full-page screens (home, sign-in, errors, SSO hand-off). Deliberately without keep-alive even for
 * "keep" routes: a hidden sign-in form would hold a used, single-use captcha, and two copies of the
 * same form in the page would confuse screen readers and tests.
 */
export function BareLayout() {
  return (
    <Suspense fallback={<PageSpin />}>
      <Outlet />
    </Suspense>
  );
}
