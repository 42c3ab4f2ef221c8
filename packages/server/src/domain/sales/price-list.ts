import { businessUnitType, getEntity, msg, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { serverDefaults, ValidationFailed, writeHooks } from '../../records/write.ts';

/*
 * The price list (价格表, packages/model/src/entities/sales-price-list.ts): what a buyer pays.
 */

const ITEM = getEntity('new_pricelistitem')!;
const TODAY = "(now() AT TIME ZONE 'Asia/Shanghai')::date";

/**
 * SQL: the price of product `<product>.productid` for the buyer unit `unit` (an SQL expression) today
 * (China time): the line of the buyer's nearest unit up the tree that has one for the product in its
 * period (the store's own, else its dealer's, else head office's), else the product's list price.
 */
export const buyerPriceSql = (unit: string, product = 'p') => `COALESCE((
  WITH RECURSIVE up AS (
    SELECT businessunitid AS id, parentbusinessunitid AS parent, 0 AS depth FROM businessunit WHERE businessunitid = ${unit}
    UNION ALL SELECT b.businessunitid, b.parentbusinessunitid, up.depth + 1 FROM businessunit b JOIN up ON b.businessunitid = up.parent
  )
  SELECT i.new_price FROM new_pricelistitem i JOIN up ON up.id = i.new_buyer_id
   WHERE i.new_product_id = ${product}.productid AND i.statecode = 0
     AND (i.new_validfrom IS NULL OR i.new_validfrom <= ${TODAY}) AND (i.new_validto IS NULL OR i.new_validto >= ${TODAY})
   ORDER BY up.depth, i.new_validfrom DESC NULLS LAST LIMIT 1), ${product}.price)`;

/** Another line of the same buyer and product in force whose period overlaps: whom, what and when (open ends null). */
export type PriceClash = { buyer: string; product: string; from: string | null; to: string | null };
const CLASH = `SELECT b.name AS buyer, p.name AS product, o.new_validfrom::text AS from, o.new_validto::text AS to`;
const CLASH_ON = 'o.new_buyer_id = i.new_buyer_id AND o.new_product_id = i.new_product_id AND o.statecode = 0';
const CLASH_WHEN = `daterange(i.new_validfrom, i.new_validto, '[]') && daterange(o.new_validfrom, o.new_validto, '[]')`;

/** A line's buyer is head office (everyone's price), a dealer or a store; its period runs forwards and overlaps no other of the same buyer and product. */
async function check(sql: Sql, ids: string[], lang: Lang): Promise<void> {
  const { rows } = await sql.query<{ id: string; type: number | null; from: string | null; to: string | null }>(
    `SELECT i.new_pricelistitemid AS id, b.new_type AS type, i.new_validfrom::text AS from, i.new_validto::text AS to
       FROM new_pricelistitem i LEFT JOIN businessunit b ON b.businessunitid = i.new_buyer_id WHERE i.new_pricelistitemid = ANY($1::uuid[])`,
    [ids],
  );
  const buyers: number[] = [businessUnitType.headOffice, businessUnitType.dealer, businessUnitType.store];
  for (const r of rows) {
    if (!buyers.includes(Number(r.type)))
      throw new ValidationFailed([{ field: 'new_buyer_id', message: msg('sales.price.buyer', lang) }], lang);
    if (r.from && r.to && r.to < r.from)
      throw new ValidationFailed([{ field: 'new_validto', message: msg('sales.price.period', lang) }], lang);
  }
  const { rows: clash } = await sql.query<PriceClash>(
    `${CLASH} FROM new_pricelistitem i JOIN new_pricelistitem o ON ${CLASH_ON} AND o.new_pricelistitemid <> i.new_pricelistitemid
       JOIN businessunit b ON b.businessunitid = i.new_buyer_id JOIN product p ON p.productid = i.new_product_id
      WHERE i.new_pricelistitemid = ANY($1::uuid[]) AND i.statecode = 0 AND ${CLASH_WHEN} LIMIT 1`,
    [ids],
  );
  if (clash[0]) throw priceOverlapRefusal(clash[0], lang);
}

/**
 * The same overlap rule for a line not yet written (a special price asked for, issue 28): the line of
 * `buyer` and `product` in force whose period overlaps from…to (each a day, in order), if any.
 */
export async function priceClash(sql: Sql, buyer: string, product: string, from: string, to: string): Promise<PriceClash | null> {
  const { rows } = await sql.query<PriceClash>(
    `${CLASH} FROM (SELECT $1::uuid AS new_buyer_id, $2::uuid AS new_product_id, $3::date AS new_validfrom, $4::date AS new_validto) i
       JOIN new_pricelistitem o ON ${CLASH_ON}
       JOIN businessunit b ON b.businessunitid = i.new_buyer_id JOIN product p ON p.productid = i.new_product_id
      WHERE ${CLASH_WHEN} LIMIT 1`,
    [buyer, product, from, to],
  );
  return rows[0] ?? null;
}

/** The overlap refusal at 生效日期, naming the other line's buyer, product and period. */
function priceOverlapRefusal(c: PriceClash, lang: Lang): ValidationFailed {
  const open = msg('sales.price.open', lang);
  return new ValidationFailed(
    [
      {
        field: 'new_validfrom',
        message: msg('sales.price.overlap', lang, { buyer: c.buyer, product: c.product, from: c.from ?? open, to: c.to ?? open }),
      },
    ],
    lang,
  );
}

/** Writers of one buyer's prices of one product queue here (the price list's own writes take the same lock). */
export async function lockPricePair(sql: Sql, buyer: string, product: string): Promise<void> {
  await sql.query(`SELECT pg_advisory_xact_lock(hashtext('pricelist:' || $1::uuid::text || ':' || $2::uuid::text))`, [buyer, product]);
}

/** The line's name is its product's; a buyer and product are checked after every write (a lock on the pair makes two writers queue). */
export function installPriceList(): void {
  serverDefaults.set(ITEM.logicalName, async (sql, rows) => {
    const out: Record<string, unknown>[] = [];
    for (const r of rows) {
      const { rows: p } = await sql.query<{ name: string }>('SELECT name FROM product WHERE productid = $1::uuid', [r.new_product_id]);
      out.push({ new_name: p[0]?.name?.slice(0, 200) ?? null });
    }
    return out;
  });
  writeHooks.set(ITEM.logicalName, {
    async after(sql, ids, _op, lang) {
      // Serialise writers of the same buyer and product, then look for overlaps including the rows just written.
      await sql.query(
        `SELECT pg_advisory_xact_lock(hashtext('pricelist:' || new_buyer_id::text || ':' || new_product_id::text))
           FROM new_pricelistitem WHERE new_pricelistitemid = ANY($1::uuid[]) ORDER BY new_buyer_id, new_product_id`,
        [ids],
      );
      await sql.query(
        `UPDATE new_pricelistitem i SET new_name = left(p.name, 200) FROM product p WHERE i.new_pricelistitemid = ANY($1::uuid[]) AND p.productid = i.new_product_id`,
        [ids],
      );
      await check(sql, ids, lang);
    },
  });
}
