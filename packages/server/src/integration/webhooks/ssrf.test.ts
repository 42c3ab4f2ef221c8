import { describe, expect, it } from 'vitest';
import { addressAllowed, allowList, resolveTarget } from './ssrf.ts';

describe('the SSRF guard', () => {
  const none = allowList([]);
  it('refuses loopback, private, link-local, shared, multicast and mapped addresses; public ones pass', () => {
    for (const [a, f] of [
      ['127.0.0.1', 4],
      ['10.20.30.40', 4],
      ['172.16.0.1', 4],
      ['192.168.1.1', 4],
      ['169.254.169.254', 4],
      ['100.64.0.1', 4],
      ['0.0.0.0', 4],
      ['224.0.0.1', 4],
      ['::1', 6],
      ['fe80::1', 6],
      ['fd12:3456::1', 6],
      ['::ffff:10.0.0.1', 6],
      ['::ffff:127.0.0.1', 6],
    ] as const)
      expect(addressAllowed(a, f, none), a).toBe(false);
    for (const [a, f] of [
      ['8.8.8.8', 4],
      ['114.114.114.114', 4],
      ['2400:3200::1', 6],
    ] as const)
      expect(addressAllowed(a, f, none), a).toBe(true);
  });

  it('an operator-allowed range passes; a malformed one is refused at start', () => {
    const allow = allowList(['127.0.0.1/32', '10.0.0.0/8']);
    expect(addressAllowed('127.0.0.1', 4, allow)).toBe(true);
    expect(addressAllowed('10.9.8.7', 4, allow)).toBe(true);
    expect(addressAllowed('127.0.0.2', 4, allow)).toBe(false);
    expect(addressAllowed('192.168.0.1', 4, allow)).toBe(false);
    expect(() => allowList(['10.0.0.0/33'])).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
    expect(() => allowList(['intranet'])).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it('resolves the host and checks every address (localhost is loopback)', async () => {
    await expect(resolveTarget(new URL('http://localhost:9/'), none)).rejects.toThrow(/address not allowed/);
    await expect(resolveTarget(new URL('http://127.0.0.1:9/'), allowList(['127.0.0.0/8']))).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });
});
