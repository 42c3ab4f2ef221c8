import { afterScrap, getEntity, scrapReason, stockInType, stockOutType } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { runCommand } from '../documents/kernel.ts';
import { stockInController, stockOutController } from '../domain/stock-in-out/stock-in-out.controller.ts';
import { insertRecords } from '../records/write.ts';
import { callerOf } from './parts.ts';

type Doc = {
  kind: 'in' | 'out';
  by: 'dealer1' | 'dealer2' | 'store1' | 'store2';
  warehouse: string;
  head: Record<string, unknown>;
  /** Part number → quantity (and unit price). */
  lines: [string, number, number?][];
  confirmed: boolean;
};

const DOCS: Doc[] = [
  // 广州粤华 (dealer1): purchase and transfer in, a parts-application and a scrapped stock-out.
  {
    kind: 'in',
    by: 'dealer1',
    warehouse: 'WH-DL-GZ001',
    head: { new_intype: stockInType.purchase, new_source: '华辰机电总部', new_memo: '11 月第二批采购到货' },
    lines: [
      ['HC-LF-200', 40, 268],
      ['EC-RL-24', 100, 36.5],
    ],
    confirmed: true,
  },
  {
    kind: 'in',
    by: 'dealer1',
    warehouse: 'WH-DL-GZ001',
    head: { new_intype: stockInType.transfer, new_source: '佛山顺德专卖店', new_memo: '门店滞销件调回' },
    lines: [['HC-SK-80', 4]],
    confirmed: false,
  },
  {
    kind: 'out',
    by: 'dealer1',
    warehouse: 'WH-DL-GZ001',
    head: { new_outtype: stockOutType.application, new_recipient: '深圳南山体验店', new_memo: '门店备货' },
    lines: [
      ['DR-BR-6205', 30, 18],
      ['HC-LF-200', 10, 268],
    ],
    confirmed: true,
  },
  {
    kind: 'out',
    by: 'dealer1',
    warehouse: 'WH-DL-GZ001',
    head: {
      new_outtype: stockOutType.scrapped,
      new_scrapreason: scrapReason.damaged,
      new_afterscrap: afterScrap.materials,
      new_memo: '运输途中外壳破损',
    },
    lines: [['EC-CT-25', 2]],
    confirmed: false,
  },
  // 深圳南山体验店 (store1): its dealer's transfer in, a return in; damaged and transfer out.
  {
    kind: 'in',
    by: 'store1',
    warehouse: 'WH-SP-SZ001',
    head: { new_intype: stockInType.transfer, new_source: '广州粤华机电设备有限公司' },
    lines: [
      ['DR-BR-6205', 30],
      ['HC-LF-200', 10],
    ],
    confirmed: true,
  },
  {
    kind: 'in',
    by: 'store1',
    warehouse: 'WH-SP-SZ001',
    head: { new_intype: stockInType.returned, new_source: '深圳市南山区 陈先生', new_memo: '七天无理由退货，包装完好' },
    lines: [['HC-HS-12', 1, 45]],
    confirmed: false,
  },
  {
    kind: 'out',
    by: 'store1',
    warehouse: 'WH-SP-SZ001',
    head: { new_outtype: stockOutType.damaged, new_memo: '展示样品跌落损坏' },
    lines: [['HC-HS-12', 1]],
    confirmed: true,
  },
  {
    kind: 'out',
    by: 'dealer1',
    warehouse: 'WH-SP-SZ001',
    head: { new_outtype: stockOutType.transfer, new_recipient: '广州天河专卖店' },
    lines: [['EC-RL-24', 8]],
    confirmed: false,
  },
  // 苏州恒达 (dealer2) and its store in 苏州园区 (store2).
  {
    kind: 'in',
    by: 'dealer2',
    warehouse: 'WH-DL-SZ001',
    head: { new_intype: stockInType.purchase, new_source: '华辰机电总部', new_memo: '季度备货' },
    lines: [
      ['HC-LF-350', 30, 325],
      ['EC-PS-24', 20, 158],
    ],
    confirmed: true,
  },
  {
    kind: 'in',
    by: 'dealer2',
    warehouse: 'WH-DL-SZ001',
    head: { new_intype: stockInType.other, new_memo: '盘点前补录赠品' },
    lines: [['DR-BR-6205', 12]],
    confirmed: false,
  },
  {
    kind: 'out',
    by: 'dealer2',
    warehouse: 'WH-DL-SZ001',
    head: { new_outtype: stockOutType.faulty, new_memo: '来料检验不合格，退厂检测' },
    lines: [['EC-HMI-07', 1]],
    confirmed: true,
  },
  {
    kind: 'out',
    by: 'dealer2',
    warehouse: 'WH-DL-SZ001',
    head: {
      new_outtype: stockOutType.scrapped,
      new_scrapreason: scrapReason.unqualified,
      new_afterscrap: afterScrap.investigation,
    },
    lines: [['HC-CV-06', 1]],
    confirmed: false,
  },
  {
    kind: 'in',
    by: 'store2',
    warehouse: 'WH-SP-SU001',
    head: { new_intype: stockInType.transfer, new_source: '苏州恒达机电工程有限公司' },
    lines: [['HC-LF-350', 6]],
    confirmed: true,
  },
  {
    kind: 'out',
    by: 'store2',
    warehouse: 'WH-SP-SU001',
    head: { new_outtype: stockOutType.transfer, new_recipient: '无锡新吴专卖店' },
    lines: [['HC-LF-350', 2]],
    confirmed: false,
  },
];

/**
 * Demo stock-ins and stock-outs (入库单 / 出库单) of both dealers and two of their stores, drafts and
 * confirmed ones, written through the record service and confirmed through the kernel as the screens
 * do, so the confirmed ones are on the stock ledger. Runs after the sales network (its warehouses and
 * opening stock); warehouses are found by code.
 */
export async function seedStockInOutDemo(sql: Sql): Promise<void> {
  const { rows: whs } = await sql.query<{ id: string; code: string }>(
    `SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse`,
  );
  const warehouse = new Map(whs.map((w) => [w.code, w.id]));
  const { rows: parts } = await sql.query<{ id: string; no: string }>(
    `SELECT productid AS id, productnumber AS no FROM product WHERE productnumber = ANY($1::text[])`,
    [[...new Set(DOCS.flatMap((d) => d.lines.map((l) => l[0])))]],
  );
  const part = new Map(parts.map((p) => [p.no, p.id]));
  for (const d of DOCS) {
    const caller = await callerOf(sql, d.by);
    const ctrl = d.kind === 'in' ? stockInController : stockOutController;
    const line =
      d.kind === 'in' ? { set: 'new_stockindetail', parent: 'new_stockin_id' } : { set: 'new_stockoutdetail', parent: 'new_stockout_id' };
    const [id] = await insertRecords(sql, ctrl.entity, caller, [{ new_warehouse_id: warehouse.get(d.warehouse)!, ...d.head }], 'zh-CN');
    await insertRecords(
      sql,
      getEntity(line.set)!,
      caller,
      d.lines.map(([no, qty, price]) => ({ [line.parent]: id, new_product_id: part.get(no)!, new_qty: qty, new_price: price ?? null })),
      'zh-CN',
    );
    if (d.confirmed) await runCommand(sql, caller, ctrl, 'confirm', id, {}, 'zh-CN');
  }
}
