import {
  INVENTORY_STATEMENT_API,
  QUOTA_FLOW_API,
  type InventoryStatement,
  type InventoryStatementQuery,
  type LedgerPeriodQuery,
  type QuotaFlow,
} from '@portal/model';
import { apiGet, callBlob } from './client.ts';

/** 库存报表 and 流水 (model `ledger-reports-api.ts`): a refusal (a bad period) rejects with the server's text, toasted. */
function query(q: object): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const inventoryStatement = (q: InventoryStatementQuery) => apiGet<InventoryStatement>(`${INVENTORY_STATEMENT_API}${query(q)}`);
export const exportInventoryStatement = (q: InventoryStatementQuery) =>
  callBlob(`${INVENTORY_STATEMENT_API}/export${query({ ...q, page: undefined, pageSize: undefined })}`);
export const quotaFlow = (q: LedgerPeriodQuery) => apiGet<QuotaFlow>(`${QUOTA_FLOW_API}${query(q)}`);
export const exportQuotaFlow = (q: LedgerPeriodQuery) => callBlob(`${QUOTA_FLOW_API}/export${query(q)}`);
