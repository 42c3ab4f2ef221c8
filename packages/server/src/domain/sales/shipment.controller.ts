import { shipmentState, stockDocumentType, stockUsage } from '@portal/model';
import { z } from 'zod';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { checkQty, fieldLabel } from '../../documents/inputs.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import { normGuid } from '../../records/validate.ts';
import { postMoves, type StockMove } from '../stock/ledger.ts';
import { createReissue } from './reissue-create.ts';
import { rollUpOrder } from './rollup.ts';
import { SHIPMENT } from './shipment-create.ts';

/*
 * The sales shipment's business (declared on the entity, packages/model/src/entities/sales-shipment.ts).
 * Stock: audit reserves the planned quantities in the sending warehouse (frozen); ship takes what
 * left out of it (and releases the reservation) into the receiver's transit; sign moves the shipped
 * quantities out of transit and the signed ones into the receiver's stock (a shortfall is not stock
 * anywhere: it is what a reissue replaces). Every move is keyed per shipment line and step.
 */

const LINE = 'new_shipmentdetail';
const QUANTITIES = z.object({
  lines: z
    .array(z.object({ lineId: z.string().max(200), qty: z.union([z.number(), z.string().max(40)]) }))
    .max(5000)
    .optional(),
});

type Header = { name: string; order: string; from: string; to: string };
async function header(sql: Sql, id: string): Promise<Header> {
  const {
    rows: [h],
  } = await sql.query<Header>(
    `SELECT new_name AS name, new_order_id AS order, new_fromwarehouse_id AS from, new_towarehouse_id AS to FROM new_shipment WHERE new_shipmentid = $1::uuid`,
    [id],
  );
  return h;
}

type Line = { id: string; product: string; name: string; qty: number; shipped: number; signed: number };
async function lockLines(sql: Sql, id: string): Promise<Line[]> {
  const { rows } = await sql.query<Line>(
    `SELECT new_shipmentdetailid AS id, new_product_id AS product, new_name AS name, new_qty AS qty,
            COALESCE(new_shippedqty, 0) AS shipped, COALESCE(new_signedqty, 0) AS signed
       FROM new_shipmentdetail WHERE new_shipment_id = $1::uuid ORDER BY createdon, new_shipmentdetailid FOR UPDATE`,
    [id],
  );
  return rows.map((r) => ({ ...r, qty: Number(r.qty), shipped: Number(r.shipped), signed: Number(r.signed) }));
}

/**
 * The quantity per line the body asks for (`lines: [{ lineId, qty }]`, integers from 0 up to each
 * line's room); a line left out takes its room. Refused at the line, naming the product.
 */
function perLine(
  lines: Line[],
  body: unknown,
  room: (l: Line) => number,
  over: 'sales.shipment.overPlanned' | 'sales.shipment.overShipped',
  label: string,
) {
  const asked = new Map<string, unknown>();
  for (const x of QUANTITIES.parse(body).lines ?? []) {
    const id = normGuid(x.lineId);
    if (!id || !lines.some((l) => l.id === id)) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
    asked.set(id, x.qty);
  }
  return lines.map((l) => {
    const n = asked.has(l.id) ? checkQty(asked.get(l.id), label, `lines.${l.id}`, { zero: true }) : room(l);
    if (n > room(l)) throw refuse(over, { product: l.name, qty: n, planned: room(l), shipped: room(l) }, `lines.${l.id}`);
    return { line: l, n };
  });
}

const move = (
  id: string,
  h: Header,
  l: Line,
  m: Omit<StockMove, 'productId' | 'usage' | 'docType' | 'docId' | 'docName' | 'lineId'>,
): StockMove => ({
  productId: l.product,
  usage: stockUsage.purchasingDocument,
  docType: stockDocumentType.shipment,
  docId: id,
  docName: h.name,
  lineId: l.id,
  ...m,
});

/** The shipment's order, its quantities and state rolled up again. */
const rollUp = async ({ sql, id }: { sql: Sql; id: string }) => rollUpOrder(sql, (await header(sql, id)).order);

export const shipmentController: DocumentController = {
  entity: SHIPMENT,
  bodies: { ship: QUANTITIES, sign: QUANTITIES },
  commands: {
    /** The planned quantities are reserved in the sending warehouse: refused (naming the part and what is available) when they are not there. */
    async audit({ sql, caller, id }) {
      const h = await header(sql, id);
      const lines = await lockLines(sql, id);
      await postMoves(
        sql,
        caller.principal.userId,
        lines.map((l) => move(id, h, l, { warehouseId: h.from, frozen: l.qty, key: `xf:${id}:reserve:${l.id}` })),
      );
    },

    /** What left, per line at most what was planned: out of the sending warehouse into the receiver's transit; a short shipment leaves 部分发货 and its rest back on the order. */
    async ship({ sql, caller, id, body, lang }) {
      const h = await header(sql, id);
      const lines = await lockLines(sql, id);
      const got = perLine(lines, body, (l) => l.qty, 'sales.shipment.overPlanned', fieldLabel(LINE, 'new_shippedqty', lang));
      if (!got.some((g) => g.n > 0)) throw refuse('sales.shipment.nothingShipped');
      const moves: StockMove[] = [];
      for (const { line, n } of got) {
        moves.push(move(id, h, line, { warehouseId: h.from, qty: -n, frozen: -line.qty, key: `xf:${id}:out:${line.id}` }));
        moves.push(move(id, h, line, { warehouseId: h.to, transit: n, key: `xf:${id}:transit:${line.id}` }));
      }
      await postMoves(sql, caller.principal.userId, moves);
      await sql.query(
        `UPDATE new_shipmentdetail l SET new_shippedqty = d.n, modifiedon = now() FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_shipmentdetailid = d.id`,
        [got.map((g) => g.line.id), got.map((g) => g.n)],
      );
      await sql.query('UPDATE new_shipment SET new_shippedon = now() WHERE new_shipmentid = $1::uuid', [id]);
      const short = got.some((g) => g.n < g.line.qty);
      return { message: 'sales.shipment.shipped', to: short ? shipmentState.partShipped : shipmentState.allShipped };
    },

    /** Signed ≤ shipped per line: transit out, the signed quantity into the receiver's stock; a shortfall leaves 部分签收 (a reissue may follow). */
    async sign({ sql, caller, id, body, lang }) {
      const h = await header(sql, id);
      const lines = await lockLines(sql, id);
      const got = perLine(lines, body, (l) => l.shipped, 'sales.shipment.overShipped', fieldLabel(LINE, 'new_signedqty', lang));
      const moves: StockMove[] = [];
      for (const { line, n } of got)
        moves.push(move(id, h, line, { warehouseId: h.to, qty: n, transit: -line.shipped, key: `xf:${id}:sign:${line.id}` }));
      await postMoves(sql, caller.principal.userId, moves);
      await sql.query(
        `UPDATE new_shipmentdetail l SET new_signedqty = d.n, modifiedon = now() FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_shipmentdetailid = d.id`,
        [got.map((g) => g.line.id), got.map((g) => g.n)],
      );
      await sql.query('UPDATE new_shipment SET new_signedon = now(), new_signer_id = $2::uuid WHERE new_shipmentid = $1::uuid', [
        id,
        caller.principal.userId,
      ]);
      const short = got.reduce((s, g) => s + (g.line.shipped - g.n), 0);
      return short > 0
        ? { message: 'sales.shipment.partSigned', messageParams: { short }, to: shipmentState.partSigned }
        : { message: 'sales.shipment.signed', to: shipmentState.allSigned };
    },

    /** A draft reissue application of the shortfall not yet applied for; the page opens it. */
    async reissue({ sql, caller, id, state }) {
      const made = await createReissue(sql, caller, id);
      return { to: state, message: 'sales.reissue.created', opens: { entity: 'new_reissue', id: made } };
    },
  },
  // After shipping and signing the order's quantities and state follow.
  afterMove: { ship: rollUp, sign: rollUp },
};
