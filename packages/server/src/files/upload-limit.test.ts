import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { SAMPLES, tempStorage, testWorker } from './testing.ts';

const MB = 1024 * 1024;
const TOTAL = 60 * MB;
/** The client's pace: the whole 60 MB would take 60 / 8 = 7.5 s, so a server that drains it is late. */
const BYTES_PER_SEC = 8 * MB;

interface Outcome {
  status?: number;
  body: string;
  /** From the first byte sent to the answer's headers. */
  answeredMs: number;
  /** From the first byte sent to the server's FIN (its side of the connection ended). */
  finMs: number;
  connectionHeader?: string;
  /** What the server read off its socket: the request line, headers and body bytes it took. */
  serverRead: number;
  serverClosed: boolean;
}

/**
 * Streams `head`, then TOTAL bytes of `fill`, then `tail` on a raw HTTP connection at BYTES_PER_SEC,
 * announcing the full length as a browser does, and keeps sending (as a browser does) until the
 * server has torn the connection down. Resolves once the connection is gone.
 */
function slowUpload(
  server: Server,
  method: string,
  path: string,
  headers: Record<string, string>,
  head: Buffer,
  tail = Buffer.alloc(0),
): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const out: Outcome = { body: '', answeredMs: -1, finMs: -1, serverRead: -1, serverClosed: false };
    let serverSocket: Socket | undefined;
    server.once('connection', (s: Socket) => {
      serverSocket = s;
      // The server's side ended: its FIN went out.
      s.once('finish', () => (out.finMs = Date.now() - started));
    });
    const port = (server.address() as AddressInfo).port;
    const req = request({
      host: '127.0.0.1',
      port,
      method,
      path,
      agent: false,
      headers: { ...headers, 'content-length': String(head.length + TOTAL + tail.length) },
    });
    let stop = false;
    const finish = () => {
      if (stop) return;
      stop = true;
      // The server tears its side down LINGER_MS after answering; wait for that, then look.
      const check = () => {
        if (!serverSocket?.destroyed && Date.now() - started < 10_000) return void setTimeout(check, 50);
        out.serverClosed = !!serverSocket?.destroyed;
        out.serverRead = serverSocket?.bytesRead ?? -1;
        req.destroy();
        resolve(out);
      };
      check();
    };
    req.on('response', (res) => {
      out.answeredMs = Date.now() - started;
      out.status = res.statusCode;
      out.connectionHeader = res.headers.connection;
      res.setEncoding('utf8');
      res.on('data', (d: string) => (out.body += d));
      res.on('error', () => undefined);
    });
    req.on('error', finish);
    req.on('close', finish);
    // A server that reads nothing more stalls the upload; stop trying after a while.
    setTimeout(finish, 9000).unref();
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const waitDrain = () =>
      new Promise<void>((r) => {
        const done = () => {
          req.off('drain', done);
          req.off('close', done);
          r();
        };
        req.on('drain', done);
        req.on('close', done);
      });
    const pump = async () => {
      if (!req.write(head)) await waitDrain();
      let sent = 0;
      while (!stop && !req.destroyed && sent < TOTAL) {
        // Pace: never ahead of BYTES_PER_SEC.
        const due = started + (sent / BYTES_PER_SEC) * 1000;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        if (stop || req.destroyed) break;
        const ok = req.write(chunk);
        sent += chunk.length;
        if (!ok) await waitDrain();
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
    Buffer.from(
      `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    first,
  ]);
  return { head, tail: Buffer.from(`\r\n--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

describe('an upload over its limit is answered 413 at once and the connection closed (real HTTP server)', () => {
  let portal: Portal;
  let store: Awaited<ReturnType<typeof tempStorage>>;
  let server: Server;
  let token: string;
  let worker: string;

  beforeAll(async () => {
    store = await tempStorage();
    portal = await testPortal(store.cfg);
    worker = await testWorker(portal.db, 'SH001', 'T-413-001', '限额测试');
    token = (await signIn(portal.app, 'station1')).access_token;
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    server = portal.app.server;
  });
  afterAll(async () => {
    await portal?.close();
    await store?.remove();
  });

  /** Answered well before the client could have sent it all; the rest was never read. */
  function expectCutShort(r: Outcome, limit: number) {
    if (process.env.SHOW_FIGURES)
      console.log(`answered ${r.answeredMs} ms, FIN ${r.finMs} ms, server read ${(r.serverRead / MB).toFixed(2)} MB`);
    expect(r.answeredMs).toBeGreaterThanOrEqual(0);
    // The time to send the limit at the client's pace plus a margin for a busy machine: far below
    // the 7.5 s the whole 60 MB takes.
    expect(r.answeredMs).toBeLessThan((limit / BYTES_PER_SEC) * 1000 + 2000);
    expect(r.connectionHeader).toBe('close');
    // Half-closed right after the answer (client and server share this process: either event may
    // be seen first, so only their distance is asserted) …
    expect(r.finMs).toBeGreaterThanOrEqual(0);
    expect(Math.abs(r.finMs - r.answeredMs)).toBeLessThan(500);
    // … torn down after the linger, having read hardly more than the limit of the 60 MB sent at it.
    expect(r.serverClosed).toBe(true);
    expect(r.serverRead).toBeLessThan(limit + 2 * MB);
  }

  it('attachment upload (service domain, 3M)', async () => {
    const m = multipartHead(
      { ModuleType: 'new_srv_worker', ObjectId: worker, FileName: 'big.pdf', IsOverwrite: '0' },
      'big.pdf',
      SAMPLES.pdf,
    );
    const r = await slowUpload(server, 'POST', '/api/attachment/upload', { ...bearer(token), 'content-type': m.type }, m.head, m.tail);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toEqual({ ErrorCode: -1, Message: '附件大小不能超过 3M', Data: null });
    expectCutShort(r, 3 * MB);
    expect((await store.files()).length).toBe(0);
  });

  it('direct upload PUT of a signed ticket', async () => {
    const s = await portal.app.inject({
      method: 'POST',
      url: '/api/upload/sign',
      headers: bearer(token),
      payload: { ModuleType: 'new_srv_worker', ObjectId: worker, FileName: 'manual.pdf', FileSize: 3 * MB, ContentType: 'application/pdf' },
    });
    expect(s.statusCode).toBe(200);
    const r = await slowUpload(server, 'PUT', s.json().Data.url, { 'content-type': 'application/pdf' }, SAMPLES.pdf);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).Message).toBe('附件大小不能超过 3M');
    expectCutShort(r, 3 * MB);
  });

  it('Excel import (10 MB)', async () => {
    const m = multipartHead({}, 'workers.xlsx', Buffer.from('PK\x03\x04'));
    const r = await slowUpload(
      server,
      'POST',
      '/api/excel/import/new_srv_workers',
      { ...bearer(token), 'content-type': m.type },
      m.head,
      m.tail,
    );
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).ErrorCode).toBe(-1);
    expectCutShort(r, 10 * MB);
  });

  it('avatar (256 KB JSON body)', async () => {
    const r = await slowUpload(
      server,
      'POST',
      '/api/portaluser/avatar',
      { ...bearer(token), 'content-type': 'application/json' },
      Buffer.from('{"image":"data:image/png;base64,'),
    );
    expect(r.status).toBe(413);
    expectCutShort(r, 256 * 1024);
  });

  it('a small upload on the same server still works and keeps its connection', async () => {
    const s = await portal.app.inject({
      method: 'POST',
      url: '/api/upload/sign',
      headers: bearer(token),
      payload: {
        ModuleType: 'new_srv_worker',
        ObjectId: worker,
        FileName: 'small.pdf',
        FileSize: SAMPLES.pdf.length,
        ContentType: 'application/pdf',
      },
    });
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${s.json().Data.url}`, {
      method: 'PUT',
      body: SAMPLES.pdf,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).not.toBe('close');
  });
});
