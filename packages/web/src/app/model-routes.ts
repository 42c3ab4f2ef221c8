import { ENTITIES, entityScreenRoutes, PAGE_SCREENS, pageScreenRoutes, type ScreenRoute } from '@portal/model';
import type { PageName } from './page-registry.ts';
import type { RouteDef } from './routes.ts';

/** A screen the model declares (on its entity, or as a page of no entity) as a route of the portal's shell. */
export function routeOf(s: ScreenRoute): RouteDef {
  return {
    name: s.name,
    path: s.path,
    layout: s.bare ? 'bare' : 'shell',
    ...(s.anonymous ? { anonymous: true } : {}),
    ...(s.keepAlive ? { keepAlive: true } : {}),
    ...(s.permissions ? { permissions: s.permissions } : {}),
    ...(s.page ? { page: s.page as PageName } : {}),
    ...(s.entity && s.kind
      ? {
          screen: {
            entity: s.entity,
            kind: s.kind,
            ...(s.page ? {} : { generic: true as const }),
            ...(s.list ? { list: s.list } : {}),
            ...(s.form ? { form: s.form } : {}),
          },
        }
      : {}),
  };
}

/** The routes of every screen the model declares: entities' screens first, then pages. */
export const MODEL_ROUTES: RouteDef[] = [...entityScreenRoutes(ENTITIES), ...pageScreenRoutes(PAGE_SCREENS)].map(routeOf);
