#!/usr/bin/env node
// The server as one ES module (packages/server/dist/main.mjs): what `npm start` and the e2e portals
// run. Started from the TypeScript sources through tsx, a portal spent ~12 s of CPU before it
// answered (each of ~600 modules transformed and loaded through the loader thread); the bundle
// starts on ~6 s (most of it PGlite's own start). Packages from node_modules stay imports; the
// workspace's own code (server and model) is inlined. Run-time files are found from SERVER_ROOT.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const deps = (pkg) => Object.keys(JSON.parse(readFileSync(join(ROOT, pkg, 'package.json'), 'utf8')).dependencies ?? {});
const external = [...new Set([...deps('packages/server'), ...deps('packages/model')])]
  .filter((name) => !name.startsWith('@portal/'))
  .flatMap((name) => [name, `${name}/*`]);

export const SERVER_BUNDLE = join(ROOT, 'packages/server/dist/main.mjs');

export function buildServer() {
  return build({
    entryPoints: [join(ROOT, 'packages/server/src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    // Stack traces point into the sources with `node --enable-source-maps`.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
