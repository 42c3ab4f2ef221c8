import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { SAMPLES, tempStorage } from './testing.ts';

const MB = 1024 * 1024;
const TOTAL = 60 * MB;
/** The client's pace: the whole 60 MB would take 60 / 8 = 7.5 s, so a server that drains it is late. */
const BYTES_PER_SEC = 8 * MB;

interface Outcome {
  status?: number;
  body: string;
  /** From the first byte sent to the answer's headers. */
  answeredMs: number;
  /** Bytes the client managed to hand to its socket before the server closed the connection. */
  written: number;
  connectionHeader?: string;
  closed: boolean;
}

/**
 * Streams `head`, then TOTAL bytes of `fill`, then `tail` on a raw HTTP connection at BYTES_PER_SEC,
 * announcing the full length as a browser does; stops once the server has answered and closed.
 */
function slowUpload(port: number, method: string, path: string, headers: Record<string, string>, head: Buffer, tail = Buffer.alloc(0)): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const out: Outcome = { body: '', answeredMs: -1, written: 0, closed: false };
    const req = request({ host: '127.0.0.1', port, method, path, headers: { ...headers, 'content-length': String(head.length + TOTAL + tail.length) } });
    let stop = false;
    const finish = () => {
      stop = true;
      resolve(out);
    };
    req.on('response', (res) => {
      out.answeredMs = Date.now() - started;
      out.status = res.statusCode;
      out.connectionHeader = res.headers.connection;
      res.setEncoding('utf8');
      res.on('data', (d: string) => (out.body += d));
      res.on('error', () => undefined);
      res.on('close', () => {
        // Give the socket a moment to report the server's close, then report.
        setTimeout(() => {
          out.closed = req.socket?.destroyed ?? true;
          finish();
        }, 200);
      });
    });
    req.on('error', () => {
      out.closed = true;
      if (out.status !== undefined) finish();
      else setTimeout(finish, 200);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = async () => {
      if (!req.write(head)) await new Promise((r) => req.once('drain', r));
      out.written += head.length;
      let sent = 0;
      while (!stop && sent < TOTAL) {
        // Pace: never ahead of BYTES_PER_SEC.
        const due = started + (sent / BYTES_PER_SEC) * 1000;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        if (stop || req.destroyed) break;
        const ok = req.write(chunk);
        sent += chunk.length;
        out.written += chunk.length;
        if (!ok) {
          await new Promise<void>((r) => {
            const done = () => {
              req.off('drain', done);
              req.off('close', done);
              r();
            };
            req.on('drain', done);
            req.on('close', done);
          });
        }
      }
      if (!stop && !req.destroyed) req.end(tail);
    };
    void pump().catch(() => undefined);
  });
}

function multipartHead(fields: Record<string, string>, fileName: string, first: Buffer) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = Buffer.concat([
    Buffer.from(`${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    first,
  ]);
  return { head, tail: Buffer.from(`\r\n--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

describe('an upload over its limit is answered 413 at once and the connection closed (real HTTP server)', () => {
  let portal: Portal;
  let store: Awaited<ReturnType<typeof tempStorage>>;
  let port: number;
  let token: string;
  let worker: string;

  beforeAll(async () => {
    store = await tempStorage();
    portal = await testPortal(store.cfg);
    const sh = (await portal.db.one<{ id: string; unit: string }>("SELECT new_srv_stationid AS id, owningbusinessunit AS unit FROM new_srv_station WHERE new_code = 'SH001'"))!;
    worker = (await portal.db.one<{ id: string }>(
      `INSERT INTO new_srv_worker (new_name, new_code, new_phone, new_station_id, owningbusinessunit) VALUES ('限额测试', 'T-413-001', '13912345678', $1, $2) RETURNING new_srv_workerid AS id`,
      [sh.id, sh.unit],
    ))!.id;
    token = (await signIn(portal.app, 'station1')).access_token;
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    port = (portal.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await portal?.close();
    await store?.remove();
  });

  /** Answered well before the client could have sent it all, and the rest was never taken. */
  function expectCutShort(r: Outcome) {
    if (process.env.SHOW_FIGURES) console.log(`answered ${r.answeredMs} ms, client wrote ${(r.written / MB).toFixed(1)} MB`);
    expect(r.answeredMs).toBeGreaterThanOrEqual(0);
    expect(r.answeredMs).toBeLessThan(2000);
    expect(r.connectionHeader).toBe('close');
    expect(r.closed).toBe(true);
    // Kernel buffers on both sides take some megabytes; the 60 MB are nowhere near sent.
    expect(r.written).toBeLessThan(24 * MB);
  }

  it('attachment upload (service domain, 3M)', async () => {
    const m = multipartHead({ ModuleType: 'new_srv_worker', ObjectId: worker, FileName: 'big.pdf', IsOverwrite: '0' }, 'big.pdf', SAMPLES.pdf);
    const r = await slowUpload(port, 'POST', '/api/attachment/upload', { ...bearer(token), 'content-type': m.type }, m.head, m.tail);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toEqual({ ErrorCode: -1, Message: '附件大小不能超过 3M', Data: null });
    expectCutShort(r);
    expect((await store.files()).length).toBe(0);
  });

  it('direct upload PUT of a signed ticket', async () => {
    const s = await portal.app.inject({
      method: 'POST', url: '/api/upload/sign', headers: bearer(token),
      payload: { ModuleType: 'new_srv_worker', ObjectId: worker, FileName: 'manual.pdf', FileSize: 3 * MB, ContentType: 'application/pdf' },
    });
    expect(s.statusCode).toBe(200);
    const r = await slowUpload(port, 'PUT', s.json().Data.url, { 'content-type': 'application/pdf' }, SAMPLES.pdf);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).Message).toBe('附件大小不能超过 3M');
    expectCutShort(r);
  });

  it('Excel import (10 MB)', async () => {
    const m = multipartHead({}, 'workers.xlsx', Buffer.from('PK\x03\x04'));
    const r = await slowUpload(port, 'POST', '/api/excel/import/new_srv_workers', { ...bearer(token), 'content-type': m.type }, m.head, m.tail);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).ErrorCode).toBe(-1);
    expectCutShort(r);
  });

  it('avatar (256 KB JSON body)', async () => {
    const r = await slowUpload(port, 'POST', '/api/portaluser/avatar', { ...bearer(token), 'content-type': 'application/json' }, Buffer.from('{"image":"data:image/png;base64,'));
    expect(r.status).toBe(413);
    expectCutShort(r);
  });

  it('a small upload on the same server still works and keeps its connection', async () => {
    const s = await portal.app.inject({
      method: 'POST', url: '/api/upload/sign', headers: bearer(token),
      payload: { ModuleType: 'new_srv_worker', ObjectId: worker, FileName: 'small.pdf', FileSize: SAMPLES.pdf.length, ContentType: 'application/pdf' },
    });
    const res = await fetch(`http://127.0.0.1:${port}${s.json().Data.url}`, { method: 'PUT', body: SAMPLES.pdf, headers: { 'content-type': 'application/pdf' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).not.toBe('close');
  });
});
