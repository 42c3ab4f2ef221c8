/**
 * A store's purchase orders (采购订单, issue 27): the upstream dealer a store orders from. The create
 * screen (/purchaseOrder/create/:businessunit) asks the server whether the route's business unit is
 * the caller's dealer before it offers the form; the list asks which dealer its 新建 opens for. The
 * server checks the supplier again when the order is written (never the web alone).
 */
export const PURCHASE_ORDER_API = '/api/purchase-orders';

/** GET — the caller's (a store's) upstream dealer, null for anyone else; with a unit id, refused (400, a message) unless it is that dealer. */
export const purchaseSupplierPath = (unitId?: string) =>
  `${PURCHASE_ORDER_API}/supplier${unitId === undefined ? '' : `/${encodeURIComponent(unitId)}`}`;

/**
 * POST — a new draft purchase order of the caller's store to `supplier` (the create screen's route
 * unit; refused unless it is the store's dealer): answers `{ id, name }`.
 */
export const PURCHASE_ORDER_CREATE = PURCHASE_ORDER_API;
export interface PurchaseOrderCreate {
  supplier: string;
  new_expecteddate?: string | null;
  new_remark?: string | null;
}

/** The answer: the dealer (id and name) and the store ordering from it. */
export interface PurchaseSupplier {
  id: string;
  name: string;
  storeId: string;
  storeName: string;
}
