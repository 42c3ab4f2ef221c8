import { useEffect, useRef, type DependencyList } from 'react';

/**
 * useEffect for work a kept screen must not redo when its page tab is shown again: React's
 * <Activity> re-runs a hidden screen's effects when it is revealed, so a form that sets its
 * values or loads its record on mount would overwrite what the user typed. Runs when the deps
 * change, not on a reveal. Only for effects without a cleanup (loading, initialising a form).
 */
export function useKeptEffect(effect: () => void, deps: DependencyList): void {
  const last = useRef<DependencyList | null>(null);
  useEffect(() => {
    const prev = last.current;
    if (prev && prev.length === deps.length && prev.every((d, i) => Object.is(d, deps[i]))) return;
    last.current = deps;
    effect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
