import { msg, returnState, stockDocumentType, warehouseType, type Lang } from '@portal/model';
import { z } from 'zod';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { checkQty, fieldLabel } from '../../documents/inputs.ts';
import { AppError, refuse } from '../../http/errors.ts';
import { ValidationFailed } from '../../records/write.ts';
import { stationWarehouse, warehouseById } from '../parts/catalogue.ts';
import { receivedNow } from '../parts/receipt-lines.ts';
import { moveHeld } from '../stock/held.ts';
import { postMoves, type StockMove } from '../stock/ledger.ts';
import { RETURN, returnUsage } from './site-return.ts';

/*
 * The parts return application's business (配件退货申请; its life is declared on the entity:
 * number TH<day>, status, lines, deliver/receive/close). The kernel has checked privilege, reach,
 * party, open and state under the document's lock, and writes the new state after these.
 */

const LINE = 'new_srv_sitereturndetail';
const QUANTITIES = z.object({
  lines: z.array(z.object({ lineId: z.string().max(200), qty: z.union([z.number(), z.string().max(40)]) })).max(5000),
});

/** The receiving warehouse must be a central one; returns its unit. */
async function receiving(sql: Sql, raw: unknown, lang: Lang): Promise<string> {
  const to = await warehouseById(sql, raw);
  if (!to || to.type !== warehouseType.central)
    throw new ValidationFailed([{ field: 'new_towarehouse_id', message: msg('siteReturn.centralOnly', lang) }], lang);
  return to.unit;
}

type Header = { name: string; type: number | null; warehouse: string; towarehouse: string };
async function header(sql: Sql, id: string): Promise<Header> {
  const {
    rows: [h],
  } = await sql.query<Header>(
    `SELECT new_name AS name, new_returntype AS type, new_warehouse_id AS warehouse, new_towarehouse_id AS towarehouse FROM new_srv_sitereturn WHERE new_srv_sitereturnid = $1::uuid`,
    [id],
  );
  return h;
}

type Line = { id: string; product: string; name: string; code: string; qty: number; received: number };
async function lockLines(sql: Sql, id: string): Promise<Line[]> {
  const { rows } = await sql.query<Line>(
    `SELECT new_srv_sitereturndetailid AS id, new_product_id AS product, new_name AS name, new_code AS code, new_qty AS qty, COALESCE(new_receivedqty, 0) AS received
       FROM new_srv_sitereturndetail WHERE new_sitereturn_id = $1::uuid ORDER BY new_srv_sitereturndetailid FOR UPDATE`,
    [id],
  );
  return rows.map((r) => ({ ...r, qty: Number(r.qty), received: Number(r.received) }));
}

const moveBase = (id: string, h: Header, l: Line) => ({
  productId: l.product,
  usage: returnUsage(h.type),
  docType: stockDocumentType.siteReturn,
  docId: id,
  docName: h.name,
  lineId: l.id,
});

export const siteReturnController: DocumentController = {
  entity: RETURN,
  bodies: { receive: QUANTITIES },
  /** The caller's station and its warehouse, the receiving unit, open, nothing counted yet (number and draft: the declaration). */
  async defaults(sql, rows, caller, lang) {
    const station = caller.principal.stationId;
    if (!station) throw refuse('user.noStation');
    const from = await stationWarehouse(sql, station);
    const out: Record<string, unknown>[] = [];
    for (const row of rows) {
      out.push({
        new_station_id: station,
        new_warehouse_id: from.id,
        new_tounit_id: await receiving(sql, row.new_towarehouse_id, lang),
        new_isclose: false,
        new_totalqty: 0,
        new_receivedqty: 0,
        new_totalamount: '0',
        new_linecount: 0,
      });
    }
    return out;
  },
  write: {
    // Only an open draft is changed, only a draft deleted (its lines with it): the declared status.
    async guard(sql, _id, _op, values, _caller, lang) {
      if ('new_towarehouse_id' in values) await receiving(sql, values.new_towarehouse_id, lang);
    },
    async after(sql, ids, op) {
      if (op !== 'update') return;
      await sql.query(
        `UPDATE new_srv_sitereturn t SET new_tounit_id = w.new_businessunit_id FROM new_srv_warehouse w
          WHERE t.new_srv_sitereturnid = ANY($1::uuid[]) AND w.new_srv_warehouseid = t.new_towarehouse_id`,
        [ids],
      );
      await sql.query(
        `UPDATE new_srv_sitereturndetail l SET new_tounit_id = t.new_tounit_id FROM new_srv_sitereturn t
          WHERE t.new_srv_sitereturnid = ANY($1::uuid[]) AND l.new_sitereturn_id = t.new_srv_sitereturnid`,
        [ids],
      );
    },
  },
  commands: {
    /**
     * The station delivers its draft: at least one line, each above 0; each line leaves the
     * station's warehouse into the receiving warehouse's transit. The ledger checks the station's
     * available stock under its row locks, so two returns delivered at once cannot both take the
     * same parts: the later one is refused with what remains to return.
     */
    async deliver({ sql, caller, id, lang }) {
      const h = await header(sql, id);
      const lines = await lockLines(sql, id);
      if (!lines.length) throw refuse('parts.detailRequired');
      const label = fieldLabel(LINE, 'new_qty', lang);
      for (const l of lines) checkQty(l.qty, label, `lines.${l.id}`);
      const moves: StockMove[] = [];
      for (const l of lines) {
        moves.push({ ...moveBase(id, h, l), warehouseId: h.warehouse, qty: -l.qty, key: `th:${id}:deliver:${l.id}` });
        moves.push({ ...moveBase(id, h, l), warehouseId: h.towarehouse, transit: l.qty, key: `th:${id}:transit:${l.id}` });
      }
      try {
        await postMoves(sql, caller.principal.userId, moves);
      } catch (err) {
        // The ledger names the part and what is available: for a return that is what remains to return.
        if (err instanceof AppError && err.key === 'stock.insufficient') {
          throw refuse('siteReturn.insufficient', { part: String(err.params?.part ?? ''), remaining: Number(err.params?.available ?? 0) });
        }
        throw err;
      }
      await sql.query(
        `UPDATE new_srv_sitereturndetail SET new_tempcurrentinv = COALESCE(s.new_available, 0), modifiedon = now()
           FROM new_srv_siteinv s WHERE new_sitereturn_id = $1::uuid AND s.new_warehouse_id = $2::uuid AND s.new_product_id = new_srv_sitereturndetail.new_product_id`,
        [id, h.warehouse],
      );
      await sql.query(`UPDATE new_srv_sitereturn SET new_deliveredon = now() WHERE new_srv_sitereturnid = $1::uuid`, [id]);
      return { message: 'delivery.sent' };
    },

    /**
     * A receipt by the receiving warehouse (in full or in part): each line at most what is not
     * received yet, at least one above 0; the quantities move from transit into its stock.
     */
    async receive({ sql, caller, id, body, lang }) {
      const input = QUANTITIES.parse(body);
      const h = await header(sql, id);
      const lines = await lockLines(sql, id);
      const { got, taken } = receivedNow(lines, input.lines as never, fieldLabel(LINE, 'new_receivedqty', lang));
      await postMoves(
        sql,
        caller.principal.userId,
        got.map(({ line, n }) => ({
          ...moveBase(id, h, line),
          warehouseId: h.towarehouse,
          qty: n,
          transit: -n,
          key: `th:${id}:receive:${line.id}:${line.received}`,
        })),
      );
      await sql.query(
        `UPDATE new_srv_sitereturndetail l SET new_receivedqty = COALESCE(l.new_receivedqty, 0) + d.n, modifiedon = now()
           FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_srv_sitereturndetailid = d.id`,
        [got.map((g) => g.line.id), got.map((g) => g.n)],
      );
      await sql.query(
        `UPDATE new_srv_sitereturn SET new_receivedqty = COALESCE(new_receivedqty, 0) + $2::int, new_receivedon = now(), new_receiver_id = $3::uuid
          WHERE new_srv_sitereturnid = $1::uuid`,
        [id, got.reduce((s, g) => s + g.n, 0), caller.principal.userId],
      );
      const complete = lines.every((l) => l.received + (taken.get(l.id) ?? 0) >= l.qty);
      return { message: 'delivery.received', to: complete ? returnState.received : returnState.semiReceived };
    },

    /**
     * The station closes its own draft (nothing moved); the receiving warehouse closes a delivered
     * or semi received one, and what it has not received leaves its transit back into the station's stock.
     */
    async close({ sql, caller, id, state }) {
      if (state !== returnState.draft) {
        const h = await header(sql, id);
        const held = (await lockLines(sql, id)).map((l) => ({ ...l, qty: l.qty - l.received }));
        const doc = { id, name: h.name, docType: stockDocumentType.siteReturn, usage: returnUsage(h.type), prefix: 'th' };
        await moveHeld(sql, caller.principal.userId, doc, held, [
          { step: 'close', warehouseId: h.towarehouse, balance: 'transit', sign: -1 },
          { step: 'back', warehouseId: h.warehouse, balance: 'qty', sign: 1 },
        ]);
      }
      await sql.query(`UPDATE new_srv_sitereturn SET new_isclose = true, new_closetime = now() WHERE new_srv_sitereturnid = $1::uuid`, [
        id,
      ]);
      return { message: 'parts.closedDone' };
    },
  },
};
