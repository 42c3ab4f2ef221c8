import { msg, purchaseOrderState, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { documentNumbers } from '../../documents/numbers.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { checkValue } from '../../records/validate.ts';
import { ValidationFailed } from '../../records/write.ts';
import { PURCHASE_ORDER } from './purchase-order.controller.ts';
import { unitWarehouse } from '../stock/unit-warehouse.ts';
import { supplierFor } from './supplier.ts';

/**
 * A new draft purchase order (CG<day>) of the caller's store to `supplier`, the business unit of the
 * create screen's route: refused at the supplier unless it is the store's own dealer (the record
 * service cannot take it: a store may not read its dealer's unit, so a lookup the client writes would
 * be refused as unseen). Owned by the store's unit; the dealer's and the store's warehouses, the
 * store and zero sums set here; wanted date and remark checked as the record service would.
 */
export async function createPurchaseOrder(
  sql: Sql,
  caller: Caller,
  body: { supplier?: unknown; new_expecteddate?: unknown; new_remark?: unknown },
  lang: Lang,
): Promise<{ id: string; name: string }> {
  const chain = await supplierFor(sql, caller, body.supplier);
  if (!chain.warehouse) throw refuse('purchaseOrder.noWarehouse', { unit: chain.storeName });
  const from = await unitWarehouse(sql, chain.dealerId, 'purchaseOrder.noWarehouse');
  const values: Record<string, unknown> = {};
  const errors: { field: string; message: string }[] = [];
  for (const n of ['new_expecteddate', 'new_remark'] as const) {
    const v = body[n];
    if (v === undefined || v === null || v === '') continue;
    const f = PURCHASE_ORDER.allFields[n];
    const r = checkValue(f, v, lang);
    if ('key' in r) errors.push({ field: n, message: msg(r.key, lang, { field: f.label[lang], ...r.params }) });
    else values[n] = r.value;
  }
  if (errors.length) throw new ValidationFailed(errors, lang);
  const [name] = await documentNumbers(sql, PURCHASE_ORDER, 1);
  const me = caller.principal.userId;
  const {
    rows: [o],
  } = await sql.query<{ id: string }>(
    `INSERT INTO new_purchaseorder (new_name, new_state, new_supplier_id, new_store_id, new_fromwarehouse_id, new_towarehouse_id,
                                    new_expecteddate, new_remark, new_totalqty, new_totalamount, new_shippedqty, new_receivedqty,
                                    ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, 0, 0, $9, $10, $9, $9) RETURNING new_purchaseorderid AS id`,
    [
      name,
      purchaseOrderState.draft,
      chain.dealerId,
      chain.storeId,
      from,
      chain.warehouse,
      values.new_expecteddate ?? null,
      values.new_remark ?? null,
      me,
      chain.storeUnit,
    ],
  );
  return { id: o.id, name };
}
