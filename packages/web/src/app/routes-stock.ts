import type { RouteDef } from './routes.ts';

/**
 * Stock screens of spec 001 §2 (Service and parts, Inventory) and the warehouses of the user
 * centre. The entities' screens, with the pages that stand for them, are declared on the
 * entities (model `screens`); what stays here are pages of no entity screen (a task's count sheet).
 */
export const STOCK_ROUTES: RouteDef[] = [
  // Count sheets: the list of spec 001, and the sheet at a path of ours (the spec names none) — the same page as a task's sheet.
  { name: 'invTaskEdit', path: '/inv/invTaskEdit/:id', layout: 'shell', permissions: ['stock.read'], page: 'CountSheetPage' },
  // 库存报表 (issue 24): a report of its own at a path of ours (the spec names the menu item, not its path).
];
