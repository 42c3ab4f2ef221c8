import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { SelfCheck } from '@portal/model';
import type { Services } from '../../services.ts';
import { SERVER_ROOT } from '../../server-root.ts';

export type Check = SelfCheck;

const STARTED = Date.now();
const TILE_TIMEOUT_MS = 3000;

const timed = async (key: Check['key'], fn: () => Promise<Omit<Check, 'key' | 'ms'>>): Promise<Check> => {
  const t0 = performance.now();
  try {
    const r = await fn();
    return { key, ...r, ms: Math.round(performance.now() - t0) };
  } catch (err) {
    return {
      key,
      status: 'fail',
      detail: {},
      error: err instanceof Error ? err.message : String(err),
      ms: Math.round(performance.now() - t0),
    };
  }
};

async function database(s: Services): Promise<Omit<Check, 'key' | 'ms'>> {
  const {
    rows: [r],
  } = await s.db.query<{ one: number; version: string }>('SELECT 1 AS one, version() AS version');
  if (r?.one !== 1) return { status: 'fail', detail: {}, error: 'SELECT 1' };
  const version = /PostgreSQL [\d.]+/.exec(r.version)?.[0] ?? r.version.slice(0, 40);
  return { status: 'ok', detail: { engine: s.db.kind === 'embedded' ? 'PGlite' : 'PostgreSQL', version }, error: '' };
}

/** Writes, reads back and deletes a probe object in the attachment store. */
async function storage(s: Services): Promise<Omit<Check, 'key' | 'ms'>> {
  // A folder of its own, beside the attachments' `att/…` keys.
  const key = `selfcheck/${randomUUID()}`;
  const body = Buffer.from(`selfcheck ${new Date().toISOString()}`);
  await s.storage.put(key, Readable.from([body]), 'text/plain');
  try {
    const got = await s.storage.get(key);
    if (!got) return { status: 'fail', detail: { kind: s.storage.kind }, error: 'read back: missing' };
    const chunks: Buffer[] = [];
    for await (const c of got.stream) chunks.push(Buffer.from(c as Buffer));
    if (!Buffer.concat(chunks).equals(body))
      return { status: 'fail', detail: { kind: s.storage.kind }, error: 'read back: different bytes' };
  } finally {
    await s.storage.delete(key);
  }
  if (await s.storage.stat(key)) return { status: 'fail', detail: { kind: s.storage.kind }, error: 'delete: still there' };
  return { status: 'ok', detail: { kind: s.storage.kind, bytes: body.length }, error: '' };
}

/**
 * The SMS provider: a carrier plugged in is ok; the built-in outbox provider (messages stay in
 * sms_outbox, nobody's phone gets them) is ok in test mode, where that is the point, else warn.
 */
async function sms(s: Services): Promise<Omit<Check, 'key' | 'ms'>> {
  const provider = s.sms.constructor?.name || 'custom';
  const outbox = provider === 'OutboxSmsProvider';
  if (outbox) await s.db.query('SELECT 1 FROM sms_outbox LIMIT 1');
  const status = outbox && !s.cfg.testMode ? 'warn' : 'ok';
  return {
    status,
    detail: { provider, outbox, testMode: s.cfg.testMode },
    error: status === 'warn' ? 'built-in outbox provider: no carrier configured' : '',
  };
}

/** One tile of the configured template (z 0, x 0, y 0) fetched server-side with a short timeout. */
async function mapTiles(s: Services): Promise<Omit<Check, 'key' | 'ms'>> {
  const t = s.cfg.mapTiles;
  if (!t.url) return { status: 'warn', detail: { configured: false, url: null }, error: '' };
  const url = t.url
    .replace('{s}', t.subdomains[0] ?? 'a')
    .replace('{z}', '0')
    .replace('{x}', '0')
    .replace('{y}', '0')
    .replace('{r}', '');
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return { status: 'fail', detail: { configured: true, url }, error: 'invalid URL' };
  }
  // Tests never leave the machine.
  if (s.cfg.testMode && !['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    return { status: 'warn', detail: { configured: true, url, skipped: true }, error: 'test mode: only 127.0.0.1 is checked' };
  }
  const res = await fetch(url, { signal: AbortSignal.timeout(TILE_TIMEOUT_MS), redirect: 'follow' });
  await res.body?.cancel();
  return res.ok
    ? { status: 'ok', detail: { configured: true, url, http: res.status }, error: '' }
    : { status: 'fail', detail: { configured: true, url, http: res.status }, error: `HTTP ${res.status}` };
}

let commit: Promise<string | null> | undefined;
const gitCommit = () =>
  (commit ??= new Promise((resolve) => {
    if (process.env.GIT_COMMIT) return resolve(process.env.GIT_COMMIT.slice(0, 12));
    execFile('git', ['rev-parse', '--short=12', 'HEAD'], { timeout: 2000 }, (err, out) => resolve(err ? null : out.trim() || null));
  }));

async function version(): Promise<Omit<Check, 'key' | 'ms'>> {
  const pkg = JSON.parse(readFileSync(resolve(SERVER_ROOT, '../../package.json'), 'utf8')) as { version: string };
  return {
    status: 'ok',
    detail: {
      version: pkg.version,
      commit: await gitCommit(),
      node: process.version,
      uptimeSec: Math.round((Date.now() - STARTED) / 1000),
    },
    error: '',
  };
}

/** Every check, run side by side (each times itself). */
export function selfCheck(s: Services): Promise<Check[]> {
  return Promise.all([
    timed('database', () => database(s)),
    timed('storage', () => storage(s)),
    timed('sms', () => sms(s)),
    timed('mapTiles', () => mapTiles(s)),
    timed('version', () => version()),
  ]);
}
