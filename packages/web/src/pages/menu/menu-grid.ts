import {
  businessUnitType,
  forAccountUnit,
  MENU,
  PRIVILEGES,
  type Lang,
  type MenuGroup,
  type MenuItem,
  type Privilege,
} from '@portal/model';
import { translate } from '../../locales/i18n.ts';
import { holdsAll } from '../../app/menu.ts';

/** A tile of the function grid: the menu item, its group, and whether (and why not) the visitor may open it. */
export interface Tile {
  item: MenuItem;
  group: MenuGroup;
  /** True: opens the screen (signed-out visitors are sent to sign in by the guard). */
  active: boolean;
  /** Why a signed-in user cannot open it (greyed), else ''. */
  reason: string;
}

/**
 * Every function of the portal (the model's MENU, as the side menu shows it to those who hold it),
 * grouped. Signed out: every tile is open (opening one asks to sign in). Signed in: open when the
 * item is for the user's kind of unit, they hold its privileges and the screen exists; otherwise
 * greyed with the reason.
 */
export function menuTiles(opts: {
  signedIn: boolean;
  privilege: readonly string[];
  unitType?: number | null;
  routed: (path: string) => boolean;
  lang: Lang;
  menu?: MenuGroup[];
}): { group: MenuGroup; tiles: Tile[] }[] {
  const { signedIn, privilege, routed, lang } = opts;
  const sep = lang === 'zh-CN' ? '、' : ', ';
  return (opts.menu ?? MENU).map((group) => ({
    group,
    tiles: group.items.map((item) => {
      if (!routed(item.path)) return { item, group, active: false, reason: translate('menuGrid.notBuilt', undefined, lang) };
      if (signedIn && !forAccountUnit(item, opts.unitType)) {
        const units = (item.units ?? [])
          .map((u) => businessUnitType.options.find((o) => o.value === u)?.label[lang] ?? String(u))
          .join(sep);
        return { item, group, active: false, reason: translate('menuGrid.notForUnit', { units }, lang) };
      }
      if (!signedIn || holdsAll(privilege, item.privileges)) return { item, group, active: true, reason: '' };
      const missing = (item.privileges ?? []).filter((p) => !privilege.includes(p));
      const names = missing.map((p) => PRIVILEGES[p as Privilege]?.[lang] ?? p).join(sep);
      return { item, group, active: false, reason: translate('menuGrid.noPrivilege', { privileges: names }, lang) };
    }),
  }));
}

/** Does a tile match the search text: its label in either language or its path (case-insensitive). */
export function tileMatches(tile: Tile, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const texts = (['zh-CN', 'en-US'] as Lang[]).map((l) => translate(tile.item.label, undefined, l));
  return [...texts, tile.item.path].some((s) => s.toLowerCase().includes(q));
}
