import { MENU, offersItem, type MenuAccount, type MenuGroup, type MenuItem } from '@portal/model';
import { isRouted } from './match-route.ts';

export interface VisibleMenuItem extends MenuItem {
  /** False while the item's screen is not (yet) a route: shown greyed and not clickable. */
  enabled: boolean;
}
export interface VisibleMenuGroup extends Omit<MenuGroup, 'items'> {
  items: VisibleMenuItem[];
}

export const holdsAll = (privilege: readonly string[], need: readonly string[] | undefined) =>
  !need || need.every((p) => privilege.includes(p));

/**
 * The menu groups of spec 001 a user may see: items offered to the account (its privileges, its
 * unit's kind: model `offersItem`); empty groups dropped. A bare privilege list: unit not known.
 */
export function visibleMenu(
  account: readonly string[] | MenuAccount,
  routed: (path: string) => boolean = isRouted,
  menu: MenuGroup[] = MENU,
): VisibleMenuGroup[] {
  const who: MenuAccount = isPrivilegeList(account) ? { privileges: account } : account;
  return menu
    .map((g) => ({
      ...g,
      items: g.items.filter((i) => offersItem(i, who)).map((i) => ({ ...i, enabled: routed(i.path) })),
    }))
    .filter((g) => g.items.length > 0);
}

const isPrivilegeList = (a: readonly string[] | MenuAccount): a is readonly string[] => Array.isArray(a);
