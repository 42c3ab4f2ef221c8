import type { QuickOrderLine, QuickOrderLineError } from '@portal/model';
import { ApiError } from './envelope.ts';
import { call, callBlob } from './client.ts';

/** Quick order calls (server routes/quick-order.ts). */
export const QUICK_ORDER_API = '/api/quickorder';

export type QuickLine = QuickOrderLine;
export type LineError = QuickOrderLineError;

export interface CheckAnswer {
  Lines: QuickLine[];
  Errors: LineError[];
  ShowPrice: boolean;
}

export interface LineInput {
  Row: number;
  Code: string;
  Quantity: string;
}

const answer = (d: unknown): CheckAnswer => {
  const o = (d ?? {}) as Partial<CheckAnswer>;
  return { Lines: Array.isArray(o.Lines) ? o.Lines : [], Errors: Array.isArray(o.Errors) ? o.Errors : [], ShowPrice: o.ShowPrice === true };
};

export const checkLines = async (Lines: LineInput[]) =>
  answer((await call<CheckAnswer>(`${QUICK_ORDER_API}/check`, { method: 'POST', json: { Lines } })).Data);

/** The row errors of a refused add-all (400, Data.errors). */
export function lineErrorsOf(e: unknown): LineError[] {
  const errors = e instanceof ApiError && e.data && typeof e.data === 'object' ? (e.data as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) ? (errors as LineError[]) : [];
}

/** Adds every line to the cart in one call; resolves with the server's message, or rejects with the row errors in `data`. */
export async function addAllToCart(Lines: LineInput[]): Promise<{ added: number; message: string }> {
  const env = await call<{ Added: number }>(`${QUICK_ORDER_API}/addtocart`, { method: 'POST', json: { Lines }, silent: true });
  return { added: Number(env.Data?.Added ?? 0), message: env.Message };
}

export const quickOrderTemplate = () => callBlob(`${QUICK_ORDER_API}/template`);

/** Sends an Excel file; resolves with its checked rows and the server's summary. */
export async function importQuickOrder(file: File): Promise<CheckAnswer & { message: string }> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  const env = await call<CheckAnswer>(`${QUICK_ORDER_API}/import`, { method: 'POST', formData: fd, silent: true });
  return { ...answer(env.Data), message: env.Message };
}
