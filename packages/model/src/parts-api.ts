/**
 * The parts and stock calls (spec 001 leaves them "not shown"; designed here). The web app and the
 * server both use these types; the commands are in `server/src/domain/parts` and
 * `server/src/domain/stock`. Every command is one transaction, scoped to the caller (404 outside
 * it), answers `{ id, message, lineId? }` with a display message in the caller's language, or 400
 * `{ error: { code, message, field? } }` and changes nothing. A POST may carry an
 * `Idempotency-Key` header: a retry with the same key answers the first result and changes nothing.
 * Reads go through the CRM data calls (`/api/crmdata/…`) like every other record.
 */

export const PARTS_API = '/api/parts';
export const STOCK_API = '/api/stock';

export interface PartsCommandResult {
  id: string;
  message: string;
  /** The line a line command added, changed or deleted. */
  lineId?: string;
}

/**
 * POST {PARTS_API}/applications/{id}/lines — privilege parts.write, while the application is draft
 * or rejected; PATCH …/lines/{lineId} with any of the fields; DELETE …/lines/{lineId}.
 * Quantity: integer, > 0, < 100,000; a part once per document.
 */
export interface DocumentLineRequest {
  productId: string;
  qty: number;
  memo?: string;
}

/**
 * GET {PARTS_API}/{applications|transfers|sales|siteReturns}/{id}/stock?productId= — the writing
 * privilege, a document in the caller's reach: what the document's warehouse has available of the
 * part (null while it names no warehouse). The line dialog shows a shortfall from it.
 */
export interface LineStock {
  available: number | null;
}

/**
 * GET {PARTS_API}/deliveries/applications?warehouseId= — privilege delivery.create, the caller's
 * own sending warehouse: the approved, open applications it supplies that still have something to
 * deliver (approved − delivered − on deliveries not shipped yet > 0), oldest first, at most 1000.
 * The delivery create dialog offers only these.
 */
export interface DeliverableApplication {
  id: string;
  name: string;
  /** Parts still to put on a delivery, over all its lines. */
  remaining: number;
}

/** POST {PARTS_API}/applications/{id}/approved — the current step's approver sets approved quantities (≤ applied). */
export interface ApprovedQuantitiesRequest {
  lines: { lineId: string; approvedQty: number }[];
}

/** POST {PARTS_API}/applications/{id}/close and …/transfers/{id}/close — releases what is reserved and not shipped. */
export interface CloseRequest {
  reason: string;
}

/**
 * POST {PARTS_API}/deliveries — privilege delivery.create. Out type 1: from approved applications of
 * one receiving warehouse supplied by `warehouseId` (lines = what is still to deliver); 2: from an
 * approved transfer; 3–5 (damaged, faulty, scrapped): lines are added by hand. Answers the new id.
 */
export interface CreateDeliveryRequest {
  outType: number;
  warehouseId: string;
  applicationIds?: string[];
  transferId?: string;
  scrapReason?: number | null;
  afterScrap?: number | null;
  memo?: string;
}

/**
 * POST {PARTS_API}/deliveries/{id}/lines (detail create) — a part and quantity for damaged, faulty
 * or scrapped deliveries; PATCH …/lines/{lineId} (detail edit) changes the quantity (≤ what is
 * still to deliver of its application or transfer line) or memo; DELETE removes it. State 1 only.
 */
export interface DeliveryLineRequest {
  productId?: string;
  qty: number;
  memo?: string;
}

/** The steps of a delivery (its declared commands, new_stockoutorder's `document`): each moves the state by one and needs its own privilege. */
export type DeliveryStep = 'submit' | 'pick' | 'pack' | 'out' | 'ship';

/**
 * POST {PARTS_API}/deliveries/{id}/receive — privilege parts.receive, the receiving side only; the
 * delivery must be shipped or partially received. Quantities per line ≥ 0, at most what is not yet
 * received, at least one above 0. Moves the quantities from transit into the receiving warehouse.
 */
export interface ReceiveRequest {
  lines: { lineId: string; qty: number }[];
}

/** POST {STOCK_API}/counts — privilege stock.write: a count sheet of every part held in the warehouse. */
export interface CreateCountRequest {
  warehouseId: string;
  checkDate?: string;
  memo?: string;
}

/** PATCH {STOCK_API}/counts/{id}/lines — counted quantities (null clears one) while the sheet is counting. */
export interface CountLinesRequest {
  lines: { lineId: string; countQty: number | null; memo?: string }[];
}

/**
 * POST {STOCK_API}/tasks — privilege invtask.manage: an inventory task with one count sheet per
 * station (in the station's warehouse), due by `deadline` (YYYY-MM-DD, not before today).
 */
export interface CreateTaskRequest {
  subject: string;
  deadline: string;
  stationIds: string[];
  memo?: string;
}

/** POST {STOCK_API}/limits/batch — privilege stock.limit: a station's limits, inserted or updated together. */
export interface LimitBatchRequest {
  stationId: string;
  lines: { productId: string; minQty: number; maxQty: number }[];
}

/** GET {STOCK_API}/limits/overview?stationId= — the station's parts: stock beside limits. */
export type StationInventoryRow = {
  productId: string;
  code: string;
  name: string;
  uom: string;
  quantity: number;
  frozen: number;
  available: number;
  intransit: number;
  limitId: string | null;
  minQty: number | null;
  maxQty: number | null;
  /** below: available < min; above: quantity > max. */
  level: 'below' | 'ok' | 'above' | 'none';
};
