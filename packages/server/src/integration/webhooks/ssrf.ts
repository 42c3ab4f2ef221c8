import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a delivery may connect: never to loopback, link-local, private, shared, multicast or
 * reserved addresses, unless an operator allowed a range (WEBHOOK_ALLOW_PRIVATE, CIDR list).
 * The host is resolved once, EVERY address checked, and the request connects to the checked
 * address (send.ts passes it as the socket's lookup), so a DNS answer cannot change in between.
 */
const BLOCKED: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const blocked = new BlockList();
for (const [a, p, t] of BLOCKED) blocked.addSubnet(a, p, t);

/** The operator's allowed ranges; refuses a malformed entry (at start, not at the first delivery). */
export function allowList(cidrs: readonly string[]): BlockList {
  const allow = new BlockList();
  for (const c of cidrs) {
    const [addr, bits] = c.split('/');
    const family = isIP(addr);
    const max = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : Number(bits);
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > max)
      throw new Error(`WEBHOOK_ALLOW_PRIVATE: "${c}" is not an address or CIDR range (127.0.0.1/32, 10.0.0.0/8, fd00::/8)`);
    allow.addSubnet(addr, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return allow;
}

export class AddressRefused extends Error {}

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is checked as the IPv4 address it is. */
function plain(address: string, family: number): { address: string; type: 'ipv4' | 'ipv6' } {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return { address: m[1], type: 'ipv4' };
  return { address, type: family === 6 ? 'ipv6' : 'ipv4' };
}

export function addressAllowed(address: string, family: number, allow: BlockList): boolean {
  const a = plain(address, family);
  return !blocked.check(a.address, a.type) || allow.check(a.address, a.type);
}

export interface Target {
  address: string;
  family: 4 | 6;
}

/** Resolves the URL's host and checks every address; answers the one to connect to. */
export async function resolveTarget(url: URL, allow: BlockList): Promise<Target> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  const all = literal ? [{ address: host, family: literal }] : await lookup(host, { all: true, verbatim: true });
  if (!all.length) throw new AddressRefused(`${host} has no address`);
  for (const a of all) if (!addressAllowed(a.address, a.family, allow)) throw new AddressRefused(`address not allowed: ${a.address}`);
  return { address: all[0].address, family: all[0].family === 6 ? 6 : 4 };
}
