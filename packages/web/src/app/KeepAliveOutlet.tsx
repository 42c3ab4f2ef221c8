import { Activity, Suspense, useContext, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useLocation, useMatches, useOutlet, type Location } from 'react-router';
import { ScreenKeyContext, setPageTitle } from './page-meta.ts';
import { usePageTabs } from './page-tabs.ts';
import { PageSpin } from './PageSpin.tsx';

interface Kept {
  element: ReactNode;
  location: Location;
}

/** The document scrolls in the shell (header and side navigation are sticky), not an inner element. */
const scroller = () => document.scrollingElement ?? document.documentElement;

/**
 * One panel per screen (tests and styles find the shown screen as the visible panel). It publishes
 * the screen's heading (its h2, or the record's name beside it once loaded) as the title of its tab
 * and breadcrumb.
 */
function ScreenPanel({ screenKey, children }: { screenKey: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const publish = () => {
      frame = 0;
      // A record's name beside the heading (DetailHeader's sub title) names it better than "编辑工单".
      const named = el.querySelector('.detail-header-sub') ?? el.querySelector('h2');
      const text = named?.textContent?.replace(/\s+/g, ' ').trim();
      if (text) setPageTitle(screenKey, text);
    };
    publish();
    // Hidden screens (Activity) run this cleanup, so only the shown screen is watched.
    const watch = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(publish);
    });
    watch.observe(el, { subtree: true, childList: true, characterData: true });
    return () => {
      watch.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [screenKey]);
  return (
    <div ref={ref} className="page-panel" data-testid="page-panel" data-screen-key={screenKey}>
      {children}
    </div>
  );
}

/**
 * The shell's <Outlet>: every screen whose page tab is open stays mounted, hidden with React's
 * <Activity> while another tab is shown, so it keeps its filters, paging, scroll position and a
 * half-filled form. Closing a tab (or the cap closing it) unmounts its screen. A hidden screen keeps
 * seeing the location it was last shown at, so it does not react to other screens' URLs.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useContext(LocationContext).navigationType;
  const matches = useMatches();
  const key = matches[matches.length - 1]?.pathname ?? '';
  const open = usePageTabs((s) => s.tabs.map((t) => t.key).join('\n'));
  const kept = useRef(new Map<string, Kept>());
  const scrolls = useRef(new Map<string, number>());
  const shown = useRef(key);

  // Map.set keeps an entry's place, so screens never move in the DOM (a moved iframe reloads).
  kept.current.set(key, { element: outlet, location });
  const openKeys = new Set(open.split('\n'));
  for (const k of [...kept.current.keys()]) {
    if (k !== key && !openKeys.has(k)) {
      kept.current.delete(k);
      scrolls.current.delete(k);
    }
  }

  // The scroll position per screen: recorded as the user scrolls, put back when the screen is shown again.
  useEffect(() => {
    const onScroll = () => scrolls.current.set(shown.current, scroller().scrollTop);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  // Not on the first screen of a page load: the page is at its top then, and setting scrollTop makes
  // the browser lay out the half-built page in the middle of the first commit (~25 ms on the map).
  const first = useRef(true);
  useLayoutEffect(() => {
    shown.current = key;
    if (first.current) first.current = false;
    else scroller().scrollTop = scrolls.current.get(key) ?? 0;
  }, [key]);

  return (
    <>
      {[...kept.current].map(([k, entry]) => (
        <Activity key={k} mode={k === key ? 'visible' : 'hidden'}>
          <LocationContext.Provider value={{ location: entry.location, navigationType }}>
            <ScreenKeyContext.Provider value={k}>
              <ScreenPanel screenKey={k}>
                <Suspense fallback={<PageSpin />}>{entry.element}</Suspense>
              </ScreenPanel>
            </ScreenKeyContext.Provider>
          </LocationContext.Provider>
        </Activity>
      ))}
    </>
  );
}
