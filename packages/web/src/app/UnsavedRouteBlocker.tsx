import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { getSession } from '../session/store.ts';
import { confirmDiscard, isDirty, isPassing, willKeep } from './unsaved-changes.ts';

/**
 * The one route blocker of the app (react-router supports one at a time, and the page tabs keep
 * several forms mounted): a navigation that leaves a screen with unsaved changes which its page
 * tab does not keep waits for confirmDiscard. Screens only mark themselves (markDirty); the key of
 * the screen being left is the pathname it was opened at. A lost session is never held up.
 */
export function UnsavedRouteBlocker() {
  const leaving = useRef('');
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    const key = currentLocation.pathname;
    const block = key !== nextLocation.pathname && isDirty(key) && !isPassing(key) && !willKeep(key) && getSession().auth.isLoggedIn;
    if (block) leaving.current = key;
    return block;
  }, []);
  const blocker = useBlocker(shouldBlock);
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmDiscard([leaving.current]).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);
  return null;
}
