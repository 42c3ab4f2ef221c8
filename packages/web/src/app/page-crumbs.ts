import { MENU, type MenuGroup, type MenuItem } from '@portal/model';
import { ROUTES, type RouteDef } from './routes.ts';

export interface ScreenPlace {
  /** The menu group the screen sits under. */
  group?: MenuGroup;
  /** The menu screen: the screen itself, or the list a record screen belongs to. */
  item?: MenuItem;
  /** A screen of its own below the menu screen (a record, a create form): titled by its heading. */
  record: boolean;
}

const lower = (p: string) => p.toLowerCase();
const firstSegment = (p: string) => lower(p).split('/')[1] ?? '';

function findItem(test: (i: MenuItem) => boolean, menu: MenuGroup[]): ScreenPlace | null {
  for (const group of menu) {
    const item = group.items.find(test);
    if (item) return { group, item, record: false };
  }
  return null;
}

/**
 * Where a screen sits in the menu, for its tab title and the breadcrumb (group › screen › record).
 * A menu screen is found by its path; a record screen by the list of its entity in the route
 * table, else by the menu screen sharing its first path segment (/workOrder/edit/1 → /workOrder/list).
 */
export function placeOf(pathname: string, def?: RouteDef, menu: MenuGroup[] = MENU, routes: RouteDef[] = ROUTES): ScreenPlace {
  const own = findItem((i) => lower(i.path) === lower(pathname), menu);
  if (own) return own;
  const entity = def?.screen?.entity;
  const listPaths = entity ? routes.filter((r) => r.screen?.entity === entity && r.screen.kind === 'list').map((r) => lower(r.path)) : [];
  const related =
    (listPaths.length ? findItem((i) => listPaths.includes(lower(i.path)), menu) : null) ??
    findItem((i) => firstSegment(i.path) === firstSegment(pathname), menu);
  return related ? { ...related, record: true } : { record: true };
}
