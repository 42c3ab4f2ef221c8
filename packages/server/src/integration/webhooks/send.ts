import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './ssrf.ts';

export interface SendResult {
  status: number | null;
  error: string | null;
  ms: number;
}

/** Kept-alive connections of one drainer: deliveries to one receiver reuse their sockets. */
export interface Agents {
  http: http.Agent;
  https: https.Agent;
}

export const newAgents = (maxSockets: number): Agents => ({
  http: new http.Agent({ keepAlive: true, maxSockets }),
  https: new https.Agent({ keepAlive: true, maxSockets }),
});

/** How much of a receiver's answer is read (and thrown away): the status is all that counts. */
const MAX_ANSWER = 64 * 1024;

/**
 * POSTs one delivery to the checked address (the socket's lookup answers it, so the name is not
 * resolved again; TLS still checks the certificate against the URL's host name). No redirect is
 * followed (a 3xx is a failure), the answer is read to at most 64 KiB, and the whole request is
 * bounded by `timeoutMs`.
 */
export function post(
  agents: Agents,
  url: URL,
  target: Target,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now();
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else cb(null, target.address, target.family);
  };
  const tls = url.protocol === 'https:';
  return new Promise<SendResult>((resolve) => {
    let done = false;
    const finish = (status: number | null, error: string | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ status, error: error?.slice(0, 500) ?? null, ms: Math.round(performance.now() - started) });
    };
    const req = (tls ? https : http).request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || (tls ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        agent: tls ? agents.https : agents.http,
        lookup,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER) {
            res.destroy();
            finish(res.statusCode ?? null, null);
          }
        });
        res.on('end', () => finish(res.statusCode ?? null, null));
        res.on('error', (e) => finish(res.statusCode ?? null, e.message));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('error', (e) => finish(null, e.message || String(e)));
    req.end(body);
  });
}
