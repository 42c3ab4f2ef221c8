import { getEntityBySet } from '@portal/model';
import { vi } from 'vitest';
import { clearPicklistCache } from '../../api/picklist.ts';
import { useSession } from '../../session/store.ts';
import { envelope, jsonReply, signInAs, stubServer } from '../../test/render-app.tsx';

/*
 * A fake server for the parts screens' tests (not a test itself): records by entity set, read
 * through the CRM data calls (by id, or a list filtered by one `field eq value`), lookup rows by
 * entity, and the parts commands recorded with an answer per call.
 */

export const F = '@OData.Community.Display.V1.FormattedValue';

export type Row = Record<string, unknown>;
export interface Sent {
  method: string;
  path: string;
  body: unknown;
}
/** A command's answer: the success message, or a refusal (status and message). */
export type Answer = { message: string; id?: string } | { status: number; message: string; field?: string };
export type CommandHandler = (sent: Sent) => Answer | undefined;

export function refusal(status: number, message: string, code = 'x', field?: string) {
  return jsonReply(
    { ErrorCode: status, Message: message, Data: null, error: { code, message, ...(field ? { field } : {}) } },
    status,
    'Bad Request',
  );
}

export function partsServer(opts: {
  records: Record<string, Row[]>;
  lookups?: Record<string, Row[]>;
  command?: CommandHandler;
  stock?: Record<string, number>;
  deliverable?: Row[];
}) {
  const sent: Sent[] = [];
  const reads: string[] = [];
  const f = stubServer((url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const u = new URL(url, 'http://x');
    // A line dialog asks what the document's warehouse has of its part (a read, not a command).
    if (method === 'GET' && /^\/api\/parts\/\w+\/[^/]+\/stock$/.test(u.pathname)) {
      reads.push(url);
      return envelope({ available: opts.stock?.[u.searchParams.get('productId') ?? ''] ?? null });
    }
    // The delivery create dialog asks which applications can still be delivered.
    if (method === 'GET' && u.pathname === '/api/parts/deliveries/applications') {
      reads.push(url);
      return envelope(opts.deliverable ?? []);
    }
    if (u.pathname.startsWith('/api/parts/')) {
      const s: Sent = { method, path: u.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(s);
      const a = opts.command?.(s) ?? { message: '操作成功' };
      if ('status' in a) return refusal(a.status, a.message, 'x', a.field);
      return envelope({ id: a.id ?? 'x', message: a.message }, a.message);
    }
    const byId = /^\/api\/crmdata\/Retrieve\/(\w+)\(([^)]+)\)$/.exec(u.pathname);
    if (byId) {
      reads.push(url);
      const pk = getEntityBySet(byId[1])?.primaryKey ?? '';
      const row = (opts.records[byId[1]] ?? []).find((r) => r[pk] === decodeURIComponent(byId[2]));
      return row ? envelope(row) : envelope(null, 'not found', 404, 'Not Found');
    }
    const list = /^\/api\/crmdata\/Retrieve\/(\w+)$/.exec(u.pathname);
    if (list) {
      reads.push(url);
      const m = /^(\w+) eq '?([^']+)'?$/.exec(u.searchParams.get('$filter') ?? '');
      const rows = (opts.records[list[1]] ?? []).filter((r) => !m || String(r[m[1]]) === m[2]);
      return envelope({ value: rows, '@odata.count': rows.length });
    }
    if (u.pathname === '/api/crmlookupview/data') {
      const rows = opts.lookups?.[u.searchParams.get('entityName') ?? ''] ?? [];
      return jsonReply({ ErrorCode: 0, Message: '', Data: rows, TotalRecordCount: rows.length });
    }
    if (u.pathname.startsWith('/api/attachment') || u.pathname.startsWith('/api/crmpicklist/')) return envelope([]);
    if (u.pathname.startsWith('/api/CrmFlow/GetFlow')) return envelope([]);
    if (u.pathname.startsWith('/api/notice/') || u.pathname.startsWith('/api/CrmFlow/') || u.pathname.startsWith('/api/ShoppingCart/'))
      return envelope(0);
    return undefined;
  });
  const lookupCalls = () =>
    f.mock.calls
      .map(([x]) => String(x))
      .filter((x) => x.startsWith('/api/crmlookupview/data'))
      .map((x) => new URL(x, 'http://x').searchParams);
  return { f, sent, reads, lookupCalls };
}

/** Signs in a user of the given privileges (a station user by default, as station1). */
export function signIn(privilege: string[], user: Parameters<typeof signInAs>[1] = {}) {
  signInAs(privilege, {
    userId: 'u-me',
    userName: 'station1',
    nickName: '陈志强',
    userType: 3,
    departId: 'st-1',
    departName: '上海浦东华辰服务站',
    ...user,
  });
}

export function resetAll() {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  clearPicklistCache();
}
