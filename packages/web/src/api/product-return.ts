import { sendCommand } from './command.ts';

/** Base of the product-return commands (server routes/product-return.ts). */
export const PRODUCT_RETURN_API = '/api/productReturn';

const command = (path: string, body: unknown) => sendCommand(`${PRODUCT_RETURN_API}${path}`, body);

/** POST …/{id}/collect: the station records the approved return collected from the customer (day, note); its work order is pulled out. */
export const collectProductReturn = (id: string, body: { collectedOn: string; memo?: string }) =>
  command(`/${encodeURIComponent(id)}/collect`, body);
/** POST …/{id}/ship: the station ships the approved return (logistics); its work order is delivered. */
export const shipProductReturn = (id: string, body: { logisticsCorp: string; trackingNo: string }) =>
  command(`/${encodeURIComponent(id)}/ship`, body);
/** POST …/{id}/receive: head office receives the shipped return; its work order is received. */
export const receiveProductReturn = (id: string) => command(`/${encodeURIComponent(id)}/receive`, {});
