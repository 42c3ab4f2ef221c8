/**
 * Where a delivery opens for the user: its screen for warehouse staff (delivery.read), else the
 * receipt screen for receivers (parts.receive); undefined when neither (shown as text).
 */
export const DISPATCH_LIST = '/partsDispatch/list';
export const RECEIPT_LIST = '/partsSign/list';
export const dispatchPath = (id: string) => `/partsDispatch/edit/${encodeURIComponent(id)}`;
export const receiptPath = (id: string) => `/partsSign/edit/${encodeURIComponent(id)}`;
export const deliveryLineCreatePath = (deliveryId: string) => `/partsDispatch/detailcreate/${encodeURIComponent(deliveryId)}`;
export const deliveryLineEditPath = (lineId: string) => `/partsDispatch/detailedit/${encodeURIComponent(lineId)}`;

export function deliveryPath(id: string, can: (p: string) => boolean): string | undefined {
  if (can('delivery.read')) return dispatchPath(id);
  if (can('parts.receive')) return receiptPath(id);
  return undefined;
}
