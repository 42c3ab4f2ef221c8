import { activityCheckResult, activityType, costApplyType, getEntity } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { runCommand } from '../documents/kernel.ts';
import { activityApplyController } from '../domain/marketing-funds/activity-apply.controller.ts';
import { costApplyController } from '../domain/marketing-funds/cost-apply.controller.ts';
import { chinaDate } from '../domain/china-time.ts';
import { flowDocument } from '../flow/documents.ts';
import { act } from '../flow/engine.ts';
import type { Caller } from '../records/scope.ts';
import { insertRecords } from '../records/write.ts';
import { fileForApproval, type HeadOfficeFlow, seedHeadOfficeFlow } from './head-office-flow.ts';
import { callerOf } from './parts.ts';
import type { DemoContext } from './service.ts';

/**
 * Marketing funds' demo (issue 28): the approval flows (cost and activity applications approved by
 * head-office sales, hqsales; write-off claims by head-office finance, hqfinance), and for both
 * dealers cost applications and activities in every state — draft, under review, approved (some at a
 * cut amount), rejected — activities checked on site (合格, 需整改, 不合格) and one waiting for its
 * check, and claims written off (credited to the dealer's account), under review and draft. All
 * through the record service, the document kernel and the approval engine, as users would; the
 * photos are attachment records (their files are not in the demo storage).
 */

const LANG = 'zh-CN';
type Outcome = 'draft' | 'review' | 'approve' | 'reject';
/** A China-time day `days` from today. */
const day = (days: number) => chinaDate(new Date(), days);

let photo = 0;
/** A photo attachment record of `entity` row `id`, uploaded by `by`. */
async function attachPhoto(sql: Sql, entity: string, id: string, name: string, by: Caller): Promise<void> {
  photo++;
  await sql.query(
    `INSERT INTO file_attachment (module_type, object_id, file_name, file_size, content_type, storage_key, created_by, modified_by)
     VALUES ($1, $2, $3, $4, 'image/png', $5, $6, $6)`,
    [entity, id, name, 180_000 + photo * 1_731, `att/demo/fund-photo-${photo}-png`, by.principal.userId],
  );
}

export async function seedMarketingFundsDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const sales = ['hqsales'];
  const flows: Record<string, HeadOfficeFlow> = {
    new_costapply: await seedHeadOfficeFlow(
      sql,
      ctx,
      'new_costapply',
      {
        flow: '市场费用申请审批',
        step: '总部销售审批',
        description: '经销商的广告、装修、展会与培训费用申请由总部销售管理部审批，可核减金额',
      },
      sales,
    ),
    new_activityapply: await seedHeadOfficeFlow(
      sql,
      ctx,
      'new_activityapply',
      { flow: '市场活动申请审批', step: '总部销售审批', description: '经销商的市场活动方案与费用由总部销售管理部审批，可核减金额' },
      sales,
    ),
    new_activityuse: await seedHeadOfficeFlow(
      sql,
      ctx,
      'new_activityuse',
      { flow: '市场费用核销审批', step: '总部财务审核', description: '经销商凭发票与现场照片申请核销，总部财务审核后冲抵往来账' },
      ['hqfinance'],
    ),
  };
  const who = {
    dealer1: await callerOf(sql, 'dealer1'),
    dealer2: await callerOf(sql, 'dealer2'),
    hqsales: await callerOf(sql, 'hqsales'),
    hqfinance: await callerOf(sql, 'hqfinance'),
    branch1: await callerOf(sql, 'branch1'),
  };
  /** Through the approval engine: submitted to the flow's approver, perhaps cut first, then approved or rejected. */
  const decide = async (entity: string, id: string, by: Caller, outcome: Outcome, opts: { cut?: string; memo?: string } = {}) => {
    if (outcome === 'draft') return;
    const approver = entity === 'new_activityuse' ? who.hqfinance : who.hqsales;
    await fileForApproval(sql, flows[entity], id, { submitter: by.principal.userId, approver: approver.principal.userId }, 'review');
    if (opts.cut) {
      const ctrl = entity === 'new_costapply' ? costApplyController : activityApplyController;
      await runCommand(sql, approver, ctrl, 'cut', id, { new_approvedamount: opts.cut }, LANG);
    }
    if (outcome === 'review') return;
    await act(
      sql,
      flowDocument(entity)!,
      id,
      approver.principal.userId,
      outcome,
      opts.memo ?? (outcome === 'approve' ? '同意' : '请补充费用明细'),
    );
  };

  const cost = async (
    by: Caller,
    v: { type: number; purpose: string; from: number; to: number; amount: string; remark?: string },
    outcome: Outcome,
    opts: { cut?: string; memo?: string } = {},
  ) => {
    const [id] = await insertRecords(
      sql,
      getEntity('new_costapply')!,
      by,
      [
        {
          new_type: v.type,
          new_purpose: v.purpose,
          new_startdate: day(v.from),
          new_enddate: day(v.to),
          new_amount: v.amount,
          new_remark: v.remark ?? null,
        },
      ],
      LANG,
    );
    await decide('new_costapply', id, by, outcome, opts);
    return id;
  };

  const activity = async (
    by: Caller,
    v: { theme: string; type: number; from: number; to: number; place: string; sales: string; plan: string; lines: [string, string][] },
    outcome: Outcome,
    opts: { cut?: string; memo?: string } = {},
  ) => {
    const [id] = await insertRecords(
      sql,
      getEntity('new_activityapply')!,
      by,
      [
        {
          new_theme: v.theme,
          new_type: v.type,
          new_startdate: day(v.from),
          new_enddate: day(v.to),
          new_place: v.place,
          new_expectedsales: v.sales,
          new_description: v.plan,
        },
      ],
      LANG,
    );
    await insertRecords(
      sql,
      getEntity('new_activityapplydetail')!,
      by,
      v.lines.map(([item, amount]) => ({ new_activityapply_id: id, new_name: item, new_amount: amount })),
      LANG,
    );
    await decide('new_activityapply', id, by, outcome, opts);
    return id;
  };

  /** The inspector's on-site check: photos first, then the check command. */
  const check = async (inspector: Caller, id: string, result: number, daysAgo: number, remark: string, photos: string[]) => {
    for (const p of photos) await attachPhoto(sql, 'new_activityapply', id, p, inspector);
    await runCommand(
      sql,
      inspector,
      activityApplyController,
      'check',
      id,
      { new_checkresult: result, new_checkdate: day(-daysAgo), new_checkremark: remark },
      LANG,
    );
  };

  /** A write-off claim with its actual cost lines and photos. */
  const claim = async (
    by: Caller,
    target: { activity?: string; cost?: string },
    lines: [item: string, amount: string, invoice: string][],
    photos: string[],
    outcome: Outcome,
    remark?: string,
  ) => {
    const [id] = await insertRecords(
      sql,
      getEntity('new_activityuse')!,
      by,
      [{ new_activityapply_id: target.activity ?? null, new_costapply_id: target.cost ?? null, new_remark: remark ?? null }],
      LANG,
    );
    await insertRecords(
      sql,
      getEntity('new_activityusedetail')!,
      by,
      lines.map(([item, amount, invoice]) => ({ new_activityuse_id: id, new_name: item, new_amount: amount, new_invoiceno: invoice })),
      LANG,
    );
    for (const p of photos) await attachPhoto(sql, 'new_activityuse', id, p, by);
    await decide('new_activityuse', id, by, outcome);
    return id;
  };

  // 广州粤华 (dealer1, 华南): an advertising cost approved at a cut and part written off, a fitting under review, a training draft.
  const metro = await cost(
    who.dealer1,
    { type: costApplyType.advertising, purpose: '广州地铁3号线体育西路站灯箱广告', from: -60, to: 30, amount: '60000.00' },
    'approve',
    { cut: '50000.00', memo: '按刊例价核减，同意 50,000 元' },
  );
  await cost(
    who.dealer1,
    { type: costApplyType.decoration, purpose: '天河城店门头及形象墙翻新', from: 5, to: 25, amount: '35000.00' },
    'review',
  );
  await cost(
    who.dealer1,
    { type: costApplyType.training, purpose: '导购员新品培训（12 月，两期）', from: 10, to: 12, amount: '8000.00', remark: '含讲师差旅' },
    'draft',
  );
  const expo = await activity(
    who.dealer1,
    {
      theme: '广州琶洲家电展',
      type: activityType.exhibition,
      from: -40,
      to: -37,
      place: '广州琶洲国际会展中心 B 区 12.1 馆',
      sales: '600000.00',
      plan: '租用 54 平方米特装展位，展示全系新品，现场签约经销与团购订单。',
      lines: [
        ['展位费', '30000.00'],
        ['特装搭建与布展', '18000.00'],
        ['宣传物料与礼品', '6000.00'],
      ],
    },
    'approve',
    { cut: '45000.00', memo: '搭建费按标准核减' },
  );
  await check(who.hqsales, expo, activityCheckResult.passed, 38, '展位与方案一致，人流量大，现场签约 23 单。', [
    '琶洲展位全景.png',
    '新品展台.png',
  ]);
  await claim(
    who.dealer1,
    { activity: expo },
    [
      ['展位费', '20000.00', '44012345'],
      ['特装搭建', '8600.00', '44012399'],
    ],
    ['展位现场.png', '展位费发票.png'],
    'approve',
    '展会已结束，按实际发生核销',
  );
  await claim(who.dealer1, { activity: expo }, [['宣传物料与礼品', '9800.00', '44018876']], ['礼品签收单.png'], 'review');
  await claim(who.dealer1, { cost: metro }, [['灯箱广告（10–11 月）', '20000.00', '44021120']], ['灯箱实拍.png'], 'approve');
  await activity(
    who.dealer1,
    {
      theme: '天河城店国庆促销',
      type: activityType.holiday,
      from: -10,
      to: 3,
      place: '广州天河城购物中心 5 楼粤华专卖店',
      sales: '180000.00',
      plan: '国庆期间以旧换新补贴与满额赠礼，门店外场布置促销堆头。',
      lines: [
        ['外场堆头与物料', '12000.00'],
        ['满额赠礼', '8000.00'],
      ],
    },
    'approve',
  );
  await activity(
    who.dealer1,
    {
      theme: '白云万达店会员体验日',
      type: activityType.experience,
      from: 14,
      to: 14,
      place: '广州白云万达广场 2 楼粤华体验店',
      sales: '50000.00',
      plan: '邀请老会员到店体验新品，现场讲解与抽奖。',
      lines: [['茶歇与抽奖礼品', '3500.00']],
    },
    'draft',
  );

  // 苏州恒达 (dealer2, 华东, checked by branch1): an opening approved at a cut and part written off, checked 需整改; a failed check; one under review, one rejected.
  const opening = await activity(
    who.dealer2,
    {
      theme: '苏州园区店开业促销',
      type: activityType.opening,
      from: -20,
      to: -14,
      place: '苏州工业园区星湖街 218 号恒达旗舰店',
      sales: '800000.00',
      plan: '新店开业一周：开业剪彩、进店有礼、前 100 名下单抽奖，同步投放朋友圈广告。',
      lines: [
        ['场地布置与拱门', '18000.00'],
        ['进店礼品与抽奖', '20000.00'],
        ['朋友圈广告投放', '12000.00'],
      ],
    },
    'approve',
    { cut: '40000.00', memo: '广告投放按实际效果另行申请，核定 40,000 元' },
  );
  await check(who.branch1, opening, activityCheckResult.rectify, 17, '活动如期举办，拱门与堆头到位；抽奖登记表不全，需补齐中奖人签字。', [
    '园区店开业现场.png',
    '抽奖登记表.png',
  ]);
  await claim(
    who.dealer2,
    { activity: opening },
    [
      ['场地布置与拱门', '16500.00', '32051877'],
      ['进店礼品', '10000.00', '32051902'],
    ],
    ['开业剪彩.png', '礼品发放.png', '布置发票.png'],
    'approve',
  );
  await claim(who.dealer2, { activity: opening }, [['抽奖礼品（补录）', '5000.00', '32052210']], [], 'draft');
  const tasting = await activity(
    who.dealer2,
    {
      theme: '相城店周末品鉴会',
      type: activityType.experience,
      from: -9,
      to: -8,
      place: '苏州相城区阳澄湖东路 66 号恒达体验店',
      sales: '60000.00',
      plan: '周末两天厨电品鉴，现场烹饪演示。',
      lines: [['食材与厨师', '6000.00']],
    },
    'approve',
  );
  await check(who.branch1, tasting, activityCheckResult.failed, 8, '到店核查时活动未举办，门店未布置。', ['相城店门店实拍.png']);
  // Approved and waiting for branch1's check (待稽核).
  await activity(
    who.dealer2,
    {
      theme: '观前街店周年庆',
      type: activityType.holiday,
      from: -2,
      to: 5,
      place: '苏州姑苏区观前街 128 号恒达专卖店',
      sales: '120000.00',
      plan: '开店三周年：老客回店礼、以旧换新加补 300 元。',
      lines: [
        ['回店礼品', '8000.00'],
        ['以旧换新补贴', '10000.00'],
      ],
    },
    'approve',
  );
  await activity(
    who.dealer2,
    {
      theme: '昆山路演巡展',
      type: activityType.roadshow,
      from: 7,
      to: 9,
      place: '昆山市前进中路吾悦广场中庭',
      sales: '150000.00',
      plan: '商场中庭三天路演，新品展示与现场团购。',
      lines: [
        ['中庭场租', '9000.00'],
        ['舞台与音响', '7000.00'],
      ],
    },
    'review',
  );
  await activity(
    who.dealer2,
    {
      theme: '吴中店中秋促销',
      type: activityType.holiday,
      from: -70,
      to: -64,
      place: '苏州吴中区东吴北路 98 号恒达专卖店',
      sales: '90000.00',
      plan: '中秋礼盒满赠。',
      lines: [['礼盒', '15000.00']],
    },
    'reject',
    { memo: '请补充礼盒采购明细与报价' },
  );
  await cost(
    who.dealer2,
    { type: costApplyType.advertising, purpose: '苏州交通广播早晚高峰插播广告', from: -30, to: 60, amount: '18000.00' },
    'approve',
  );
  await cost(
    who.dealer2,
    { type: costApplyType.exhibition, purpose: '2026 苏州家电博览会参展', from: -50, to: -48, amount: '25000.00' },
    'reject',
    { memo: '该展会由总部统一参展，经销商无需单独申请' },
  );
  await cost(who.dealer2, { type: costApplyType.training, purpose: '售后与导购联合培训', from: 20, to: 21, amount: '6000.00' }, 'review');
}
