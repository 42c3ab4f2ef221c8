import { flowDocument } from '../flow/documents.ts';
import { act, submit } from '../flow/engine.ts';
import { runCommand } from '../documents/kernel.ts';
import type { Sql } from '../db/db.ts';
import { orderController } from '../domain/sales/order.controller.ts';
import { shipmentController } from '../domain/sales/shipment.controller.ts';
import { submitOrderAuto } from '../domain/sales/order-submit.ts';
import { headOfficeUnit } from '../domain/sales/supplier.ts';
import { documentNumbers } from '../documents/numbers.ts';
import { getEntity, salesOrderStatus } from '@portal/model';
import { callerOf } from './parts.ts';
import { seedHeadOfficeFlow } from './head-office-flow.ts';
import type { DemoContext } from './service.ts';

/**
 * The sales side's demo (issue 27): the approval flows of orders (总部销售审核, hqsales) and of
 * reissue applications, and orders of both dealers and their stores in every state, taken there
 * by the same commands and approval engine as the portal's users (so shipments, stock, roll-ups
 * and messages are what they would be): drafts, submitted, audited, shipments submitted, audited,
 * shipped in full and in part, signed in full and in part, reissues in draft, under review and
 * approved (with the replacement shipment), a rejected order back to draft and a cancelled one.
 */

type Line = [part: string, qty: number];
type Stage =
  | 'draft'
  | 'submitted'
  | 'rejected'
  | 'cancelled'
  | 'audited'
  | 'shipmentSubmitted'
  | 'shipmentAudited'
  | 'shipped'
  | 'shortShipped'
  | 'signed'
  | 'partSigned'
  | 'reissueDraft'
  | 'reissueReview'
  | 'reissueApproved';

const ORDERS: { buyer: string; lines: Line[]; stage: Stage; remark?: string; short?: number }[] = [
  {
    buyer: 'dealer1',
    lines: [
      ['HC-LF-200', 40],
      ['HC-SK-80', 20],
    ],
    stage: 'draft',
    remark: '年底备货',
  },
  {
    buyer: 'dealer1',
    lines: [
      ['EC-CT-25', 30],
      ['EC-PLC-1214', 2],
    ],
    stage: 'submitted',
  },
  { buyer: 'dealer1', lines: [['HC-HS-12', 25]], stage: 'audited' },
  {
    buyer: 'dealer1',
    lines: [
      ['HC-LF-350', 12],
      ['HC-CV-06', 6],
    ],
    stage: 'shipmentSubmitted',
  },
  { buyer: 'dealer1', lines: [['EC-HMI-07', 2]], stage: 'shipmentAudited' },
  {
    buyer: 'dealer1',
    lines: [
      ['HC-LF-200', 30],
      ['EC-CT-25', 10],
    ],
    stage: 'shipped',
  },
  {
    buyer: 'dealer1',
    lines: [
      ['HC-SK-80', 16],
      ['HC-HS-12', 10],
    ],
    stage: 'shortShipped',
    short: 4,
  },
  {
    buyer: 'dealer1',
    lines: [
      ['HC-LF-350', 8],
      ['HC-CV-06', 4],
    ],
    stage: 'signed',
  },
  {
    buyer: 'store1',
    lines: [
      ['HC-LF-200', 10],
      ['HC-SK-80', 5],
    ],
    stage: 'partSigned',
    short: 2,
  },
  { buyer: 'store1', lines: [['EC-CT-25', 12]], stage: 'reissueReview', short: 3 },
  { buyer: 'store1', lines: [['HC-HS-12', 6]], stage: 'submitted', remark: '门店展示样品' },
  {
    buyer: 'dealer2',
    lines: [
      ['HC-LF-200', 24],
      ['HC-HS-12', 12],
    ],
    stage: 'signed',
  },
  { buyer: 'dealer2', lines: [['EC-CT-25', 20]], stage: 'reissueApproved', short: 2 },
  { buyer: 'dealer2', lines: [['HC-SK-80', 8]], stage: 'rejected' },
  { buyer: 'dealer2', lines: [['HC-CV-06', 3]], stage: 'cancelled' },
  {
    buyer: 'store2',
    lines: [
      ['HC-LF-350', 6],
      ['HC-SK-80', 6],
    ],
    stage: 'reissueDraft',
    short: 1,
  },
  { buyer: 'store2', lines: [['EC-CT-25', 8]], stage: 'audited' },
];

const CONSIGNEE: Record<string, [string, string, string, string, string, string]> = {
  dealer1: ['林国栋', '13600136021', '广东省', '广州市', '白云区', '太和镇大源北路 88 号粤华物流园 2 号仓'],
  dealer2: ['顾振华', '13600136031', '江苏省', '苏州市', '吴中区', '木渎镇金枫南路 1258 号'],
  store1: ['周婷', '18800188005', '广东省', '深圳市', '南山区', '科技园南区深南大道 9688 号'],
  store2: ['蒋丽华', '18800188015', '江苏省', '苏州市', '苏州工业园区', '星湖街 328 号创意产业园 8 栋'],
};

/** An order as the cart makes one (to be submitted, the products' prices, head office the supplier). */
export async function placeOrder(sql: Sql, buyer: string, lines: Line[], remark: string | undefined): Promise<string> {
  const caller = await callerOf(sql, buyer);
  const [name] = await documentNumbers(sql, getEntity('salesorder')!, 1);
  const supplier = await headOfficeUnit(sql);
  const [contact, phone, province, city, county, address] = CONSIGNEE[buyer];
  const {
    rows: [o],
  } = await sql.query<{ id: string }>(
    `INSERT INTO salesorder (name, new_status, new_supplier_id, new_contact, new_phone, new_province, new_city, new_county, new_address, new_remark,
                             new_settleno, totalamount, new_totalqty, new_shippedqty, new_signedqty, ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $1, 0, 0, 0, 0, $11, $12, $11, $11) RETURNING salesorderid AS id`,
    [
      name,
      salesOrderStatus.draft,
      supplier,
      contact,
      phone,
      province,
      city,
      county,
      address,
      remark ?? null,
      caller.principal.userId,
      caller.principal.businessUnitId,
    ],
  );
  await sql.query(
    `INSERT INTO salesorderdetail (new_name, salesorderid, productid, quantity, priceperunit, extendedamount, new_supplier_id, new_shippedqty, new_signedqty,
                                   ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT p.name, $1, p.productid, u.q, p.price, round(p.price * u.q, 2), $2, 0, 0, $3, $4, $3, $3
       FROM unnest($5::text[], $6::int[]) WITH ORDINALITY AS u(no, q, i) JOIN product p ON p.productnumber = u.no ORDER BY u.i`,
    [o.id, supplier, caller.principal.userId, caller.principal.businessUnitId, lines.map((l) => l[0]), lines.map((l) => l[1])],
  );
  await sql.query(
    `UPDATE salesorder o SET totalamount = t.a, new_totalqty = t.q FROM (SELECT COALESCE(sum(extendedamount), 0) AS a, COALESCE(sum(quantity), 0) AS q
       FROM salesorderdetail WHERE salesorderid = $1::uuid) t WHERE o.salesorderid = $1::uuid`,
    [o.id],
  );
  return o.id;
}

/** Per-line quantities: every line in full but the first, which is `short` less. */
async function quantities(sql: Sql, shipmentId: string, field: 'new_qty' | 'new_shippedqty', short: number) {
  const { rows } = await sql.query<{ id: string; n: number }>(
    `SELECT new_shipmentdetailid AS id, ${field} AS n FROM new_shipmentdetail WHERE new_shipment_id = $1::uuid ORDER BY createdon, new_shipmentdetailid`,
    [shipmentId],
  );
  return rows.map((r, i) => ({ lineId: r.id, qty: Number(r.n) - (i === 0 ? short : 0) }));
}

const LOGISTICS = [
  ['顺丰速运', 'SF1402867731205'],
  ['德邦物流', 'DPK3301945822'],
  ['中通快运', 'ZTO7782610394'],
  ['安能物流', 'ANE5216048371'],
];

/**
 * The price list: each dealer's negotiated prices (below list), a store's own promotion, a line that
 * has ended and one not yet valid — so orders of dealers and stores lock prices other than the list's.
 */
async function seedPriceList(sql: Sql, ctx: DemoContext): Promise<void> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const lines: [buyer: string, part: string, share: number, from: string | null, to: string | null, memo: string][] = [
    ...['HC-LF-200', 'HC-LF-350', 'HC-SK-80', 'HC-HS-12', 'HC-CV-06', 'EC-CT-25', 'EC-PLC-1214', 'EC-HMI-07'].map(
      (no): [string, string, number, string | null, string | null, string] => ['DL-GZ001', no, 0.88, day(-90), null, '2026 年度经销协议价'],
    ),
    ...['HC-LF-200', 'HC-SK-80', 'HC-HS-12', 'EC-CT-25'].map((no): [string, string, number, string | null, string | null, string] => [
      'DL-SZ001',
      no,
      0.9,
      day(-60),
      null,
      '2026 年度经销协议价',
    ]),
    ['SP-SZ001', 'HC-SK-80', 0.8, day(-10), day(20), '门店开业促销'],
    ['DL-SZ001', 'HC-LF-350', 0.85, day(-200), day(-30), '上半年备货价（已结束）'],
    ['DL-GZ001', 'DR-BR-6205', 0.8, day(10), day(100), '明年一季度价格'],
  ];
  for (const [unit, no, share, from, to, memo] of lines)
    await sql.query(
      `INSERT INTO new_pricelistitem (new_name, new_buyer_id, new_product_id, new_price, new_validfrom, new_validto, new_memo, ownerid, owningbusinessunit, createdby, modifiedby)
       SELECT p.name, $1, p.productid, round(p.price * $3, 2), $4::date, $5::date, $6, $7, $1, $7, $7 FROM product p WHERE p.productnumber = $2`,
      [ctx.unitIds.get(unit), no, share, from, to, memo, ctx.userIds.get('hqsales')],
    );
}

export async function seedSalesOrderDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  await seedPriceList(sql, ctx);
  await seedHeadOfficeFlow(
    sql,
    ctx,
    'salesorder',
    { flow: '经销商订单审核', step: '总部销售审核', description: '经销商及门店订单由总部销售管理部审核' },
    ['hqsales'],
  );
  const reissueFlow = await seedHeadOfficeFlow(
    sql,
    ctx,
    'new_reissue',
    { flow: '补发申请审批', step: '总部销售审批', description: '签收短少的补发由总部销售管理部审批' },
    ['hqsales'],
  );
  const hq = await callerOf(sql, 'hqsales');
  const orderDoc = flowDocument('salesorder')!;
  const reissueDoc = flowDocument('new_reissue')!;
  let n = 0;
  for (const o of ORDERS) {
    const id = await placeOrder(sql, o.buyer, o.lines, o.remark);
    if (o.stage === 'draft') continue;
    const buyer = await callerOf(sql, o.buyer);
    await submitOrderAuto(sql, id, buyer.principal.userId);
    if (o.stage === 'submitted') continue;
    if (o.stage === 'rejected') {
      await act(sql, orderDoc, id, hq.principal.userId, 'reject', '数量超出本月备货计划，请调整后重新提交');
      continue;
    }
    await act(sql, orderDoc, id, hq.principal.userId, 'approve', '同意');
    if (o.stage === 'cancelled') {
      await runCommand(sql, buyer, orderController, 'cancel', id, { new_cancelreason: '客户项目延期，暂不需要' }, 'zh-CN');
      continue;
    }
    if (o.stage === 'audited') continue;
    const made = await runCommand(sql, hq, orderController, 'createShipment', id, {}, 'zh-CN');
    const shipmentId = made.opens!.id;
    if (o.stage === 'shipmentSubmitted') continue;
    await runCommand(sql, hq, shipmentController, 'audit', shipmentId, {}, 'zh-CN');
    if (o.stage === 'shipmentAudited') continue;
    const [corp, no] = LOGISTICS[n++ % LOGISTICS.length];
    const shortShip = o.stage === 'shortShipped' ? (o.short ?? 0) : 0;
    await runCommand(
      sql,
      hq,
      shipmentController,
      'ship',
      shipmentId,
      {
        new_logisticscorp: corp,
        new_trackingno: no,
        new_shipdate: new Date().toISOString().slice(0, 10),
        lines: await quantities(sql, shipmentId, 'new_qty', shortShip),
      },
      'zh-CN',
    );
    if (o.stage === 'shipped' || o.stage === 'shortShipped') continue;
    const shortSign = o.stage === 'signed' ? 0 : (o.short ?? 0);
    await runCommand(
      sql,
      buyer,
      shipmentController,
      'sign',
      shipmentId,
      { lines: await quantities(sql, shipmentId, 'new_shippedqty', shortSign) },
      'zh-CN',
    );
    if (o.stage === 'signed' || o.stage === 'partSigned') continue;
    const reissue = await runCommand(sql, buyer, shipmentController, 'reissue', shipmentId, {}, 'zh-CN');
    const reissueId = reissue.opens!.id;
    await sql.query(`UPDATE new_reissue SET new_description = $2 WHERE new_reissueid = $1::uuid`, [
      reissueId,
      '到货开箱清点短少，外箱完好，已拍照留存，请安排补发。',
    ]);
    if (o.stage === 'reissueDraft') continue;
    await submit(sql, reissueDoc, reissueId, buyer.principal.userId, {
      flowId: reissueFlow.flow,
      approvers: [{ StepId: reissueFlow.step, ApproveUserId: hq.principal.userId }],
    });
    if (o.stage === 'reissueReview') continue;
    await act(sql, reissueDoc, reissueId, hq.principal.userId, 'approve', '同意补发');
  }
}
