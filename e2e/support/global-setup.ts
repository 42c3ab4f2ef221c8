import { rmSync } from 'node:fs';
import { scratchDir } from '../../packages/server/src/testing/scratch-dir.ts';
import type { TestProject } from 'vitest/node';
import type { StorageState } from './browser.ts';
import { databaseOf, pgAdmin, startPortal } from './portal-server.ts';
import { signInOnTemplate } from './template-sign-ins.ts';
import { takePrepared } from './prepared-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory of a portal that seeded the demo data once for the whole run. */
    portalTemplate: string;
    /** Browser states of users signed in on that portal (at `url`), valid on every copy of its data. */
    templateSignIns: { url: string; states: Record<string, StorageState> };
  }
}

/**
 * Seeds the demo data once (a portal started and stopped on its own directory), unless `npm test`
 * prepared it after the build (prepared-template.ts); every spec file's portal starts on a copy of it. Seeding takes ~12 s; a copy starts in ~2 s. The users most files
 * open pages as sign in on it first (template-sign-ins.ts).
 */
export default async function setup(project: TestProject) {
  const prepared = takePrepared();
  if (prepared) {
    project.provide('templateSignIns', prepared.signIns);
    project.provide('portalTemplate', prepared.dir);
    return () => rmSync(prepared.dir, { recursive: true, force: true });
  }
  const dir = scratchDir('portal-e2e-template-');
  const portal = await startPortal({}, { dataDir: dir });
  try {
    project.provide('templateSignIns', { url: portal.standardUrl, states: await signInOnTemplate(portal) });
  } finally {
    await portal.stop();
  }
  project.provide('portalTemplate', dir);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (process.env.E2E_DATABASE_URL) await pgAdmin(`DROP DATABASE IF EXISTS ${databaseOf(dir)} WITH (FORCE)`);
  };
}
