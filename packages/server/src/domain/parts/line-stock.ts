import type { LineStock } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid } from '../../records/validate.ts';
import { stockLevels } from '../stock/ledger.ts';
import { assertMay, lockDocument } from '../../documents/access.ts';
import type { RequestDocument } from './request-lines.ts';

/**
 * What the warehouse of a request document (the supplying one of an application or transfer, the
 * station's own of a sale or return) has available of one part, for the line dialog to show a
 * shortfall before the line is saved. Scoped like the document's line commands: the writing
 * privilege and a document in the caller's reach (404 otherwise); the stock of other warehouses
 * is never shown. `available` is null while the document names no warehouse.
 */
export async function lineStock(sql: Sql, caller: Caller, d: RequestDocument, id: string, rawProduct: unknown): Promise<LineStock> {
  assertMay(caller, d.write);
  const h = await lockDocument<{ warehouse: string | null }>(sql, caller, d.header, id, 't.new_warehouse_id AS warehouse', { lock: false });
  const productId = normGuid(rawProduct);
  if (!productId) throw refuse('parts.partRequired', undefined, 'productId');
  if (!h.warehouse) return { available: null };
  return { available: (await stockLevels(sql, h.warehouse, [productId])).get(productId)?.available ?? 0 };
}
