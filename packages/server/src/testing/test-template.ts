import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { adminQuery } from './pg-admin.ts';
import { scratchDir } from './scratch-dir.ts';
import { seedTemplate } from './test-portal.ts';

/**
 * Global setup of the server suites: seeds the demo data once per run — a template database on
 * PostgreSQL, a data directory on PGlite — which every test portal copies (testing/test-portal.ts),
 * and removes it at the end. Seeding costs ~8 s of CPU per portal; a copy, about one. Seeded here,
 * before the files start, so no file's hook waits for it.
 */
export default async function setup() {
  const base = process.env.DATABASE_URL;
  // One name per run: a template an older run left on a long-lived server is never reused.
  // PGlite: the run's directory holds the template and the test portals' copies.
  const run = base ? '' : scratchDir('portal-test-');
  const template = base ? `portal_template_${randomBytes(6).toString('hex')}` : join(run, 'template');
  await seedTemplate(template, base);
  process.env.PORTAL_TEST_TEMPLATE = template;
  return async () => {
    if (!base) return rmSync(run, { recursive: true, force: true });
    await adminQuery(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
