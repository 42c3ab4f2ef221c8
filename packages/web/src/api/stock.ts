import {
  STOCK_API,
  type CountLinesRequest,
  type CreateCountRequest,
  type CreateTaskRequest,
  type LimitBatchRequest,
  type PartsCommandResult,
  type StationInventoryRow,
} from '@portal/model';
import { apiGet, call, callBlob, type CallOptions } from './client.ts';
import { sendCommand } from './command.ts';

/**
 * The stock calls of the model's contract (`parts-api.ts`): count sheets, inventory tasks and
 * inventory limits. Commands resolve with the server's display message; a refusal rejects with an
 * ApiError carrying the server's text. Calls are silent: the screens show the messages themselves.
 */
export type StockAnswer = PartsCommandResult;

const count = (id: string) => `${STOCK_API}/counts/${encodeURIComponent(id)}`;

const command = (path: string, method: 'POST' | 'PATCH', body: unknown, opts?: CallOptions): Promise<StockAnswer> =>
  sendCommand(path, body, { ...opts, method });

/** Opens a count sheet of a warehouse (a line per part held there); answers the sheet's id. */
export const createCount = (body: CreateCountRequest) => command(`${STOCK_API}/counts`, 'POST', body);
/** Counted quantities (and memos) of some lines, while the sheet is counting. */
export const saveCountLines = (id: string, body: CountLinesRequest) => command(`${count(id)}/lines`, 'PATCH', body);
export const submitCount = (id: string) => command(`${count(id)}/submit`, 'POST', {});
export const confirmCount = (id: string) => command(`${count(id)}/confirm`, 'POST', {});
export const cancelCount = (id: string) => command(`${count(id)}/cancel`, 'POST', {});

/** The sheet's lines as an .xlsx to fill in (a failure is toasted). */
export const countTemplate = (id: string) => callBlob(`${count(id)}/template`);

/** One .xlsx of counted quantities; a refusal (400) carries every row error in its data. */
export async function importCounts(id: string, file: File): Promise<{ imported: number }> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  const env = await call<{ imported: number }>(`${count(id)}/import`, { method: 'POST', formData: fd, silent: true });
  return { imported: Number(env.Data?.imported ?? 0) };
}

/** An inventory task: one count sheet per station; answers the task's id. */
export const createTask = (body: CreateTaskRequest) => command(`${STOCK_API}/tasks`, 'POST', body);

/** A station's limits, inserted or updated together. */
export const saveLimits = (body: LimitBatchRequest) => command(`${STOCK_API}/limits/batch`, 'POST', body);

/** A station's parts: stock beside limits. */
export async function stationInventory(stationId: string, opts?: CallOptions): Promise<StationInventoryRow[]> {
  const rows = await apiGet<StationInventoryRow[]>(`${STOCK_API}/limits/overview`, { ...opts, query: { stationId } });
  return Array.isArray(rows) ? rows : [];
}
