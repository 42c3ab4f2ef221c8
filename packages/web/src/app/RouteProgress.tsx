import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useT } from '../locales/i18n.ts';

/** How long a navigation may take before the bar shows: a screen whose chunk is cached shows at once. */
const SHOW_AFTER_MS = 150;

/**
 * Whether the router is loading the next screen: the shown one is on its way out (the content
 * region says so with aria-busy; tests wait for it to clear before reading the next screen).
 */
export const useNavigating = () => useNavigation().state !== 'idle';

/**
 * A thin bar along the top of the window while the router loads the next screen's chunk (routes
 * load before they are shown, router.tsx): the current screen stays, and the click is seen to act.
 */
export function RouteProgress() {
  const t = useT();
  const loading = useNavigating();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!shown) return null;
  return <div className="route-progress" role="progressbar" aria-label={t('common.loading')} data-testid="route-progress" />;
}
