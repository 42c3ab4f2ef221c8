import type { CartGroup, CartItem } from '../../api/cart.ts';

export const checkedItems = (groups: CartGroup[]): CartItem[] => groups.flatMap((g) => g.ProductList.filter((i) => i.checked));

/** Total of the checked items, in cents to avoid float drift, back to yuan. */
export function checkedTotal(groups: CartGroup[]): number {
  const cents = checkedItems(groups).reduce((s, i) => s + Math.round(Number(i.Price) * 100) * Number(i.Quantity), 0);
  return cents / 100;
}

export const lineAmount = (price: number, qty: number) => (Math.round(Number(price) * 100) * qty) / 100;

export function setChecked(groups: CartGroup[], pred: (g: CartGroup, i: CartItem) => boolean, checked: boolean): CartGroup[] {
  return groups.map((g) => ({ ...g, ProductList: g.ProductList.map((i) => (pred(g, i) ? { ...i, checked } : i)) }));
}

export function setQuantity(groups: CartGroup[], id: string, qty: number): CartGroup[] {
  return groups.map((g) => ({
    ...g,
    ProductList: g.ProductList.map((i) => (i.Id === id ? { ...i, Quantity: qty, Amount: lineAmount(i.Price, qty) } : i)),
  }));
}

export function removeItem(groups: CartGroup[], id: string): CartGroup[] {
  return groups.map((g) => ({ ...g, ProductList: g.ProductList.filter((i) => i.Id !== id) })).filter((g) => g.ProductList.length > 0);
}
