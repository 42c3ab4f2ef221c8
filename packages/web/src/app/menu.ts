import { MENU, menuFor, type MenuAccount, type MenuGroup, type MenuItem } from '@portal/model';
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
 * The menu groups of spec 001 a user may see: the model's menuFor the account (its privileges, its
 * unit's kind), each item enabled when routed. A bare privilege list: unit not known.
 */
export function visibleMenu(
  account: readonly string[] | MenuAccount,
  routed: (path: string) => boolean = isRouted,
  menu: MenuGroup[] = MENU,
): VisibleMenuGroup[] {
  const who: MenuAccount = isPrivilegeList(account) ? { privileges: account } : account;
  return menuFor(who, menu).map((g) => ({ ...g, items: g.items.map((i) => ({ ...i, enabled: routed(i.path) })) }));
}

const isPrivilegeList = (a: readonly string[] | MenuAccount): a is readonly string[] => Array.isArray(a);
