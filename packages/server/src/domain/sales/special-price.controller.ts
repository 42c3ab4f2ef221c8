import { approvalStatus, businessUnitType, getEntity, type Lang, type MessageKey, msg, productState } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { ValidationFailed } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { buyerPriceSql, lockPricePair, type PriceClash, priceClash } from './price-list.ts';

/*
 * Special prices (特价申请, packages/model/src/entities/special-price.ts): a dealer asks a price
 * for one product, quantity and period; the final approval writes the price-list line (价格表) for
 * that dealer and period, so its orders in the period take it (their prices lock at submit). The
 * period must run forwards, reach today or later, and overlap no other price of the dealer for the
 * product — neither a line of the price list (the price list's own rule, priceClash) nor another
 * request under review — checked at save and at submit, and again under the price list's lock when
 * the line is written.
 */

const PROPRICE = getEntity('new_proprice')!;

type Request = {
  name: string;
  dealer: string;
  product: string;
  productName: string;
  productState: number | null;
  qty: number | null;
  price: string | null;
  from: string | null;
  to: string | null;
  status: number | null;
};
type Fault = { key: MessageKey; params?: Record<string, string | number>; field: string };

async function load(sql: Sql, ids: string[]): Promise<(Request & { id: string })[]> {
  const { rows } = await sql.query<Request & { id: string }>(
    `SELECT t.new_propriceid AS id, t.new_name AS name, t.new_dealer_id AS dealer, t.new_product_id AS product, p.name AS "productName",
            p.new_state AS "productState", t.new_qty AS qty, t.new_price::text AS price, t.new_validfrom::text AS from,
            t.new_validto::text AS to, t.new_approvalstatus AS status
       FROM new_proprice t JOIN product p ON p.productid = t.new_product_id WHERE t.new_propriceid = ANY($1::uuid[])`,
    [ids],
  );
  return rows;
}

/** The price-list overlap as a refusal at 生效日期 (an open end said as such, in the caller's language). */
function clashFault(c: PriceClash): Fault {
  const params = { buyer: c.buyer, product: c.product, from: c.from ?? '', to: c.to ?? '' };
  if (c.from && c.to) return { key: 'sales.price.overlap', params, field: 'new_validfrom' };
  if (c.from) return { key: 'proprice.overlapFrom', params, field: 'new_validfrom' };
  if (c.to) return { key: 'proprice.overlapUntil', params, field: 'new_validfrom' };
  return { key: 'proprice.overlapAlways', params, field: 'new_validfrom' };
}

/** What is wrong with a request as it stands (the first thing), or null. */
async function fault(sql: Sql, r: Request & { id: string }): Promise<Fault | null> {
  if (r.productState !== productState.active)
    return { key: 'sales.order.productInactive', params: { name: r.productName }, field: 'new_product_id' };
  if (!r.qty || r.qty <= 0) return { key: 'proprice.qtyPositive', field: 'new_qty' };
  if (!r.price || Number(r.price) <= 0) return { key: 'proprice.pricePositive', field: 'new_price' };
  if (!r.from || !r.to) return null; // required fields: the record service names them
  if (r.to < r.from) return { key: 'proprice.period', field: 'new_validto' };
  if (r.to < chinaDate()) return { key: 'proprice.ended', params: { to: r.to }, field: 'new_validto' };
  const c = await priceClash(sql, r.dealer, r.product, r.from, r.to);
  if (c) return clashFault(c);
  const { rows } = await sql.query<{ name: string; from: string; to: string }>(
    `SELECT new_name AS name, new_validfrom::text AS from, new_validto::text AS to FROM new_proprice
      WHERE new_dealer_id = $1::uuid AND new_product_id = $2::uuid AND new_propriceid <> $3::uuid AND new_approvalstatus = $4 AND statecode = 0
        AND daterange(new_validfrom, new_validto, '[]') && daterange($5::date, $6::date, '[]') LIMIT 1`,
    [r.dealer, r.product, r.id, approvalStatus.underReview, r.from, r.to],
  );
  if (rows[0]) return { key: 'proprice.pending', params: { product: r.productName, ...rows[0] }, field: 'new_validfrom' };
  return null;
}

/** The asking unit: a dealer (a store, a station, head office asks no special price of head office). */
async function dealerOf(sql: Sql, caller: Caller): Promise<string> {
  const unit = caller.principal.businessUnitId;
  const {
    rows: [u],
  } = await sql.query<{ type: number | null }>('SELECT new_type AS type FROM businessunit WHERE businessunitid = $1::uuid', [unit]);
  if (Number(u?.type) !== businessUnitType.dealer) throw refuse('proprice.dealerOnly');
  return unit;
}

/** After a save: the list price, the dealer's price today and the amount at the asked price, then the checks (in the caller's language). */
async function afterWrite(sql: Sql, ids: string[], lang: Lang): Promise<void> {
  await sql.query(
    `UPDATE new_proprice t SET new_listprice = p.price, new_currentprice = ${buyerPriceSql('t.new_dealer_id')},
            new_amount = round(t.new_price * t.new_qty, 2)
       FROM product p WHERE t.new_propriceid = ANY($1::uuid[]) AND p.productid = t.new_product_id`,
    [ids],
  );
  for (const r of await load(sql, ids)) {
    const f = await fault(sql, r);
    if (f) throw new ValidationFailed([{ field: f.field, message: msg(f.key, lang, f.params) }], lang);
  }
}

/** Submit: the same checks, now (the period may have passed, another request may have gone first). */
async function checkSubmit(sql: Sql, id: string): Promise<void> {
  const [r] = await load(sql, [id]);
  if (!r) throw refuse('parts.relatedNotFound');
  const f = await fault(sql, r);
  if (f) throw refuse(f.key, f.params, f.field);
}

/**
 * Final approval: the price-list line for the dealer, product and period at the asked price, written
 * under the price list's lock for the pair after the overlap is checked once more; linked from the request.
 */
async function writePriceLine(sql: Sql, id: string, approverId: string): Promise<void> {
  const [r] = await load(sql, [id]);
  if (!r) throw refuse('parts.relatedNotFound');
  await lockPricePair(sql, r.dealer, r.product);
  const c = r.from && r.to ? await priceClash(sql, r.dealer, r.product, r.from, r.to) : null;
  if (c) {
    const f = clashFault(c);
    throw refuse(f.key, f.params, f.field);
  }
  const {
    rows: [line],
  } = await sql.query<{ id: string }>(
    `INSERT INTO new_pricelistitem (new_name, new_buyer_id, new_product_id, new_price, new_validfrom, new_validto, new_memo,
                                    ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT left(p.name, 200), $1::uuid, p.productid, $3::numeric, $4::date, $5::date, $6, $7::uuid, $1::uuid, $7::uuid, $7::uuid
       FROM product p WHERE p.productid = $2::uuid
     RETURNING new_pricelistitemid AS id`,
    [r.dealer, r.product, r.price, r.from, r.to, msg('proprice.remark', 'zh-CN', { name: r.name }).slice(0, 100), approverId],
  );
  await sql.query('UPDATE new_proprice SET new_pricelistitem_id = $2::uuid WHERE new_propriceid = $1::uuid', [id, line.id]);
}

export const specialPriceController: DocumentController = {
  entity: PROPRICE,
  async defaults(sql, rows, caller) {
    const dealer = await dealerOf(sql, caller);
    return rows.map(() => ({ new_dealer_id: dealer }));
  },
  write: { after: (sql, ids, _op, lang) => afterWrite(sql, ids, lang) },
  flow: { submit: (sql, id) => checkSubmit(sql, id), approved: writePriceLine },
};
