import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPortal } from './portal-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory of a portal that seeded the demo data once for the whole run. */
    portalTemplate: string;
  }
}

/**
 * Seeds the demo data once (a portal started and stopped on its own directory); every spec file's
 * portal starts on a copy of it. Seeding takes ~12 s; a copy starts in ~2 s.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-template-'));
  const portal = await startPortal({}, { dataDir: dir });
  await portal.stop();
  project.provide('portalTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
