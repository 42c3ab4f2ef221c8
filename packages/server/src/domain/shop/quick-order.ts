import { loadExcelJs } from '../../files/load-exceljs.ts';
import { getEntity, msg, productState, warehouseType, type Lang, type QuickOrderLine, type QuickOrderLineError } from '@portal/model';
import type { Principal } from '../../auth/principal.ts';
import type { Db, Sql } from '../../db/db.ts';
import { MAX_IMPORT_ROWS } from '../../files/excel.ts';
import type { TableColumn, TableCell } from '../../files/excel-table.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { formatCents, toCents } from '../money.ts';
import { addProductsIn, checkQuantity, lockCart, MAX_QTY } from './cart.ts';

/**
 * Quick order (快速订购, spec 001 §2 /quickorder/list, /quickorder/importproduct): lines of part
 * number and quantity, typed, pasted or read from Excel, are checked at once — every row's error
 * listed together — and then added to the caller's cart in one transaction through the cart's own
 * add (domain/shop/cart.ts addProductsIn). Checking needs no sign-in (the shop is anonymous); the
 * price is shown to buyers (`shop.buy`) only. Stock is the available quantity of the central
 * warehouses, answered as in stock / short, never as a number.
 */

/** spec 001 §5/§9: at most 5000 records, as the Excel import. */
export const MAX_LINES = MAX_IMPORT_ROWS;

export interface QuickLineInput {
  Row?: unknown;
  Code?: unknown;
  Quantity?: unknown;
}

export type CheckedLine = QuickOrderLine;
export type LineError = QuickOrderLineError;

export interface CheckResult {
  Lines: CheckedLine[];
  Errors: LineError[];
}

/** The lines of a request body: an array of at most 5000 rows; blank rows (no code, no quantity) are left out. */
export function parseLines(body: unknown): { row: number; code: string; qty: unknown }[] {
  const raw = body && typeof body === 'object' ? (body as { Lines?: unknown }).Lines : undefined;
  if (!Array.isArray(raw)) throw badRequest('quickOrder.noLines');
  if (raw.length > MAX_LINES) throw badRequest('quickOrder.tooManyLines');
  const out: { row: number; code: string; qty: unknown }[] = [];
  raw.forEach((l: QuickLineInput | null, i) => {
    const o: QuickLineInput = l && typeof l === 'object' ? l : {};
    const code = typeof o.Code === 'string' ? o.Code.trim() : typeof o.Code === 'number' && Number.isFinite(o.Code) ? String(o.Code) : '';
    const qty = typeof o.Quantity === 'string' ? o.Quantity.trim() : o.Quantity;
    if (!code && (qty === undefined || qty === null || qty === '')) return;
    const row = Number(o.Row);
    out.push({ row: Number.isInteger(row) && row > 0 ? row : i + 1, code: code.slice(0, 100), qty });
  });
  if (!out.length) throw badRequest('quickOrder.noLines');
  return out;
}

type ProductRow = {
  productid: string;
  productnumber: string;
  name: string;
  new_model: string | null;
  new_uom: string | null;
  price: string | null;
  new_state: number;
};

/** A draft product is never shown outside head office; only an active one is sold. */
const { active: ACTIVE, draft: DRAFT } = productState;

/**
 * Checks every line; nothing is written. `cartOf`: also hold each line to what that user's cart
 * already has of the product (the total stays under 100,000), as the add will.
 */
export async function checkLines(
  sql: Sql,
  lines: { row: number; code: string; qty: unknown }[],
  lang: Lang,
  opts: { showPrice: boolean; cartOf?: string },
): Promise<CheckResult> {
  const codeLabel = getEntity('product')!.allFields.productnumber.label[lang];
  const { rows: found } = await sql.query<ProductRow>(
    'SELECT productid, productnumber, name, new_model, new_uom, price, new_state FROM product WHERE upper(productnumber) = ANY($1::text[])',
    [[...new Set(lines.map((l) => l.code.toUpperCase()).filter(Boolean))]],
  );
  const exact = new Map(found.map((p) => [p.productnumber, p]));
  const caseless = new Map(found.map((p) => [p.productnumber.toUpperCase(), p]));
  const productOf = (code: string) => exact.get(code) ?? caseless.get(code.toUpperCase());
  const ids = [...new Set(lines.map((l) => productOf(l.code)?.productid).filter((x): x is string => !!x))];

  const available = new Map<string, number>();
  const inCart = new Map<string, number>();
  if (ids.length) {
    const { rows } = await sql.query<{ id: string; available: string }>(
      `SELECT i.new_product_id AS id, sum(i.new_available) AS available
         FROM new_srv_siteinv i JOIN new_srv_warehouse w ON w.new_srv_warehouseid = i.new_warehouse_id
        WHERE i.new_product_id = ANY($1::uuid[]) AND i.statecode = 0
          AND w.new_type = $2::int AND w.statecode = 0 AND COALESCE(w.new_isactive, true)
        GROUP BY i.new_product_id`,
      [ids, warehouseType.central],
    );
    for (const r of rows) available.set(r.id, Number(r.available));
    if (opts.cartOf) {
      const { rows: held } = await sql.query<{ id: string; qty: string }>(
        'SELECT new_product_id AS id, sum(new_qty) AS qty FROM new_cartitem WHERE ownerid = $1 AND statecode = 0 AND new_product_id = ANY($2::uuid[]) GROUP BY new_product_id',
        [opts.cartOf, ids],
      );
      for (const r of held) inCart.set(r.id, Number(r.qty));
    }
  }

  const firstRow = new Map<string, number>();
  const Lines: CheckedLine[] = [];
  const Errors: LineError[] = [];
  for (const l of lines) {
    const out: CheckedLine = {
      Row: l.row,
      Code: l.code,
      Quantity: null,
      ProductId: null,
      ProductName: null,
      Model: null,
      Uom: null,
      Price: null,
      Amount: null,
      Stock: null,
      Error: null,
    };
    const refuse = (key: Parameters<typeof msg>[0], params?: Record<string, string | number>) => {
      if (out.Error === null) out.Error = msg(key, lang, params);
    };
    const product = l.code ? productOf(l.code) : undefined;
    if (product && product.new_state !== DRAFT) {
      out.ProductId = product.productid;
      out.Code = product.productnumber;
      out.ProductName = product.name;
      out.Model = product.new_model;
      out.Uom = product.new_uom;
    }
    if (!l.code) refuse('quickOrder.codeRequired');
    else if (!product || product.new_state === DRAFT) refuse('quickOrder.unknownCode', { code: l.code });
    else if (product.new_state !== ACTIVE) refuse('shop.productInactive', { name: product.name });
    else if (product.price === null) refuse('shop.noPrice', { name: product.name });
    try {
      out.Quantity = checkQuantity(l.qty);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      refuse(e.key, e.params);
    }
    if (product) {
      const key = product.productid;
      const other = firstRow.get(key);
      if (other !== undefined) refuse('excel.duplicateInFile', { field: codeLabel, value: l.code, other });
      else firstRow.set(key, l.row);
      const held = inCart.get(key) ?? 0;
      if (out.Quantity !== null && held + out.Quantity > MAX_QTY) refuse('quickOrder.cartTotalMax', { inCart: held });
    }
    if (out.ProductId && out.Quantity !== null) {
      out.Stock = (available.get(out.ProductId) ?? 0) >= out.Quantity ? 'inStock' : 'short';
      const listPrice = product?.price;
      if (opts.showPrice && listPrice !== null && listPrice !== undefined) {
        const price = toCents(listPrice);
        out.Price = formatCents(price);
        out.Amount = formatCents(price * BigInt(out.Quantity));
      }
    }
    if (out.Error !== null) Errors.push({ row: l.row, code: l.code, message: out.Error });
    Lines.push(out);
  }
  return { Lines, Errors };
}

/** Add-all refused: the rows in error (nothing was added). */
export class QuickOrderRefused extends AppError {
  constructor(readonly errors: LineError[]) {
    super(400, 'quickOrder.refused', { count: errors.length });
  }
}

/**
 * Adds every line to the caller's cart in one transaction: the cart is locked, the lines checked
 * against it, and either all go in through the cart's add or — one row in error — none does.
 */
export async function addAll(
  db: Db,
  p: Principal,
  lines: { row: number; code: string; qty: unknown }[],
  lang: Lang,
): Promise<{ Added: number; Lines: CheckedLine[] }> {
  return db.tx(async (sql) => {
    await lockCart(sql, p.userId);
    const checked = await checkLines(sql, lines, lang, { showPrice: true, cartOf: p.userId });
    if (checked.Errors.length) throw new QuickOrderRefused(checked.Errors);
    await addProductsIn(
      sql,
      p,
      checked.Lines.map((l) => ({ productId: l.ProductId, qty: l.Quantity! })),
    );
    return { Added: checked.Lines.length, Lines: checked.Lines };
  });
}

/** The two columns of the template and the import: each named by its label in either language, or its field name. */
export function importColumns(): TableColumn[] {
  const code = getEntity('product')!.allFields.productnumber.label;
  const qty = getEntity('new_cartitem')!.allFields.new_qty.label;
  return [
    { key: 'code', headers: [code['zh-CN'], code['en-US'], 'productnumber', 'code', '产品编码', '编码'], required: true },
    { key: 'qty', headers: [qty['zh-CN'], qty['en-US'], 'qty', 'new_qty'], required: true },
  ];
}

/** A cell as the line's code or quantity (numbers typed into a text column stay digits). */
export function importLine(row: number, values: Record<string, TableCell>): { row: number; code: string; qty: unknown } {
  const c = values.code;
  const code = c === null || c === undefined ? '' : c instanceof Date ? '' : String(c).trim().slice(0, 100);
  const q = values.qty;
  return { row, code, qty: q === null || q === undefined ? '' : q instanceof Date ? 'date' : q };
}

/** The template: the two columns, one example row (an orderable product), and an instructions sheet. */
export async function quickOrderTemplate(sql: Sql, lang: Lang): Promise<Buffer> {
  const example =
    (
      await sql.query<{ code: string }>(
        'SELECT productnumber AS code FROM product WHERE new_state = $1 AND price IS NOT NULL ORDER BY productnumber LIMIT 1',
        [ACTIVE],
      )
    ).rows[0]?.code ?? 'HC-LF-200';
  const [code, qty] = importColumns();
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(msg('quickOrder.template.sheet', lang));
  ws.addRow([lang === 'zh-CN' ? code.headers[0] : code.headers[1], lang === 'zh-CN' ? qty.headers[0] : qty.headers[1]]).font = {
    bold: true,
  };
  ws.getColumn(1).width = 24;
  ws.getColumn(1).numFmt = '@';
  ws.getColumn(2).width = 12;
  ws.addRow([example, 2]);
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const help = wb.addWorksheet(msg('excel.help.sheet', lang));
  help.getColumn(1).width = 100;
  for (const k of [
    'quickOrder.template.help1',
    'quickOrder.template.help2',
    'quickOrder.template.help3',
    'quickOrder.template.help4',
  ] as const)
    help.addRow([msg(k, lang)]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
