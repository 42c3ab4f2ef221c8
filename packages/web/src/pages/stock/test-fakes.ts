import { envelope, jsonReply, stubServer, type Handler } from '../../test/render-app.tsx';

/** One call the fake server answered: method, path, query and JSON body. */
export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export const F = '@OData.Community.Display.V1.FormattedValue';

/** A command's answer as the server gives it: the envelope with the message twice. */
export const answer = (id: string, message: string) => envelope({ id, message }, message);
/** A command's refusal (400 by default) as the server gives it. */
export const refusal = (message: string, status = 400) =>
  jsonReply({ ErrorCode: status, Message: message, Data: null, error: { code: 'x', message } }, status, 'Bad Request');

/**
 * The fake server of the stock screens: `handler` first (it sees the parsed call), then quiet
 * answers for what the shell asks on the side (notices, approvals, cart, attachments, picklists).
 * Every call is recorded in `seen`.
 */
export function stockServer(handler: (c: Seen, init: RequestInit) => Response | undefined) {
  const seen: Seen[] = [];
  const h: Handler = (url, init) => {
    const u = new URL(url, 'http://portal');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
    const c: Seen = { method: init.method ?? 'GET', path: u.pathname, query: u.searchParams, body };
    seen.push(c);
    const own = handler(c, init);
    if (own) return own;
    if (u.pathname.startsWith('/api/attachment')) return envelope([]);
    if (u.pathname.startsWith('/api/crmpicklist/')) return envelope([]);
    if (u.pathname.startsWith('/api/notice/') || u.pathname.startsWith('/api/CrmFlow/') || u.pathname.startsWith('/api/ShoppingCart/'))
      return envelope(0);
    return undefined;
  };
  const fetch = stubServer(h);
  return { seen, fetch, calls: (method: string, path: string) => seen.filter((c) => c.method === method && c.path === path) };
}
