import { STOCK_API } from './parts-api.ts';

/**
 * Two reports read from the ledgers (issue 24): the inventory statement (库存报表) from the stock
 * ledger and the quota's line flow (流水) from the quota ledger. Both are scoped as their ledgers.
 */

/** GET {INVENTORY_STATEMENT_API}?stationId=&productId=&from=&to=&page=&pageSize= — stock.read. `/export` answers the same rows as .xlsx. */
export const INVENTORY_STATEMENT_API = `${STOCK_API}/statement`;
/** GET {QUOTA_FLOW_API}?stationId=&from=&to= — quota.read. `/export` answers the same moves as .xlsx. */
export const QUOTA_FLOW_API = '/api/quota/flow';

/** The filters of both reports; days are YYYY-MM-DD in China time, both ends included. */
export interface LedgerPeriodQuery {
  stationId?: string;
  from?: string;
  to?: string;
}

export interface InventoryStatementQuery extends LedgerPeriodQuery {
  productId?: string;
  page?: number;
  pageSize?: number;
}

/** One warehouse and part over the period: opening + in − out = closing (on-hand quantities). */
export type InventoryStatementRow = {
  warehouseId: string;
  warehouse: string;
  stationId: string | null;
  station: string | null;
  productId: string;
  code: string;
  name: string;
  uom: string;
  opening: number;
  in: number;
  out: number;
  closing: number;
};

export interface InventoryStatement {
  from: string;
  to: string;
  total: number;
  rows: InventoryStatementRow[];
}

/** One quota move: amounts in yuan as decimal strings ("-322.00"). */
export type QuotaFlowMove = {
  id: string;
  time: string;
  stationId: string;
  station: string;
  usage: number;
  docType: number;
  docId: string | null;
  document: string;
  amount: string;
  balance: string;
};

/** A station's quota over the period: the balance before it, every move with the balance after it, the closing balance. */
export type QuotaFlowStation = {
  stationId: string;
  station: string;
  opening: string;
  closing: string;
};

export interface QuotaFlow {
  from: string;
  to: string;
  stations: QuotaFlowStation[];
  moves: QuotaFlowMove[];
  /** True when more moves matched than are listed (narrow the period or choose a station). */
  truncated: boolean;
}
