import { MENU, type MessageKey } from '@portal/model';

export interface PublicEntry {
  key: string;
  label: MessageKey;
  path: string;
}

const menuItem = (key: string) => MENU.flatMap((g) => g.items).find((i) => i.key === key)!;

/**
 * The screens a signed-out visitor may open (spec routes.tsv: anon), offered where such a visitor
 * looks — the sign-in panel and the signed-out menu (issue 24: they were reachable by URL only):
 * the parts shop, quick order, the product configurator and the function grid. The first three take the menu's own paths.
 */
export const PUBLIC_ENTRIES: PublicEntry[] = [
  { key: 'shopMall', label: 'menu.shopMall', path: menuItem('shopMall').path },
  { key: 'quickOrder', label: 'menu.quickOrder', path: menuItem('quickOrder').path },
  // The product configurator (issue 29): prospects configure and save without an account.
  { key: 'productCatalog', label: 'menu.productCatalog', path: menuItem('productCatalog').path },
  { key: 'menuGrid', label: 'menu.menuGrid', path: '/menu/menulist' },
];
