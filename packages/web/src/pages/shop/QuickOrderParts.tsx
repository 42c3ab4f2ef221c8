import { Tag } from 'antd';
import type { LineInput, QuickLine } from '../../api/quick-order.ts';
import { useT } from '../../locales/i18n.ts';
import { isBlank, type GridRow } from './quick-order-store.ts';

/** Shared by the quick-order screens (list and import). */
export const QUICK_ORDER_PATH = '/quickorder/list';
/** The rows in use, numbered as the grid shows them (Row = index + 1). */
export const linesOf = (rows: GridRow[]): LineInput[] =>
  rows.flatMap((r, i) => (isBlank(r) ? [] : [{ Row: i + 1, Code: r.code.trim(), Quantity: r.qty.trim() }]));

/** Sign-in for a visitor, coming back to `path` (rows are kept in sessionStorage). */
export const signInFor = (path: string, isStore: boolean) => `${isStore ? '/login1' : '/login'}?redirect=${encodeURIComponent(path)}`;

export function StockTag({ stock }: { stock: QuickLine['Stock'] }) {
  const t = useT();
  if (!stock) return null;
  return (
    <Tag color={stock === 'inStock' ? 'green' : 'orange'} data-testid="quick-stock">
      {t(stock === 'inStock' ? 'quickOrder.stock.inStock' : 'quickOrder.stock.short')}
    </Tag>
  );
}
