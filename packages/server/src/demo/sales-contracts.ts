import { businessUnitType, getEntity, receiptMethod } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { chinaDate } from '../domain/china-time.ts';
import { prefillValues } from '../domain/sales-contracts/prefill.ts';
import { flowDocument } from '../flow/documents.ts';
import { act, submit } from '../flow/engine.ts';
import type { Caller } from '../records/scope.ts';
import { insertRecords } from '../records/write.ts';
import { fileForApproval, seedHeadOfficeFlow } from './head-office-flow.ts';
import { callerOf } from './parts.ts';
import type { DemoContext } from './service.ts';

/*
 * Sales contracts and payment plans' demo (issue 29), the last stage (after the leads, the quotes
 * and the statements, so no earlier figure moves): head office's sales (hqsales) approves contracts.
 * 韩冬 (salesman1, 华南) contracts with 东莞恒丰注塑厂 (paid by 广州粤华) in every approval state —
 * one made from his qualified lead, one from an active or won quote when there is one — and 苏州恒达
 * (dealer2) with its own customer 常州恒通液压, approved, whose plans are paid on time, part paid
 * and overdue, not yet due: its finance's receipts name the contract and hqfinance confirms them, so
 * the plans are settled by the same path as anyone's (oldest due date first).
 */

const LANG = 'zh-CN';
const CONTRACT = getEntity('new_salescontract')!;
const LINE = getEntity('new_salescontractline')!;
const PLAN = getEntity('new_paymentplan')!;
const day = (offset: number) => chinaDate(new Date(), offset);

type Line = [productNo: string, qty: number, price: string];
type Plan = [dueIn: number, amount: string, remark: string];

export async function seedSalesContractDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const flow = await seedHeadOfficeFlow(
    sql,
    ctx,
    'new_salescontract',
    { flow: '销售合同审批', step: '总部销售审批', description: '业务员及经销商签订的销售合同由总部销售管理部审核回款计划后生效' },
    ['hqsales'],
  );
  const hq = await callerOf(sql, 'hqsales');
  const s1 = await callerOf(sql, 'salesman1');
  const dealer2 = await callerOf(sql, 'dealer2');
  const id = async (q: string, args: unknown[]) => (await sql.query<{ id: string }>(q, args)).rows[0]?.id;
  const customer = (name: string) => id('SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name = $1', [name]);
  const product = (no: string) => id('SELECT productid AS id FROM product WHERE productnumber = $1', [no]);

  /** A contract with its lines and plans, through the record service as its maker would. */
  const contract = async (by: Caller, row: Record<string, unknown>, lines: Line[], plans: Plan[]) => {
    const [cid] = await insertRecords(sql, CONTRACT, by, [row], LANG);
    if (lines.length)
      await insertRecords(
        sql,
        LINE,
        by,
        await Promise.all(
          lines.map(async ([no, qty, price]) => ({
            new_salescontract_id: cid,
            new_product_id: await product(no),
            new_qty: qty,
            new_price: price,
          })),
        ),
        LANG,
      );
    await insertRecords(
      sql,
      PLAN,
      by,
      plans.map(([due, amount, remark], i) => ({
        new_salescontract_id: cid,
        new_period: i + 1,
        new_duedate: day(due),
        new_amount: amount,
        new_remark: remark,
      })),
      LANG,
    );
    return cid;
  };
  const by = (who: Caller) => ({ submitter: who.principal.userId, approver: hq.principal.userId });

  // 韩冬's contracts with 东莞恒丰注塑厂 (广州粤华's customer): one per approval state.
  const dongguan = await customer('东莞市长安镇恒丰注塑厂');
  const base = {
    new_customer_id: dongguan,
    new_contactname: '何志明',
    new_contactphone: '13649871250',
    new_terms:
      '一、交货：合同生效后 30 日内送货至买方工厂并负责安装调试。\n二、质保：验收合格之日起 12 个月。\n三、付款：按回款计划分期支付，逾期按日万分之五计收违约金。',
  };
  const approved = await contract(
    s1,
    { ...base, new_title: '恒丰注塑一期空压站改造', new_signdate: day(-75) },
    [
      ['HC-SK-80', 2, '46800.00'],
      ['HC-LF-350', 6, '1580.00'],
    ],
    [
      [-45, '30000.00', '预付款'],
      [-5, '40000.00', '到货款（已逾期）'],
      [40, '33080.00', '验收款'],
    ],
  );
  await fileForApproval(sql, flow, approved, by(s1), 'approve', '同意，回款计划合理');
  const review = await contract(
    s1,
    { ...base, new_title: '恒丰注塑冷却水系统备件年度合同', new_signdate: day(-3) },
    [['HC-CV-06', 10, '2380.00']],
    [
      [27, '11900.00', '首付款'],
      [87, '11900.00', '尾款'],
    ],
  );
  await fileForApproval(sql, flow, review, by(s1), 'review');
  const rejected = await contract(
    s1,
    { ...base, new_title: '恒丰注塑控制柜升级', new_signdate: day(-12) },
    [['EC-PLC-1214', 4, '3650.00']],
    [[20, '14600.00', '一次付清']],
  );
  await fileForApproval(sql, flow, rejected, by(s1), 'reject', '付款期限过长，请改为到货后 15 日内付清再提交');
  const vetoed = await contract(
    s1,
    { ...base, new_title: '恒丰注塑变频节能改造（框架）', new_signdate: day(-20) },
    [['EC-INV-55', 8, '2150.00']],
    [[60, '17200.00', '验收后付清']],
  );
  await fileForApproval(sql, flow, vetoed, by(s1), 'veto', '单价低于特价底线，合同不予签订');

  // From 韩冬's lead qualified into a customer of a dealer or store (its customer, person and topic), a draft with plans still to be completed.
  const lead = await id(
    `SELECT l.leadid AS id FROM lead l JOIN new_endcustomer c ON c.new_endcustomerid = l.new_customer_id
       JOIN businessunit b ON b.businessunitid = c.new_businessunit_id
      WHERE l.ownerid = $1::uuid AND b.new_type = ANY($2::int[]) ORDER BY l.createdon LIMIT 1`,
    [s1.principal.userId, [businessUnitType.dealer, businessUnitType.store]],
  );
  if (lead) {
    const { values } = await prefillValues(sql, s1, { leadid: lead }, LANG);
    await contract(
      s1,
      { ...values, new_signdate: day(0), new_terms: base.new_terms },
      [['HC-PV-45', 3, '9200.00']],
      [[30, '13800.00', '首付款（尚余 13,800.00 待计划）']],
    );
  }
  // From an active or won quote of 韩冬's (its customer and lines), when the quotes' demo has one: a draft.
  const quote = await id(`SELECT quoteid AS id FROM quote WHERE ownerid = $1::uuid AND new_status IN (2, 3) ORDER BY createdon LIMIT 1`, [
    s1.principal.userId,
  ]).catch(() => undefined);
  if (quote) {
    const { values } = await prefillValues(sql, s1, { quoteid: quote }, LANG);
    await contract(s1, { ...values, new_signdate: day(0), new_terms: base.new_terms }, [], []);
  }

  // 苏州恒达's contract with its customer 常州恒通液压, approved; its finance pays under the plans.
  const changzhou = await customer('常州武进恒通液压设备有限公司');
  const own = await contract(
    dealer2,
    {
      new_customer_id: changzhou,
      new_title: '恒通液压试验台液压站成套',
      new_contactname: '沈立新',
      new_contactphone: '13915028871',
      new_signdate: day(-100),
      new_terms: base.new_terms,
    },
    [
      ['HC-PV-45', 4, '9200.00'],
      ['HC-GP-16', 10, '1180.00'],
    ],
    [
      [-70, '16000.00', '预付款'],
      [-20, '20000.00', '到货款'],
      [-2, '8400.00', '调试款'],
      [25, '4200.00', '质保金'],
    ],
  );
  await fileForApproval(sql, flow, own, by(dealer2), 'approve', '同意');
  // Receipts: the first plan paid on time, 12,000.00 of the second (part paid, overdue), the third overdue, the fourth not due.
  const fin = await callerOf(sql, 'hqfinance');
  const payer = await callerOf(sql, 'dealer2fin');
  const receiptFlow = await id(`SELECT new_flowid AS id FROM new_flow WHERE new_entityname = 'new_receipt' ORDER BY new_order LIMIT 1`, []);
  const step = await id('SELECT new_flowstepsid AS id FROM new_flowsteps WHERE new_flow_id = $1 ORDER BY new_sequence LIMIT 1', [
    receiptFlow,
  ]);
  const doc = flowDocument('new_receipt')!;
  for (const [n, [paid, amount]] of (
    [
      [-72, '16000.00'],
      [-18, '12000.00'],
    ] as const
  ).entries()) {
    const [rid] = await insertRecords(
      sql,
      getEntity('new_receipt')!,
      payer,
      [
        {
          new_paydate: day(paid),
          new_method: receiptMethod.transfer,
          new_amount: amount,
          new_serialno: `6217 8560 HT${String(20260901 + n)}`,
          new_bank: '中国建设银行苏州吴中支行',
          new_salescontract_id: own,
          new_remark: '恒通液压试验台合同回款',
        },
      ],
      LANG,
    );
    await sql.query(
      `INSERT INTO file_attachment (module_type, object_id, file_name, file_size, content_type, storage_key, created_by, modified_by)
       VALUES ('new_receipt', $1, $2, 51877, 'image/png', $3, $4, $4)`,
      [rid, `银行回单-HT${n + 1}.png`, `att/demo/contract-slip-${n + 1}-png`, payer.principal.userId],
    );
    await submit(sql, doc, rid, payer.principal.userId, {
      flowId: receiptFlow!,
      approvers: [{ StepId: step!, ApproveUserId: fin.principal.userId }],
    });
    await act(sql, doc, rid, fin.principal.userId, 'approve', '已核对银行回单，确认到账');
  }
}
