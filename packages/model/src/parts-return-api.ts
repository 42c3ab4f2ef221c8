/**
 * Old parts back to factory (旧件返厂) calls, designed here (spec 001 leaves them "not shown"). One
 * transaction each, scoped to the caller (404 outside it); answers `{ id, message, lineId? }`
 * (PartsCommandResult) or 400 `{ error: { code, message, field? } }` and changes nothing. A POST may
 * carry an `Idempotency-Key`. Reads of the documents go through the CRM data calls.
 */
export const PARTS_RETURN_API = '/api/parts-returns';

/** GET {PARTS_RETURN_API}/owed — the caller's station's old parts still owed (completed work orders' part lines). */
export type OwedOldPart = {
  partLineId: string;
  workOrderId: string;
  workOrderName: string;
  productId: string;
  code: string;
  name: string;
  serialNo: string | null;
  /** What the work order took out of stock for the line. */
  qty: number;
  /** qty minus what every return already holds for the line. */
  remaining: number;
  price: string;
};

/** POST {PARTS_RETURN_API}/{id}/pick — station (parts.write), draft only: lines from owed part lines. */
export interface PickOwedRequest {
  lines: { partLineId: string; qty: number; costCenter: string }[];
}

/** PATCH {PARTS_RETURN_API}/{id}/lines/{lineId} (draft only): count and cost centre; DELETE …/lines/{lineId}. */
export interface ReturnLineChange {
  qty?: number;
  costCenter?: string;
}

/** POST …/{id}/deliver — station: logistics company, tracking number, freight 0–99,999 yuan. */
export interface DeliverReturnRequest {
  logisticsCorp: string;
  trackingNo: string;
  freight: number;
}

// POST …/{id}/receive — head office (expense.write): `{ lines: [{ lineId, qty }] }`, counts received now per line (added to what was received).

/** POST …/{id}/confirm and …/{id}/writeoff — head office (expense.write), no body. */
export const partsReturnPdfPath = (id: string) => `${PARTS_RETURN_API}/${encodeURIComponent(id)}/pdf`;
