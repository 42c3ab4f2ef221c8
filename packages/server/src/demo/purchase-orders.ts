import { getEntity } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { runCommand } from '../documents/kernel.ts';
import { purchaseOrderController } from '../domain/purchase-orders/purchase-order.controller.ts';
import { storeOfCaller } from '../domain/purchase-orders/supplier.ts';
import { createPurchaseOrder } from '../domain/purchase-orders/create.ts';
import { chinaDate } from '../domain/china-time.ts';
import { insertRecords } from '../records/write.ts';
import { callerOf } from './parts.ts';

/**
 * The stores' purchase orders to their dealers (采购订单, issue 27): store1 (深圳南山体验店 → 广州粤华)
 * and store2 (苏州园区专卖店 → 苏州恒达) in every state, written through the record service and moved
 * by the same commands as the screens (so prices come from the store lists, and accepted, shipped
 * and received orders are on the stock ledger): drafts, submitted, accepted (reserved), rejected,
 * shipped (in the store's transit), received in full and short, cancelled. Runs after the user
 * centre (the store lists) and the sales network (the dealers' opening stock).
 */

type Stage = 'draft' | 'submitted' | 'accepted' | 'rejected' | 'shipped' | 'received' | 'receivedShort' | 'cancelled';
const ORDERS: { store: 'store1' | 'store2'; dealer: 'dealer1' | 'dealer2'; lines: [string, number][]; stage: Stage; remark?: string }[] = [
  {
    store: 'store1',
    dealer: 'dealer1',
    lines: [
      ['HC-LF-200', 6],
      ['HC-SK-80', 4],
    ],
    stage: 'draft',
    remark: '周末促销备货',
  },
  { store: 'store1', dealer: 'dealer1', lines: [['EC-RL-24', 20]], stage: 'submitted' },
  {
    store: 'store1',
    dealer: 'dealer1',
    lines: [
      ['HC-HS-12', 5],
      ['DR-BR-6205', 20],
    ],
    stage: 'accepted',
  },
  { store: 'store1', dealer: 'dealer1', lines: [['EC-HMI-07', 3]], stage: 'rejected' },
  { store: 'store1', dealer: 'dealer1', lines: [['HC-LF-350', 4]], stage: 'shipped' },
  {
    store: 'store1',
    dealer: 'dealer1',
    lines: [
      ['EC-CT-25', 6],
      ['HC-CV-06', 3],
    ],
    stage: 'receivedShort',
  },
  { store: 'store1', dealer: 'dealer1', lines: [['EC-PS-24', 4]], stage: 'cancelled' },
  { store: 'store2', dealer: 'dealer2', lines: [['HC-LF-350', 5]], stage: 'draft' },
  {
    store: 'store2',
    dealer: 'dealer2',
    lines: [
      ['HC-LF-200', 8],
      ['EC-RL-24', 30],
    ],
    stage: 'submitted',
    remark: '物业维保项目用料',
  },
  { store: 'store2', dealer: 'dealer2', lines: [['DR-BR-6205', 30]], stage: 'accepted' },
  { store: 'store2', dealer: 'dealer2', lines: [['HC-SK-80', 6]], stage: 'shipped' },
  {
    store: 'store2',
    dealer: 'dealer2',
    lines: [
      ['HC-HS-12', 6],
      ['EC-CT-25', 4],
    ],
    stage: 'received',
  },
  { store: 'store2', dealer: 'dealer2', lines: [['EC-PS-24', 3]], stage: 'cancelled' },
];

const LOGISTICS: [string, string][] = [
  ['顺丰速运', 'SF1402867750318'],
  ['德邦物流', 'DPK3301946207'],
  ['经销商自送', 'ZS20261128'],
];

export async function seedPurchaseOrderDemo(sql: Sql): Promise<void> {
  const { rows: parts } = await sql.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product');
  const part = new Map(parts.map((p) => [p.no, p.id]));
  const line = getEntity('new_purchaseorderdetail')!;
  const run = (who: Awaited<ReturnType<typeof callerOf>>, command: string, id: string, body: Record<string, unknown> = {}) =>
    runCommand(sql, who, purchaseOrderController, command, id, body, 'zh-CN');
  let n = 0;
  for (const o of ORDERS) {
    const store = await callerOf(sql, o.store);
    const dealer = await callerOf(sql, o.dealer);
    const chain = await storeOfCaller(sql, store);
    const { id } = await createPurchaseOrder(sql, store, { supplier: chain.dealerId, new_remark: o.remark ?? null }, 'zh-CN');
    await insertRecords(
      sql,
      line,
      store,
      o.lines.map(([no, qty]) => ({ new_purchaseorder_id: id, new_product_id: part.get(no)!, new_qty: qty })),
      'zh-CN',
    );
    if (o.stage === 'draft') continue;
    if (o.stage === 'cancelled') {
      await run(store, 'cancel', id, { new_cancelreason: '门店调整陈列计划，暂不需要' });
      continue;
    }
    await run(store, 'submit', id);
    if (o.stage === 'submitted') continue;
    if (o.stage === 'rejected') {
      await run(dealer, 'reject', id, { new_rejectreason: '该型号本月暂无货源，请下月再订' });
      continue;
    }
    await run(dealer, 'accept', id);
    if (o.stage === 'accepted') continue;
    const [corp, no] = LOGISTICS[n++ % LOGISTICS.length];
    await run(dealer, 'ship', id, { new_logisticscorp: corp, new_trackingno: no, new_shipdate: chinaDate() });
    if (o.stage === 'shipped') continue;
    const { rows: lines } = await sql.query<{ id: string; shipped: number }>(
      `SELECT new_purchaseorderdetailid AS id, new_shippedqty AS shipped FROM new_purchaseorderdetail
        WHERE new_purchaseorder_id = $1::uuid ORDER BY createdon, new_purchaseorderdetailid`,
      [id],
    );
    // Short: the first line one less than came.
    const short = o.stage === 'receivedShort' ? 1 : 0;
    await run(store, 'receive', id, { lines: lines.map((l, i) => ({ lineId: l.id, qty: Number(l.shipped) - (i === 0 ? short : 0) })) });
  }
}
