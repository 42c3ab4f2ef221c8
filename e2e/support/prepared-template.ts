import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { StorageState } from './browser.ts';
import { startPortal } from './portal-server.ts';
import { signInOnTemplate } from './template-sign-ins.ts';

/*
 * The e2e run's seeded demo data (every spec file's portal starts on a copy) and the sign-ins made
 * on it, prepared ahead: `npm test` seeds it right after the build, beside the unit and PostgreSQL
 * suites, instead of at the start of the e2e stage where both of its workers waited ~20 s for it
 * (2026-11-29). The e2e global setup uses it when it was made by this build (the server bundle and
 * the web build it serves), else seeds its own as before.
 */

const ROOT = resolve(import.meta.dirname, '../..');
export const PREPARED_DIR = resolve(ROOT, 'test-results/e2e-template');
const STAMP = `${PREPARED_DIR}.json`;

export interface PreparedTemplate {
  dir: string;
  signIns: { url: string; states: Record<string, StorageState> };
}

/** What the template was seeded by: the server bundle and the web build, by content. */
function buildStamp(): string {
  const h = createHash('sha256');
  for (const f of ['packages/server/dist/main.mjs', 'packages/web/dist/index.html']) {
    const p = resolve(ROOT, f);
    h.update(f).update(existsSync(p) ? readFileSync(p) : 'missing');
  }
  return h.digest('hex');
}

/** Seeds the template (a portal started and stopped on PREPARED_DIR) and signs the users in on it. */
export async function prepareTemplate(): Promise<void> {
  rmSync(PREPARED_DIR, { recursive: true, force: true });
  rmSync(STAMP, { force: true });
  const portal = await startPortal({}, { dataDir: PREPARED_DIR });
  let signIns: PreparedTemplate['signIns'];
  try {
    signIns = { url: portal.standardUrl, states: await signInOnTemplate(portal) };
  } finally {
    await portal.stop();
  }
  writeFileSync(STAMP, JSON.stringify({ build: buildStamp(), signIns }));
}

/** The prepared template, if this build made it; taken once (a later run seeds its own). */
export function takePrepared(): PreparedTemplate | undefined {
  if (process.env.E2E_DATABASE_URL || !existsSync(STAMP) || !existsSync(PREPARED_DIR)) return undefined;
  const noted = JSON.parse(readFileSync(STAMP, 'utf8')) as { build: string; signIns: PreparedTemplate['signIns'] };
  rmSync(STAMP, { force: true });
  if (noted.build !== buildStamp()) return undefined;
  return { dir: PREPARED_DIR, signIns: noted.signIns };
}
