import { businessUnitType, getEntity, opportunityState } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { runCommand } from '../documents/kernel.ts';
import { chinaDate } from '../domain/china-time.ts';
import { quoteController } from '../domain/quotes/quote.controller.ts';
import { insertRecords } from '../records/write.ts';
import { callerOf } from './parts.ts';

/**
 * Quotes (报价单, issue 29) in every state, made through the record service and moved by the same
 * commands as the screens (so every price is the price list's and every figure the server's):
 * 广州粤华's and 苏州恒达's quotes to their end customers, and 韩冬's (salesman1, 华南) for 广州粤华:
 * a draft, an active one, one revised (revision 2 active, revision 1 已修订), one won and converted
 * into 广州粤华's sales order (to be submitted, in /order/list), one won, one lost with its reason, and
 * a draft made from an open opportunity of 韩冬's. Runs after the user centre (the customers) and the
 * leads (the opportunities).
 */

type Line = [no: string, qty: number, discount?: { rate?: number; off?: number }];
type Stage = 'draft' | 'active' | 'revised' | 'won' | 'converted' | 'lost';
interface DemoQuote {
  who: 'dealer1' | 'dealer2' | 'salesman1';
  customer: string;
  subject: string;
  validDays: number;
  description?: string;
  lines: Line[];
  stage: Stage;
  /** The second revision's extra lines (stage `revised`). */
  revision2?: Line[];
  lost?: string;
}

const QUOTES: DemoQuote[] = [
  {
    who: 'salesman1',
    customer: '深圳宏远精密模具有限公司',
    subject: '注塑车间液压系统年度备件',
    validDays: 30,
    lines: [
      ['HC-PV-45', 1, { rate: 5 }],
      ['HC-CV-06', 4],
      ['HC-LF-200', 10, { rate: 8 }],
    ],
    stage: 'draft',
  },
  {
    who: 'dealer1',
    customer: '佛山市顺德区利达五金制品厂',
    subject: '冲压线传动部件更换',
    validDays: 20,
    description: '含送货上门；安装调试由利达五金设备科负责，我方提供技术指导。',
    lines: [
      ['DR-GB-90', 2, { rate: 8 }],
      ['DR-BR-22312', 4],
      ['DR-CP-110', 4, { off: 60 }],
    ],
    stage: 'active',
  },
  {
    who: 'salesman1',
    customer: '东莞市长安镇恒丰注塑厂',
    subject: '二期车间备用电源及动力改造',
    validDays: 45,
    description: '质保：整机一年，发动机两年或 3000 小时（先到为准）。付款：合同签订后预付 30%，到货验收后付清。',
    lines: [
      ['PW-GS-30', 1, { rate: 5 }],
      ['PW-MT-22', 2],
    ],
    revision2: [['EC-INV-55', 2, { rate: 10 }]],
    stage: 'revised',
  },
  {
    who: 'salesman1',
    customer: '广州天河区骏业汽修厂',
    subject: '举升机液压站改造',
    validDays: 15,
    lines: [
      ['HC-GP-16', 2],
      ['HC-CY-80', 2, { off: 200 }],
      ['CS-HO-46', 6, { rate: 5 }],
    ],
    stage: 'converted',
  },
  {
    who: 'dealer2',
    customer: '苏州工业园区金鸡湖物业管理有限公司',
    subject: '楼宇水泵房电控柜升级',
    validDays: 30,
    description: '含旧柜拆除与新柜接线；工期 5 个工作日。',
    lines: [
      ['EC-PLC-1214', 1],
      ['EC-HMI-07', 1],
      ['EC-INV-55', 3, { rate: 10 }],
    ],
    stage: 'won',
  },
  {
    who: 'dealer2',
    customer: '无锡新吴区锡东纺织机械厂',
    subject: '纺机主传动轴承批量更换',
    validDays: 10,
    lines: [
      ['DR-BR-6205', 40, { rate: 12 }],
      ['DR-BR-22312', 6],
    ],
    stage: 'lost',
    lost: '客户选择了本地轴承代理商，价格低约 12%，交期 3 天',
  },
];

export async function seedQuoteDemo(sql: Sql): Promise<void> {
  const QUOTE = getEntity('quote')!;
  const LINE = getEntity('quotedetail')!;
  const { rows: parts } = await sql.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product');
  const part = new Map(parts.map((p) => [p.no, p.id]));
  const { rows: customers } = await sql.query<{ id: string; name: string }>(
    'SELECT new_endcustomerid AS id, new_name AS name FROM new_endcustomer',
  );
  const customer = new Map(customers.map((c) => [c.name, c.id]));
  const addLines = (who: Awaited<ReturnType<typeof callerOf>>, quote: string, lines: Line[]) =>
    insertRecords(
      sql,
      LINE,
      who,
      lines.map(([no, quantity, d]) => ({
        quoteid: quote,
        productid: part.get(no)!,
        quantity,
        ...(d?.rate ? { new_discountrate: d.rate } : {}),
        ...(d?.off ? { manualdiscountamount: d.off } : {}),
      })),
      'zh-CN',
    );

  for (const q of QUOTES) {
    const who = await callerOf(sql, q.who);
    const run = (command: string, id: string, body: Record<string, unknown> = {}) =>
      runCommand(sql, who, quoteController, command, id, body, 'zh-CN');
    const [id] = await insertRecords(
      sql,
      QUOTE,
      who,
      [
        {
          new_subject: q.subject,
          new_customer_id: customer.get(q.customer)!,
          effectivefrom: chinaDate(new Date()),
          effectiveto: chinaDate(new Date(), q.validDays),
          ...(q.description ? { new_description: q.description } : {}),
        },
      ],
      'zh-CN',
    );
    await addLines(who, id, q.lines);
    if (q.stage === 'draft') continue;
    await run('activate', id);
    if (q.stage === 'active') continue;
    if (q.stage === 'lost') {
      await run('close', id, { new_closereason: q.lost });
      continue;
    }
    if (q.stage === 'revised') {
      // The customer asked for a better price on the generator and a drive for each motor: revision 2, active.
      const { opens } = await run('revise', id);
      const second = opens!.id;
      await sql.query(`UPDATE quotedetail SET new_discountrate = 8 WHERE quoteid = $1::uuid AND productid = $2::uuid`, [
        second,
        part.get('PW-GS-30'),
      ]);
      await run('recalculate', second);
      await addLines(who, second, q.revision2 ?? []);
      await run('activate', second);
      continue;
    }
    await run('win', id);
    if (q.stage === 'converted') await run('convert', id);
  }

  // A draft from one of 韩冬's open opportunities whose customer is a dealer's or a store's: its products come with it.
  const salesman = await callerOf(sql, 'salesman1');
  const { rows: opps } = await sql.query<{ id: string; name: string; customer: string }>(
    `SELECT o.opportunityid AS id, o.name, o.new_customer_id AS customer FROM opportunity o
       JOIN new_endcustomer c ON c.new_endcustomerid = o.new_customer_id JOIN businessunit b ON b.businessunitid = c.new_businessunit_id
      WHERE o.ownerid = $1::uuid AND o.new_opportunitystate = $2 AND b.new_type = ANY($3::int[])
        AND EXISTS (SELECT 1 FROM opportunityproduct op WHERE op.opportunityid = o.opportunityid)
      ORDER BY o.createdon LIMIT 1`,
    [salesman.principal.userId, opportunityState.open, [businessUnitType.dealer, businessUnitType.store]],
  );
  if (opps[0])
    await insertRecords(
      sql,
      QUOTE,
      salesman,
      [
        {
          new_subject: opps[0].name,
          new_customer_id: opps[0].customer,
          opportunityid: opps[0].id,
          effectivefrom: chinaDate(new Date()),
          effectiveto: chinaDate(new Date(), 30),
        },
      ],
      'zh-CN',
    );
}
