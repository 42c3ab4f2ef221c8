import { call, type CallOptions } from './client.ts';
import { FORMATTED_PREFER } from './records.ts';

export interface LookupCondition {
  field: string;
  op: string;
  value: unknown;
}

export interface LookupQuery {
  entityName: string;
  page: number;
  count: number;
  select: string[];
  orderby?: string;
  condition?: LookupCondition[];
  filter?: string[];
  filterValue?: string;
}

/** GET /api/crmlookupview/data: one page of records for a lookup dialog (top-level TotalRecordCount). */
export async function lookupData(q: LookupQuery, opts?: CallOptions): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const env = await call<Record<string, unknown>[]>('/api/crmlookupview/data', {
    ...opts,
    // Names of lookups and labels of options come back beside the raw values.
    headers: { Prefer: FORMATTED_PREFER },
    query: {
      entityName: q.entityName,
      page: q.page,
      count: q.count,
      select: q.select.join(','),
      orderby: q.orderby || undefined,
      condition: q.condition?.length ? JSON.stringify(q.condition) : undefined,
      filter: q.filterValue && q.filter?.length ? q.filter.join(',') : undefined,
      filterValue: q.filterValue || undefined,
    },
  });
  const rows = Array.isArray(env.Data) ? env.Data : [];
  const total = Number((env as unknown as { TotalRecordCount?: number }).TotalRecordCount ?? rows.length);
  return { rows, total };
}
