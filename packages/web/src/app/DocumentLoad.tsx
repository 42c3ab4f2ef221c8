import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageSpin } from './PageSpin.tsx';

/**
 * A path another page of the build serves (the engineer app's mobile.html): the portal, having
 * guarded it, loads it as a document — the server and the service worker answer that page.
 */
export default function DocumentLoad() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <PageSpin />;
}
