import { competitorThreat, getEntity, leadDisqualifyReason, leadSource, opportunityStage, type QualifyBody } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { runCommand } from '../documents/kernel.ts';
import { addCollaborator } from '../domain/leads/collaborators.ts';
import { leadController } from '../domain/leads/lead.controller.ts';
import { opportunityController } from '../domain/opportunities/opportunity.controller.ts';
import { chinaDate } from '../domain/china-time.ts';
import type { Caller } from '../records/scope.ts';
import { insertRecords } from '../records/write.ts';
import { callerOf } from './parts.ts';

/*
 * Leads and opportunities' demo (issue 29), after the user centre (its customers are what a lead
 * may match): 韩冬 (salesman1, 华南) and 周敏 (salesman2, 华东) with leads from several sources in
 * every state — open (one whose company is an existing customer, so the qualify dialog offers it; one
 * 周敏 collaborates on), qualified (a new customer and contact, or the existing customer) and
 * disqualified with their reasons — and opportunities across the stages, won and lost, with
 * product lines and competitors. Everything goes through the record service and the commands.
 */

const LANG = 'zh-CN';
const LEAD = getEntity('lead')!;
const OPPORTUNITY = getEntity('opportunity')!;
const PRODUCT = getEntity('opportunityproduct')!;
const COMPETITOR = getEntity('new_opportunitycompetitor')!;

type LeadRow = Record<string, unknown> & { subject: string };
type Fate = { open: true } | { qualify: QualifyBody } | { disqualify: { reason: number; note: string } };

const day = (offset: number) => chinaDate(new Date(), offset);

export async function seedLeadDemo(sql: Sql): Promise<void> {
  const s1 = await callerOf(sql, 'salesman1');
  const s2 = await callerOf(sql, 'salesman2');
  const id = async (q: string, args: unknown[]) => (await sql.query<{ id: string }>(q, args)).rows[0]?.id;
  const customer = (name: string) => id('SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name = $1', [name]);
  const store = (code: string) => id('SELECT new_storeid AS id FROM new_store WHERE new_code = $1', [code]);
  const line = (code: string) => id('SELECT new_productlineid AS id FROM new_productline WHERE new_code = $1', [code]);
  const product = (no: string) => id('SELECT productid AS id FROM product WHERE productnumber = $1', [no]);
  const dongguan = await customer('东莞市长安镇恒丰注塑厂');

  const leads: [Caller, LeadRow, Fate][] = [
    [
      s1,
      {
        subject: '恒丰注塑二期车间液压系统改造',
        fullname: '何志明',
        mobilephone: '13649871250',
        companyname: '东莞市长安镇恒丰注塑厂',
        jobtitle: '设备部经理',
        leadsourcecode: leadSource.referral,
        new_productline_id: await line('PL-HYD'),
        new_productinterest: '柱塞变量泵、液压油缸',
        new_province: '广东省',
        new_city: '东莞市',
        description: '二期新增 12 台注塑机，计划下季度采购液压系统，老客户介绍',
      },
      { open: true },
    ],
    [
      s1,
      {
        subject: '佛山顺德家电配件厂自动化产线电控升级',
        fullname: '梁国华',
        mobilephone: '13794412086',
        companyname: '佛山市顺德区美嘉电器配件有限公司',
        jobtitle: '生产总监',
        leadsourcecode: leadSource.exhibition,
        new_productline_id: await line('PL-ELE'),
        new_productinterest: 'PLC 控制器、触摸屏、变频器',
        new_store_id: await store('SP-FS003'),
        new_province: '广东省',
        new_city: '佛山市',
        description: '广州工博会展位留资，三条冲压线需要电控柜改造，预算约 30 万',
      },
      { open: true },
    ],
    [
      s1,
      {
        subject: '珠海港务集团门机动力总成更换',
        fullname: '吴建平',
        mobilephone: '13926015538',
        companyname: '珠海港兴机械工程有限公司',
        jobtitle: '采购经理',
        leadsourcecode: leadSource.website,
        new_productline_id: await line('PL-PWR'),
        new_productinterest: '柴油发动机总成',
        new_province: '广东省',
        new_city: '珠海市',
        description: '官网询价：4 台门机发动机总成更换，要求 45 天内到货',
      },
      { qualify: { customer: 'new', contact: 'new', opportunityName: '珠海港兴门机发动机总成更换', estimatedCloseDate: day(45) } },
    ],
    [
      s1,
      {
        subject: '恒丰注塑备用电机采购',
        fullname: '何志明',
        mobilephone: '13649871250',
        companyname: '东莞市长安镇恒丰注塑厂',
        leadsourcecode: leadSource.phone,
        new_productline_id: await line('PL-PWR'),
        new_productinterest: '三相异步电机',
        new_province: '广东省',
        new_city: '东莞市',
      },
      { qualify: { customer: dongguan ?? 'new', contact: 'new', estimatedCloseDate: day(20) } },
    ],
    [
      s1,
      {
        subject: '汕头玩具厂空压机询价',
        fullname: '蔡少鹏',
        mobilephone: '13502718864',
        companyname: '汕头市澄海区乐童玩具有限公司',
        leadsourcecode: leadSource.advert,
        new_productinterest: '空压机及配件',
        new_province: '广东省',
        new_city: '汕头市',
        description: '看到行业杂志广告来电，多次回拨无人接听',
      },
      { disqualify: { reason: leadDisqualifyReason.cannotContact, note: '一周内回拨 5 次均无人接听，短信未回复' } },
    ],
    [
      s1,
      {
        subject: '中山灯饰厂减速机更换',
        fullname: '林晓峰',
        mobilephone: '13631178825',
        companyname: '中山市古镇明辉灯饰厂',
        leadsourcecode: leadSource.dealer,
        new_productline_id: await line('PL-DRV'),
        new_productinterest: '斜齿轮减速机',
        new_province: '广东省',
        new_city: '中山市',
      },
      { disqualify: { reason: leadDisqualifyReason.noInterest, note: '客户已向原厂家采购，暂不考虑更换品牌' } },
    ],
    [
      s2,
      {
        subject: '苏州工业园区半导体厂洁净车间传动部件',
        fullname: '钱伟',
        mobilephone: '13913587602',
        companyname: '苏州晶芯半导体设备有限公司',
        jobtitle: '设备工程师',
        leadsourcecode: leadSource.website,
        new_productline_id: await line('PL-DRV'),
        new_productinterest: '滚珠丝杠副、伺服电机',
        new_province: '江苏省',
        new_city: '苏州市',
        description: '官网留言：洁净车间搬运线改造，需要技术交流',
      },
      { open: true },
    ],
    [
      s2,
      {
        subject: '常州恒通液压新厂房液压站',
        fullname: '徐志刚',
        mobilephone: '13915028871',
        companyname: '常州武进恒通液压设备有限公司',
        jobtitle: '总经理',
        leadsourcecode: leadSource.dealer,
        new_productline_id: await line('PL-HYD'),
        new_productinterest: '齿轮泵、电磁换向阀、溢流阀',
        new_province: '江苏省',
        new_city: '常州市',
        new_store_id: await store('SP-WX002'),
        description: '苏州恒达推荐，新厂房 3 套液压站，由无锡店跟进安装',
      },
      { qualify: { customer: 'new', contact: 'new', estimatedCloseDate: day(60) } },
    ],
    [
      s2,
      {
        subject: '无锡纺机厂轴承询价（重复）',
        fullname: '周晓东',
        mobilephone: '13861765590',
        companyname: '无锡新吴区锡东纺织机械厂',
        leadsourcecode: leadSource.phone,
        new_productline_id: await line('PL-DRV'),
        new_province: '江苏省',
        new_city: '无锡市',
      },
      { disqualify: { reason: leadDisqualifyReason.duplicate, note: '与经销商已跟进的需求重复，转由苏州恒达处理' } },
    ],
  ];

  const made = new Map<string, string>();
  for (const [who, row, fate] of leads) {
    const [leadId] = await insertRecords(sql, LEAD, who, [row], LANG);
    made.set(row.subject, leadId);
    if ('qualify' in fate) await runCommand(sql, who, leadController, 'qualify', leadId, { ...fate.qualify }, LANG);
    if ('disqualify' in fate)
      await runCommand(
        sql,
        who,
        leadController,
        'disqualify',
        leadId,
        { new_disqualifyreason: fate.disqualify.reason, new_disqualifynote: fate.disqualify.note },
        LANG,
      );
  }
  // 周敏 helps 韩冬 with the Foshan exhibition lead (the store is on his way).
  await addCollaborator(sql, s1, made.get('佛山顺德家电配件厂自动化产线电控升级')!, s2.principal.userId);

  // Opportunities made by hand across the stages, with products and competitors; two closed.
  const opp = async (
    who: Caller,
    row: Record<string, unknown>,
    products: [string, number, string?][],
    competitors: Record<string, unknown>[],
  ) => {
    const [oppId] = await insertRecords(sql, OPPORTUNITY, who, [row], LANG);
    const lines = [];
    for (const [no, quantity, price] of products)
      lines.push({ opportunityid: oppId, productid: await product(no), quantity, ...(price ? { priceperunit: price } : {}) });
    if (lines.length) await insertRecords(sql, PRODUCT, who, lines, LANG);
    if (competitors.length)
      await insertRecords(
        sql,
        COMPETITOR,
        who,
        competitors.map((c) => ({ new_opportunity_id: oppId, ...c })),
        LANG,
      );
    return oppId;
  };
  const customerOf = async (subject: string) =>
    (await sql.query<{ id: string }>('SELECT new_customer_id AS id FROM lead WHERE leadid = $1', [made.get(subject)])).rows[0].id;
  const zhuhai = await customerOf('珠海港务集团门机动力总成更换');
  const zhuhaiOpp = (
    await sql.query<{ id: string }>('SELECT new_opportunity_id AS id FROM lead WHERE leadid = $1', [
      made.get('珠海港务集团门机动力总成更换'),
    ])
  ).rows[0].id;
  // The qualified Zhuhai lead's opportunity has moved on: needs analysed, four engines priced.
  await sql.query('UPDATE opportunity SET new_stage = $2, closeprobability = 40 WHERE opportunityid = $1', [
    zhuhaiOpp,
    opportunityStage.develop,
  ]);
  await insertRecords(sql, PRODUCT, s1, [{ opportunityid: zhuhaiOpp, productid: await product('PW-EN-4102'), quantity: 4 }], LANG);
  await insertRecords(
    sql,
    COMPETITOR,
    s1,
    [
      {
        new_opportunity_id: zhuhaiOpp,
        new_name: '潍柴动力',
        new_threat: competitorThreat.high,
        new_price: '35200.00',
        new_strengths: '品牌知名度高，港口用户多',
        new_weaknesses: '交期 60 天以上',
      },
    ],
    LANG,
  );

  const guangzhou = await customer('广州天河区骏业汽修厂');
  const changzhou = await customerOf('常州恒通液压新厂房液压站');
  const wuxi = await customer('无锡新吴区锡东纺织机械厂');
  await opp(
    s1,
    {
      name: '骏业汽修厂举升机液压系统更新',
      new_customer_id: guangzhou,
      new_stage: opportunityStage.propose,
      estimatedclosedate: day(30),
      closeprobability: 60,
      description: '8 台举升机液压泵站更新，已提交方案',
    },
    [
      ['HC-GP-16', 8],
      ['HC-CV-06', 8],
      ['HC-RV-10', 8, '398.00'],
    ],
    [
      {
        new_name: '博世力士乐',
        new_threat: competitorThreat.medium,
        new_price: '17800.00',
        new_strengths: '品牌',
        new_weaknesses: '价格高',
      },
      { new_name: '本地液压维修厂', new_threat: competitorThreat.low, new_strengths: '上门快', new_weaknesses: '无质保' },
    ],
  );
  await opp(
    s1,
    {
      name: '恒丰注塑伺服节能改造',
      new_customer_id: dongguan,
      new_stage: opportunityStage.negotiate,
      estimatedclosedate: day(10),
      closeprobability: 80,
      description: '10 台注塑机伺服改造，价格谈判中',
    },
    [
      ['PW-SV-15', 10, '4100.00'],
      ['EC-HMI-07', 10],
    ],
    [
      {
        new_name: '汇川技术',
        new_threat: competitorThreat.high,
        new_price: '39500.00',
        new_strengths: '伺服方案成熟',
        new_weaknesses: '售后网点少',
      },
    ],
  );
  const won = await opp(
    s1,
    {
      name: '珠海港兴门机备用发电机组',
      new_customer_id: zhuhai,
      new_stage: opportunityStage.negotiate,
      estimatedclosedate: day(-5),
      closeprobability: 90,
    },
    [['PW-GS-30', 2, '41500.00']],
    [{ new_name: '康明斯', new_threat: competitorThreat.medium, new_price: '44800.00', new_strengths: '油耗低', new_weaknesses: '价格高' }],
  );
  await runCommand(sql, s1, opportunityController, 'win', won, { new_closereason: '价格与交期优于康明斯，客户已签字确认' }, LANG);
  await opp(
    s2,
    {
      name: '恒通液压新厂房液压站三套',
      new_customer_id: changzhou,
      new_stage: opportunityStage.develop,
      estimatedclosedate: day(60),
      closeprobability: 30,
    },
    [
      ['HC-PV-45', 3],
      ['HC-CY-80', 3],
    ],
    [],
  );
  const lost = await opp(
    s2,
    {
      name: '锡东纺机主传动减速机',
      new_customer_id: wuxi,
      new_stage: opportunityStage.propose,
      estimatedclosedate: day(-12),
      closeprobability: 50,
    },
    [['DR-GB-90', 6]],
    [
      {
        new_name: 'SEW 传动',
        new_threat: competitorThreat.high,
        new_price: '31000.00',
        new_strengths: '原配品牌',
        new_weaknesses: '交期长',
      },
    ],
  );
  await runCommand(sql, s2, opportunityController, 'lose', lost, { new_closereason: '客户坚持使用原配 SEW 品牌，价格未能打动' }, LANG);
}
