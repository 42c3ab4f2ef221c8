import { deliveryState, receiptState, stockOutType } from '@portal/model';
import type { RecordRow } from '../../api/records.ts';
import { num } from '../../entity-ui/document/num.ts';

/*
 * What a delivery's screens offer, mirroring the server's rules (the server decides; these only
 * hide what would be refused).
 */

export const deliveryStateOf = (row: RecordRow | null): number => num(row?.new_state) ?? deliveryState.draft;

/** Header fields and lines change only while the delivery is to be submitted, by its creators. */
export const isDraft = (row: RecordRow | null) => !!row && deliveryStateOf(row) === deliveryState.draft;

/** Damaged, faulty and scrapped deliveries get their lines by hand; the others from their documents. */
const HAND_MADE: number[] = [stockOutType.damaged, stockOutType.faulty, stockOutType.scrapped];
export const takesHandLines = (outType: unknown) => HAND_MADE.includes(num(outType) ?? 0);

/** spec 001 §4: a receipt requires a shipped delivery, to be received or semi received. */
export function isReceivable(row: RecordRow | null): boolean {
  const receipt = num(row?.new_receiptstate);
  return (
    !!row && deliveryStateOf(row) === deliveryState.shipped && (receipt === receiptState.toReceive || receipt === receiptState.semiReceived)
  );
}
