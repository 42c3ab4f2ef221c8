import type { EntityDef } from './define.ts';
import { businessUnitType } from './option-sets/organisation.ts';
import type { BusinessUnitKind, MenuGroup, MenuItem } from './menu.ts';
import type { MessageKey } from './messages/index.ts';
import type { Privilege } from './security/privileges.ts';

/**
 * An entity's screens, declared on the entity (refine's resource shape): the paths exactly as the
 * specification spells them, since its paths are irregular (`/case/caseviewlist`,
 * `/usercenter/warehousecreate`). The web derives its routes, menu items and `screenPath` from
 * them; a screen is the generic one unless it names a specific `page` of the web's page registry.
 */
export type ScreenKind = 'list' | 'create' | 'edit' | 'view';

/** The menu groups of spec 001 §2, in their order. */
export const MENU_GROUPS = [
  { key: 'parts', label: 'menu.group.parts' },
  { key: 'service', label: 'menu.group.service' },
  { key: 'base', label: 'menu.group.base' },
  { key: 'inventory', label: 'menu.group.inventory' },
  { key: 'shop', label: 'menu.group.shop' },
  { key: 'sales', label: 'menu.group.sales' },
  { key: 'finance', label: 'menu.group.finance' },
  { key: 'salesmgmt', label: 'menu.group.salesmgmt' },
  { key: 'stock', label: 'menu.group.stock' },
  { key: 'usercenter', label: 'menu.group.usercenter' },
  { key: 'system', label: 'menu.group.system' },
] as const satisfies readonly { key: string; label: MessageKey }[];
export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];

/** Units whose reach holds service stations: head office, a branch, a station. */
export const STATIONS: readonly BusinessUnitKind[] = [businessUnitType.headOffice, businessUnitType.branch, businessUnitType.station];

/** Where a screen sits in the menu. */
export interface ScreenMenu {
  group: MenuGroupKey;
  /** Place in the group (items are sorted by it). */
  order: number;
  key: string;
  label: MessageKey;
  /** Kinds of unit the item is for (absent: every kind); see `MenuItem.units`. */
  units?: readonly BusinessUnitKind[];
  /** The privileges the item needs, where they are not the screen's (a transfer list offered to delivery readers). */
  privileges?: Privilege[];
  /** Where the item opens, where the screen's path is a pattern (`/shoppingmall/chooseproduct/:name?/:id?`). */
  path?: string;
}

interface ScreenBase {
  /** The route's name (unique in the app). */
  name: string;
  path: string;
  /** The screen keeps its state when the user leaves it (spec "keep"). */
  keepAlive?: boolean;
  /** Who may open it; default the entity's read privilege (create: its write privilege). */
  privileges?: Privilege[];
  /** A specific page of the web's page registry stands for the screen; absent: the generic screen. */
  page?: string;
  menu?: ScreenMenu;
}

export interface ListScreen extends ScreenBase {
  /** Views offered (default: all of the entity's). */
  views?: string[];
  /** Title as a message key (default: the entity's plural label). */
  title?: MessageKey;
  allowImport?: boolean;
  allowDelete?: boolean;
  /** Read-only list even for writers (records written by business commands). */
  readOnly?: boolean;
  /** The views as tabs, each with its count (a document list's states), instead of the view selector. */
  viewTabs?: boolean;
}

export interface FormScreen extends ScreenBase {
  /** The record id comes from the `id` query parameter instead of the path (`/stationPart/edit?id=`). */
  idFromQuery?: boolean;
  /** A document's page: the prefix of its test ids (default the entity's logical name). */
  testIdPrefix?: string;
  allowDelete?: boolean;
}

/** One or more routes per kind: a delivery's edit screen opens at /partsDispatch/edit and /partsSign/edit. */
type OneOrMore<T> = T | readonly T[];
export interface EntityScreens {
  list?: OneOrMore<ListScreen>;
  create?: OneOrMore<FormScreen>;
  edit?: OneOrMore<FormScreen>;
  view?: OneOrMore<FormScreen>;
}

/** A screen of no entity (the map, a report, the cart) that the menu offers or the app routes by name. */
export interface PageScreen extends ScreenBase {
  page: string;
  /** Anyone, signed in or not, may open it. */
  anonymous?: boolean;
  /** Full-page, outside the portal's header and navigation. */
  bare?: boolean;
}

/** A declared screen as a route: what the web's router, guard, menu and screenPath need. */
export interface ScreenRoute {
  name: string;
  path: string;
  keepAlive?: boolean;
  permissions?: Privilege[];
  anonymous?: boolean;
  bare?: boolean;
  /** The page registry's name, or absent for the generic screen of `entity`/`kind`. */
  page?: string;
  entity?: string;
  kind?: ScreenKind;
  list?: Omit<ListScreen, keyof ScreenBase>;
  form?: Omit<FormScreen, keyof ScreenBase>;
  menu?: ScreenMenu;
}

const KINDS: readonly ScreenKind[] = ['list', 'create', 'edit', 'view'];
const many = <T>(x: OneOrMore<T> | undefined): readonly T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x as T]);

/** Every declared screen of the entities as routes, in declaration order. */
export function entityScreenRoutes(entities: readonly EntityDef[]): ScreenRoute[] {
  const out: ScreenRoute[] = [];
  for (const e of entities) {
    if (!e.screens) continue;
    if (!e.access) throw new Error(`${e.logicalName} declares screens but is not served to the web app`);
    for (const kind of KINDS) {
      for (const s of many<ListScreen | FormScreen>(e.screens[kind])) {
        const { name, path, keepAlive, privileges, page, menu, ...options } = s;
        const own = kind === 'create' ? e.access.write : e.access.read;
        if (!privileges && !own) throw new Error(`${e.logicalName} has no write privilege for its create screen`);
        out.push({
          name,
          path,
          entity: e.logicalName,
          kind,
          page,
          menu,
          ...(keepAlive ? { keepAlive } : {}),
          permissions: privileges ?? [own!],
          ...(kind === 'list' ? { list: options } : { form: options }),
        });
      }
    }
  }
  return out;
}

/** Screens of no entity as routes. */
export const pageScreenRoutes = (pages: readonly PageScreen[]): ScreenRoute[] =>
  pages.map(({ privileges, ...p }) => ({ ...p, ...(privileges ? { permissions: privileges } : {}) }));

/** The menu: one item per screen that declares a place in it, groups in their order, empty groups dropped. */
export function menuFromScreens(routes: readonly ScreenRoute[]): MenuGroup[] {
  return MENU_GROUPS.map((g) => ({
    key: g.key,
    label: g.label,
    items: routes
      .filter((r) => r.menu?.group === g.key)
      .sort((a, b) => a.menu!.order - b.menu!.order)
      .map((r): MenuItem => {
        const m = r.menu!;
        const privileges = m.privileges ?? r.permissions ?? [];
        return {
          key: m.key,
          label: m.label,
          path: m.path ?? r.path,
          ...(privileges.length ? { privileges } : {}),
          ...(m.units ? { units: m.units } : {}),
        };
      }),
  })).filter((g) => g.items.length > 0);
}
