import type { Lang } from '@portal/model';
import type { Sql } from '../db/db.ts';
import type { Caller } from '../records/scope.ts';
import { apiError } from './errors.ts';

/** One Web API request, from HTTP or from a part of a $batch. */
export interface ApiRequest {
  method: string;
  /** The path below /api/data/v9.2/, percent-decoded: `new_srv_workorders(…)/Microsoft.Dynamics.CRM.submit`. */
  path: string;
  /** Query-string values as parsed (a repeated name is an array, which the readers refuse). */
  query: Record<string, string | string[] | undefined>;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** An object (JSON), a string (text/plain) or nothing. */
  body?: unknown;
}

/** Who asks and how the request's work reaches the database. */
export interface ApiEnv {
  caller: Caller;
  lang: Lang;
  /** `http://host/api/data/v9.2` as the caller reached it (OData-EntityId, nextLink, @odata.context). */
  base: string;
  /** Runs writes in one transaction: the request's own, or the change set's. */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Where reads go: the change set's transaction, or the pool. */
  read: Sql;
  /** Work after the commit (attachment files of deleted rows). */
  afterCommit: (() => Promise<void>)[];
  /** Removes stored files (after the commit). */
  deleteFiles(keys: string[]): Promise<void>;
  /** A $batch change set's `$n` reference as `set(id)` (null: unknown); outside a change set always null. */
  resolveRef(ref: string): string | null;
}

export interface Prefer {
  maxPageSize?: number;
  formatted: boolean;
  lookupNames: boolean;
  representation: boolean;
  continueOnError: boolean;
}

/** The `Prefer` preferences the Web API honours (Dataverse's). */
export function parsePrefer(h: string | undefined): Prefer {
  const out: Prefer = { formatted: false, lookupNames: false, representation: false, continueOnError: false };
  for (const raw of (h ?? '').split(',')) {
    const item = raw.trim();
    const size = /^odata\.maxpagesize\s*=\s*"?(\d{1,9})"?$/i.exec(item);
    if (size) out.maxPageSize = Number(size[1]);
    else if (/^return\s*=\s*representation$/i.test(item)) out.representation = true;
    else if (/^odata\.continue-on-error$/i.test(item)) out.continueOnError = true;
    else {
      const ann = /^odata\.include-annotations\s*=\s*"?([^"]*)"?$/i.exec(item);
      if (!ann) continue;
      for (const a of ann[1].split(',').map((s) => s.trim())) {
        if (a === '*' || a === 'OData.Community.Display.V1.FormattedValue' || a === 'OData.Community.Display.V1.*') out.formatted = true;
        if (a === '*' || a === 'Microsoft.Dynamics.CRM.lookuplogicalname' || a === 'Microsoft.Dynamics.CRM.*') out.lookupNames = true;
      }
    }
  }
  return out;
}

/** The row version in an ETag (`W/"123"`, `"123"`), or null when it is not one of ours. */
export function etagVersion(tag: string): string | null {
  const m = /^(?:W\/)?"(\d{1,20})"$/.exec(tag.trim());
  return m ? m[1] : null;
}

/** Does an If-Match / If-None-Match header name this version (`*` names any)? */
export function etagMatches(header: string, version: string): boolean {
  return header.split(',').some((t) => t.trim() === '*' || etagVersion(t) === version);
}

/** `$skiptoken` of the next page: opaque to callers, the offset inside. */
export function skipToken(skip: number): string {
  return Buffer.from(`s:${skip}`).toString('base64url');
}

export function readSkipToken(token: string, max: number): number {
  const m = /^s:(\d{1,9})$/.exec(Buffer.from(token, 'base64url').toString('latin1'));
  const n = m ? Number(m[1]) : Number.NaN;
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(token) || !Number.isInteger(n) || n < 0 || n > max) throw apiError(400, 'webapi.badToken');
  return n;
}

/** A query value as one string (undefined when absent); a repeated name is refused. */
export function one(query: ApiRequest['query'], name: string): string | undefined {
  const v = query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw apiError(400, 'records.q.badParam', { name });
  return v;
}
