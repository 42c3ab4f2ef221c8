import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { BareLayout } from './layouts/BareLayout.tsx';
import { ShellLayout } from './layouts/ShellLayout.tsx';
import { PageSpin } from './PageSpin.tsx';
import { RouteError } from './RouteError.tsx';
import { RouteGuard } from './RouteGuard.tsx';
import { routeLoader } from './page-registry.ts';
import { ROUTES, type RouteDef } from './routes.ts';

/**
 * Turns the route table into router objects: the guard at the root, then the two layouts. Each
 * screen is its own chunk, loaded by the router before it shows the screen (route `lazy`), not by
 * a React.lazy that suspends: a suspended screen shows its fallback, and React then holds the
 * screen back until 300 ms after that fallback appeared (its reveal throttle), on every first
 * visit of a screen and every page load.
 */
export function buildRoutes(defs: RouteDef[] = ROUTES): RouteObject[] {
  const toObject = (d: RouteDef): RouteObject => {
    const load = routeLoader(d);
    const base = { id: d.name, path: d.path, handle: d };
    if (d.redirectTo) return { ...base, element: <Navigate to={d.redirectTo} replace /> };
    if (!load) return { ...base, element: null };
    return { ...base, lazy: async () => ({ Component: (await load()).default }) };
  };

  return [
    {
      id: 'root',
      element: <RouteGuard routes={defs === ROUTES ? undefined : defs} />,
      errorElement: <RouteError />,
      // Until the first screen's chunk is in (main.tsx starts fetching it before the router exists).
      hydrateFallbackElement: <PageSpin />,
      children: [
        { id: 'bare', element: <BareLayout />, children: defs.filter((d) => d.layout === 'bare').map(toObject) },
        { id: 'shell', element: <ShellLayout />, children: defs.filter((d) => d.layout === 'shell').map(toObject) },
        // Unknown paths: the guard sends them to /404.
        { id: 'unknown', path: '*', element: null },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes());
