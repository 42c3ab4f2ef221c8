import { stockDocumentType, stockUsage } from '@portal/model';
import type { DocumentController } from '../../documents/controller.ts';
import { fieldLabel } from '../../documents/inputs.ts';
import { refuse } from '../../http/errors.ts';
import { stationWarehouse } from '../parts/catalogue.ts';
import { postMoves } from '../stock/ledger.ts';
import { SALES } from './sales.ts';

/*
 * The parts sale's business (配件销售; its life is declared on the entity: number XS<day>, status,
 * lines, confirm). Its lines are request lines (sales.ts). The kernel has checked privilege, reach,
 * party and state under the document's lock, and writes "sold" after these.
 */

export const salesController: DocumentController = {
  entity: SALES,
  /** The caller's station and its warehouse, nothing counted yet (number and draft: the declaration). */
  async defaults(sql, rows, caller) {
    const station = caller.principal.stationId;
    if (!station) throw refuse('user.noStation');
    const warehouse = await stationWarehouse(sql, station);
    return rows.map(() => ({
      new_station_id: station,
      new_warehouse_id: warehouse.id,
      new_totalqty: 0,
      new_totalamount: '0',
      new_linecount: 0,
    }));
  },
  commands: {
    /**
     * Sells a draft: at least one line, every quantity above 0, and an outbound move of usage "parts
     * sales" per line from the station's warehouse (the ledger refuses a shortfall naming the part and
     * what is available; its per-line keys make a retried confirm count once).
     */
    async confirm({ sql, caller, id, lang }) {
      const {
        rows: [doc],
      } = await sql.query<{ name: string; warehouse: string | null }>(
        `SELECT new_name AS name, new_warehouse_id AS warehouse FROM new_order WHERE new_orderid = $1::uuid`,
        [id],
      );
      const { rows: lines } = await sql.query<{ id: string; product: string; qty: number | null }>(
        `SELECT new_orderdetailid AS id, new_product_id AS product, new_qty AS qty FROM new_orderdetail WHERE new_order_id = $1::uuid ORDER BY new_orderdetailid`,
        [id],
      );
      if (!lines.length) throw refuse('parts.detailRequired');
      if (lines.some((l) => !(Number(l.qty) > 0)))
        throw refuse('parts.qtyPositive', { field: fieldLabel('new_orderdetail', 'new_qty', lang) });
      if (!doc.warehouse) throw refuse('parts.stationNoWarehouse');
      await postMoves(
        sql,
        caller.principal.userId,
        lines.map((l) => ({
          warehouseId: doc.warehouse!,
          productId: l.product,
          qty: -Number(l.qty),
          usage: stockUsage.partsSales,
          docType: stockDocumentType.sale,
          docId: id,
          docName: doc.name,
          lineId: l.id,
          key: `xs:${id}:sold:${l.id}`,
        })),
      );
      await sql.query(`UPDATE new_order SET new_soldon = now() WHERE new_orderid = $1::uuid`, [id]);
      return { message: 'parts.confirmed' };
    },
  },
};
