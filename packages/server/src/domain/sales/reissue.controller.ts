import { getEntity } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import { REISSUE, reissueRoom } from './reissue-create.ts';
import { insertShipment } from './shipment-create.ts';

/*
 * The reissue application's business (补发申请; declared on the entity: number BF<day>, lines,
 * approval). Made from a part-signed shipment (its shipment's `reissue` command); the receiver
 * writes the reason, description and photos, may lower a line, and submits; the shipping side
 * approves. Final approval makes the replacement shipment (submitted, the same warehouses) in the
 * same transaction.
 */

const LINE = getEntity('new_reissuedetail')!;

/** Each line at most what its shipment line may still have reissued, counting the other applications but not this one's own. */
async function checkRoom(sql: Sql, reissueId: string): Promise<void> {
  const {
    rows: [r],
  } = await sql.query<{ shipment: string }>('SELECT new_shipment_id AS shipment FROM new_reissue WHERE new_reissueid = $1::uuid', [
    reissueId,
  ]);
  if (!r) return;
  const room = new Map((await reissueRoom(sql, r.shipment)).map((l) => [l.id, l]));
  const { rows } = await sql.query<{ id: string; line: string; qty: number }>(
    'SELECT new_reissuedetailid AS id, new_shipmentline_id AS line, new_qty AS qty FROM new_reissuedetail WHERE new_reissue_id = $1::uuid',
    [reissueId],
  );
  for (const l of rows) {
    const s = room.get(l.line);
    if (!s) throw refuse('sales.reissue.lineForeign', undefined, 'new_shipmentline_id');
    // The room already counts this application's own lines as taken: below zero is too much.
    if (s.room < 0) {
      const own = rows.filter((x) => x.line === l.line).reduce((a, x) => a + Number(x.qty), 0);
      throw refuse('sales.reissue.overShort', { product: s.name, qty: own, remaining: s.room + own }, 'new_qty');
    }
  }
}

async function description(sql: Sql, id: string): Promise<void> {
  const {
    rows: [r],
  } = await sql.query<{ d: string | null; n: number }>(
    `SELECT new_description AS d, (SELECT count(*)::int FROM new_reissuedetail WHERE new_reissue_id = $1::uuid) AS n FROM new_reissue WHERE new_reissueid = $1::uuid`,
    [id],
  );
  if (!r?.n) throw refuse('parts.detailRequired');
  if (!r.d?.trim()) throw refuse('sales.reissue.describe', undefined, 'new_description');
}

export const reissueController: DocumentController = {
  entity: REISSUE,
  lines: {
    new_reissuedetail: {
      write: { after: (sql, ids) => afterLineWrite(sql, ids) },
    },
  },
  flow: {
    async submit(sql, id) {
      await description(sql, id);
      await checkRoom(sql, id);
    },
    /** Final approval: the replacement shipment of the application's lines, from and to the original shipment's warehouses. */
    async approved(sql, id, approverId) {
      const {
        rows: [r],
      } = await sql.query<{ shipment: string; order: string; from: string; to: string; tounit: string; unit: string }>(
        `SELECT s.new_shipmentid AS shipment, s.new_order_id AS order, s.new_fromwarehouse_id AS from, s.new_towarehouse_id AS to,
                s.new_tounit_id AS tounit, s.owningbusinessunit AS unit
           FROM new_reissue r JOIN new_shipment s ON s.new_shipmentid = r.new_shipment_id WHERE r.new_reissueid = $1::uuid`,
        [id],
      );
      const { rows: lines } = await sql.query<{ orderLine: string; product: string; name: string; qty: number }>(
        `SELECT sl.new_orderline_id AS "orderLine", rd.new_product_id AS product, rd.new_name AS name, rd.new_qty AS qty
           FROM new_reissuedetail rd JOIN new_shipmentdetail sl ON sl.new_shipmentdetailid = rd.new_shipmentline_id
          WHERE rd.new_reissue_id = $1::uuid AND rd.new_qty > 0 ORDER BY rd.createdon, rd.new_reissuedetailid`,
        [id],
      );
      const made = await insertShipment(sql, {
        orderId: r.order,
        fromWarehouse: r.from,
        toWarehouse: r.to,
        toUnit: r.tounit,
        unit: r.unit,
        userId: approverId,
        reissueId: id,
        lines: lines.map((l) => ({ ...l, qty: Number(l.qty) })),
      });
      await sql.query('UPDATE new_reissue SET new_replacement_id = $2::uuid WHERE new_reissueid = $1::uuid', [id, made.id]);
    },
  },
};

/** A changed line: its quantity within the shortfall (refused at the quantity, naming the product and what remains). */
async function afterLineWrite(sql: Sql, ids: string[]): Promise<void> {
  const { rows } = await sql.query<{ reissue: string }>(
    `SELECT DISTINCT new_reissue_id AS reissue FROM ${LINE.logicalName} WHERE new_reissuedetailid = ANY($1::uuid[])`,
    [ids],
  );
  for (const r of rows) await checkRoom(sql, r.reissue);
}
