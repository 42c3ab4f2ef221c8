import type { DeliveryDetails } from '@portal/model';
import { apiGet, apiPost, type CallOptions } from './client.ts';

export interface CartItem {
  Id: string;
  ProductId: string;
  ProductNumber: string;
  ProductName: string;
  Model: string;
  Uom: string;
  Price: number;
  Quantity: number;
  Amount: number;
  /** Client-only (spec 000 §3), false on every load. */
  checked: boolean;
}

export interface CartGroup {
  GroupId: string;
  GroupName: string;
  CurrentIndex: number;
  ProductList: CartItem[];
}

export interface SettlePayload extends DeliveryDetails {
  ItemIds: string[];
  Remark: string;
}

/** The delivery details a new order starts with (the caller's station address). */
export type DefaultDelivery = DeliveryDetails;

export interface SettledOrder {
  Id: string;
  Name: string;
  TotalAmount: number;
  LineCount: number;
  /** Submitted for approval at once (false: no flow applied, the order waits to be submitted). */
  Submitted?: boolean;
  /** When it was placed (ISO, UTC). */
  SubmitTime?: string;
}

export async function getCart(opts?: CallOptions): Promise<CartGroup[]> {
  const data = await apiGet<CartGroup[]>('/api/ShoppingCart/GetProductList', opts);
  return (Array.isArray(data) ? data : []).map((g) => ({
    ...g,
    CurrentIndex: -1,
    ProductList: (g.ProductList ?? []).map((i) => ({
      ...i,
      Price: Number(i.Price),
      Quantity: Number(i.Quantity),
      Amount: Number(i.Amount),
      checked: false,
    })),
  }));
}

export const addToCart = (ProductId: string, Quantity: number) => apiPost<unknown>('/api/ShoppingCart/AddProduct', { ProductId, Quantity });
export const deleteCartItem = (id: string) => apiPost<unknown>(`/api/ShoppingCart/DeleteProduct?id=${encodeURIComponent(id)}`);
export const clearCart = () => apiPost<unknown>('/api/ShoppingCart/ClearAllProduct');
export const updateCartItem = (Id: string, Quantity: number) => apiPost<unknown>('/api/ShoppingCart/UpdateProduct', { Id, Quantity });
export const getDefaultDelivery = (opts?: CallOptions) => apiGet<DefaultDelivery>('/api/ShoppingCart/DefaultDelivery', opts);
export const settleCart = (p: SettlePayload) =>
  apiPost<SettledOrder[]>('/api/ShoppingCart/Settle', p).then((d) => (Array.isArray(d) ? d : []));

/** Cart count: the total item count over all groups (spec 000 §3). */
export const cartCount = (groups: CartGroup[]) => groups.reduce((n, g) => n + g.ProductList.length, 0);
