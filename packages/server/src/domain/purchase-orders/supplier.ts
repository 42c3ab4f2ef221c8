import type { PurchaseSupplier } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid } from '../../records/validate.ts';

/** A store (its user-centre record) and the dealer above it: whom a purchase order of the caller goes to. */
export type StoreChain = {
  storeId: string;
  storeName: string;
  storeUnit: string;
  /** The store's default warehouse (where received goods go). */
  warehouse: string | null;
  dealerId: string;
  dealerName: string;
};

/** The caller's store and its dealer, or null when the caller's unit is no active store of a dealer's chain. */
export async function storeOfCallerOrNull(sql: Sql, caller: Caller): Promise<StoreChain | null> {
  const { rows } = await sql.query<StoreChain>(
    `SELECT s.new_storeid AS "storeId", s.new_name AS "storeName", s.new_businessunit_id AS "storeUnit", s.new_warehouse_id AS warehouse,
            s.new_dealer_id AS "dealerId", d.name AS "dealerName"
       FROM new_store s JOIN businessunit d ON d.businessunitid = s.new_dealer_id
      WHERE s.new_businessunit_id = $1::uuid AND COALESCE(s.new_isactive, true)
      LIMIT 1`,
    [caller.principal.businessUnitId],
  );
  return rows[0] ?? null;
}

/** The caller's store and its dealer; refused (at the supplier) unless the caller's unit is an active store of a dealer's chain. */
export async function storeOfCaller(sql: Sql, caller: Caller): Promise<StoreChain> {
  const chain = await storeOfCallerOrNull(sql, caller);
  if (!chain) throw refuse('purchaseOrder.storesOnly', undefined, 'new_supplier_id');
  return chain;
}

/**
 * The supplier a store may order from: its own dealer, and no other business unit (another dealer,
 * head office, a branch, a store; an id that names nothing). Refused at the supplier, naming the
 * store's dealer (never the unit asked for: a store may not learn other chains' names).
 */
export async function supplierFor(sql: Sql, caller: Caller, asked: unknown): Promise<StoreChain> {
  const chain = await storeOfCaller(sql, caller);
  if (normGuid(asked) !== chain.dealerId) throw refuse('purchaseOrder.foreignSupplier', { dealer: chain.dealerName }, 'new_supplier_id');
  return chain;
}

export const supplierAnswer = (c: StoreChain): PurchaseSupplier => ({
  id: c.dealerId,
  name: c.dealerName,
  storeId: c.storeId,
  storeName: c.storeName,
});
