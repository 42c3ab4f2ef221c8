import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { BareLayout } from './layouts/BareLayout.tsx';
import { ShellLayout } from './layouts/ShellLayout.tsx';
import { RouteError } from './RouteError.tsx';
import { RouteGuard } from './RouteGuard.tsx';
import { routeLoader } from './page-registry.ts';
import { ROUTES, type RouteDef } from './routes.ts';

/** Turns the route table into router objects: the guard at the root, then the two layouts. */
export function buildRoutes(defs: RouteDef[] = ROUTES): RouteObject[] {
  // One lazy component per route, created once: each screen is its own chunk.
  const pages = new Map<string, LazyExoticComponent<ComponentType>>();
  for (const d of defs) {
    const load = routeLoader(d);
    if (load) pages.set(d.name, lazy(load));
  }

  const toObject = (d: RouteDef): RouteObject => {
    const Page = pages.get(d.name);
    return {
      id: d.name,
      path: d.path,
      handle: d,
      element: d.redirectTo ? <Navigate to={d.redirectTo} replace /> : Page ? <Page /> : null,
    };
  };

  return [
    {
      id: 'root',
      element: <RouteGuard routes={defs === ROUTES ? undefined : defs} />,
      errorElement: <RouteError />,
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
