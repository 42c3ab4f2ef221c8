import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (≥ 1 KiB), once, at the
 * highest levels, for a server that serves precompressed files (@fastify/static `preCompressed`):
 * the screens' JavaScript goes over the wire at about a third of its size.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = resolve(c.root, c.build.outDir);
    },
    async closeBundle() {
      const br = promisify(brotliCompress);
      const gz = promisify(gzip);
      const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.(js|css|html|svg|json)$/.test(f));
      await Promise.all(files.map(async (f) => {
        const raw = await readFile(join(outDir, f));
        if (raw.length < 1024) return;
        await writeFile(join(outDir, `${f}.br`), await br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        await writeFile(join(outDir, `${f}.gz`), await gz(raw, { level: 9 }));
      }));
    },
  };
}

// The Fastify server answers these; in dev the browser talks to Vite only, so it proxies them.
const API = process.env.PORTAL_API ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/token', '/crm', '/healthz'];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is larger than the default 500 kB warning threshold.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // React and the router change rarely: their own chunk stays cached across releases.
        // Everything else (antd included) is split automatically along the lazy screens.
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
