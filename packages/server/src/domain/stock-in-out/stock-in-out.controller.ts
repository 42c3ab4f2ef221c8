import {
  getEntity,
  msg,
  stockDocumentType,
  stockInType,
  stockMoveState,
  stockOutType,
  stockUsage,
  warehouseType,
  type EntityDef,
  type Lang,
  type MessageKey,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { checkQty, fieldLabel } from '../../documents/inputs.ts';
import { AppError, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid } from '../../records/validate.ts';
import { ValidationFailed } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { warehouseById, type Warehouse } from '../parts/catalogue.ts';
import { postMoves } from '../stock/ledger.ts';

/*
 * Stock in and out of dealer and store warehouses (入库单 RK<day> / 出库单 CK<day>, issue 27; their
 * life is declared on the entities: number, status 草稿 → 已确认, lines with totals, confirm). Both are
 * written through the record service while draft (the declared status refuses anything else); this
 * file holds what the declaration cannot say:
 * - the warehouse is a dealer's or store's of the caller's reach (refused at the field), and the
 *   document (and its lines) belong to the warehouse's unit, so a dealer sees its stores' documents;
 * - a scrapped stock-out names its scrap reason and its handling after scrap;
 * - a line is a product once per document; its name, number, unit and amount come from the server;
 * - confirm: at least one line, each quantity 1–99,999, one posting of every line to the stock ledger
 *   (in +, out −) with a key per line, refused for a stock-out beyond what is available, naming the
 *   product and the available quantity (the ledger checks it under its row locks).
 * Usages (docs/decisions.md "Stock in and out"): see `usageOf`.
 */

export const STOCK_IN = getEntity('new_stockin')!;
export const STOCK_OUT = getEntity('new_stockout')!;

interface Kind {
  doc: EntityDef;
  line: EntityDef;
  parent: string;
  typeField: 'new_intype' | 'new_outtype';
  dateField: 'new_indate' | 'new_outdate';
  sign: 1 | -1;
  docType: number;
  prefix: 'rk' | 'ck';
  done: MessageKey;
}

const IN: Kind = {
  doc: STOCK_IN,
  line: getEntity('new_stockindetail')!,
  parent: 'new_stockin_id',
  typeField: 'new_intype',
  dateField: 'new_indate',
  sign: 1,
  docType: stockDocumentType.stockIn,
  prefix: 'rk',
  done: 'stockInOut.confirmedIn',
};
const OUT: Kind = {
  doc: STOCK_OUT,
  line: getEntity('new_stockoutdetail')!,
  parent: 'new_stockout_id',
  typeField: 'new_outtype',
  dateField: 'new_outdate',
  sign: -1,
  docType: stockDocumentType.stockOut,
  prefix: 'ck',
  done: 'stockInOut.confirmedOut',
};

/**
 * The stock usage (spec 001 §9, 1–11) of a document's moves by its type: purchase in = 3 采购出入库单;
 * transfer in or out = 1 调拨出入库单; a stock-out for a parts application = 2 备货出入库单; damaged,
 * faulty and scrapped stock-outs = 10 库存调整 (as the damaged/faulty/scrapped deliveries); a return
 * or any other stock-in = 11 无出库单 (stock that arrives without a delivery document).
 */
export function usageOf(kind: 'in' | 'out', type: number | null): number {
  if (kind === 'in') {
    if (type === stockInType.purchase) return stockUsage.purchasingDocument;
    if (type === stockInType.transfer) return stockUsage.transferDocument;
    return stockUsage.noDeliveryDocument;
  }
  if (type === stockOutType.application) return stockUsage.stockingDocument;
  if (type === stockOutType.transfer) return stockUsage.transferDocument;
  return stockUsage.adjustment;
}

const fieldError = (field: string, key: MessageKey, lang: Lang, params?: Record<string, string | number>) =>
  new ValidationFailed([{ field, message: msg(key, lang, params) }], lang);

/** A dealer's or store's active warehouse whose unit is in the caller's reach; else refused at the field. */
async function ownWarehouse(sql: Sql, caller: Caller, raw: unknown, lang: Lang): Promise<Warehouse> {
  const wh = await warehouseById(sql, raw);
  if (!wh || (wh.type !== warehouseType.dealer && wh.type !== warehouseType.store) || !caller.subtree.includes(wh.unit))
    throw fieldError('new_warehouse_id', 'stockInOut.warehouseNotYours', lang);
  return wh;
}

const optionOf = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** A scrapped stock-out names its scrap reason and its handling after scrap. */
function checkScrap(row: Record<string, unknown>, lang: Lang): void {
  if (optionOf(row.new_outtype) !== stockOutType.scrapped) return;
  if (optionOf(row.new_scrapreason) === null) throw fieldError('new_scrapreason', 'stockInOut.scrapReasonRequired', lang);
  if (optionOf(row.new_afterscrap) === null) throw fieldError('new_afterscrap', 'stockInOut.afterScrapRequired', lang);
}

/** The document and its lines belong to the warehouse's unit (the scope: a dealer sees its stores' documents). */
async function followWarehouse(sql: Sql, k: Kind, ids: string[]): Promise<void> {
  const d = k.doc.logicalName;
  await sql.query(
    `UPDATE ${d} t SET new_businessunit_id = w.new_businessunit_id, owningbusinessunit = w.new_businessunit_id
       FROM new_srv_warehouse w WHERE t.${k.doc.primaryKey} = ANY($1::uuid[]) AND w.new_srv_warehouseid = t.new_warehouse_id`,
    [ids],
  );
  await sql.query(
    `UPDATE ${k.line.logicalName} l SET owningbusinessunit = t.owningbusinessunit FROM ${d} t
      WHERE t.${k.doc.primaryKey} = ANY($1::uuid[]) AND l.${k.parent} = t.${k.doc.primaryKey} AND l.owningbusinessunit IS DISTINCT FROM t.owningbusinessunit`,
    [ids],
  );
}

/** A product already on the document (another line than `except`), refused at the product. */
async function assertProductOnce(sql: Sql, k: Kind, doc: string, product: unknown, except: string | null, lang: Lang): Promise<void> {
  const {
    rows: [dup],
  } = await sql.query<{ name: string }>(
    `SELECT COALESCE(p.name, l.new_name) AS name FROM ${k.line.logicalName} l LEFT JOIN product p ON p.productid = l.new_product_id
      WHERE l.${k.parent} = $1::uuid AND l.new_product_id = $2::uuid AND ($3::uuid IS NULL OR l.${k.line.primaryKey} <> $3::uuid) LIMIT 1`,
    [doc, normGuid(product), except],
  );
  if (dup) throw fieldError('new_product_id', 'stockInOut.productTwice', lang, { product: dup.name });
}

function controllerOf(k: Kind): DocumentController {
  const D = k.doc.logicalName;
  const PK = k.doc.primaryKey;
  const L = k.line.logicalName;
  const LPK = k.line.primaryKey;
  return {
    entity: k.doc,
    /** The warehouse (the caller's, a dealer's or store's) and its unit, today as the day, nothing counted yet. */
    async defaults(sql, rows, caller, lang) {
      const out: Record<string, unknown>[] = [];
      for (const r of rows) {
        const wh = await ownWarehouse(sql, caller, r.new_warehouse_id, lang);
        if (k === OUT) checkScrap(r, lang);
        out.push({ new_businessunit_id: wh.unit, [k.dateField]: r[k.dateField] ?? chinaDate(), new_totalqty: 0, new_totalamount: '0' });
      }
      return out;
    },
    write: {
      // Only a draft is changed or deleted (its lines with it): the declared status.
      async guard(sql, id, op, values, caller, lang) {
        if (op === 'delete') return;
        if ('new_warehouse_id' in values) await ownWarehouse(sql, caller, values.new_warehouse_id, lang);
        if (k === OUT && ['new_outtype', 'new_scrapreason', 'new_afterscrap'].some((f) => f in values)) {
          const {
            rows: [now],
          } = await sql.query<Record<string, unknown>>(
            `SELECT new_outtype, new_scrapreason, new_afterscrap FROM ${D} WHERE ${PK} = $1::uuid`,
            [id],
          );
          checkScrap({ ...now, ...values }, lang);
        }
      },
      async after(sql, ids) {
        await followWarehouse(sql, k, ids);
        // Scrap reason and handling mean something for a scrapped stock-out only.
        if (k === OUT)
          await sql.query(
            `UPDATE ${D} SET new_scrapreason = NULL, new_afterscrap = NULL WHERE ${PK} = ANY($1::uuid[]) AND new_outtype IS DISTINCT FROM $2::int`,
            [ids, stockOutType.scrapped],
          );
      },
    },
    lines: {
      [L]: {
        /** Checked again under the document's lock: still a draft, the product not on it yet. */
        async defaults(sql, rows, _caller, lang) {
          for (const r of rows) {
            // NO KEY UPDATE: the record service's lookup check holds KEY SHARE on the document already.
            const {
              rows: [doc],
            } = await sql.query<{ state: number | null }>(`SELECT new_state AS state FROM ${D} WHERE ${PK} = $1::uuid FOR NO KEY UPDATE`, [
              r[k.parent],
            ]);
            if (!doc) throw refuse('parts.relatedNotFound');
            if ((doc.state ?? stockMoveState.draft) !== stockMoveState.draft) throw refuse('parts.linesLocked');
            await assertProductOnce(sql, k, String(r[k.parent]), r.new_product_id, null, lang);
          }
          return rows.map(() => ({}));
        },
        write: {
          async guard(sql, id, op, values, _caller, lang) {
            if (op === 'delete') return;
            const {
              rows: [l],
            } = await sql.query<{ parent: string }>(`SELECT ${k.parent} AS parent FROM ${L} WHERE ${LPK} = $1::uuid`, [id]);
            if (k.parent in values && normGuid(values[k.parent]) !== l.parent)
              throw fieldError(k.parent, 'stockInOut.lineOfDocument', lang);
            if ('new_product_id' in values) await assertProductOnce(sql, k, l.parent, values.new_product_id, id, lang);
          },
          /** Name, number and unit of the product, the amount (quantity × price, when priced), the document's unit, what is available now (stock-out). */
          async after(sql, ids) {
            await sql.query(
              `UPDATE ${L} l SET new_name = p.name, new_code = p.productnumber, new_uom = p.new_uom,
                      new_amount = CASE WHEN l.new_price IS NULL THEN NULL ELSE round(l.new_qty * l.new_price, 2) END,
                      owningbusinessunit = t.owningbusinessunit
                 FROM product p, ${D} t
                WHERE l.${LPK} = ANY($1::uuid[]) AND p.productid = l.new_product_id AND t.${PK} = l.${k.parent}`,
              [ids],
            );
            if (k === OUT)
              await sql.query(
                `UPDATE ${L} l SET new_available = COALESCE((SELECT s.new_available FROM new_srv_siteinv s
                                                              WHERE s.new_warehouse_id = t.new_warehouse_id AND s.new_product_id = l.new_product_id), 0)
                   FROM ${D} t WHERE l.${LPK} = ANY($1::uuid[]) AND t.${PK} = l.${k.parent}`,
                [ids],
              );
          },
        },
      },
    },
    commands: {
      /**
       * A draft is confirmed: its warehouse still the caller's, a scrapped one with its reason, at least
       * one line, every quantity 1–99,999; one posting of every line (a key per line: a retried confirm
       * counts once). A stock-out beyond what is available is refused naming the product and what is
       * available; nothing moves.
       */
      async confirm({ sql, caller, id, lang }) {
        const {
          rows: [h],
        } = await sql.query<Record<string, unknown> & { name: string; warehouse: string; type: number | null }>(
          `SELECT *, new_name AS name, new_warehouse_id AS warehouse, ${k.typeField} AS type FROM ${D} WHERE ${PK} = $1::uuid`,
          [id],
        );
        await ownWarehouse(sql, caller, h.warehouse, lang);
        if (k === OUT) checkScrap(h, lang);
        const { rows: lines } = await sql.query<{ id: string; product: string; qty: number }>(
          `SELECT ${LPK} AS id, new_product_id AS product, new_qty AS qty FROM ${L} WHERE ${k.parent} = $1::uuid ORDER BY ${LPK} FOR UPDATE`,
          [id],
        );
        if (!lines.length) throw refuse('parts.detailRequired');
        const label = fieldLabel(L, 'new_qty', lang);
        for (const l of lines) checkQty(l.qty, label, `lines.${l.id}`);
        const usage = usageOf(k === IN ? 'in' : 'out', h.type === null ? null : Number(h.type));
        try {
          await postMoves(
            sql,
            caller.principal.userId,
            lines.map((l) => ({
              warehouseId: h.warehouse,
              productId: l.product,
              qty: k.sign * Number(l.qty),
              usage,
              docType: k.docType,
              docId: id,
              docName: h.name,
              lineId: l.id,
              key: `${k.prefix}:${id}:${l.id}`,
            })),
          );
        } catch (err) {
          if (err instanceof AppError && err.key === 'stock.insufficient') {
            const p = err.params ?? {};
            throw refuse('stockInOut.insufficient', {
              part: String(p.part ?? ''),
              warehouse: String(p.warehouse ?? ''),
              available: Number(p.available ?? 0),
              qty: Number(p.qty ?? 0),
            });
          }
          throw err;
        }
        await sql.query(`UPDATE ${D} SET new_confirmedon = now(), new_confirmedby_id = $2::uuid WHERE ${PK} = $1::uuid`, [
          id,
          caller.principal.userId,
        ]);
        return { message: k.done };
      },
    },
  };
}

export const stockInController = controllerOf(IN);
export const stockOutController = controllerOf(OUT);
