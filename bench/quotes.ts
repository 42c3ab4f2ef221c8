/**
 * A quote at size (issue 29): a 200-line draft of 广州粤华's, through the API as its user calls it
 * (sign-in check, scope, the kernel's lock and state, the quote's controller, the declared totals, one
 * transaction each): 重新计价 (every line's list price read again from the price list, its discount,
 * net price and amount, the quote's totals) and saving one line's discount (that line repriced, the
 * totals of all 200 summed again). Target: ≤ 100 ms each.
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/quotes.ts    # PostgreSQL 15
 *   node --import tsx bench/quotes.ts                                   # embedded PGlite
 *
 * Env: BENCH_LINES (default 200), BENCH_RUNS (medians, default 30).
 */
import { getEntity } from '@portal/model';
import { insertRecords } from '../packages/server/src/records/write.ts';
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { benchCaller, median, t } from './compare.ts';

const LINES = Number(process.env.BENCH_LINES ?? 200);
const RUNS = Math.max(10, Number(process.env.BENCH_RUNS ?? 30));

const p = await testPortal();
const db = p.db;
console.log(`database: ${db.kind}${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}`);
try {
  const dealer = await benchCaller(db, 'dealer1');
  const { access_token } = await signIn(p.app, 'dealer1');
  const headers = { ...bearer(access_token), 'accept-language': 'zh-CN' };
  const customer = (await db.one<{ id: string }>(
    `SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name = '东莞市长安镇恒丰注塑厂'`,
  ))!.id;
  const products = (await db.query<{ id: string }>('SELECT productid AS id FROM product WHERE new_state = 0 ORDER BY productnumber')).rows;

  const created = p.app.inject({
    method: 'POST',
    url: '/api/crmdata/create/quotes',
    headers,
    payload: { new_subject: '压测：200 行报价', new_customer_id: customer },
  });
  const answer = (await created).json().Data;
  const quote = (typeof answer === 'string' ? answer : answer.id) as string;
  // The lines, written at once as an import would (each numbered and priced by the controller).
  const t0 = t();
  await db.tx((sql) =>
    insertRecords(
      sql,
      getEntity('quotedetail')!,
      dealer,
      Array.from({ length: LINES }, (_, i) => ({
        quoteid: quote,
        productid: products[i % products.length].id,
        quantity: 1 + (i % 7),
        ...(i % 3 === 0 ? { new_discountrate: 5 + (i % 10) } : i % 3 === 1 ? { manualdiscountamount: 10 } : {}),
      })),
      'zh-CN',
    ),
  );
  console.log(`${LINES} lines written at once: ${(t() - t0).toFixed(0)} ms`);
  const line = (await db.one<{ id: string }>(
    'SELECT quotedetailid AS id FROM quotedetail WHERE quoteid = $1 ORDER BY lineitemnumber LIMIT 1',
    [quote],
  ))!.id;

  const time = async (label: string, call: (i: number) => Promise<{ statusCode: number; body: string }>) => {
    for (let i = 0; i < 3; i++) await call(i); // warm-up
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = t();
      const r = await call(i);
      ms.push(t() - s);
      if (r.statusCode !== 200) throw new Error(`${label}: ${r.statusCode} ${r.body}`);
    }
    ms.sort((a, b) => a - b);
    console.log(
      `${label}: median ${median(ms).toFixed(1)} ms, p90 ${ms[Math.floor(ms.length * 0.9)].toFixed(1)} ms (${RUNS} runs; target ≤ 100 ms)`,
    );
  };
  await time(`重新计价 of ${LINES} lines`, () =>
    p.app.inject({ method: 'POST', url: `/api/documents/quotes/${quote}/recalculate`, headers, payload: {} }),
  );
  await time(`one line's discount saved (${LINES} lines summed)`, (i) =>
    p.app.inject({
      method: 'POST',
      url: `/api/crmdata/Update/quotedetails(${line})`,
      headers,
      payload: { new_discountrate: 5 + (i % 10) },
    }),
  );
  const total = await db.one<{ n: number; amount: string }>(
    'SELECT (SELECT count(*)::int FROM quotedetail WHERE quoteid = $1) AS n, totalamount::text AS amount FROM quote WHERE quoteid = $1',
    [quote],
  );
  console.log(`quote: ${total!.n} lines, total ¥${total!.amount}`);
} finally {
  await p.close();
}
