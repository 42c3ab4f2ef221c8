import { getEntity, purchaseOrderState, stockDocumentType, stockUsage, type Lang } from '@portal/model';
import { z } from 'zod';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { checkQty, fieldLabel } from '../../documents/inputs.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid } from '../../records/validate.ts';
import { chinaDate } from '../china-time.ts';
import { postMoves, type StockMove } from '../stock/ledger.ts';
import { unitWarehouse } from '../stock/unit-warehouse.ts';

/*
 * A store's purchase order to its dealer (采购订单 CG<day>, issue 27); its life is declared on the
 * entity (packages/model/src/entities/purchase-order.ts). What the declaration cannot say:
 * - the supplier is the store's own dealer (the route's business unit, checked at create: create.ts,
 *   and never changed); only the store that placed it writes it, its lines and its store-side commands;
 * - a line is a product on sale on the store's list, once per order, at least its minimum order
 *   quantity, priced at the store's retail price (read at every change, again and locked at submit);
 * - stock (keyed per line and step): accept reserves the quantities in the dealer's warehouse
 *   (frozen; short → refused naming the product and what is available), ship takes them out of it
 *   into the store's transit, receive moves the shipped quantities out of transit and the received
 *   ones (≤ shipped, per line) into the store's warehouse.
 */

export const PURCHASE_ORDER = getEntity('new_purchaseorder')!;
const LINE = 'new_purchaseorderdetail';
const S = purchaseOrderState;

const QUANTITIES = z.object({
  lines: z
    .array(z.object({ lineId: z.string().max(200), qty: z.union([z.number(), z.string().max(40)]) }))
    .max(5000)
    .optional(),
});

const storeOnly = () => new Refusal('purchaseOrder.storeOnly', undefined, undefined, 403);

/** The store's own staff only (not its dealer, though the order is in the dealer's reach). */
function assertStore(caller: Caller, owner: string | null | undefined): void {
  if (!owner || owner !== caller.principal.businessUnitId) throw storeOnly();
}

type Header = { name: string; owner: string; from: string | null; to: string | null };
async function header(sql: Sql, id: string): Promise<Header> {
  const {
    rows: [h],
  } = await sql.query<Header>(
    `SELECT new_name AS name, owningbusinessunit AS owner, new_fromwarehouse_id AS from, new_towarehouse_id AS to
       FROM new_purchaseorder WHERE new_purchaseorderid = $1::uuid`,
    [id],
  );
  return h;
}

type Line = { id: string; product: string; name: string; qty: number; shipped: number };
async function lockLines(sql: Sql, id: string): Promise<Line[]> {
  const { rows } = await sql.query<Line>(
    `SELECT new_purchaseorderdetailid AS id, new_product_id AS product, COALESCE(new_name, '') AS name, new_qty AS qty,
            COALESCE(new_shippedqty, 0) AS shipped
       FROM new_purchaseorderdetail WHERE new_purchaseorder_id = $1::uuid ORDER BY createdon, new_purchaseorderdetailid FOR UPDATE`,
    [id],
  );
  return rows.map((r) => ({ ...r, qty: Number(r.qty), shipped: Number(r.shipped) }));
}

const move = (id: string, h: Header, l: Line, m: Pick<StockMove, 'warehouseId' | 'qty' | 'frozen' | 'transit' | 'key'>): StockMove => ({
  productId: l.product,
  usage: stockUsage.purchasingDocument,
  docType: stockDocumentType.purchaseOrder,
  docId: id,
  docName: h.name,
  lineId: l.id,
  ...m,
});

/**
 * Each line's product on the order's store list: on sale, at least its minimum order quantity, once
 * per order; then its name, number, price (the store's retail price), amount and minimum written on
 * it. Refused at the line's field, naming the product; nothing is written.
 */
async function priceLines(sql: Sql, ids: string[]): Promise<void> {
  const { rows } = await sql.query<{
    id: string;
    doc: string;
    product: string;
    qty: number;
    name: string;
    onsale: boolean | null;
    min: number | null;
    twice: boolean;
  }>(
    `SELECT l.new_purchaseorderdetailid AS id, l.new_purchaseorder_id AS doc, l.new_product_id AS product, l.new_qty AS qty, p.name,
            sp.new_onsale AS onsale, sp.new_minorderqty AS min,
            EXISTS (SELECT 1 FROM new_purchaseorderdetail x WHERE x.new_purchaseorder_id = l.new_purchaseorder_id
                       AND x.new_product_id = l.new_product_id AND x.new_purchaseorderdetailid <> l.new_purchaseorderdetailid) AS twice
       FROM new_purchaseorderdetail l
       JOIN new_purchaseorder o ON o.new_purchaseorderid = l.new_purchaseorder_id
       JOIN product p ON p.productid = l.new_product_id
       LEFT JOIN new_storeproduct sp ON sp.new_store_id = o.new_store_id AND sp.new_product_id = l.new_product_id
      WHERE l.new_purchaseorderdetailid = ANY($1::uuid[])`,
    [ids],
  );
  for (const r of rows) {
    if (r.twice) throw refuse('purchaseOrder.productTwice', { product: r.name }, 'new_product_id');
    if (!r.onsale) throw refuse('purchaseOrder.notOnSale', { product: r.name }, 'new_product_id');
    const min = Number(r.min ?? 1);
    if (Number(r.qty) < min) throw refuse('purchaseOrder.belowMinimum', { product: r.name, min, qty: Number(r.qty) }, 'new_qty');
  }
  await sql.query(
    `UPDATE new_purchaseorderdetail l
        SET new_name = left(p.name, 200), new_code = p.productnumber, new_price = sp.new_retailprice,
            new_amount = round(sp.new_retailprice * l.new_qty, 2), new_minorderqty = sp.new_minorderqty,
            new_supplier_id = o.new_supplier_id, owningbusinessunit = o.owningbusinessunit
       FROM new_purchaseorder o, product p, new_storeproduct sp
      WHERE l.new_purchaseorderdetailid = ANY($1::uuid[]) AND o.new_purchaseorderid = l.new_purchaseorder_id
        AND p.productid = l.new_product_id AND sp.new_store_id = o.new_store_id AND sp.new_product_id = l.new_product_id`,
    [ids],
  );
}

/** The quantity received per line (`lines: [{ lineId, qty }]`, whole numbers 0 … shipped; a line left out: what was shipped). */
function received(lines: Line[], body: unknown, lang: Lang) {
  const label = fieldLabel(LINE, 'new_receivedqty', lang);
  const asked = new Map<string, unknown>();
  for (const x of QUANTITIES.parse(body).lines ?? []) {
    const id = normGuid(x.lineId);
    if (!id || !lines.some((l) => l.id === id)) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
    asked.set(id, x.qty);
  }
  return lines.map((l) => {
    const n = asked.has(l.id) ? checkQty(asked.get(l.id), label, `lines.${l.id}`, { zero: true }) : l.shipped;
    if (n > l.shipped) throw refuse('purchaseOrder.overShipped', { product: l.name, qty: n, shipped: l.shipped }, `lines.${l.id}`);
    return { line: l, n };
  });
}

const required = (v: unknown, entity: string, field: string, lang: Lang) => {
  if (typeof v !== 'string' || !v.trim()) throw refuse('records.required', { field: fieldLabel(entity, field, lang) }, field);
};

export const purchaseOrderController: DocumentController = {
  entity: PURCHASE_ORDER,
  bodies: { receive: QUANTITIES },

  write: {
    // Only the store changes or deletes its draft (the declared status refuses other states; the supplier is the server's).
    async guard(sql, id, _op, _values, caller) {
      const {
        rows: [o],
      } = await sql.query<{ owner: string }>(
        'SELECT owningbusinessunit AS owner FROM new_purchaseorder WHERE new_purchaseorderid = $1::uuid',
        [id],
      );
      assertStore(caller, o?.owner);
    },
  },

  lines: {
    [LINE]: {
      /** Under the order's lock: still a draft, and the caller its store. */
      async defaults(sql, rows, caller) {
        for (const r of rows) {
          // NO KEY UPDATE: the record service's lookup check holds KEY SHARE on the order already.
          const {
            rows: [doc],
          } = await sql.query<{ state: number | null; owner: string }>(
            `SELECT new_state AS state, owningbusinessunit AS owner FROM new_purchaseorder WHERE new_purchaseorderid = $1::uuid FOR NO KEY UPDATE`,
            [r.new_purchaseorder_id],
          );
          if (!doc) throw refuse('parts.relatedNotFound');
          assertStore(caller, doc.owner);
          if ((doc.state ?? S.draft) !== S.draft) throw refuse('purchaseOrder.linesLocked');
        }
        return rows.map(() => ({ new_shippedqty: 0, new_receivedqty: 0 }));
      },
      write: {
        async guard(sql, id, op, values, caller) {
          const {
            rows: [l],
          } = await sql.query<{ parent: string; owner: string }>(
            `SELECT l.new_purchaseorder_id AS parent, o.owningbusinessunit AS owner
               FROM new_purchaseorderdetail l JOIN new_purchaseorder o ON o.new_purchaseorderid = l.new_purchaseorder_id
              WHERE l.new_purchaseorderdetailid = $1::uuid`,
            [id],
          );
          assertStore(caller, l?.owner);
          if (op === 'update' && 'new_purchaseorder_id' in values && normGuid(values.new_purchaseorder_id) !== l.parent)
            throw refuse('stockInOut.lineOfDocument', undefined, 'new_purchaseorder_id');
        },
        after: (sql, ids) => priceLines(sql, ids),
      },
    },
  },

  commands: {
    /** At least one line; each line's price read again from the store's list (still on sale, at least its minimum) and locked. */
    async submit({ sql, caller, id }) {
      assertStore(caller, (await header(sql, id)).owner);
      const lines = await lockLines(sql, id);
      if (!lines.length) throw refuse('purchaseOrder.noLines');
      await priceLines(
        sql,
        lines.map((l) => l.id),
      );
      await sql.query('UPDATE new_purchaseorder SET new_submittedon = now() WHERE new_purchaseorderid = $1::uuid', [id]);
      return { message: 'purchaseOrder.submitted' };
    },

    async cancel({ sql, caller, id, inputs, lang }) {
      assertStore(caller, (await header(sql, id)).owner);
      required(inputs.new_cancelreason, PURCHASE_ORDER.logicalName, 'new_cancelreason', lang);
      await sql.query('UPDATE new_purchaseorder SET new_cancelledon = now() WHERE new_purchaseorderid = $1::uuid', [id]);
      return { message: 'purchaseOrder.cancelled' };
    },

    /** The quantities are reserved in the dealer's warehouse; short → refused naming the product and what is available. */
    async accept({ sql, caller, id }) {
      const h = await header(sql, id);
      const from = h.from ?? (await unitWarehouse(sql, caller.principal.businessUnitId, 'purchaseOrder.noWarehouse'));
      const lines = await lockLines(sql, id);
      await postMoves(
        sql,
        caller.principal.userId,
        lines.map((l) => move(id, h, l, { warehouseId: from, frozen: l.qty, key: `cg:${id}:reserve:${l.id}` })),
      );
      await sql.query(
        'UPDATE new_purchaseorder SET new_acceptedon = now(), new_fromwarehouse_id = $2::uuid WHERE new_purchaseorderid = $1::uuid',
        [id, from],
      );
      return { message: 'purchaseOrder.accepted' };
    },

    async reject({ inputs, lang }) {
      required(inputs.new_rejectreason, PURCHASE_ORDER.logicalName, 'new_rejectreason', lang);
      return { message: 'purchaseOrder.rejected' };
    },

    /** Everything accepted leaves the dealer's warehouse (its reservation released) into the store's transit. */
    async ship({ sql, caller, id, inputs, lang }) {
      for (const f of ['new_logisticscorp', 'new_trackingno'] as const) required(inputs[f], PURCHASE_ORDER.logicalName, f, lang);
      inputs.new_shipdate ??= chinaDate();
      const h = await header(sql, id);
      const lines = await lockLines(sql, id);
      const moves: StockMove[] = [];
      for (const l of lines) {
        moves.push(move(id, h, l, { warehouseId: h.from!, qty: -l.qty, frozen: -l.qty, key: `cg:${id}:out:${l.id}` }));
        moves.push(move(id, h, l, { warehouseId: h.to!, transit: l.qty, key: `cg:${id}:transit:${l.id}` }));
      }
      await postMoves(sql, caller.principal.userId, moves);
      await sql.query(
        'UPDATE new_purchaseorderdetail SET new_shippedqty = new_qty, modifiedon = now() WHERE new_purchaseorder_id = $1::uuid',
        [id],
      );
      await sql.query('UPDATE new_purchaseorder SET new_shippedon = now() WHERE new_purchaseorderid = $1::uuid', [id]);
      return { message: 'purchaseOrder.shipped' };
    },

    /** Received ≤ shipped per line: transit out, the received quantity into the store's warehouse. */
    async receive({ sql, caller, id, body, lang }) {
      const h = await header(sql, id);
      assertStore(caller, h.owner);
      const got = received(await lockLines(sql, id), body, lang);
      await postMoves(
        sql,
        caller.principal.userId,
        got.map(({ line, n }) => move(id, h, line, { warehouseId: h.to!, qty: n, transit: -line.shipped, key: `cg:${id}:in:${line.id}` })),
      );
      await sql.query(
        `UPDATE new_purchaseorderdetail l SET new_receivedqty = d.n, modifiedon = now()
           FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_purchaseorderdetailid = d.id`,
        [got.map((g) => g.line.id), got.map((g) => g.n)],
      );
      await sql.query(
        'UPDATE new_purchaseorder SET new_receivedon = now(), new_receiver_id = $2::uuid WHERE new_purchaseorderid = $1::uuid',
        [id, caller.principal.userId],
      );
      const short = got.reduce((s, g) => s + (g.line.shipped - g.n), 0);
      return short > 0 ? { message: 'purchaseOrder.receivedShort', messageParams: { short } } : { message: 'purchaseOrder.received' };
    },
  },
};
