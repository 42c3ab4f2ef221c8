import { returnType } from '@portal/model';
import { siteReturnController } from '../domain/site-return/site-return.controller.ts';
import { addReturnLine, siteReturnDocument } from '../domain/site-return/site-return.ts';
import { runCommand } from '../documents/kernel.ts';
import { insertRecords } from '../records/write.ts';
import type { Sql } from '../db/db.ts';
import { callerOf } from './parts.ts';

type Until = 'draft' | 'closed' | 'delivered' | 'semiReceived' | 'received';
const RETURNS: {
  by: 'station1' | 'station2';
  type: number;
  reason: string;
  address: string;
  lines: number[];
  until: Until;
  memo?: string;
}[] = [
  {
    by: 'station1',
    type: returnType.transfer,
    reason: '保养季结束，滤芯备件积压退回中心库',
    address: '上海市浦东新区张江高科技园区碧波路 690 号',
    lines: [2, 1],
    until: 'received',
  },
  {
    by: 'station1',
    type: returnType.stocking,
    reason: '备货过量，退回华东中心库统一调配',
    address: '上海市浦东新区张江高科技园区碧波路 690 号',
    lines: [2, 2],
    until: 'semiReceived',
    memo: '顺丰两箱，第二箱在途',
  },
  {
    by: 'station1',
    type: returnType.purchasing,
    reason: '采购型号有误，原包装未拆封',
    address: '上海市浦东新区张江高科技园区碧波路 690 号',
    lines: [1],
    until: 'delivered',
  },
  {
    by: 'station1',
    type: returnType.transfer,
    reason: '门店撤柜，剩余配件退库',
    address: '上海市浦东新区张江高科技园区碧波路 690 号',
    lines: [1, 1],
    until: 'draft',
    memo: '待站长确认数量',
  },
  {
    by: 'station2',
    type: returnType.stocking,
    reason: '冬季备货调整，压缩机配件退回',
    address: '杭州市西湖区文三路 199 号创业大厦 B1 库房',
    lines: [1, 2],
    until: 'received',
  },
  {
    by: 'station2',
    type: returnType.transfer,
    reason: '区域调拨，配件集中退回中心库',
    address: '杭州市西湖区文三路 199 号创业大厦 B1 库房',
    lines: [1],
    until: 'delivered',
    memo: '德邦物流 DPK2026112518',
  },
  {
    by: 'station2',
    type: returnType.purchasing,
    reason: '供应商召回批次，退回检验',
    address: '杭州市西湖区文三路 199 号创业大厦 B1 库房',
    lines: [1],
    until: 'closed',
  },
  {
    by: 'station2',
    type: returnType.transfer,
    reason: '库存盘点后多余配件退回',
    address: '杭州市西湖区文三路 199 号创业大厦 B1 库房',
    lines: [2],
    until: 'draft',
  },
];

/**
 * Demo parts returns (配件退货申请) of station1 and station2 to the East China warehouse (华东中心库)
 * in every state, made through the domain's commands so the stock moves on the ledger: delivered
 * ones leave the station into transit, received ones (by warehouse1) enter the warehouse. Parts
 * are the ones the station holds most of. Runs after the parts and parts sales demos.
 */
export async function seedSiteReturnDemo(sql: Sql): Promise<void> {
  const receiver = await callerOf(sql, 'warehouse1');
  const {
    rows: [to],
  } = await sql.query<{ id: string }>(`SELECT new_srv_warehouseid AS id FROM new_srv_warehouse WHERE new_code = 'WH-HD'`);
  for (const [n, r] of RETURNS.entries()) {
    const by = await callerOf(sql, r.by);
    const { rows: held } = await sql.query<{ id: string }>(
      `SELECT s.new_product_id AS id FROM new_srv_siteinv s JOIN new_srv_warehouse w ON w.new_srv_warehouseid = s.new_warehouse_id
        WHERE w.new_station_id = $1::uuid AND w.new_type = 2 AND s.new_available >= 4 ORDER BY s.new_available DESC, s.new_code OFFSET $2 LIMIT $3`,
      [by.principal.stationId, n % 3, r.lines.length],
    );
    const [id] = await insertRecords(
      sql,
      siteReturnDocument.header,
      by,
      [
        {
          new_towarehouse_id: to.id,
          new_returntype: r.type,
          new_returnreason: r.reason,
          new_deliveraddress: r.address,
          new_memo: r.memo ?? null,
        },
      ],
      'zh-CN',
    );
    const lines: { id: string; qty: number }[] = [];
    for (const [i, part] of held.entries()) {
      const res = await addReturnLine(sql, by, id, { productId: part.id, qty: r.lines[i] }, 'zh-CN');
      lines.push({ id: res.lineId!, qty: r.lines[i] });
    }
    if (!lines.length || r.until === 'draft') continue;
    if (r.until === 'closed') {
      await runCommand(sql, by, siteReturnController, 'close', id, {}, 'zh-CN');
      continue;
    }
    await runCommand(sql, by, siteReturnController, 'deliver', id, {}, 'zh-CN');
    if (r.until === 'received')
      await runCommand(
        sql,
        receiver,
        siteReturnController,
        'receive',
        id,
        { lines: lines.map((l) => ({ lineId: l.id, qty: l.qty })) },
        'zh-CN',
      );
    if (r.until === 'semiReceived')
      await runCommand(
        sql,
        receiver,
        siteReturnController,
        'receive',
        id,
        { lines: [{ lineId: lines[0].id, qty: lines[0].qty }] },
        'zh-CN',
      );
  }
}
