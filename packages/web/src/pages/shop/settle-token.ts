import type { SettledOrder } from '../../api/cart.ts';
import { randomId } from '../../shared/format.ts';

/** What the confirm screen needs: the chosen cart items and, once settled, the created orders. */
export interface SettleTicket {
  itemIds: string[];
  orders?: SettledOrder[];
}

const key = (token: string) => `portal.settle.${token}`;

/** The checked items under a client token (/confirm/{token}/order); kept for this tab only. */
export function createSettleToken(itemIds: string[]): string {
  const token = randomId().replace(/-/g, '').slice(0, 16);
  sessionStorage.setItem(key(token), JSON.stringify({ itemIds } satisfies SettleTicket));
  return token;
}

export function readSettleToken(token: string): SettleTicket | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(key(token)) ?? 'null') as SettleTicket | null;
    return v && Array.isArray(v.itemIds) ? v : null;
  } catch {
    return null;
  }
}

export function saveSettleResult(token: string, ticket: SettleTicket): void {
  sessionStorage.setItem(key(token), JSON.stringify(ticket));
}
