import { runCommand } from '../documents/kernel.ts';
import { salesDocument } from '../domain/parts-sales/sales.ts';
import { salesController } from '../domain/parts-sales/sales.controller.ts';
import { addRequestLine } from '../domain/parts/request-lines.ts';
import { insertRecords } from '../records/write.ts';
import type { Sql } from '../db/db.ts';
import { callerOf } from './parts.ts';

const SALES: { by: string; customer: string; phone: string; address: string; lines: number[]; sold: boolean; memo?: string }[] = [
  {
    by: 'station1',
    customer: '王建华',
    phone: '13917352264',
    address: '上海市闵行区七莘路 1885 弄 12 号',
    lines: [2],
    sold: true,
    memo: '客户自提',
  },
  {
    by: 'station1',
    customer: '上海福润食品有限公司',
    phone: '021-64872310',
    address: '上海市松江区九亭镇涞寅路 566 号',
    lines: [1, 1],
    sold: true,
  },
  {
    by: 'station1',
    customer: '李秀英',
    phone: '13601758842',
    address: '上海市浦东新区锦绣路 2580 号',
    lines: [1],
    sold: false,
    memo: '待客户确认型号',
  },
  {
    by: 'station2',
    customer: '杭州明远机电设备有限公司',
    phone: '0571-86932157',
    address: '杭州市余杭区文一西路 998 号',
    lines: [2, 1],
    sold: true,
  },
  { by: 'station2', customer: '陈国强', phone: '13858124476', address: '杭州市西湖区天目山路 176 号', lines: [1], sold: false },
];

/**
 * Demo parts sales (配件销售) to end customers, sold and to be submitted, made through the domain's
 * rules: the sold ones take their lines out of the station's opening stock. Parts are the ones the
 * station holds most of, so the demo never runs short. Runs after the parts demo (stock exists).
 */
export async function seedPartsSalesDemo(sql: Sql): Promise<void> {
  for (const s of SALES) {
    const by = await callerOf(sql, s.by);
    const { rows: held } = await sql.query<{ id: string }>(
      `SELECT s.new_product_id AS id FROM new_srv_siteinv s JOIN new_srv_warehouse w ON w.new_srv_warehouseid = s.new_warehouse_id
        WHERE w.new_station_id = $1::uuid AND w.new_type = 2 AND s.new_available >= 3 ORDER BY s.new_available DESC, s.new_code LIMIT $2`,
      [by.principal.stationId, s.lines.length],
    );
    const [id] = await insertRecords(
      sql,
      salesDocument.header,
      by,
      [
        {
          new_customername: s.customer,
          new_phone: s.phone,
          new_address: s.address,
          new_memo: s.memo ?? null,
        },
      ],
      'zh-CN',
    );
    for (const [i, part] of held.entries())
      await addRequestLine(sql, by, salesDocument, id, { productId: part.id, qty: s.lines[i] }, 'zh-CN');
    if (s.sold && held.length) await runCommand(sql, by, salesController, 'confirm', id, {}, 'zh-CN');
  }
}
