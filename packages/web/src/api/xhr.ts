import { translate } from '../locales/i18n.ts';
import { getSession } from '../session/store.ts';
import { refreshSession } from './refresh.ts';

export interface XhrOptions {
  url: string;
  method?: 'POST' | 'PUT';
  headers?: Record<string, string>;
  body: XMLHttpRequestBodyInit;
  /** 0–100, capped at 100 (spec 000 §4). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface XhrResult {
  status: number;
  statusText: string;
  text: string;
}

/** True for a URL of this origin (only those get the bearer token). */
export function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

export const percentOf = (loaded: number, total: number) =>
  total > 0 ? Math.min(100, Math.max(0, Math.round((loaded / total) * 100))) : 0;

function send(opts: XhrOptions, token: string): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', opts.url);
    for (const [k, v] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(k, v);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(percentOf(e.loaded, e.total));
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(new Error(translate('error.upload')));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(opts.body);
  });
}

/**
 * An upload with progress events. Same-origin URLs get the bearer token and one refresh-and-retry
 * on an expired token; other URLs (signed object-storage URLs) are sent as they are.
 */
export async function xhrUpload(opts: XhrOptions): Promise<XhrResult> {
  const own = isSameOrigin(opts.url);
  const token = own ? getSession().auth.accessToken : '';
  const headers = { 'Accept-Language': getSession().locale, ...opts.headers };
  const first = await send({ ...opts, headers: own ? headers : opts.headers }, token);
  if (first.status === 401 && own && token) {
    const r = await refreshSession(token);
    if (r.ok) return send({ ...opts, headers }, getSession().auth.accessToken);
  }
  return first;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
