import type { ProductPage, PublicProductDetail } from '@portal/model';
import { apiGet, type CallOptions } from './client.ts';

/**
 * The public shop (anonymous visitors welcome; a signed-in buyer's token brings prices):
 * search by name, part number or model, keyset-paged, and one product's details.
 */
export function searchProducts(
  o: { q?: string; line?: string; after?: string | null; limit?: number },
  opts?: CallOptions,
): Promise<ProductPage> {
  const p = new URLSearchParams();
  if (o.q?.trim()) p.set('q', o.q.trim().slice(0, 100));
  if (o.line) p.set('line', o.line);
  if (o.after) p.set('after', o.after);
  if (o.limit) p.set('limit', String(o.limit));
  const qs = p.toString();
  return apiGet<ProductPage>(`/api/shop/products${qs ? `?${qs}` : ''}`, opts).then((d) => ({ rows: d?.rows ?? [], next: d?.next ?? null }));
}

export const getProduct = (id: string, opts?: CallOptions) =>
  apiGet<PublicProductDetail>(`/api/shop/products/${encodeURIComponent(id)}`, opts);

/** The URL of a product's picture (served without sign-in). */
export const pictureUrl = (productId: string, pictureId: string) =>
  `/api/shop/products/${encodeURIComponent(productId)}/pictures/${encodeURIComponent(pictureId)}`;

/** The product detail screen of a product (spec: no id in the path; the page-parameter reader takes `?id=`). */
export const productDetailPath = (id: string) => `/shoppingmall/productdetail?id=${encodeURIComponent(id)}`;

export const getProductLines = (opts?: CallOptions) =>
  apiGet<{ Id: string; Name: string; Code: string }[]>('/api/shop/lines', opts).then((d) => (Array.isArray(d) ? d : []));
