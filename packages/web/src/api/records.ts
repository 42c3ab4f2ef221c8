import { apiGet, apiPost, call, callBlob, type CallOptions } from './client.ts';
import type { ApiError } from './envelope.ts';

/** Header asking the record service for display texts beside raw values. */
export const FORMATTED_PREFER = 'odata.include-annotations="OData.Community.Display.V1.FormattedValue"';
export const FORMATTED = '@OData.Community.Display.V1.FormattedValue';

export type RecordRow = Record<string, unknown>;

/** The OData subset the record service understands. */
export interface ODataQuery {
  select?: string[];
  filter?: string;
  orderby?: string;
  top?: number;
  skip?: number;
  count?: boolean;
  expand?: string;
}

export function odataParams(q: ODataQuery): Record<string, string | number | undefined> {
  return {
    $select: q.select?.length ? q.select.join(',') : undefined,
    $filter: q.filter || undefined,
    $orderby: q.orderby || undefined,
    $top: q.top,
    $skip: q.skip || undefined,
    $count: q.count ? 'true' : undefined,
    $expand: q.expand || undefined,
  };
}

const formattedHeaders = (formatted: boolean) => (formatted ? { Prefer: FORMATTED_PREFER } : undefined);

/** The display text of a field: the server's formatted value, else the raw value. */
export function displayValue(row: RecordRow, field: string): string {
  const f = row[`${field}${FORMATTED}`];
  if (typeof f === 'string') return f;
  const v = row[field];
  return v === null || v === undefined ? '' : String(v);
}

export async function retrieveMultiple(entitySet: string, q: ODataQuery, opts: CallOptions & { formatted?: boolean } = {}) {
  const { formatted = true, ...rest } = opts;
  const data = await apiGet<{ value: RecordRow[]; '@odata.count'?: number }>(`/api/crmdata/Retrieve/${entitySet}`, {
    ...rest,
    query: odataParams(q),
    headers: formattedHeaders(formatted),
  });
  return { rows: data?.value ?? [], count: Number(data?.['@odata.count'] ?? data?.value?.length ?? 0) };
}

export function retrieveRecord(entitySet: string, id: string, select?: string[], opts: CallOptions & { formatted?: boolean } = {}) {
  const { formatted = true, ...rest } = opts;
  return apiGet<RecordRow>(`/api/crmdata/Retrieve/${entitySet}(${encodeURIComponent(id)})`, {
    ...rest,
    query: { $select: select?.length ? select.join(',') : undefined },
    headers: formattedHeaders(formatted),
  });
}

export const createRecord = (entitySet: string, body: RecordRow, opts?: CallOptions) =>
  apiPost<{ id: string }>(`/api/crmdata/create/${entitySet}`, body, opts);

export const updateRecord = (entitySet: string, id: string, body: RecordRow, opts?: CallOptions) =>
  apiPost<{ id: string }>(`/api/crmdata/Update/${entitySet}(${encodeURIComponent(id)})`, body, opts);

export const deleteRecord = (entitySet: string, id: string, opts?: CallOptions) =>
  call<unknown>(`/api/crmdata/delete/${entitySet}(${encodeURIComponent(id)})`, { method: 'POST', json: {}, ...opts });

/** The .xlsx of the current query (paging left out: the whole result). */
export function exportRecords(entitySet: string, q: ODataQuery, view: string, columns: string[], opts?: CallOptions) {
  const { $top: _top, $skip: _skip, $count: _count, ...params } = odataParams(q);
  return callBlob(`/api/crmdata/Export/${entitySet}`, { ...opts, query: { ...params, view, columns: columns.join(',') } });
}

/** A 400 answer's field errors (`Data.errors`), if any. */
export interface FieldError {
  field: string;
  message: string;
}
export function fieldErrorsOf(data: unknown): FieldError[] {
  const errors = data && typeof data === 'object' ? (data as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is { field?: unknown; message?: unknown } => !!e && typeof e === 'object')
    .map((e) => ({
      field: typeof e.field === 'string' ? e.field : '',
      message: typeof e.message === 'string' ? e.message : String(e.message ?? ''),
    }));
}

/** Every field a refusal names: its validation errors (`Data.errors`) and a command's `error.field`. */
export function refusalFieldErrors(e: ApiError): FieldError[] {
  const errors = fieldErrorsOf(e.data).filter((x) => x.field);
  if (e.field && !errors.some((x) => x.field === e.field)) errors.push({ field: e.field, message: e.message });
  return errors;
}
