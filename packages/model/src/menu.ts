import type { MessageKey } from './messages/index.ts';
import { businessUnitType } from './option-sets/organisation.ts';
import { PAGE_SCREENS } from './page-screens.ts';
import { ENTITIES } from './registry.ts';
import { entityScreenRoutes, menuFromScreens, pageScreenRoutes } from './screens.ts';
import type { Privilege } from './security/privileges.ts';

export type BusinessUnitKind = (typeof businessUnitType.options)[number]['value'];

export interface MenuItem {
  key: string;
  label: MessageKey;
  path: string;
  privileges?: Privilege[];
  /**
   * The kinds of business unit (businessunit new_type) whose accounts the screen is for; absent:
   * every kind. A screen of station-owned rows is empty for an account whose unit holds no
   * station (a central warehouse, a store), whatever its privileges: scopes reach the account's
   * unit and the units below it.
   */
  units?: readonly BusinessUnitKind[];
}
export interface MenuGroup {
  key: string;
  label: MessageKey;
  items: MenuItem[];
}

/**
 * Menu groups of spec 001 §2, derived from the one declaration of each screen: an entity's screens
 * (`screens` with a `menu` place) and the pages of no entity (page-screens.ts). Each item is shown
 * to users holding its privileges, in a unit it is for.
 */
export const MENU: MenuGroup[] = menuFromScreens([...entityScreenRoutes(ENTITIES), ...pageScreenRoutes(PAGE_SCREENS)]);

/** What the menu needs to know of an account: its privileges and its unit's kind (null: not known). */
export interface MenuAccount {
  privileges: readonly string[];
  unitType?: number | null;
}

/** The account holds every privilege the item needs. */
export const holdsItemPrivileges = (item: MenuItem, privileges: readonly string[]) =>
  (item.privileges ?? []).every((p) => privileges.includes(p));

/** The item is for the account's kind of unit (an account whose kind is not known is offered everything). */
export const forAccountUnit = (item: MenuItem, unitType: number | null | undefined) =>
  !item.units || unitType == null || (item.units as readonly number[]).includes(unitType);

/** The item is offered to the account: it holds the privileges and is of a unit the item is for. */
export const offersItem = (item: MenuItem, account: MenuAccount) =>
  holdsItemPrivileges(item, account.privileges) && forAccountUnit(item, account.unitType);

/** The groups a dealer's or a store's account sees first (issue 27: the sales side leads on the store portal). */
const SALES_FIRST = ['sales', 'finance', 'salesmgmt', 'stock', 'shop', 'usercenter'];
const SALES_UNITS: readonly number[] = [businessUnitType.store, businessUnitType.dealer];

/**
 * The menu an account is offered: the items it is offered, groups without any dropped; for a
 * dealer's or a store's account the sales groups first (their business), the rest in their order.
 */
export function menuFor(account: MenuAccount, menu: MenuGroup[] = MENU): MenuGroup[] {
  const groups = menu.map((g) => ({ ...g, items: g.items.filter((i) => offersItem(i, account)) })).filter((g) => g.items.length > 0);
  if (account.unitType == null || !SALES_UNITS.includes(account.unitType)) return groups;
  const rank = (g: MenuGroup) => (SALES_FIRST.includes(g.key) ? SALES_FIRST.indexOf(g.key) : SALES_FIRST.length);
  return groups
    .map((g, i) => ({ g, i }))
    .sort((a, b) => rank(a.g) - rank(b.g) || a.i - b.i)
    .map((x) => x.g);
}
