/**
 * Finance search (/finance/search, issue 28): one dealer's money with head office at a glance —
 * credit (limit, temporary credit, used, available), rebate balance, marketing funds, receivables
 * ageing, the ledger balance against its latest statement — each figure with the time it is as of
 * and the documents behind it. Head office and a branch pick a dealer of their reach; a dealer's
 * user gets its own (another dealer's id: 404).
 */
export const FINANCE_API = '/api/finance';

/** GET `?dealer=<unit id>` (a dealer's user may leave it out) — `FinanceSearch`. */
export const financeSearchPath = (dealer?: string | null) =>
  `${FINANCE_API}/search${dealer ? `?dealer=${encodeURIComponent(dealer)}` : ''}`;
/** GET `?q=<text>` — the dealers of the caller's reach (`FinanceDealer[]`, at most 50, by code). */
export const financeDealersPath = (q?: string) => `${FINANCE_API}/dealers${q ? `?q=${encodeURIComponent(q)}` : ''}`;

export interface FinanceDealer {
  id: string;
  name: string;
  code: string;
}

/** A document behind a figure: its logical name and id (the page opens it), number, date and amount. */
export interface FinanceDoc {
  entity: string;
  id: string;
  name: string;
  date: string;
  amount: string;
}

/** The ageing buckets of open invoices, by days since the invoice date. */
export const AGEING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export interface FundFigure {
  count: number;
  approved: string;
  writtenOff: string;
  pending: string;
  remaining: string;
}

/** Amounts are decimal strings with 2 places, exact; `asOf` ISO instants. */
export interface FinanceSearch {
  dealer: FinanceDealer;
  asOf: string;
  credit: {
    limit: string;
    temporary: string;
    openOrders: string;
    receivable: string;
    used: string;
    available: string;
    asOf: string;
    /** The temporary credits counting today. */
    temporaryDocs: FinanceDoc[];
    /** The orders drawing on credit (most recent first, at most 20) and how many there are. */
    orderDocs: FinanceDoc[];
    orderCount: number;
  };
  rebate: { balance: string; asOf: string };
  funds: { cost: FundFigure; activity: FundFigure; asOf: string };
  ageing: {
    /** Days are counted from the invoice date (账龄), China time. */
    basis: 'invoiceDate';
    buckets: { key: AgeingBucket; amount: string; count: number }[];
    total: string;
    /** Open amount past its due date. */
    overdue: string;
    asOf: string;
    /** The open invoices, oldest first (at most 50), each with its bucket and days. */
    invoices: (FinanceDoc & { due: string; days: number; bucket: AgeingBucket })[];
    invoiceCount: number;
  };
  /** The account's ledger balance now, and what moved since the latest statement. */
  balance: { amount: string; sinceStatement: string; movesSince: number; asOf: string };
  statement: { id: string; month: string; closing: string; state: number; stateText: string; generatedOn: string } | null;
}
