import { PATTERNS, productState, salesOrderStatus } from '@portal/model';
import { submitOrderAuto } from '../sales/order-submit.ts';
import { buyerPriceSql } from '../sales/price-list.ts';
import { headOfficeUnit } from '../sales/supplier.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Db, Sql } from '../../db/db.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { normGuid, parseInteger, unsafeNumber } from '../../records/validate.ts';
import { formatCents, toCents } from '../money.ts';

/**
 * The shopping cart (spec 000 §3, §4, §7). Cart rows (`new_cartitem`, user scope) belong to their
 * owner: every statement filters on ownerid = the caller, so nobody reaches another user's items.
 * Mutations of one user's cart are serialised by a transaction-scoped advisory lock.
 */

export interface CartLine {
  Id: string;
  ProductId: string;
  ProductNumber: string;
  ProductName: string;
  Model: string | null;
  Uom: string | null;
  Price: string;
  Quantity: number;
  Amount: string;
  /** false when the product was retired after it was put in the cart (it cannot be settled). */
  Available: boolean;
}

export interface CartGroup {
  GroupId: string | null;
  GroupName: string;
  CurrentIndex: -1;
  ProductList: CartLine[];
}

export const MAX_QTY = 99_999;

/**
 * Quantity rules of spec 001 §5: integer only (decimal digits or an integral JSON number: not
 * "0x10", "1e3", null or ''); larger than 0; less than 100,000, compared on the digits.
 */
export function checkQuantity(v: unknown): number {
  if (unsafeNumber(v)) throw badRequest((v as number) < 0 ? 'shop.qtyPositive' : 'shop.qtyMax');
  const t = parseInteger(v);
  if (t === null) throw badRequest('shop.qtyInteger');
  if (t.startsWith('-') || t === '0') throw badRequest('shop.qtyPositive');
  if (t.length > String(MAX_QTY).length) throw badRequest('shop.qtyMax');
  return Number(t);
}

export const lockCart = (sql: Sql, userId: string) => sql.query("SELECT pg_advisory_xact_lock(hashtext('cart:' || $1))", [userId]);

/** The caller's cart in groups per product line; prices are the caller's now (its unit's price list, else the list price). */
export async function cartGroups(db: Sql, userId: string, otherLine: string): Promise<CartGroup[]> {
  const { rows } = await db.query<{
    id: string;
    product_id: string;
    productnumber: string;
    name: string;
    new_model: string | null;
    new_uom: string | null;
    price: string | null;
    qty: number;
    new_state: number;
    line_id: string | null;
    line_name: string | null;
    line_code: string | null;
  }>(
    `SELECT c.new_cartitemid AS id, p.productid AS product_id, p.productnumber, p.name, p.new_model, p.new_uom,
            ${buyerPriceSql('(SELECT u.businessunitid FROM systemuser u WHERE u.systemuserid = $1)')} AS price, c.new_qty AS qty, p.new_state, l.new_productlineid AS line_id, l.new_name AS line_name, l.new_code AS line_code
       FROM new_cartitem c
       JOIN product p ON p.productid = c.new_product_id
       LEFT JOIN new_productline l ON l.new_productlineid = p.new_productline_id
      WHERE c.ownerid = $1 AND c.statecode = 0
      ORDER BY l.new_code NULLS LAST, c.createdon, c.new_cartitemid`,
    [userId],
  );
  const groups = new Map<string, CartGroup>();
  for (const r of rows) {
    const gid = r.line_id ?? '';
    let g = groups.get(gid);
    if (!g) groups.set(gid, (g = { GroupId: r.line_id, GroupName: r.line_name ?? otherLine, CurrentIndex: -1, ProductList: [] }));
    const price = toCents(r.price);
    g.ProductList.push({
      Id: r.id,
      ProductId: r.product_id,
      ProductNumber: r.productnumber,
      ProductName: r.name,
      Model: r.new_model,
      Uom: r.new_uom,
      Price: formatCents(price),
      Quantity: r.qty,
      Amount: formatCents(price * BigInt(r.qty)),
      Available: r.new_state === productState.active && r.price !== null,
    });
  }
  return [...groups.values()];
}

type ProductRow = { productid: string; name: string; new_state: number; price: string | null };

/** Adds a product, or increases the quantity of the line already holding it (at most 99,999). */
export async function addProduct(db: Db, p: Principal, productId: unknown, quantity: unknown): Promise<{ Id: string; Quantity: number }> {
  // No quantity given: one; a null one is refused like any other non-number.
  const qty = checkQuantity(quantity === undefined ? 1 : quantity);
  return db.tx(async (sql) => (await addProductsIn(sql, p, [{ productId, qty }]))[0]);
}

/**
 * Adds several products inside the caller's transaction, by the rules of one add: each must be
 * active and priced, a product already in the cart has its line increased, and no line may pass
 * 99,999 (refusals name the product; the caller's transaction then adds nothing). Set-based: one
 * statement reads the products, one the lines already there, one updates, one inserts. Quantities
 * must have passed checkQuantity; the answer is each line's new quantity, in the order given.
 */
export async function addProductsIn(
  sql: Sql,
  p: Principal,
  lines: { productId: unknown; qty: number }[],
): Promise<{ Id: string; Quantity: number }[]> {
  const ids = lines.map((l) => normGuid(l.productId));
  if (ids.some((id) => !id)) throw notFound('shop.productNotFound');
  const { rows: found } = await sql.query<ProductRow>(
    'SELECT productid, name, new_state, price FROM product WHERE productid = ANY($1::uuid[])',
    [[...new Set(ids)]],
  );
  const products = new Map(found.map((r) => [r.productid, r]));
  for (const id of ids) {
    const product = products.get(id!);
    if (!product) throw notFound('shop.productNotFound');
    if (product.new_state !== productState.active) throw badRequest('shop.productInactive', { name: product.name });
    if (product.price === null) throw badRequest('shop.noPrice', { name: product.name });
  }
  await lockCart(sql, p.userId);
  const { rows: held } = await sql.query<{ id: string; product_id: string; qty: number }>(
    `SELECT DISTINCT ON (new_product_id) new_cartitemid AS id, new_product_id AS product_id, new_qty AS qty
       FROM new_cartitem WHERE ownerid = $1 AND new_product_id = ANY($2::uuid[]) AND statecode = 0
      ORDER BY new_product_id, createdon, new_cartitemid`,
    [p.userId, [...products.keys()]],
  );
  const totals = new Map<string, { id: string | null; qty: number }>(held.map((h) => [h.product_id, { id: h.id, qty: h.qty }]));
  for (const [i, id] of ids.entries()) {
    const line = totals.get(id!) ?? { id: null, qty: 0 };
    line.qty += lines[i].qty;
    if (line.qty > MAX_QTY) throw badRequest('shop.qtyMax');
    totals.set(id!, line);
  }
  const changed = [...totals.values()].filter((l): l is { id: string; qty: number } => l.id !== null);
  if (changed.length) {
    await sql.query(
      `UPDATE new_cartitem c SET new_qty = u.q, modifiedon = now(), modifiedby = $1
         FROM unnest($2::uuid[], $3::int[]) AS u(id, q) WHERE c.new_cartitemid = u.id`,
      [p.userId, changed.map((l) => l.id), changed.map((l) => l.qty)],
    );
  }
  const fresh = [...totals.entries()].filter(([, l]) => l.id === null);
  if (fresh.length) {
    const { rows } = await sql.query<{ id: string; product_id: string }>(
      `INSERT INTO new_cartitem (new_name, new_product_id, new_qty, ownerid, owningbusinessunit, createdby, modifiedby)
       SELECT n, pid, q, $1, $2, $1, $1 FROM unnest($3::varchar[], $4::uuid[], $5::int[]) WITH ORDINALITY AS u(n, pid, q, o) ORDER BY o
       RETURNING new_cartitemid AS id, new_product_id AS product_id`,
      [
        p.userId,
        p.businessUnitId,
        fresh.map(([pid]) => products.get(pid)!.name.slice(0, 200)),
        fresh.map(([pid]) => pid),
        fresh.map(([, l]) => l.qty),
      ],
    );
    for (const r of rows) totals.get(r.product_id)!.id = r.id;
  }
  return ids.map((id) => ({ Id: totals.get(id!)!.id!, Quantity: totals.get(id!)!.qty }));
}

/** Sets the quantity of one of the caller's cart lines. */
export async function updateProduct(db: Db, p: Principal, itemId: unknown, quantity: unknown): Promise<{ Id: string; Quantity: number }> {
  const qty = checkQuantity(quantity);
  const id = normGuid(itemId);
  if (!id) throw notFound('shop.itemNotFound');
  const r = await db.query(
    'UPDATE new_cartitem SET new_qty = $3, modifiedon = now(), modifiedby = $2 WHERE new_cartitemid = $1 AND ownerid = $2 AND statecode = 0',
    [id, p.userId, qty],
  );
  if (!r.rowCount) throw notFound('shop.itemNotFound');
  return { Id: id, Quantity: qty };
}

export async function deleteProduct(db: Db, p: Principal, itemId: unknown): Promise<void> {
  const id = normGuid(itemId);
  const r = id ? await db.query('DELETE FROM new_cartitem WHERE new_cartitemid = $1 AND ownerid = $2', [id, p.userId]) : { rowCount: 0 };
  if (!r.rowCount) throw notFound('shop.itemNotFound');
}

export async function clearCart(db: Db, p: Principal): Promise<number> {
  return (await db.query('DELETE FROM new_cartitem WHERE ownerid = $1', [p.userId])).rowCount ?? 0;
}

export interface SettleInput {
  ItemIds: unknown;
  Contact?: unknown;
  Phone?: unknown;
  Province?: unknown;
  City?: unknown;
  County?: unknown;
  Address?: unknown;
  Remark?: unknown;
}

export interface SettledOrder {
  Id: string;
  Name: string;
  TotalAmount: string;
  LineCount: number;
  GroupName: string;
  /** Submitted into the approval engine (已提交); false: no flow applied, the order waits as 待提交. */
  Submitted: boolean;
  /** When it was placed (ISO, UTC). */
  SubmitTime: string;
}

/** Delivery fields of a settle request, checked against the order's field lengths. */
function delivery(b: SettleInput, label: (f: string) => string) {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  const out = {
    contact: str(b.Contact),
    phone: str(b.Phone),
    province: str(b.Province),
    city: str(b.City),
    county: str(b.County),
    address: str(b.Address),
    remark: str(b.Remark),
  };
  const need: [keyof typeof out, string][] = [
    ['contact', 'new_contact'],
    ['phone', 'new_phone'],
    ['province', 'new_province'],
    ['city', 'new_city'],
    ['address', 'new_address'],
  ];
  for (const [k, f] of need) if (!out[k]) throw badRequest('shop.fieldRequired', { field: label(f) });
  if (!PATTERNS.phone.test(out.phone) && !PATTERNS.mobile.test(out.phone)) throw badRequest('shop.phoneInvalid');
  if ([...out.remark].length > 100) throw badRequest('shop.remarkTooLong');
  const max: [keyof typeof out, string, number][] = [
    ['contact', 'new_contact', 60],
    ['province', 'new_province', 40],
    ['city', 'new_city', 40],
    ['county', 'new_county', 40],
    ['address', 'new_address', 200],
  ];
  for (const [k, f, n] of max) if ([...out[k]].length > n) throw new AppError(400, 'validation.maxLength', { field: label(f), max: n });
  return out;
}

/** Order numbers SO<yyyymmdd>-<nnnn> per day (UTC+8), serialised by an advisory lock. */
function nextOrderNumbers(sql: Sql, n: number, now = new Date()): Promise<string[]> {
  return nextDocumentNumbers(sql, 'salesorder', `SO${chinaDate(now).replaceAll('-', '')}`, n);
}

/**
 * Settles the chosen cart lines in one transaction: one submitted sales order per product line,
 * totals from the products' prices now, the lines removed from the cart. A retry after success
 * finds the lines gone and changes nothing.
 */
export async function settle(
  db: Db,
  p: Principal,
  b: SettleInput,
  label: (f: string) => string,
  otherLine: string,
): Promise<SettledOrder[]> {
  const ids = Array.isArray(b.ItemIds) ? b.ItemIds.map(normGuid) : [];
  if (!ids.length) throw badRequest('shop.selectItems');
  if (ids.some((x) => !x)) throw badRequest('shop.itemsGone');
  const itemIds = [...new Set(ids as string[])];
  const d = delivery(b, label);
  return db.tx(async (sql) => {
    await lockCart(sql, p.userId);
    const { rows: items } = await sql.query<{
      id: string;
      qty: number;
      product_id: string;
      name: string;
      new_state: number;
      price: string | null;
      line_id: string | null;
      line_name: string | null;
    }>(
      `SELECT c.new_cartitemid AS id, c.new_qty AS qty, p.productid AS product_id, p.name, p.new_state, ${buyerPriceSql('$3::uuid')} AS price,
              l.new_productlineid AS line_id, l.new_name AS line_name
         FROM new_cartitem c
         JOIN product p ON p.productid = c.new_product_id
         LEFT JOIN new_productline l ON l.new_productlineid = p.new_productline_id
        WHERE c.ownerid = $1 AND c.statecode = 0 AND c.new_cartitemid = ANY($2::uuid[])
        ORDER BY l.new_code NULLS LAST, c.createdon, c.new_cartitemid`,
      [p.userId, itemIds, p.businessUnitId],
    );
    if (items.length !== itemIds.length) throw badRequest('shop.itemsGone');
    for (const it of items) {
      if (it.new_state !== productState.active) throw badRequest('shop.productInactive', { name: it.name });
      if (it.price === null) throw badRequest('shop.noPrice', { name: it.name });
    }
    const groups = new Map<string, typeof items>();
    for (const it of items) {
      const k = it.line_id ?? '';
      groups.set(k, [...(groups.get(k) ?? []), it]);
    }
    const numbers = await nextOrderNumbers(sql, groups.size);
    const supplier = await headOfficeUnit(sql);
    const out: SettledOrder[] = [];
    let i = 0;
    for (const [lineId, lines] of groups) {
      const amounts = lines.map((l) => toCents(l.price) * BigInt(l.qty));
      const total = amounts.reduce((a, c) => a + c, 0n);
      const name = numbers[i++];
      const { rows } = await sql.query<{ id: string; at: Date }>(
        `INSERT INTO salesorder (name, new_status, new_productline_id, totalamount, new_contact, new_phone, new_province, new_city,
                                 new_county, new_address, new_remark, ownerid, owningbusinessunit, createdby, modifiedby,
                                 new_supplier_id, new_totalqty, new_shippedqty, new_signedqty, new_settleno)
         VALUES ($1, $14, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11, $11, $13, $15, 0, 0, $16) RETURNING salesorderid AS id, createdon AS at`,
        [
          name,
          lineId || null,
          formatCents(total),
          d.contact,
          d.phone,
          d.province,
          d.city,
          d.county || null,
          d.address,
          d.remark || null,
          p.userId,
          p.businessUnitId,
          supplier,
          salesOrderStatus.draft,
          lines.reduce((a, l) => a + l.qty, 0),
          numbers[0],
        ],
      );
      const orderId = rows[0].id;
      // All lines of the order in one statement.
      await sql.query(
        `INSERT INTO salesorderdetail (new_name, salesorderid, productid, quantity, priceperunit, extendedamount, ownerid, owningbusinessunit, createdby, modifiedby,
                                       new_supplier_id, new_shippedqty, new_signedqty)
         SELECT n, $1, pid, q, pr, amt, $2, $3, $2, $2, $9, 0, 0
           FROM unnest($4::varchar[], $5::uuid[], $6::int[], $7::numeric[], $8::numeric[]) AS u(n, pid, q, pr, amt)`,
        [
          orderId,
          p.userId,
          p.businessUnitId,
          lines.map((l) => l.name.slice(0, 200)),
          lines.map((l) => l.product_id),
          lines.map((l) => l.qty),
          lines.map((l) => formatCents(toCents(l.price))),
          amounts.map(formatCents),
          supplier,
        ],
      );
      // Placed = submitted to the buyer's upstream for approval (prices locked), when a flow applies.
      const submitted = await submitOrderAuto(sql, orderId, p.userId);
      out.push({
        Id: orderId,
        Name: name,
        TotalAmount: formatCents(total),
        LineCount: lines.length,
        GroupName: lines[0].line_name ?? otherLine,
        Submitted: submitted,
        SubmitTime: new Date(rows[0].at).toISOString(),
      });
    }
    await sql.query('DELETE FROM new_cartitem WHERE ownerid = $1 AND new_cartitemid = ANY($2::uuid[])', [p.userId, itemIds]);
    return out;
  });
}
