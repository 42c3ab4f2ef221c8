import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { ENGINEER_APP, isEngineerAppPath } from '../model/src/engineer-app.ts';

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
      await Promise.all(
        files.map(async (f) => {
          const raw = await readFile(join(outDir, f));
          if (raw.length < 1024) return;
          await writeFile(
            join(outDir, `${f}.br`),
            await br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          );
          await writeFile(join(outDir, `${f}.gz`), await gz(raw, { level: 9 }));
        }),
      );
    },
  };
}

/** The build's two pages (both precached; a new version of either is a new worker). */
const HTML_PAGES = ['index.html', ENGINEER_APP.page];
/**
 * Modules whose chunks an engineer needs offline: the engineer screens, their IndexedDB data, and
 * antd's static toasts and questions (app/feedback.ts loads them on first use outside an antd <App>).
 */
const OFFLINE_SCREENS = /[\\/]src[\\/](pages[\\/]engineer-app[\\/]|offline[\\/]|app[\\/]feedback-static\.ts$)/;
/** Public files precached beside the bundle (the manifest, its icons, the favicon). */
const PRECACHED_PUBLIC = /^(manifest\.webmanifest|favicon\.svg|icons[\\/].+\.png)$/;
const SW_PLACEHOLDER = /(["'`])__PORTAL_SW_MANIFEST__\1/;

/**
 * Builds src/sw/sw.ts into dist/sw.js (an extra input of the same build, at the site root so its
 * scope is the whole portal) and writes into it the precache list and a version computed from the
 * bundle: index.html, the entry chunk with everything it imports and its CSS, the chunks of the
 * engineer screens (modules under pages/engineer-app/ and offline/) with theirs, fonts, and the
 * manifest and icons. Other screens' chunks are cached by the worker when first fetched. Prints the
 * list's size. The worker must not share a chunk with the app (it would import from /assets/): the
 * build fails if it does.
 */
function serviceWorker(): Plugin {
  let publicDir = '';
  let log = (text: string) => console.log(text);
  return {
    name: 'portal-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      publicDir = c.publicDir;
      log = (text) => c.logger.info(text);
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: resolve(import.meta.dirname, 'src/sw/sw.ts'), fileName: 'sw.js' });
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const sw = bundle['sw.js'];
        if (sw?.type !== 'chunk') return this.error('sw.js was not built');
        if (sw.imports.length || sw.dynamicImports.length)
          this.error(`sw.js imports ${[...sw.imports, ...sw.dynamicImports].join(', ')}: the worker shares a module with the app`);
        const files = new Set<string>(HTML_PAGES);
        const add = (name: string) => {
          const c = bundle[name];
          if (!c || files.has(name)) return;
          files.add(name);
          if (c.type !== 'chunk') return;
          for (const css of c.viteMetadata?.importedCss ?? []) files.add(css);
          for (const a of c.viteMetadata?.importedAssets ?? []) if (/\.(woff2?|ttf|otf|png|svg)$/.test(a)) files.add(a);
          for (const i of c.imports) add(i);
        };
        for (const [name, c] of Object.entries(bundle)) {
          if (c.type === 'chunk' && name !== 'sw.js' && (c.isEntry || c.moduleIds.some((id) => OFFLINE_SCREENS.test(id)))) add(name);
          if (c.type === 'asset' && /\.(woff2?|ttf|otf)$/.test(name)) files.add(name);
        }
        const pub = readdirSync(publicDir, { recursive: true, encoding: 'utf8' })
          .map((f) => f.replaceAll('\\', '/'))
          .filter((f) => PRECACHED_PUBLIC.test(f));
        const list = [...files, ...pub].sort();
        const size = (f: string) => {
          const c = bundle[f];
          if (!c) return statSync(join(publicDir, f)).size;
          return c.type === 'chunk'
            ? Buffer.byteLength(c.code)
            : typeof c.source === 'string'
              ? Buffer.byteLength(c.source)
              : c.source.byteLength;
        };
        // Hashed names carry their content; the pages and the public files are hashed by content.
        const hash = createHash('sha256').update(list.join('\n'));
        for (const page of HTML_PAGES) {
          const html = bundle[page];
          if (html?.type !== 'asset') this.error(`${page} was not built`);
          hash.update(html.source);
        }
        for (const f of pub) hash.update(readFileSync(join(publicDir, f)));
        const version = hash.digest('hex').slice(0, 12);
        if (!SW_PLACEHOLDER.test(sw.code)) this.error('sw.js has no precache placeholder');
        sw.code = sw.code.replace(SW_PLACEHOLDER, () =>
          JSON.stringify(JSON.stringify({ version, files: list, pages: { [ENGINEER_APP.prefix]: ENGINEER_APP.page } })),
        );
        const bytes = list.reduce((s, f) => s + size(f), 0);
        const engineer = list.filter(
          (f) => bundle[f]?.type === 'chunk' && (bundle[f] as { moduleIds: string[] }).moduleIds.some((id) => OFFLINE_SCREENS.test(id)),
        );
        log(
          `sw.js ${version}: precaches ${list.length} files, ${(bytes / 1024).toFixed(0)} KiB uncompressed (engineer-screen chunks: ${engineer.length})`,
        );
      },
    },
  };
}

const at = (file: string) => resolve(import.meta.dirname, file);
/** Each page and its script (the page's own module imports vite's modulepreload polyfill). */
const PORTAL_PAGE = [at('index.html'), at('src/main.tsx')];
const ENGINEER_PAGE = [at(ENGINEER_APP.page), at('src/engineer-main.tsx')];
const MODEL_INDEX = at('../model/src/index.ts');
/** What each page's entry imports statically, filled once the module graph is complete. */
const portalStatic = new Set<string>();
const engineerStatic = new Set<string>();

/** What both pages' <head> carry: icons, the manifest, the theme colour, the splash's style. */
const PAGE_HEAD = `<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <meta name="theme-color" content="#1668dc" />
    <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
    <style>
      /* Shown until the app's first render replaces #root's content (a slow phone's first visit). */
      .boot-splash { position: fixed; inset: 0; display: flex; align-items: center; justify-content: center; background: #f3f5f9; }
    </style>`;
/** The mark inside #root, painted before the scripts run. */
const SPLASH =
  '<div class="boot-splash" aria-hidden="true"><svg width="72" height="72" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1668dc"/><path d="M9 22V10h3v4.6h8V10h3v12h-3v-4.8h-8V22z" fill="#fff"/></svg></div>';

/**
 * Two pages: the portal (index.html) and the engineer app (mobile.html, its paths under
 * ENGINEER_APP.prefix). The dev server answers the engineer app's paths with its page, as the
 * Fastify server does. At the end of the module graph the build collects what each entry imports
 * statically, for the chunking below. That walk sees every module a barrel re-exports, used or not:
 * the engineer app's modules import the model by file (`@portal/model/locale.ts`), never through
 * its index, and the build fails if one does (the page would carry the whole model).
 */
function pages(): Plugin {
  return {
    name: 'portal-pages',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        const head = /<!-- page-head\b[^>]*-->/;
        if (!head.test(html) || !html.includes('<div id="root"></div>'))
          throw new Error(`${ctx.filename}: no page-head marker or empty #root`);
        return html.replace(head, PAGE_HEAD).replace('<div id="root"></div>', `<div id="root">${SPLASH}</div>`);
      },
    },
    buildEnd() {
      const walk = (page: string[], into: Set<string>) => {
        const todo = [...page];
        while (todo.length) {
          const id = todo.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      walk(PORTAL_PAGE, portalStatic);
      walk(ENGINEER_PAGE, engineerStatic);
      if (engineerStatic.has(MODEL_INDEX)) {
        const via = [...engineerStatic].filter((id) => this.getModuleInfo(id)?.importedIds.includes(MODEL_INDEX));
        this.error(`the engineer app's start-up modules import @portal/model's index (import by file instead): ${via.join(', ')}`);
      }
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '').split('?')[0];
        if (req.method === 'GET' && isEngineerAppPath(path) && /text\/html/.test(req.headers.accept ?? ''))
          req.url = `/${ENGINEER_APP.page}`;
        next();
      });
    },
  };
}

// The Fastify server answers these; in dev the browser talks to Vite only, so it proxies them.
const API = process.env.PORTAL_API ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/token', '/crm', '/healthz'];

export default defineConfig({
  plugins: [react(), pages(), serviceWorker(), precompress()],
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
      input: { index: PORTAL_PAGE[0], mobile: ENGINEER_PAGE[0] },
      output: {
        // React changes rarely: its own chunk stays cached across releases (and serves both pages).
        // Everything else (antd included) is split automatically along the lazy screens.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            // What both pages load at start (session, texts, API client): one file.
            { name: 'core', test: (id) => engineerStatic.has(id) && portalStatic.has(id), priority: 2 },
            // The rest of what the portal's entry imports statically (router, antd, the shell), in one
            // file: ~25 small files were each a request before the first screen could draw (6 at a
            // time over HTTP/1.1). Not the engineer app's modules (its page stays light), not the
            // portal's page and script (a lazy chunk importing the shell, e.g. the engineer app's
            // order screen with antd, would run the portal's start-up), nor the service worker's:
            // sw.js must stay one file.
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id) => !engineerStatic.has(id) && !PORTAL_PAGE.includes(id) && !/[\\/]src[\\/]sw[\\/](sw|strategy)\.ts$/.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
