import { approvalStatus, businessUnitType, getEntity, msg, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import { ValidationFailed } from '../../records/write.ts';
import { monthKey } from '../sales-targets/period.ts';
import { assertForecastOpen } from './deadline.ts';

/*
 * The sales forecast (销售预测, model entities/sales-forecast.ts): a dealer's, one per month, written
 * through the record service and submitted to head office through the approval engine. Its rules:
 * only a dealer makes one (owned by its unit); one per dealer and month (the existing one named,
 * checked under a lock of the pair; the unique index is the backstop); one line per product; nothing
 * of a month's forecast is written, submitted or revoked after the month's deadline (deadline.ts).
 */

const FORECAST = getEntity('new_salesforecast')!;
const LINE = getEntity('new_salesforecastline')!;

type Head = { year: number; month: number; unit: string; name: string | null; status: number | null };

async function head(sql: Sql, id: unknown): Promise<Head> {
  const {
    rows: [f],
  } = await sql.query<Head>(
    `SELECT new_year AS year, new_month AS month, owningbusinessunit::text AS unit, new_name AS name, new_approvalstatus AS status
       FROM new_salesforecast WHERE new_salesforecastid = $1::uuid`,
    [id],
  );
  if (!f) throw refuse('parts.relatedNotFound');
  return f;
}

/** Only the dealer whose forecast it is writes it (head office reads and approves it). */
function assertOwner(f: Head, unit: string): void {
  if (f.unit !== unit) throw refuse('salesForecast.ownOnly');
}

/** One forecast per dealer and month: refused naming the one there is (other than `selfId`). */
async function assertOnly(sql: Sql, unit: string, year: number, month: number, selfId: string | null, lang: Lang): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`salesforecast:${unit}:${year}:${month}`]);
  const { rows } = await sql.query<{ name: string; dealer: string }>(
    `SELECT f.new_name AS name, b.name AS dealer FROM new_salesforecast f JOIN businessunit b ON b.businessunitid = f.owningbusinessunit
      WHERE f.owningbusinessunit = $1::uuid AND f.new_year = $2 AND f.new_month = $3 AND ($4::uuid IS NULL OR f.new_salesforecastid <> $4::uuid)`,
    [unit, year, month, selfId],
  );
  if (rows[0])
    throw new ValidationFailed(
      [
        {
          field: 'new_month',
          message: msg('salesForecast.duplicate', lang, { dealer: rows[0].dealer, period: monthKey(year, month), name: rows[0].name }),
        },
      ],
      lang,
    );
}

/** A line's product once in its forecast (other than `selfId`), named when it is there already. */
async function assertProductOnce(sql: Sql, forecast: unknown, product: unknown, selfId: string | null, lang: Lang): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`salesforecastline:${forecast}`]);
  const { rows } = await sql.query<{ name: string }>(
    `SELECT p.name FROM new_salesforecastline l JOIN product p ON p.productid = l.new_product_id
      WHERE l.new_salesforecast_id = $1::uuid AND l.new_product_id = $2::uuid AND ($3::uuid IS NULL OR l.new_salesforecastlineid <> $3::uuid)`,
    [forecast, product, selfId],
  );
  if (rows[0])
    throw new ValidationFailed(
      [{ field: 'new_product_id', message: msg('salesForecast.lineDuplicate', lang, { product: rows[0].name }) }],
      lang,
    );
}

/** The product's name and line, as the line shows them. */
async function productOf(sql: Sql, product: unknown): Promise<{ new_name: string | null; new_productline_id: string | null }> {
  const { rows } = await sql.query<{ name: string; line: string | null }>(
    'SELECT name, new_productline_id::text AS line FROM product WHERE productid = $1::uuid',
    [product],
  );
  return { new_name: rows[0]?.name.slice(0, 200) ?? null, new_productline_id: rows[0]?.line ?? null };
}

export const forecastController: DocumentController = {
  entity: FORECAST,
  // A dealer's own (its unit owns it), open and the only one of its month; its period is YYYY-MM.
  async defaults(sql, rows, caller, lang) {
    const { rows: u } = await sql.query<{ type: number | null }>(
      'SELECT new_type AS type FROM businessunit WHERE businessunitid = $1::uuid',
      [caller.principal.businessUnitId],
    );
    if (u[0]?.type !== businessUnitType.dealer) throw refuse('salesForecast.dealerOnly');
    const out = [];
    for (const r of rows) {
      const year = Number(r.new_year);
      const month = Number(r.new_month);
      await assertForecastOpen(sql, year, month);
      await assertOnly(sql, caller.principal.businessUnitId, year, month, null, lang);
      out.push({ new_period: monthKey(year, month) });
    }
    return out;
  },
  write: {
    // A change (or a delete) of a month past its deadline is refused; moving it to another month must find that month open and free.
    async guard(sql, id, _op, values, caller, lang) {
      const f = await head(sql, id);
      assertOwner(f, caller.principal.businessUnitId);
      await assertForecastOpen(sql, f.year, f.month);
      const year = values.new_year === undefined ? f.year : Number(values.new_year);
      const month = values.new_month === undefined ? f.month : Number(values.new_month);
      if (year !== f.year || month !== f.month) {
        await assertForecastOpen(sql, year, month);
        await assertOnly(sql, f.unit, year, month, id, lang);
      }
    },
    async after(sql, ids) {
      await sql.query(
        `UPDATE new_salesforecast SET new_period = to_char(make_date(new_year, new_month, 1), 'YYYY-MM') WHERE new_salesforecastid = ANY($1::uuid[])`,
        [ids],
      );
    },
  },
  flow: {
    // Submitted by its dealer, with lines, before the month's deadline.
    async submit(sql, id, userId) {
      const f = await head(sql, id);
      const { rows: u } = await sql.query<{ unit: string }>(
        'SELECT businessunitid::text AS unit FROM systemuser WHERE systemuserid = $1::uuid',
        [userId],
      );
      assertOwner(f, u[0]?.unit ?? '');
      await assertForecastOpen(sql, f.year, f.month);
      const { rowCount } = await sql.query('SELECT 1 FROM new_salesforecastline WHERE new_salesforecast_id = $1::uuid LIMIT 1', [id]);
      if (!rowCount) throw refuse('salesForecast.noLines');
    },
    // A revoke takes it back to draft, which after the deadline could never be submitted again: refused then.
    async ended(sql, id) {
      const f = await head(sql, id);
      if (f.status === approvalStatus.draft) await assertForecastOpen(sql, f.year, f.month);
    },
  },
  lines: {
    [LINE.logicalName]: {
      async defaults(sql, rows, caller, lang) {
        const out = [];
        for (const r of rows) {
          const f = await head(sql, r.new_salesforecast_id);
          assertOwner(f, caller.principal.businessUnitId);
          await assertForecastOpen(sql, f.year, f.month);
          await assertProductOnce(sql, r.new_salesforecast_id, r.new_product_id, null, lang);
          out.push(await productOf(sql, r.new_product_id));
        }
        return out;
      },
      write: {
        async guard(sql, id, _op, values, caller, lang) {
          const {
            rows: [l],
          } = await sql.query<{ forecast: string; product: string }>(
            'SELECT new_salesforecast_id::text AS forecast, new_product_id::text AS product FROM new_salesforecastline WHERE new_salesforecastlineid = $1::uuid',
            [id],
          );
          const f = await head(sql, l.forecast);
          assertOwner(f, caller.principal.businessUnitId);
          await assertForecastOpen(sql, f.year, f.month);
          if (values.new_product_id && values.new_product_id !== l.product)
            await assertProductOnce(sql, l.forecast, values.new_product_id, id, lang);
        },
        async after(sql, ids) {
          await sql.query(
            `UPDATE new_salesforecastline l SET new_name = left(p.name, 200), new_productline_id = p.new_productline_id
               FROM product p WHERE l.new_salesforecastlineid = ANY($1::uuid[]) AND p.productid = l.new_product_id`,
            [ids],
          );
        },
      },
    },
  },
};
