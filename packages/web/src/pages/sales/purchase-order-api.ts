import { PURCHASE_ORDER_CREATE, purchaseSupplierPath, type PurchaseOrderCreate, type PurchaseSupplier } from '@portal/model';
import { call } from '../../api/client.ts';
import { retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { literal } from '../../entity-ui/odata.ts';
import { getEntity } from '@portal/model';

/** The route's unit if it is the caller's store's dealer; refused with the server's message otherwise. */
export async function purchaseSupplier(unitId: string): Promise<PurchaseSupplier> {
  const env = await call<PurchaseSupplier>(purchaseSupplierPath(unitId), { method: 'GET', silent: true });
  return env.Data;
}

/** The caller's store's dealer, or null when the caller is no store (a dealer, head office). */
export async function ownDealer(): Promise<PurchaseSupplier | null> {
  const env = await call<PurchaseSupplier | null>(purchaseSupplierPath(), { method: 'GET', silent: true });
  return env.Data ?? null;
}

/** A new draft purchase order to `supplier`: its id, number and the server's message. */
export async function createPurchaseOrder(body: PurchaseOrderCreate): Promise<{ id: string; name: string; message: string }> {
  const env = await call<{ id: string; name: string }>(PURCHASE_ORDER_CREATE, { method: 'POST', json: body, silent: true });
  return { ...env.Data, message: env.Message };
}

/** The products on sale on a store's list (the dealer's prices for it), by part number. */
export async function storeProductsOnSale(storeId: string): Promise<RecordRow[]> {
  const e = getEntity('new_storeproduct')!;
  const filter = `new_store_id eq ${literal(e.allFields.new_store_id, storeId)} and new_onsale eq true`;
  const { rows } = await retrieveMultiple(
    e.entitySet,
    { select: ['new_product_id', 'new_code', 'new_name', 'new_retailprice', 'new_minorderqty'], filter, orderby: 'new_code asc', top: 500 },
    { silent: true },
  );
  return rows;
}
