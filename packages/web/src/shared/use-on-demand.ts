import { useEffect, useState, type ComponentType } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

const loaded = new WeakMap<Loader<never>, ComponentType<never>>();

/**
 * A component of a chunk of its own, loaded when first wanted (`enabled`), or null until then.
 * Not React.lazy: a lazy component suspends, and React shows the content of a boundary that
 * showed its fallback no sooner than 300 ms after the fallback appeared (its reveal throttle),
 * which a page's load then waits for. Pass a loader defined once at module level.
 */
export function useOnDemand<P>(load: Loader<P>, enabled = true): ComponentType<P> | null {
  const known = loaded.get(load as Loader<never>) as ComponentType<P> | undefined;
  const [component, setComponent] = useState<{ c: ComponentType<P> } | null>(known ? { c: known } : null);
  useEffect(() => {
    if (!enabled || component) return;
    let live = true;
    load()
      .then((m) => {
        loaded.set(load as Loader<never>, m.default as ComponentType<never>);
        if (live) setComponent({ c: m.default });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled, component, load]);
  return enabled ? (component?.c ?? null) : null;
}
