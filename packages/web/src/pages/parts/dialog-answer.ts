import type { PartsAnswer } from '../../api/parts.ts';
import type { CommandAnswer } from '../../api/work-orders.ts';

/**
 * CommandDialog (pages/workorder) is typed for work-order answers but reads only the message and
 * hands the answer back: a parts answer goes through it with neutral work-order states.
 */
export const forDialog = (p: Promise<PartsAnswer>): Promise<CommandAnswer> => p.then((a) => ({ ...a, status: 0, dealstatus: 0 }));
