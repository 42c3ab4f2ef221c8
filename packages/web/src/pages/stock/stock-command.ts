import type { CommandAnswer } from '../../api/work-orders.ts';
import type { StockAnswer } from '../../api/stock.ts';

/**
 * The shared command dialog (pages/workorder/CommandDialog.tsx) is typed for work-order answers;
 * it reads only the message and hands the answer back, so a stock answer fits with neutral states.
 */
export const forDialog = (a: StockAnswer): CommandAnswer => ({ ...a, status: 0, dealstatus: 0 });

/** A lookup value's id (LookupInput values are `{ id, name }`). */
export const lookupId = (v: unknown): string => (v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id ?? '') : '');

/** A memo as sent: trimmed, empty left out. */
export const trimmed = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
