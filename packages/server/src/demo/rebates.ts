import { getEntity, rebatePolicyState } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { runCommand } from '../documents/kernel.ts';
import { CHINA_OFFSET_MS, chinaDate, lastMonths } from '../domain/china-time.ts';
import { policyController } from '../domain/rebates/policy.controller.ts';
import { orderController } from '../domain/sales/order.controller.ts';
import { submitOrderAuto } from '../domain/sales/order-submit.ts';
import { shipmentController } from '../domain/sales/shipment.controller.ts';
import { flowDocument } from '../flow/documents.ts';
import { act } from '../flow/engine.ts';
import { insertRecords, updateRecord } from '../records/write.ts';
import { fileForApproval, seedHeadOfficeFlow } from './head-office-flow.ts';
import { callerOf } from './parts.ts';
import { placeOrder } from './sales-orders.ts';
import { renumberDemo } from './renumber.ts';
import type { DemoContext } from './service.ts';

/*
 * Special prices and rebates in the demo (issue 28), through the same record service, commands and
 * approval engine as the portal's users:
 * - last month's orders of both dealers and a store of 广州粤华, signed for in the month (one short),
 *   hydraulic and electric lines; their shipments' dates are then moved into last month (ship and
 *   sign run today: the documents' times are set back as if they had run then; stock moves keep today);
 * - policies: 液压系统 2 % and 电气控制 1.5 % in force since three months ago, 动力总成 3 % a draft;
 *   last month's run of the hydraulic policy already accrued (the electric one is left to run);
 * - an order of 广州粤华 this month that uses ¥300.00 of its rebate, approved;
 * - special prices: one approved (its price-list line written), one under review, one rejected, one draft.
 */

const LANG = 'zh-CN';
type Line = [part: string, qty: number];

/** An order placed, approved, shipped in full and signed for (`short` of one part less), its documents dated `day` of last month. */
async function signedLastMonth(sql: Sql, buyer: string, lines: Line[], day: string, short?: Line): Promise<void> {
  const hq = await callerOf(sql, 'hqsales');
  const who = await callerOf(sql, buyer);
  const id = await placeOrder(sql, buyer, lines, undefined);
  await submitOrderAuto(sql, id, who.principal.userId);
  await act(sql, flowDocument('salesorder')!, id, hq.principal.userId, 'approve', '同意');
  const shipment = (await runCommand(sql, hq, orderController, 'createShipment', id, {}, LANG)).opens!.id;
  await runCommand(sql, hq, shipmentController, 'audit', shipment, {}, LANG);
  const planned = async (field: 'new_qty' | 'new_shippedqty', less?: Line) =>
    (
      await sql.query<{ id: string; n: number; no: string }>(
        `SELECT l.new_shipmentdetailid AS id, l.${field} AS n, p.productnumber AS no FROM new_shipmentdetail l JOIN product p ON p.productid = l.new_product_id
          WHERE l.new_shipment_id = $1::uuid`,
        [shipment],
      )
    ).rows.map((r) => ({ lineId: r.id, qty: Number(r.n) - (less && r.no === less[0] ? less[1] : 0) }));
  await runCommand(
    sql,
    hq,
    shipmentController,
    'ship',
    shipment,
    {
      new_logisticscorp: '顺丰速运',
      new_trackingno: `SF14028${day.replaceAll('-', '')}`,
      new_shipdate: day,
      lines: await planned('new_qty'),
    },
    LANG,
  );
  await runCommand(sql, who, shipmentController, 'sign', shipment, { lines: await planned('new_shippedqty', short) }, LANG);
  // As if it had all happened last month: ordered three days before, shipped the day before, signed on `day` (China time).
  const at = (offset: number, hour: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000 + hour * 3_600_000 - CHINA_OFFSET_MS);
  // Numbered as on those days, from the same sequences as everyone's (issue 24; messages follow).
  await renumberDemo(sql, 'salesorder', id, `SO${chinaDate(at(-3, 12)).replaceAll('-', '')}`);
  await sql.query(
    `UPDATE salesorder SET new_settleno = name, createdon = $2, new_pricedon = $2, new_submittime = $2 WHERE salesorderid = $1::uuid`,
    [id, at(-3, 9)],
  );
  await renumberDemo(sql, 'new_shipment', shipment, `XF${chinaDate(at(-2, 12)).replaceAll('-', '')}`);
  await sql.query(
    `UPDATE new_shipment SET createdon = $2, new_shipdate = $3::date, new_shippedon = $4, new_signedon = $5 WHERE new_shipmentid = $1::uuid`,
    [shipment, at(-2, 10), chinaDate(at(-1, 12)), at(-1, 15), at(0, 11)],
  );
}

export async function seedRebateDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const now = new Date();
  const [, last, current] = lastMonths(now, 3);
  const inLast = (d: number) => `${last.month}-${String(d).padStart(2, '0')}`;
  await signedLastMonth(
    sql,
    'dealer1',
    [
      ['HC-CY-80', 8],
      ['HC-LF-200', 60],
    ],
    inLast(6),
  );
  await signedLastMonth(
    sql,
    'dealer1',
    [
      ['EC-INV-55', 6],
      ['EC-CT-25', 40],
    ],
    inLast(13),
  );
  await signedLastMonth(sql, 'store1', [['HC-LF-350', 10]], inLast(16));
  await signedLastMonth(
    sql,
    'dealer2',
    [
      ['HC-SK-80', 30],
      ['HC-GP-16', 6],
    ],
    inLast(20),
    ['HC-GP-16', 2],
  );
  await signedLastMonth(sql, 'dealer2', [['EC-PLC-1214', 2]], inLast(24));

  // Policies, kept by head office's sales administrators; since three months ago.
  const sales = await callerOf(sql, 'hqsales');
  const fin = await callerOf(sql, 'hqfinance');
  const since = lastMonths(now, 4)[0].from;
  const year = since.slice(0, 4);
  const line = async (code: string) =>
    (await sql.query<{ id: string }>('SELECT new_productlineid AS id FROM new_productline WHERE new_code = $1', [code])).rows[0].id;
  const policies = await insertRecords(
    sql,
    getEntity('new_rebatepolicy')!,
    sales,
    [
      {
        new_name: `${year} 年液压系统返利`,
        new_productline_id: await line('PL-HYD'),
        new_rate: '2.00',
        new_validfrom: since,
        new_validto: lastMonths(new Date(now.getTime() + 183 * 86_400_000), 1)[0].to,
        new_memo: '按月计提，签收金额的 2%，可在下单时抵扣货款',
      },
      {
        new_name: `${year} 年电气控制返利`,
        new_productline_id: await line('PL-ELE'),
        new_rate: '1.50',
        new_validfrom: since,
        new_memo: '按月计提，签收金额的 1.5%，长期有效',
      },
      {
        new_name: `${Number(current.month.slice(0, 4)) + 1} 年动力总成返利（拟）`,
        new_productline_id: await line('PL-PWR'),
        new_rate: '3.00',
        new_validfrom: `${Number(current.month.slice(0, 4)) + 1}-01-01`,
        new_memo: '待年度经销商大会确认后生效',
      },
    ],
    LANG,
  );
  const [hydraulic, electric] = policies;
  for (const id of [hydraulic, electric]) await runCommand(sql, sales, policyController, 'activate', id, {}, LANG);
  // Last month's hydraulic run is done; the electric one waits for finance.
  await runCommand(sql, fin, policyController, 'accrue', hydraulic, { new_runmonth: last.to }, LANG);
  const state = await sql.query<{ s: number }>('SELECT new_state AS s FROM new_rebatepolicy WHERE new_rebatepolicyid = $1::uuid', [
    electric,
  ]);
  if (state.rows[0].s !== rebatePolicyState.active) throw new Error('rebate demo: the electric policy is not in force');

  // 广州粤华 uses ¥300.00 of its rebate on an order this month (set while a draft, drawn at submit), approved.
  const dealer1 = await callerOf(sql, 'dealer1');
  const order = await placeOrder(sql, 'dealer1', [['HC-LF-350', 20]], '使用上月返利抵扣');
  await updateRecord(sql, getEntity('salesorder')!, dealer1, order, { new_rebateamount: '300.00' }, LANG);
  await submitOrderAuto(sql, order, dealer1.principal.userId);
  await act(sql, flowDocument('salesorder')!, order, sales.principal.userId, 'approve', '同意，返利抵扣 300 元');

  // Special prices, approved by head office's sales administrators.
  const flow = await seedHeadOfficeFlow(
    sql,
    ctx,
    'new_proprice',
    { flow: '经销商特价审批', step: '总部销售审批', description: '经销商的特价申请由总部销售管理部审批' },
    ['hqsales'],
  );
  const dealer2 = await callerOf(sql, 'dealer2');
  const day = (offset: number) => chinaDate(now, offset);
  const product = async (no: string) =>
    (await sql.query<{ id: string }>('SELECT productid AS id FROM product WHERE productnumber = $1', [no])).rows[0].id;
  const ask = async (who: typeof dealer1, no: string, qty: number, price: string, from: number, to: number, reason: string) =>
    (
      await insertRecords(
        sql,
        getEntity('new_proprice')!,
        who,
        [
          {
            new_product_id: await product(no),
            new_qty: qty,
            new_price: price,
            new_validfrom: day(from),
            new_validto: day(to),
            new_reason: reason,
          },
        ],
        LANG,
      )
    )[0];
  const by = (who: typeof dealer1) => ({ submitter: who.principal.userId, approver: sales.principal.userId });
  const approved = await ask(dealer1, 'EC-INV-55', 40, '2280.00', -3, 57, '东莞长安镇注塑厂技改项目，需变频器 40 台，竞品报价 2,300 元/台');
  await fileForApproval(sql, flow, approved, by(dealer1), 'approve', '同意，限本项目期间执行');
  const review = await ask(dealer2, 'HC-PV-45', 12, '8800.00', 0, 60, '昆山液压站改造项目批量采购柱塞泵，客户预算有限');
  await fileForApproval(sql, flow, review, by(dealer2), 'review');
  const rejected = await ask(dealer2, 'HC-GP-16', 10, '900.00', 1, 30, '清理库存促销');
  await fileForApproval(sql, flow, rejected, by(dealer2), 'reject', '申请价格低于成本，请按不低于 1,100 元重新申请');
  await ask(dealer1, 'HC-CY-80', 20, '2050.00', 10, 40, '佛山三水工程机械维修中心年度框架采购，预计分两批提货');
}
