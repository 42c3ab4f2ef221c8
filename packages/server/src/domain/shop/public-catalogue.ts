import {
  productState,
  SHOP_PAGE_MAX,
  SHOP_PAGE_SIZE,
  warehouseType,
  type ProductPage,
  type PublicProduct,
  type PublicProductDetail,
} from '@portal/model';
import type { Principal } from '../../auth/principal.ts';
import type { Sql } from '../../db/db.ts';
import { notFound } from '../../http/errors.ts';
import { normGuid } from '../../records/validate.ts';
import { formatCents, toCents } from '../money.ts';

/*
 * The shop as everyone sees it (spec 001 §2: /shoppingmall/chooseproduct, /searchproduct and
 * /productdetail are anonymous). Only active products (product_state 0, "有效"), only public
 * fields: the price goes to signed-in buyers (shop.buy) alone, stock only as in stock / out of
 * stock over the active central warehouses. Every value is a bound parameter.
 */

const ACTIVE = productState.active;
/** Pictures the shop shows: raster images only (an SVG could carry script). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Signed-in buyers see prices; anonymous callers and everyone else do not. */
export const seesPrices = (p: Principal | null | undefined): boolean => !!p?.privileges.has('shop.buy');

/** `%`, `_` and `\` stand for themselves in the search text. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Row = {
  id: string;
  name: string;
  productnumber: string;
  new_model: string | null;
  new_uom: string | null;
  price: string | null;
  line_id: string | null;
  line_name: string | null;
  in_stock: boolean;
  picture: string | null;
};

function columns(p: { add(v: unknown): string }): string {
  const central = p.add(warehouseType.central);
  const types = p.add(PICTURE_TYPES);
  return `p.productid AS id, p.name, p.productnumber, p.new_model, p.new_uom, p.price,
          l.new_productlineid AS line_id, l.new_name AS line_name,
          EXISTS (SELECT 1 FROM new_srv_siteinv s JOIN new_srv_warehouse w ON w.new_srv_warehouseid = s.new_warehouse_id
                   WHERE s.new_product_id = p.productid AND s.new_available > 0 AND s.statecode = 0
                     AND w.new_type = ${central}::int AND w.statecode = 0 AND COALESCE(w.new_isactive, true)) AS in_stock,
          (SELECT a.id FROM file_attachment a WHERE a.module_type = 'product' AND a.object_id = p.productid
              AND a.content_type = ANY(${types}::text[]) ORDER BY a.created_on, a.file_name LIMIT 1) AS picture`;
}

class Bind {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

function card(r: Row, prices: boolean): PublicProduct {
  const c: PublicProduct = {
    Id: r.id,
    Name: r.name,
    ProductNumber: r.productnumber,
    Model: r.new_model,
    Uom: r.new_uom,
    LineId: r.line_id,
    LineName: r.line_name,
    InStock: r.in_stock,
    Picture: r.picture,
  };
  if (prices && r.price !== null) c.Price = formatCents(toCents(r.price));
  return c;
}

export interface ProductSearch {
  /** One box: name, part number or model contains it. */
  q?: string;
  /** A product line id. */
  line?: string;
  /** The cursor: the last part number of the page before. */
  after?: string;
  limit?: number;
}

/**
 * One page of active products ordered by part number (unique index), keyset-paged: the next page
 * starts after the last part number, so a deep page costs what the first does. The search is
 * `ILIKE '%…%'` over the three searchable columns, each with its trigram index.
 */
export async function searchProducts(sql: Sql, caller: Principal | null, s: ProductSearch): Promise<ProductPage> {
  const limit = Math.min(Math.max(Math.trunc(s.limit ?? SHOP_PAGE_SIZE) || SHOP_PAGE_SIZE, 1), SHOP_PAGE_MAX);
  const b = new Bind();
  const cols = columns(b);
  const where = [`p.new_state = ${b.add(ACTIVE)}::int`, 'p.statecode = 0'];
  if (s.line) {
    const line = normGuid(s.line);
    if (!line) return { rows: [], next: null };
    where.push(`p.new_productline_id = ${b.add(line)}::uuid`);
  }
  const text = s.q?.trim();
  if (text) {
    const like = b.add(likePattern(text));
    where.push(`(p.name ILIKE ${like} OR p.productnumber ILIKE ${like} OR p.new_model ILIKE ${like})`);
  }
  if (s.after) where.push(`p.productnumber > ${b.add(s.after)}::varchar`);
  const { rows } = await sql.query<Row>(
    `SELECT ${cols}
       FROM product p LEFT JOIN new_productline l ON l.new_productlineid = p.new_productline_id
      WHERE ${where.join(' AND ')}
      ORDER BY p.productnumber
      LIMIT ${b.add(limit + 1)}::int`,
    b.values,
  );
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const prices = seesPrices(caller);
  return { rows: page.map((r) => card(r, prices)), next: more ? page[page.length - 1].productnumber : null };
}

/** "名称：值" lines (full-width or ASCII colon) as a table; a line without a colon is a value alone. */
export function parseSpecification(text: string | null): { name: string; value: string }[] {
  if (!text) return [];
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = /^([^:：]{1,40})[:：]\s*(.*)$/.exec(l);
      return m ? { name: m[1].trim(), value: m[2].trim() } : { name: '', value: l };
    });
}

/** One active product with its pictures and specification; 404 for any other id. */
export async function productDetail(sql: Sql, caller: Principal | null, id: unknown): Promise<PublicProductDetail> {
  const gid = normGuid(id);
  if (!gid) throw notFound('shopPublic.notFound');
  const b = new Bind();
  const cols = columns(b);
  const { rows } = await sql.query<Row & { description: string | null; new_specification: string | null }>(
    `SELECT ${cols}, p.description, p.new_specification
       FROM product p LEFT JOIN new_productline l ON l.new_productlineid = p.new_productline_id
      WHERE p.productid = ${b.add(gid)}::uuid AND p.new_state = ${b.add(ACTIVE)}::int AND p.statecode = 0`,
    b.values,
  );
  const r = rows[0];
  if (!r) throw notFound('shopPublic.notFound');
  const pics = await sql.query<{ id: string; file_name: string }>(
    `SELECT id, file_name FROM file_attachment WHERE module_type = 'product' AND object_id = $1::uuid AND content_type = ANY($2::text[])
      ORDER BY created_on, file_name LIMIT 20`,
    [gid, PICTURE_TYPES],
  );
  return {
    ...card(r, seesPrices(caller)),
    Description: r.description,
    Specification: parseSpecification(r.new_specification),
    Pictures: pics.rows.map((x) => ({ Id: x.id, FileName: x.file_name })),
  };
}

/** A picture of an active product (its storage key and type), or 404. */
export async function productPicture(
  sql: Sql,
  productId: unknown,
  pictureId: unknown,
): Promise<{ storage_key: string; content_type: string; file_name: string }> {
  const pid = normGuid(productId);
  const aid = normGuid(pictureId);
  if (!pid || !aid) throw notFound('files.notFound');
  const { rows } = await sql.query<{ storage_key: string; content_type: string; file_name: string }>(
    `SELECT a.storage_key, a.content_type, a.file_name
       FROM file_attachment a JOIN product p ON p.productid = a.object_id
      WHERE a.id = $1::uuid AND a.object_id = $2::uuid AND a.module_type = 'product' AND a.content_type = ANY($3::text[])
        AND p.new_state = $4::int AND p.statecode = 0`,
    [aid, pid, PICTURE_TYPES, ACTIVE],
  );
  if (!rows[0]) throw notFound('files.notFound');
  return rows[0];
}

/** The product lines that have active products, by code (the shop's line filter). */
export async function productLines(sql: Sql): Promise<{ Id: string; Name: string; Code: string }[]> {
  const { rows } = await sql.query<{ id: string; name: string; code: string }>(
    `SELECT l.new_productlineid AS id, l.new_name AS name, l.new_code AS code FROM new_productline l
      WHERE l.statecode = 0 AND EXISTS (SELECT 1 FROM product p WHERE p.new_productline_id = l.new_productlineid AND p.new_state = $1::int AND p.statecode = 0)
      ORDER BY l.new_code LIMIT 200`,
    [ACTIVE],
  );
  return rows.map((r) => ({ Id: r.id, Name: r.name, Code: r.code }));
}
