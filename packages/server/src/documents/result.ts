import { msg, type Lang, type MessageKey } from '@portal/model';

/** What every document command answers: the document, its state after the command (kernel commands), the line it touched, and its message. */
export interface CommandResult {
  id: string;
  message: string;
  state?: number;
  lineId?: string;
  /** A document the command made (a shipment from an order, a reissue from a shipment): the page opens it. */
  opens?: { entity: string; id: string };
}

/** What a command answers: the document, the line it touched, and its message. */
export function answer(id: string, key: MessageKey, lang: Lang, lineId?: string): CommandResult {
  return { id, message: msg(key, lang), ...(lineId ? { lineId } : {}) };
}
