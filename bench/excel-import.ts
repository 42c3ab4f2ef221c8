/**
 * Excel import benchmark: a 5000-row `new_srv_worker` workbook built in memory, imported through
 * app.inject on a fresh portal (embedded PGlite, or PostgreSQL when DATABASE_URL is set, e.g.
 * `node scripts/with-postgres.mjs node --import tsx bench/excel-import.ts`).
 *
 *   node --import tsx bench/excel-import.ts
 *
 * Prints the phases the server reports in its Server-Timing header (read = exceljs parse and cell
 * conversion; validate = lookups, validateValues, unique checks; commit = the one transaction of
 * insertRecords), the whole request, and rows/s. Target: validate + commit ≤ 2 s.
 */
import { multipart, WORKER_HEADER, workbook, workerRows } from '../packages/server/src/files/testing.ts';
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';

const ROWS = 5000;

const portal = await testPortal();
try {
  const token = (await signIn(portal.app, 'station1')).access_token;
  // Warm-up: a small import first, so the figures are not the JIT's first pass.
  const warm = multipart({}, { name: 'warm.xlsx', content: await workbook(WORKER_HEADER, workerRows(50, 'WARM')) });
  await portal.app.inject({
    method: 'POST',
    url: '/api/excel/import/new_srv_workers',
    payload: warm.payload,
    headers: { ...warm.headers, ...bearer(token) },
  });

  let t = performance.now();
  const bytes = await workbook(WORKER_HEADER, workerRows(ROWS, 'BENCH'));
  const buildMs = performance.now() - t;
  const body = multipart({}, { name: 'workers.xlsx', content: bytes });
  t = performance.now();
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/excel/import/new_srv_workers',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  const totalMs = performance.now() - t;
  if (res.statusCode !== 200) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  const n = res.json().Data.imported as number;
  const phase = Object.fromEntries(
    String(res.headers['server-timing'])
      .split(', ')
      .map((p) => {
        const [k, d] = p.split(';dur=');
        return [k, Number(d)];
      }),
  ) as Record<'read' | 'validate' | 'commit', number>;
  const vc = phase.validate + phase.commit;
  const db = portal.db.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite';
  const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;
  console.log(`Excel import of ${n} new_srv_worker rows (${(bytes.length / 1024).toFixed(0)} KB xlsx) on ${db}`);
  console.log(`  build workbook (client side, not timed below) ${ms(buildMs)}`);
  console.log(`  read (exceljs + cell conversion)              ${ms(phase.read)}`);
  console.log(`  validate (lookups, rules, unique checks)      ${ms(phase.validate)}`);
  console.log(`  commit (insertRecords, one transaction)       ${ms(phase.commit)}`);
  console.log(
    `  validate + commit                             ${ms(vc)}  target ≤ 2000 ms: ${vc <= 2000 ? 'OK' : 'OVER'}  (${Math.round((n / vc) * 1000)} rows/s)`,
  );
  console.log(`  whole request through app.inject              ${ms(totalMs)}  (${Math.round((n / totalMs) * 1000)} rows/s)`);
} finally {
  await portal.close();
}
