import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { testPortal } from '../testing/test-portal.ts';
import { redactUrl } from './log-redaction.ts';

describe('request URLs in the log', () => {
  it('hides SSO assertions, upload tickets and other credentials; keeps the rest', () => {
    expect(redactUrl('/auth/0b7c/main%2Fworkorder?assertion=eyJ.abc.def')).toBe('/auth/0b7c/main%2Fworkorder?assertion=[redacted]');
    expect(redactUrl('/authorize?assertion=eyJ.abc.def&target=%2Fmain')).toBe('/authorize?assertion=[redacted]&target=%2Fmain');
    expect(redactUrl('/authorize?target=%2Fmain&Assertion=x&assertion=y')).toBe(
      '/authorize?target=%2Fmain&Assertion=[redacted]&assertion=[redacted]',
    );
    expect(redactUrl('/api/upload/direct/8d3c.SIG')).toBe('/api/upload/direct/[redacted]');
    expect(redactUrl('/API/Upload/Direct/8d3c.SIG?x=1')).toBe('/API/Upload/Direct/[redacted]?x=1');
    expect(redactUrl('/x?X-Amz-Signature=abc&%61ssertion=s&keep=1&flag')).toBe(
      '/x?X-Amz-Signature=[redacted]&%61ssertion=[redacted]&keep=1&flag',
    );
    expect(redactUrl('/api/workorder/map?range=today')).toBe('/api/workorder/map?range=today');
    expect(redactUrl('/main')).toBe('/main');
  });
});

describe('the log at level info', () => {
  let portal: Portal;
  const lines: string[] = [];

  beforeAll(async () => {
    portal = await testPortal({ seedDemo: 'no', logLevel: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('logs the requests without the assertion or the ticket', async () => {
    const secrets = ['eyJhbGciOiJIUzI1NiJ9.SECRET-ONE.sig', 'eyJhbGciOiJIUzI1NiJ9.SECRET-TWO.sig', 'SECRET-TICKET-3.sig'];
    await portal.app.inject({ method: 'GET', url: `/auth/00000000-0000-4000-8000-000000000001/main?assertion=${secrets[0]}` });
    await portal.app.inject({ method: 'GET', url: `/authorize?assertion=${secrets[1]}&target=%2Fmain` });
    await portal.app.inject({
      method: 'PUT',
      url: `/api/upload/direct/${secrets[2]}`,
      payload: Buffer.from('x'),
      headers: { 'content-type': 'application/pdf' },
    });
    const log = lines.join('');
    // The requests were logged (the level is info) …
    expect(log).toContain('"url":"/auth/00000000-0000-4000-8000-000000000001/main?assertion=[redacted]"');
    expect(log).toContain('"url":"/authorize?assertion=[redacted]&target=%2Fmain"');
    expect(log).toContain('"url":"/api/upload/direct/[redacted]"');
    expect(log).toContain('"method":"PUT"');
    // … and nothing of the credentials is in it.
    for (const s of secrets) expect(log).not.toContain(s.split('.')[1]);
  });
});
