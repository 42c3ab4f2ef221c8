/**
 * The public shop search (GET /api/shop/products, anonymous) on a large catalogue: the first page,
 * a deep keyset page and searches by name, part number and model, each through the HTTP call; with
 * BENCH_EXPLAIN=1 the plans of the search statement (index use).
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/shop-search.ts     # PostgreSQL
 *   BENCH_ROWS=50000 node --import tsx bench/shop-search.ts                  # embedded PGlite
 *
 * Env: BENCH_ROWS (default 200000 products, 3% retired), BENCH_RUNS (default 30).
 */
import { testPortal } from '../packages/server/src/testing/test-portal.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const RUNS = Math.max(10, Number(process.env.BENCH_RUNS ?? 30));
const t = () => performance.now();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const p = await testPortal();
console.log(
  `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}; products: ${ROWS.toLocaleString('en-US')}; runs: ${RUNS}`,
);
try {
  const t0 = t();
  const names = [
    '液压油滤芯',
    '齿轮泵',
    '电磁换向阀',
    '交流接触器',
    '深沟球轴承',
    '斜齿轮减速机',
    '三相异步电机',
    '伺服驱动器',
    '高压胶管',
    '密封修理包',
  ];
  await p.db.query(
    `INSERT INTO product (name, productnumber, new_model, new_uom, price, new_state, new_productline_id)
     SELECT ($1::text[])[1 + g % 10] || ' ' || g, 'BX-' || lpad(g::text, 7, '0'), 'M' || (g % 997) || '-' || (g % 13), '个',
            (10 + g % 5000)::numeric, CASE WHEN g % 33 = 0 THEN 1 ELSE 0 END, (SELECT new_productlineid FROM new_productline ORDER BY new_code LIMIT 1)
       FROM generate_series(1, $2::int) g`,
    [names, ROWS],
  );
  await p.db.query('ANALYZE product');
  console.log(`loaded in ${((t() - t0) / 1000).toFixed(1)} s`);

  const deep = `BX-${String(Math.floor(ROWS * 0.9)).padStart(7, '0')}`;
  const cases: [string, string][] = [
    ['first page, no search', '/api/shop/products?limit=24'],
    ['deep keyset page (90%)', `/api/shop/products?limit=24&after=${deep}`],
    ['name contains 减速机', `/api/shop/products?limit=24&q=${encodeURIComponent('减速机')}`],
    ['part number contains BX-01234', '/api/shop/products?limit=24&q=BX-01234'],
    ['model contains M996-1', '/api/shop/products?limit=24&q=M996-1'],
    ['no match (zz-none)', '/api/shop/products?limit=24&q=zz-none'],
  ];
  for (const [name, url] of cases) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = t();
      const res = await p.app.inject({ method: 'GET', url });
      times.push(t() - s);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      rows = (res.json().Data.rows as unknown[]).length;
    }
    console.log(
      `${name.padEnd(32)} rows ${String(rows).padStart(2)}  median ${median(times).toFixed(1)} ms  max ${Math.max(...times).toFixed(1)} ms`,
    );
  }
  if (process.env.BENCH_EXPLAIN) {
    const plan = await p.db.query(
      `EXPLAIN SELECT p.productid FROM product p WHERE p.new_state = 0 AND p.statecode = 0
         AND (p.name ILIKE $1 OR p.productnumber ILIKE $1 OR p.new_model ILIKE $1) ORDER BY p.productnumber LIMIT 25`,
      ['%减速机%'],
    );
    console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
  }
} finally {
  await p.close();
}
