import type { ReceiveRequest } from '@portal/model';
import { Refusal, refuse } from '../../http/errors.ts';
import { normGuid } from '../../records/validate.ts';
import { checkQty } from '../../documents/inputs.ts';

export interface ReceivableLine {
  id: string;
  name: string;
  qty: number;
  received: number;
}

/**
 * What a receipt takes now, per line of a shipped document (a delivery, a parts return): every
 * line the document's own, a whole number ≥ 0, together at most what is still to receive (the
 * message names the part and what remains), and something received at all.
 */
export function receivedNow<L extends ReceivableLine>(
  lines: L[],
  input: ReceiveRequest['lines'],
  label: string,
): { got: { line: L; n: number }[]; taken: Map<string, number> } {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const taken = new Map<string, number>();
  for (const x of input ?? []) {
    const line = byId.get(normGuid(x.lineId) ?? '');
    if (!line) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
    const n = checkQty(x.qty, label, `lines.${line.id}`, { zero: true });
    const left = line.qty - line.received - (taken.get(line.id) ?? 0);
    if (n > left) throw refuse('delivery.receivedOver', { part: line.name, remaining: left }, `lines.${line.id}`);
    if (n > 0) taken.set(line.id, (taken.get(line.id) ?? 0) + n);
  }
  if (!taken.size) throw refuse('delivery.receiveNothing');
  return { got: [...taken].map(([lineId, n]) => ({ line: byId.get(lineId)!, n })), taken };
}
