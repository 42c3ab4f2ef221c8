import { getSession } from '../session/store.ts';

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface HttpOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body (the /token endpoint). */
  form?: Record<string, string | undefined>;
  /** multipart/form-data body (uploads, Excel import). */
  formData?: FormData;
  /** Extra request headers (e.g. OData's Prefer for formatted values). */
  headers?: Record<string, string>;
  /** 'blob': a successful non-JSON answer is read as a Blob (downloads). */
  responseType?: 'json' | 'blob';
  /** Bearer access token to send; omitted when empty. */
  token?: string;
  signal?: AbortSignal;
}

export interface HttpResult {
  res: Response;
  body: unknown;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.append(k, String(v));
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

/** One HTTP exchange with the portal's own server: language header, optional bearer, parsed body. */
export async function httpExchange(path: string, opts: HttpOptions = {}): Promise<HttpResult> {
  const headers: Record<string, string> = {
    Accept: opts.responseType === 'blob' ? '*/*' : 'application/json',
    // Server messages come back in the user's language (spec 001 §7).
    'Accept-Language': getSession().locale,
    ...opts.headers,
  };
  let body: BodyInit | undefined;
  if (opts.formData) {
    // The browser sets the multipart boundary itself.
    body = opts.formData;
  } else if (opts.form) {
    const f = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form)) if (v !== undefined) f.append(k, v);
    body = f.toString();
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  } else if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['Content-Type'] = 'application/json';
  }
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await fetch(buildUrl(path, opts.query), {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: 'same-origin',
    signal: opts.signal,
  });
  const type = res.headers.get('content-type') ?? '';
  let parsed: unknown = null;
  if (opts.responseType === 'blob' && res.ok && !type.includes('json')) {
    parsed = await res.blob();
  } else if (res.status !== 204) {
    const text = await res.text();
    if (type.includes('json') || /^\s*[{[]/.test(text)) {
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
    } else {
      parsed = text;
    }
  }
  return { res, body: parsed };
}
