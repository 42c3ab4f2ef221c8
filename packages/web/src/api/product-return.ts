import type { PartsCommandResult } from '@portal/model';
import { call } from './client.ts';

/** Base of the product-return commands (server routes/product-return.ts). */
export const PRODUCT_RETURN_API = '/api/productReturn';

async function command(path: string, body: unknown): Promise<PartsCommandResult> {
  const env = await call<Partial<PartsCommandResult> | null>(`${PRODUCT_RETURN_API}${path}`, { silent: true, method: 'POST', json: body ?? {} });
  const data = (env.Data && typeof env.Data === 'object' ? env.Data : {}) as Partial<PartsCommandResult>;
  return { id: String(data.id ?? ''), message: String(data.message || env.Message || '') };
}

/** POST …/{id}/collect: the station records the approved return collected from the customer (day, note); its work order is pulled out. */
export const collectProductReturn = (id: string, body: { collectedOn: string; memo?: string }) => command(`/${encodeURIComponent(id)}/collect`, body);
/** POST …/{id}/ship: the station ships the approved return (logistics); its work order is delivered. */
export const shipProductReturn = (id: string, body: { logisticsCorp: string; trackingNo: string }) => command(`/${encodeURIComponent(id)}/ship`, body);
/** POST …/{id}/receive: head office receives the shipped return; its work order is received. */
export const receiveProductReturn = (id: string) => command(`/${encodeURIComponent(id)}/receive`, {});
