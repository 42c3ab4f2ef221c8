import type { RouteDef } from './routes.ts';

/**
 * Self-service screens of issue 14: the function grid (anonymous), the account change application,
 * the printable view of any document by id (`?entity=`), and the administrator's self-check.
 */
export const SELF_SERVICE_ROUTES: RouteDef[] = [
  { name: 'menuList', path: '/menu/menulist', anonymous: true, layout: 'bare', page: 'MenuGridPage' },
  { name: 'seltableView', path: '/seltable/view/:id', layout: 'bare', page: 'DocumentViewPage' },
];
