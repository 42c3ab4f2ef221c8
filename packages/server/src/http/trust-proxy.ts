import { isIP } from 'node:net';

/**
 * Which reverse proxies may tell the portal the client's address (X-Forwarded-For), from
 * TRUST_PROXY. The client address keys the sign-in lock and the request limits, so a client must
 * never choose it: only a proxy that appended an entry itself is believed (docs/decisions.md,
 * "Client address behind a proxy").
 * - off: the socket address, whatever the header says;
 * - hops: that many proxies in front (`1`: the socket peer is the proxy and the rightmost
 *   X-Forwarded-For entry, which it appended, is the client);
 * - proxies: addresses / CIDR ranges of the proxies; an entry is believed only when it was
 *   appended by one of them (a request from anywhere else is its socket address).
 */
export type TrustProxy = { kind: 'off' } | { kind: 'hops'; hops: number } | { kind: 'proxies'; proxies: string[] };

/** proxy-addr's named ranges (loopback, linklocal, uniquelocal), as Fastify accepts them. */
const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function isProxyEntry(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [addr, prefix, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const FORMS =
  'the number of proxies in front of the portal (e.g. 1), or their addresses / CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8)';

/** Reads TRUST_PROXY; a value that is none of its forms stops the start with what it accepts. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === '0' || v === 'off' || v === 'false' || v === 'no') return { kind: 'off' };
  if (v === 'true' || v === 'yes' || v === 'all' || v === '*') {
    throw new Error(
      `TRUST_PROXY=${value} is refused: trusting every address would let any client choose its own address (and escape the sign-in lock). Give ${FORMS}`,
    );
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY=${value} is not understood: at most ${MAX_HOPS} proxy hops. Give ${FORMS}`);
    return { kind: 'hops', hops };
  }
  const proxies = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = proxies.filter((p) => !isProxyEntry(p));
  if (!proxies.length || bad.length) {
    throw new Error(`TRUST_PROXY=${value} is not understood${bad.length ? ` (${bad.join(', ')})` : ''}: give ${FORMS}`);
  }
  return { kind: 'proxies', proxies };
}

/**
 * Fastify's `trustProxy` for the setting. A hop count is given as a function: Fastify 5 takes a
 * bare number to trust nothing (it cannot tell the proxy from a direct client), while the
 * operator's `1` means "the socket peer is our proxy".
 */
export function fastifyTrustProxy(t: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (t.kind === 'off') return false;
  if (t.kind === 'proxies') return t.proxies;
  const { hops } = t;
  return (_address, hop) => hop < hops;
}
