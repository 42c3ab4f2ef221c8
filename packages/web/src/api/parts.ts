import {
  PARTS_API,
  type ApprovedQuantitiesRequest,
  type CloseRequest,
  type CreateDeliveryRequest,
  type DeliverableApplication,
  type DeliveryLineRequest,
  type DocumentLineRequest,
  type LineStock,
  type PartsCommandResult,
  type ReceiveRequest,
} from '@portal/model';
import { apiGet, type CallOptions } from './client.ts';
import { sendCommand } from './command.ts';

/**
 * The parts commands of the model's contract (`parts-api.ts`): lines, approved quantities and close
 * of applications and transfers; deliveries (create, lines, receipt; the steps: `runCommand`). Each resolves with the
 * server's `{ id, message, lineId? }`; a refusal rejects with an ApiError carrying the server's text.
 * Calls are silent: the screens show the messages themselves (in the dialog or in place).
 */
export type PartsAnswer = PartsCommandResult;

/** The two documents whose lines a station or a warehouse requests (same line and close calls). */
export type RequestKind = 'applications' | 'transfers' | 'sales' | 'siteReturns';

const seg = encodeURIComponent;

const command = (path: string, method: 'POST' | 'PATCH' | 'DELETE', body: unknown, opts?: CallOptions): Promise<PartsAnswer> =>
  sendCommand(`${PARTS_API}${path}`, body, { ...opts, method });

export const addRequestLine = (kind: RequestKind, id: string, body: DocumentLineRequest) =>
  command(`/${kind}/${seg(id)}/lines`, 'POST', body);
export const updateRequestLine = (kind: RequestKind, id: string, lineId: string, body: Partial<DocumentLineRequest>) =>
  command(`/${kind}/${seg(id)}/lines/${seg(lineId)}`, 'PATCH', body);
/** What the document's warehouse has available of a part (null while it names no warehouse). */
export const lineStock = (kind: RequestKind, id: string, productId: string, signal?: AbortSignal) =>
  apiGet<LineStock>(`${PARTS_API}/${kind}/${seg(id)}/stock`, { silent: true, query: { productId }, signal });
export const deleteRequestLine = (kind: RequestKind, id: string, lineId: string) =>
  command(`/${kind}/${seg(id)}/lines/${seg(lineId)}`, 'DELETE', undefined);
export const closeRequest = (kind: RequestKind, id: string, body: CloseRequest) => command(`/${kind}/${seg(id)}/close`, 'POST', body);

/** Parts returns: the station delivers, the receiving warehouse receives (quantities per line), either side closes. */
export const setApprovedQuantities = (id: string, body: ApprovedQuantitiesRequest) =>
  command(`/applications/${seg(id)}/approved`, 'POST', body);

/** The approved applications of a sending warehouse that still have something to deliver (the create dialog offers only these). */
export const deliverableApplications = (warehouseId: string, signal?: AbortSignal) =>
  apiGet<DeliverableApplication[]>(`${PARTS_API}/deliveries/applications`, { silent: true, query: { warehouseId }, signal });
export const createDelivery = (body: CreateDeliveryRequest) => command('/deliveries', 'POST', body);
export const addDeliveryLine = (id: string, body: DeliveryLineRequest) => command(`/deliveries/${seg(id)}/lines`, 'POST', body);
export const updateDeliveryLine = (id: string, lineId: string, body: Partial<DeliveryLineRequest>) =>
  command(`/deliveries/${seg(id)}/lines/${seg(lineId)}`, 'PATCH', body);
export const deleteDeliveryLine = (id: string, lineId: string) =>
  command(`/deliveries/${seg(id)}/lines/${seg(lineId)}`, 'DELETE', undefined);
export const receiveDelivery = (id: string, body: ReceiveRequest) => command(`/deliveries/${seg(id)}/receive`, 'POST', body);
