import { partsReturnState as S, partsReturnVerify } from '@portal/model';
import { z } from 'zod';
import type { DocumentController } from '../../documents/controller.ts';
import { checkQty, fieldLabel, FREIGHT_MAX } from '../../documents/inputs.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import { moneyWithin, normGuid } from '../../records/validate.ts';
import { assertHeadOffice, recomputePartsReturn, RETURN } from './parts-return.ts';

/*
 * The old-parts return's business (旧件返厂; its life is declared on the entity: number JF<day>,
 * status, deliver/receive/confirm/writeoff). The station delivers; head office (expense.write, no
 * station of its own) receives, confirms and writes off. The kernel has checked privilege, reach and
 * state under the document's lock, and writes the new state after these.
 */

// Shapes only; the rules and their messages are below.
const text = (max = 10_000) => z.string().max(max);
const num = z.union([z.number(), z.string().max(40)]);
const DELIVER = z.object({ logisticsCorp: text().optional(), trackingNo: text().optional(), freight: num.nullish() });
const RECEIVE = z.object({
  lines: z
    .array(z.object({ lineId: text(200), qty: num }))
    .max(5000)
    .optional(),
});

const LINE = 'new_srv_partsreturndetail';

export const partsReturnController: DocumentController = {
  entity: RETURN,
  bodies: { deliver: DELIVER, receive: RECEIVE },
  /** The caller's station, pending verification, nothing counted yet (number and draft: the declaration). */
  async defaults(_sql, rows, caller) {
    const station = caller.principal.stationId;
    if (!station) throw refuse('user.noStation');
    return rows.map(() => ({
      new_station_id: station,
      new_verifystatus: partsReturnVerify.pending,
      new_totalqty: 0,
      new_receivedqty: 0,
      new_totalamount: '0',
      new_linecount: 0,
    }));
  },
  // Lines are never written through the generic record calls: "old-parts return details cannot be created directly" (pick, change, remove: parts-return.ts).
  lines: {
    [LINE]: {
      async defaults() {
        throw refuse('partsReturn.noDirectLines');
      },
      write: {
        async guard() {
          throw refuse('partsReturn.noDirectLines');
        },
      },
    },
  },
  may: { receive: assertHeadOffice, confirm: assertHeadOffice, writeoff: assertHeadOffice },
  commands: {
    /** The returning station's own users: at least one line; logistics company and tracking number; freight 0–99,999. */
    async deliver({ sql, caller, id, body, lang }) {
      const {
        rows: [h],
      } = await sql.query<{ station: string; n: number }>(
        `SELECT new_station_id AS station, (SELECT count(*)::int FROM new_srv_partsreturndetail WHERE new_partsreturn_id = $1::uuid) AS n
           FROM new_srv_partsreturn WHERE new_srv_partsreturnid = $1::uuid`,
        [id],
      );
      if (caller.principal.stationId !== h.station) throw new Refusal('parts.notYourDocument', undefined, undefined, 403);
      if (!h.n) throw refuse('parts.detailRequired');
      const b = DELIVER.parse(body);
      const corp = typeof b.logisticsCorp === 'string' ? b.logisticsCorp.trim() : '';
      const tracking = typeof b.trackingNo === 'string' ? b.trackingNo.trim() : '';
      if (!corp || !tracking) throw refuse('parts.logisticsRequired', undefined, corp ? 'trackingNo' : 'logisticsCorp');
      if (corp.length > 60 || tracking.length > 60) {
        throw refuse(
          'wo.fieldTooLong',
          { field: fieldLabel(RETURN.logicalName, corp.length > 60 ? 'new_logisticscorp' : 'new_trackingno', lang), max: 60 },
          corp.length > 60 ? 'logisticsCorp' : 'trackingNo',
        );
      }
      const freight = moneyWithin(b.freight, 0, FREIGHT_MAX);
      if (freight === null) throw refuse('parts.freightRange', undefined, 'freight');
      await sql.query(
        `UPDATE new_srv_partsreturn SET new_logisticscorp = $2, new_trackingno = $3, new_freight = $4::numeric, new_deliveredon = now() WHERE new_srv_partsreturnid = $1::uuid`,
        [id, corp, tracking, freight],
      );
      return { message: 'partsReturn.delivered' };
    },

    /**
     * Counts received now per line (0 allowed, at least one above 0), each ≤ what the line has not
     * had received; received when every line is complete, else semi received.
     */
    async receive({ sql, id, body, lang }) {
      const { rows: lines } = await sql.query<{ id: string; name: string; code: string; qty: number; received: number }>(
        `SELECT new_srv_partsreturndetailid AS id, new_name AS name, COALESCE(new_code, '') AS code, new_qty AS qty, COALESCE(new_receivedqty, 0) AS received
           FROM new_srv_partsreturndetail WHERE new_partsreturn_id = $1::uuid`,
        [id],
      );
      const label = fieldLabel(LINE, 'new_receivedqty', lang);
      const given = RECEIVE.parse(body).lines ?? [];
      const now = new Map<string, number>();
      given.forEach((g, i) => {
        const line = lines.find((l) => l.id === normGuid(g?.lineId));
        if (!line) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
        const qty = checkQty(g.qty, label, `lines.${i}.qty`, { zero: true });
        const left = Number(line.qty) - Number(line.received);
        if (qty > left)
          throw refuse('delivery.receivedOver', { part: `${line.code} ${line.name}`.trim(), remaining: left }, `lines.${i}.qty`);
        now.set(line.id, (now.get(line.id) ?? 0) + qty);
      });
      if (![...now.values()].some((n) => n > 0)) throw refuse('parts.qtyPositive', { field: label }, 'lines');
      await sql.query(
        `UPDATE new_srv_partsreturndetail l SET new_receivedqty = COALESCE(l.new_receivedqty, 0) + d.n, modifiedon = now()
           FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_srv_partsreturndetailid = d.id`,
        [[...now.keys()], [...now.values()]],
      );
      await sql.query(`UPDATE new_srv_partsreturn SET new_receivedon = now() WHERE new_srv_partsreturnid = $1::uuid`, [id]);
      await recomputePartsReturn(sql, id);
      const complete = lines.every((l) => Number(l.received) + (now.get(l.id) ?? 0) >= Number(l.qty));
      return { message: 'partsReturn.received', to: complete ? S.received : S.semiReceived };
    },

    /** What was not received is missing (deducted in the settlement). */
    async confirm({ sql, id }) {
      await sql.query(`UPDATE new_srv_partsreturn SET new_confirmedon = now() WHERE new_srv_partsreturnid = $1::uuid`, [id]);
      return { message: 'parts.confirmed' };
    },

    /** A confirmed return still pending is written off (核销): verified and closed. */
    async writeoff({ sql, id }) {
      const { rowCount } = await sql.query(
        `UPDATE new_srv_partsreturn SET new_verifystatus = $2, new_writtenoffon = now()
          WHERE new_srv_partsreturnid = $1::uuid AND COALESCE(new_verifystatus, $3) = $3`,
        [id, partsReturnVerify.writtenOff, partsReturnVerify.pending],
      );
      if (!rowCount) throw refuse('partsReturn.onlyConfirmed');
      return { message: 'partsReturn.writtenOff' };
    },
  },
};
