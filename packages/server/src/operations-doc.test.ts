import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const DOC = resolve(SRC, '../../../docs/operations.md');

/** Every environment variable the server's code reads (`env.X`, `process.env.X`), tests left out. */
function variablesRead(): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
        for (const m of readFileSync(p, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) out.add(m[1]);
    }
  };
  walk(SRC);
  return out;
}

// docs/operations.md tells operators what to set on every instance: a variable it names that the
// server does not read would be set and silently ignored.
describe('docs/operations.md', () => {
  it('names only environment variables the server reads', () => {
    const doc = readFileSync(DOC, 'utf8');
    // `NAME` in backticks, or NAME= in a shell example.
    const named = new Set(
      [...doc.matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{4,})`|\b([A-Z][A-Z0-9]*_[A-Z0-9_]+|PORT|HOST)=/g)].map((m) => m[1] ?? m[2]),
    );
    // Named there but not the portal's settings.
    for (const other of ['CORS', 'JSON', 'SIGTERM', 'LISTEN', 'NOTIFY', 'DDL']) named.delete(other);
    const read = variablesRead();
    expect([...named].filter((v) => !read.has(v))).toEqual([]);
    // The settings a several-instance deployment depends on are all explained.
    for (const v of [
      'DATABASE_URL',
      'WEB_CONCURRENCY',
      'TRUST_PROXY',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_CHECKSUMS',
      'SESSION_CACHE_MS',
      'SSO_SHARED_SECRET',
    ])
      expect(named.has(v), v).toBe(true);
  });
});
