import { getEntity, targetMetric, targetPeriodType } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { onForecastDay } from '../domain/sales-forecast/deadline.ts';
import { addMonths, thisMonth } from '../domain/sales-targets/period.ts';
import { chinaDate } from '../domain/china-time.ts';
import { insertRecords } from '../records/write.ts';
import { fileForApproval, seedHeadOfficeFlow, type HeadOfficeFlow } from './head-office-flow.ts';
import { callerOf } from './parts.ts';
import { renumberDemo } from './renumber.ts';
import type { DemoContext } from './service.ts';

/**
 * Salesmen, targets and forecasts' demo (issue 28), after the sales orders: head office's salesmen
 * (韩冬 = salesman1 serving 广州粤华, 周敏 serving 苏州恒达, a salesman who has left), their targets
 * and both dealers' for last month, this month, next month and this quarter — by amount, by order
 * count, one for a product line — whose actuals are the demo's audited orders (read, never stored);
 * and both dealers' forecasts in every approval state (approved for past months and this one, under
 * review, draft, rejected, vetoed), made through the record service and the approval engine. The
 * forecasts of past months are made on a day of their month (the deadline judged on that day, then
 * their times dated back to it): the demo's orders all lie in recent days, so the report's past
 * months show forecasts against what little was ordered then.
 */

const LANG = 'zh-CN';
const SALESMAN = getEntity('new_salesman')!;
const LINK = getEntity('new_salesmandealer')!;
const STAFF = getEntity('new_stafftarget')!;
const ACCOUNT = getEntity('new_accounttarget')!;
const FORECAST = getEntity('new_salesforecast')!;
const LINE = getEntity('new_salesforecastline')!;

const SALESMEN = [
  {
    new_code: 'XS001',
    new_name: '韩冬',
    new_mobile: '13900139013',
    new_province: '广东省',
    new_city: '广州市',
    new_login: 'salesman1',
    new_remark: '华南区域，负责广州、深圳、佛山经销网络',
    dealer: 'DL-GZ001',
  },
  {
    new_code: 'XS002',
    new_name: '周敏',
    new_mobile: '13900139014',
    new_province: '江苏省',
    new_city: '苏州市',
    new_remark: '华东区域，负责苏州、无锡经销网络',
    dealer: 'DL-SZ001',
  },
  {
    new_code: 'XS003',
    new_name: '刘建军',
    new_mobile: '13900139015',
    new_province: '浙江省',
    new_city: '杭州市',
    new_isactive: false,
    new_remark: '已于上季度离职，客户移交周敏',
  },
];

type Qty = [part: string, m: number, m1: number, m2: number];
const FORECAST_LINES: Record<string, Qty[]> = {
  dealer1: [
    ['HC-LF-200', 80, 85, 90],
    ['HC-LF-350', 30, 32, 35],
    ['HC-SK-80', 40, 42, 45],
    ['HC-HS-12', 60, 60, 65],
    ['HC-CV-06', 12, 12, 14],
    ['EC-CT-25', 60, 65, 65],
    ['EC-PLC-1214', 4, 4, 5],
    ['EC-HMI-07', 4, 5, 5],
    ['PW-MT-75', 2, 2, 3],
    ['PW-AF-02', 10, 10, 12],
  ],
  dealer2: [
    ['HC-LF-200', 30, 32, 35],
    ['HC-HS-12', 15, 15, 18],
    ['HC-SK-80', 12, 12, 14],
    ['HC-GP-16', 2, 3, 3],
    ['EC-CT-25', 25, 25, 28],
  ],
};

export async function seedSalesTargetDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const hq = await callerOf(sql, 'hqsales');
  const month = thisMonth();
  const y = (m: string) => Number(m.slice(0, 4));
  const mo = (m: string) => Number(m.slice(5, 7));
  const last = addMonths(month, -1);
  const next = addMonths(month, 1);

  // Salesmen and the dealers they serve.
  const salesmen = await insertRecords(
    sql,
    SALESMAN,
    hq,
    SALESMEN.map(({ dealer: _d, ...s }) => s),
    LANG,
  );
  const [hanDong, zhouMin] = salesmen;
  await insertRecords(
    sql,
    LINK,
    hq,
    [
      { new_salesman_id: hanDong, new_dealer_id: ctx.unitIds.get('DL-GZ001') },
      { new_salesman_id: zhouMin, new_dealer_id: ctx.unitIds.get('DL-SZ001') },
    ],
    LANG,
  );

  // Targets: [who, period type, month or quarter's month, metric, target, product line code?]
  const line = async (code: string) =>
    (await sql.query<{ id: string }>('SELECT new_productlineid AS id FROM new_productline WHERE new_code = $1', [code])).rows[0]?.id ??
    null;
  const hydraulics = await line('PL-HYD');
  const quarter = Math.ceil(mo(month) / 3);
  /** A target of `who`: a month (YYYY-MM) or a quarter of this year (1–4). */
  const target = (
    who: Record<string, unknown>,
    period: string | number,
    metric: number,
    value: string,
    productLine: string | null = null,
  ) => ({
    ...who,
    new_periodtype: typeof period === 'number' ? targetPeriodType.quarter : targetPeriodType.month,
    new_year: typeof period === 'number' ? y(month) : y(period),
    new_periodno: typeof period === 'number' ? period : mo(period),
    new_metric: metric,
    new_target: value,
    new_productline_id: productLine,
  });
  const han = { new_salesman_id: hanDong };
  const zhou = { new_salesman_id: zhouMin };
  await insertRecords(
    sql,
    STAFF,
    hq,
    [
      target(han, last, targetMetric.amount, '95000'),
      target(han, month, targetMetric.amount, '110000'),
      target(han, month, targetMetric.count, '15'),
      target(han, month, targetMetric.amount, '60000', hydraulics),
      target(han, next, targetMetric.amount, '115000'),
      target(han, quarter, targetMetric.amount, '320000'),
      target(zhou, last, targetMetric.amount, '30000'),
      target(zhou, month, targetMetric.amount, '35000'),
      target(zhou, next, targetMetric.amount, '38000'),
    ],
    LANG,
  );
  const gz = { new_dealer_id: ctx.unitIds.get('DL-GZ001') };
  const sz = { new_dealer_id: ctx.unitIds.get('DL-SZ001') };
  await insertRecords(
    sql,
    ACCOUNT,
    hq,
    [
      target(gz, last, targetMetric.amount, '90000'),
      target(gz, month, targetMetric.amount, '100000'),
      target(gz, month, targetMetric.count, '14'),
      target(gz, next, targetMetric.amount, '105000'),
      target(gz, quarter, targetMetric.amount, '300000'),
      target(sz, last, targetMetric.amount, '28000'),
      target(sz, month, targetMetric.amount, '32000'),
      target(sz, next, targetMetric.amount, '35000'),
    ],
    LANG,
  );

  // Forecasts in every state.
  const flow = await seedHeadOfficeFlow(
    sql,
    ctx,
    FORECAST.logicalName,
    { flow: '经销商销售预测审核', step: '总部销售审核', description: '经销商每月滚动销售预测（当月及后两月）由总部销售管理部审核' },
    ['hqsales'],
  );
  const approver = ctx.userIds.get('hqsales')!;
  const plan: {
    dealer: 'dealer1' | 'dealer2';
    month: string;
    outcome: 'draft' | 'review' | 'approve' | 'reject' | 'veto';
    memo?: string;
  }[] = [
    { dealer: 'dealer1', month: addMonths(month, -2), outcome: 'approve' },
    { dealer: 'dealer1', month: last, outcome: 'approve' },
    { dealer: 'dealer1', month, outcome: 'approve' },
    { dealer: 'dealer1', month: next, outcome: 'draft' },
    { dealer: 'dealer2', month: addMonths(month, -2), outcome: 'veto', memo: '预测与库存计划严重不符，本月不再受理' },
    { dealer: 'dealer2', month: last, outcome: 'approve' },
    { dealer: 'dealer2', month, outcome: 'review' },
    { dealer: 'dealer2', month: next, outcome: 'reject', memo: '电气件预测偏低，请结合在手项目重新评估' },
  ];
  const today = chinaDate();
  let i = 0;
  for (const f of plan) {
    i++;
    // Made on the 3rd of its month (this month's on the 1st, next month's today): before its deadline.
    const day = f.month < month ? `${f.month}-03` : f.month === month ? `${month}-01` : today;
    const as = await callerOf(sql, f.dealer);
    const scale = 1 + ((i * 7) % 5) / 10;
    await onForecastDay(day, async () => {
      const [id] = await insertRecords(
        sql,
        FORECAST,
        as,
        [{ new_year: y(f.month), new_month: mo(f.month), new_remark: f.outcome === 'draft' ? '待补充新项目需求' : null }],
        LANG,
      );
      const parts = FORECAST_LINES[f.dealer];
      const { rows: products } = await sql.query<{ id: string; no: string }>(
        'SELECT productid AS id, productnumber AS no FROM product WHERE productnumber = ANY($1::text[])',
        [parts.map((p) => p[0])],
      );
      await insertRecords(
        sql,
        LINE,
        as,
        parts.map(([no, m, m1, m2]) => ({
          new_salesforecast_id: id,
          new_product_id: products.find((p) => p.no === no)!.id,
          new_qtym: Math.round(m * scale),
          new_qtym1: Math.round(m1 * scale),
          new_qtym2: Math.round(m2 * scale),
        })),
        LANG,
      );
      if (f.outcome !== 'draft')
        await fileForApproval(sql, flow, id, { submitter: as.principal.userId, approver }, f.outcome, f.memo ?? '同意');
      if (day < today) await dateBack(sql, flow, id, day, f.month);
    });
  }
}

/**
 * A forecast made on `day` (China time, 09:00; its approval an hour later) rather than at the seeding
 * instant; one of a past month takes that month's number (YC<month>-0001 …), never allocated again.
 */
async function dateBack(sql: Sql, flow: HeadOfficeFlow, id: string, day: string, month: string): Promise<void> {
  const at = `LEAST(now(), ($2::date + time '09:00')::timestamp AT TIME ZONE 'UTC' - interval '8 hours')`;
  await sql.query(
    `UPDATE new_salesforecast SET createdon = ${at}, modifiedon = ${at} + interval '1 hour',
            new_submittime = CASE WHEN new_submittime IS NULL THEN NULL ELSE ${at} + interval '10 minutes' END,
            new_approvedtime = CASE WHEN new_approvedtime IS NULL THEN NULL ELSE ${at} + interval '1 hour' END
      WHERE new_salesforecastid = $1::uuid`,
    [id, day],
  );
  await sql.query(`UPDATE new_salesforecastline SET createdon = ${at}, modifiedon = ${at} WHERE new_salesforecast_id = $1::uuid`, [
    id,
    day,
  ]);
  await sql.query(`UPDATE new_approvallog SET createdon = ${at} + interval '10 minutes' WHERE new_recordid = $1 AND new_entityname = $3`, [
    id,
    day,
    flow.entity,
  ]);
  await sql.query(
    `UPDATE new_approvalstep SET createdon = ${at} + interval '10 minutes', new_actedon = CASE WHEN new_actedon IS NULL THEN NULL ELSE ${at} + interval '1 hour' END
      WHERE new_recordid = $1 AND new_entityname = $3`,
    [id, day, flow.entity],
  );
  if (month < chinaDate().slice(0, 7)) {
    // Numbered in its own month from the same sequence as everyone's; its messages name the new number.
    await renumberDemo(sql, 'new_salesforecast', id, `YC${month.replace('-', '')}`);
  }
}
