import {
  SALES_FORECAST_REPORT_API,
  SALES_FORECAST_REPORT_EXPORT,
  SALESMAN_CARD_MINE,
  salesmanCardPath,
  targetDetailPath,
  targetExportPath,
  targetListPath,
  type ForecastReport,
  type ForecastReportQuery,
  type SalesmanCard,
  type TargetDetail,
  type TargetKind,
  type TargetPage,
  type TargetQuery,
} from '@portal/model';
import { apiGet, call, callBlob } from '../../api/client.ts';

/** Salesmen, targets and the forecast report (model sales-target-api.ts); refusals reject with the server's text, toasted. */
function query(q: object): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const targetPage = (kind: TargetKind, q: TargetQuery) => apiGet<TargetPage>(`${targetListPath(kind)}${query(q)}`);
export const exportTargets = (kind: TargetKind, q: TargetQuery) =>
  callBlob(`${targetExportPath(kind)}${query({ ...q, page: undefined, pageSize: undefined })}`);
export const targetDetail = (kind: TargetKind, id: string) => apiGet<TargetDetail>(targetDetailPath(kind, id));

/** The signed-in salesman's card, or null with the server's reason (an account that is no salesman's). */
export async function myCard(): Promise<{ card: SalesmanCard | null; message: string }> {
  const env = await call<SalesmanCard | null>(SALESMAN_CARD_MINE, { method: 'GET' });
  return { card: env.Data ?? null, message: env.Message };
}
export const salesmanCard = (id: string) => apiGet<SalesmanCard>(salesmanCardPath(id));

export const forecastReport = (q: ForecastReportQuery) => apiGet<ForecastReport>(`${SALES_FORECAST_REPORT_API}${query(q)}`);
export const exportForecastReport = (q: ForecastReportQuery) => callBlob(`${SALES_FORECAST_REPORT_EXPORT}${query(q)}`);
