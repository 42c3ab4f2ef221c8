import type { Sql } from '../../db/db.ts';
import { postMoves, type StockMove } from './ledger.ts';

/** The document whose lines hold stock: what its moves name in the ledger, and the prefix of their keys. */
export interface HoldingDocument {
  id: string;
  name: string;
  docType: number;
  usage: number;
  /** `db` (transfer), `th` (site return): keys read `<prefix>:<id>:<step>:<line>`. */
  prefix: string;
}

/** A line and the quantity it holds (what is reserved, or in transit and not received). */
export type HeldLine = { id: string; product: string; qty: number };

/** One move per line: the balance of a warehouse that changes by the held quantity (`sign` -1 gives it back, +1 takes it). */
export interface HoldStep {
  step: string;
  warehouseId: string;
  balance: 'qty' | 'frozen' | 'transit';
  sign: 1 | -1;
}

/**
 * Puts a document's held quantities on hold or gives them back (a transfer's reservation on approval
 * and its release on closing; a closed return's transit back into the station's stock): per line
 * holding more than 0, one move per step, keyed per document, step and line so a repeat posts nothing.
 */
export async function moveHeld(
  sql: Sql,
  userId: string,
  doc: HoldingDocument,
  lines: readonly HeldLine[],
  steps: readonly HoldStep[],
): Promise<void> {
  const moves: StockMove[] = lines
    .filter((l) => l.qty > 0)
    .flatMap((l) =>
      steps.map((s) => ({
        warehouseId: s.warehouseId,
        productId: l.product,
        [s.balance]: s.sign * l.qty,
        usage: doc.usage,
        docType: doc.docType,
        docId: doc.id,
        docName: doc.name,
        lineId: l.id,
        key: `${doc.prefix}:${doc.id}:${s.step}:${l.id}`,
      })),
    );
  await postMoves(sql, userId, moves);
}
