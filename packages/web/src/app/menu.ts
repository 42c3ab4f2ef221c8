import { MENU, type MenuGroup, type MenuItem } from '@portal/model';
import { isRouted } from './match-route.ts';

export interface VisibleMenuItem extends MenuItem {
  /** False while the item's screen is not (yet) a route: shown greyed and not clickable. */
  enabled: boolean;
}
export interface VisibleMenuGroup extends Omit<MenuGroup, 'items'> {
  items: VisibleMenuItem[];
}

export const holdsAll = (privilege: readonly string[], need: readonly string[] | undefined) => !need || need.every((p) => privilege.includes(p));

/** The menu groups of spec 001 a user may see: items whose privileges they hold; empty groups dropped. */
export function visibleMenu(privilege: readonly string[], routed: (path: string) => boolean = isRouted, menu: MenuGroup[] = MENU): VisibleMenuGroup[] {
  return menu
    .map((g) => ({
      ...g,
      items: g.items.filter((i) => holdsAll(privilege, i.privileges)).map((i) => ({ ...i, enabled: routed(i.path) })),
    }))
    .filter((g) => g.items.length > 0);
}
