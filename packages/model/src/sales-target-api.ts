import type { Lang } from './define.ts';
import { targetPeriodType } from './option-sets/sales-target.ts';

/*
 * Salesmen, sales targets and forecasts (issue 28): the calls the pages make beyond the record
 * service. A target's actual is computed by the server when it is read (never stored); these calls
 * answer targets with their actuals, a salesman's card and the forecast report.
 */

export const SALES_TARGET_API = '/api/sales-targets';
export type TargetKind = 'staff' | 'account';
export const TARGET_KINDS: readonly TargetKind[] = ['staff', 'account'];

/** GET — a page of targets of a kind with their actuals (`TargetQuery`) → `TargetPage`. */
export const targetListPath = (kind: TargetKind) => `${SALES_TARGET_API}/${kind}`;
/** GET — every target of the same filters as an Excel file. */
export const targetExportPath = (kind: TargetKind) => `${SALES_TARGET_API}/${kind}/export`;
/** GET — one target with its actual and the orders counted → `TargetDetail`. */
export const targetDetailPath = (kind: TargetKind, id: string) => `${SALES_TARGET_API}/${kind}/${encodeURIComponent(id)}`;

export interface TargetQuery {
  year?: number;
  periodType?: number;
  periodNo?: number;
  metric?: number;
  /** The salesman (staff) or the dealer (account). */
  who?: string;
  page?: number;
  pageSize?: number;
}

export interface TargetRow {
  id: string;
  name: string;
  whoId: string;
  who: string;
  periodType: number;
  year: number;
  periodNo: number;
  /** '2026年6月', '2026年第2季度' (the caller's language). */
  period: string;
  periodStart: string;
  periodEnd: string;
  metric: number;
  productLineId: string | null;
  productLine: string | null;
  /** Decimal strings: yuan with 2 decimals for an amount, whole orders for a count. */
  target: string;
  actual: string;
  /** actual ÷ target in per cent, one decimal ('87.5'). */
  completion: string;
}

export interface TargetPage {
  total: number;
  rows: TargetRow[];
}

/** An order counted in a target's actual: the amount of its lines the target counts (all, or its product line's). */
export type CountedOrder = {
  id: string;
  name: string;
  buyer: string;
  /** The day it was audited (China time). */
  auditedOn: string;
  amount: string;
};

export interface TargetDetail extends TargetRow {
  orders: CountedOrder[];
}

export const SALESMAN_API = '/api/salesmen';
/** GET — the signed-in salesman's own card (404 with a message for an account that is no salesman). */
export const SALESMAN_CARD_MINE = `${SALESMAN_API}/me`;
/** GET — a salesman's card, for head office (sales.target). */
export const salesmanCardPath = (id: string) => `${SALESMAN_API}/${encodeURIComponent(id)}/card`;

export interface SalesmanCard {
  salesman: {
    id: string;
    code: string;
    name: string;
    mobile: string;
    province: string | null;
    city: string | null;
    active: boolean;
  };
  /** This month (YYYY-MM, China time), the month of the dealers' figures. */
  month: string;
  dealers: { id: string; name: string; code: string | null; monthAmount: string; monthOrders: number }[];
  /** The salesman's targets of the last twelve months and ahead, newest period first, with their actuals. */
  targets: TargetRow[];
}

export const SALES_FORECAST_REPORT_API = '/api/sales-forecasts/report';
export const SALES_FORECAST_REPORT_EXPORT = `${SALES_FORECAST_REPORT_API}/export`;

/** Months as YYYY-MM (China time); a dealer is ignored for a dealer's own account (it sees itself). */
export interface ForecastReportQuery {
  dealer?: string;
  from?: string;
  to?: string;
}

export interface ForecastReportCell {
  month: string;
  productLineId: string | null;
  productLine: string;
  /** The latest approved forecast of the month (made in it, else one or two months before). */
  forecast: number;
  /** Quantity ordered: the audited orders' lines of the month. */
  actual: number;
  actualAmount: string;
  /** actual ÷ forecast in per cent, one decimal; null without a forecast or for a month still to come. */
  rate: string | null;
}

export interface ForecastReport {
  from: string;
  to: string;
  dealer: { id: string; name: string } | null;
  months: string[];
  productLines: { id: string | null; name: string }[];
  cells: ForecastReportCell[];
  /** Per month, every product line together. */
  totals: { month: string; forecast: number; actual: number; actualAmount: string; rate: string | null }[];
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A target's period as the user reads it: 2026年6月 / Jun 2026, 2026年第2季度 / Q2 2026. */
export function targetPeriodText(type: number, year: number, no: number, lang: Lang): string {
  if (type === targetPeriodType.quarter) return lang === 'zh-CN' ? `${year}年第${no}季度` : `Q${no} ${year}`;
  return lang === 'zh-CN' ? `${year}年${no}月` : `${EN_MONTHS[no - 1] ?? no} ${year}`;
}

/** A month (YYYY-MM) as the user reads it: 2026年6月 / Jun 2026. */
export const monthText = (month: string, lang: Lang) =>
  targetPeriodText(targetPeriodType.month, Number(month.slice(0, 4)), Number(month.slice(5, 7)), lang);
