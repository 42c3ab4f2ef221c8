import { Activity, Suspense, useRef, type ReactNode } from 'react';
import { useMatches, useOutlet } from 'react-router';
import { PageSpin } from './PageSpin.tsx';
import type { RouteDef } from './routes.ts';

/** How many kept screens stay mounted; the least recently shown is dropped first. */
const MAX_KEPT = 8;

/**
 * An <Outlet> that keeps "keep" screens (route keepAlive) mounted but hidden with React's
 * <Activity> when the user leaves them, so a list keeps its filters, paging and scroll when the user
 * opens a record and comes back. Other screens mount and unmount as usual.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const def = leaf?.handle as RouteDef | undefined;
  const key = leaf?.pathname ?? '';
  const kept = useRef(new Map<string, ReactNode>());

  if (def?.keepAlive) {
    kept.current.delete(key);
    kept.current.set(key, outlet);
    while (kept.current.size > MAX_KEPT) kept.current.delete(kept.current.keys().next().value as string);
  }

  return (
    <>
      {[...kept.current].map(([k, element]) => (
        <Activity key={k} mode={k === key ? 'visible' : 'hidden'}>
          <Suspense fallback={<PageSpin />}>{element}</Suspense>
        </Activity>
      ))}
      {!def?.keepAlive && <Suspense fallback={<PageSpin />}>{outlet}</Suspense>}
    </>
  );
}
