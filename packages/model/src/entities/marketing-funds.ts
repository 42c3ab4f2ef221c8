import { date, dateTime, defineEntity, int, label, lookup, memo, type MoneyField, money, optionSet, text } from '../define.ts';
import type { BusinessUnitKind } from '../menu.ts';
import { approvalStatus } from '../option-sets/approval.ts';
import { activityCheckResult, activityType, costApplyType } from '../option-sets/marketing-funds.ts';
import { businessUnitType } from '../option-sets/organisation.ts';

/*
 * Marketing funds (市场费用, issue 28): a dealer applies for a cost (费用申请: 广告、装修、展会、培训)
 * or an activity (活动申请: theme, dates, place, expected sales, cost lines); head office approves
 * through the approval engine and may cut the amount (核定金额, never above what was asked); the
 * branch inspector checks an approved activity on site (稽核: photos and a result); the dealer then
 * claims what it spent (费用核销: actual cost lines, invoice numbers, photos) against either, never
 * more than is left, and an approved claim credits the dealer's account. Business: server
 * domain/marketing-funds/. Every amount decided or kept by the server is readOnly here.
 */

const RO = { readOnly: true } as const;
const AMOUNT = { min: 0.01, max: 99999999 } as const;
/** Head office and branches read; dealers apply. */
const FUNDS_UNITS: readonly BusinessUnitKind[] = [businessUnitType.headOffice, businessUnitType.branch, businessUnitType.dealer];

/** What every fund application carries: the amounts approved, written off (approved claims) and claimed under review. */
const fundAmounts = (requested: MoneyField) => ({
  new_amount: requested,
  new_approvedamount: money(label('核定金额', 'Approved amount'), { ...RO, ...AMOUNT }),
  new_usedamount: money(label('已核销金额', 'Written off'), RO),
  new_pendingamount: money(label('核销审批中', 'Claimed, under review'), RO),
  new_remaining: money(label('剩余金额', 'Remaining'), { ...RO, computed: 'new_approvedamount - new_usedamount' }),
  new_available: money(label('可核销金额', 'Available to claim'), {
    ...RO,
    computed: 'new_approvedamount - new_usedamount - new_pendingamount',
  }),
});
// The ledger's backstop: approved within what was asked, claims (approved and under review) within what was approved.
const FUND_CHECKS = {
  requested: 'new_amount >= 0',
  approved: 'new_approvedamount IS NULL OR (new_approvedamount > 0 AND new_approvedamount <= new_amount)',
  claimed:
    'new_usedamount >= 0 AND new_pendingamount >= 0 AND ((new_approvedamount IS NULL AND new_usedamount + new_pendingamount = 0) OR new_usedamount + new_pendingamount <= new_approvedamount)',
};
const sorted = [['createdon', 'desc']] as [string, 'desc'][];
type Filter = Record<string, number | null | readonly number[]>;
const view = (l: ReturnType<typeof label>, columns: string[], filter?: Filter) => ({
  label: l,
  columns,
  orderBy: sorted,
  ...(filter ? { filter } : {}),
});
const TO_SUBMIT = { new_approvalstatus: [approvalStatus.draft, approvalStatus.rejected] };
const UNDER_REVIEW = { new_approvalstatus: [approvalStatus.underReview] };
const APPROVED = { new_approvalstatus: [approvalStatus.approved] };
const underReviewView = (columns: string[]) => ({
  label: label('审批中', 'Under review'),
  columns: [...columns.slice(0, 4), 'new_stepname', 'new_stepuser_id', 'new_submittime'],
  orderBy: [['new_submittime', 'desc']] as [string, 'desc'][],
  filter: UNDER_REVIEW,
});
/** The approver cuts the amount before approving (its controller: only the current step's approver, 0 < approved ≤ requested). */
const cut = {
  label: 'funds.cut',
  from: [approvalStatus.underReview],
  privilege: 'approval.act',
  inputs: ['new_approvedamount'],
  refused: 'funds.cutRefused',
} as const;

const COST_COLUMNS = [
  'new_name',
  'new_type',
  'new_purpose',
  'new_dealer_id',
  'new_amount',
  'new_approvedamount',
  'new_usedamount',
  'new_remaining',
  'new_approvalstatus',
  'createdon',
];

/**
 * A cost application (费用申请, /costapply): a dealer's request for advertising, shop fitting, an
 * exhibition or training, with its purpose, period and amount; head office approves it (perhaps at
 * a lower amount). Written off by the dealer's claims (费用核销) up to the approved amount.
 */
export const costApply = defineEntity({
  logicalName: 'new_costapply',
  entitySet: 'new_costapplies',
  label: label('费用申请', 'Cost application'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.read', write: 'funds.apply' },
  attachments: true,
  screens: {
    list: {
      name: 'costApplyList',
      path: '/costapply/list',
      title: 'menu.costApply',
      viewTabs: true,
      allowImport: false,
      menu: { group: 'finance', order: 30, key: 'costApply', label: 'menu.costApply', units: FUNDS_UNITS },
    },
    create: { name: 'costApplyCreate', path: '/costapply/create', page: 'CostApplyPage' },
    view: { name: 'costApplyView', path: '/costapply/view/:id', page: 'CostApplyPage' },
  },
  document: {
    number: { prefix: 'FY', period: 'month' },
    approval: { amount: 'new_amount' },
    commands: { cut },
  },
  fields: {
    new_name: text(label('申请单号', 'Application number'), { ...RO, unique: true, searchable: true, maxLength: 40 }),
    new_dealer_id: lookup('businessunit', label('经销商', 'Dealer'), { ...RO, indexed: true }),
    new_type: optionSet(costApplyType, undefined, { required: true }),
    new_purpose: text(label('费用用途', 'Purpose'), { required: true, searchable: true, maxLength: 200 }),
    new_startdate: date(label('开始日期', 'Start date'), { required: true }),
    new_enddate: date(label('结束日期', 'End date'), { required: true }),
    // Entered by the dealer (an activity's is the sum of its lines).
    ...fundAmounts(money(label('申请金额', 'Requested amount'), { required: true, ...AMOUNT })),
    new_remark: text(label('备注', 'Remark'), { maxLength: 200 }),
  },
  checks: { ...FUND_CHECKS, requested: 'new_amount > 0' },
  indexes: [['owningbusinessunit', 'createdon']],
  views: {
    all: view(label('全部费用申请', 'All cost applications'), COST_COLUMNS),
    draft: view(label('待提交', 'To be submitted'), COST_COLUMNS, TO_SUBMIT),
    toApprove: underReviewView(COST_COLUMNS),
    approved: view(label('已审批', 'Approved'), COST_COLUMNS, APPROVED),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('申请信息', 'Application'),
        fields: ['new_name', 'new_dealer_id', 'new_type', 'new_purpose', 'new_startdate', 'new_enddate', 'new_amount', 'new_remark'],
      },
      {
        key: 'amounts',
        label: label('核定与核销', 'Approved and written off'),
        fields: ['new_approvedamount', 'new_usedamount', 'new_pendingamount', 'new_remaining', 'new_available'],
        on: 'edit',
      },
    ],
  },
});

const ACTIVITY_COLUMNS = [
  'new_name',
  'new_theme',
  'new_type',
  'new_dealer_id',
  'new_startdate',
  'new_enddate',
  'new_amount',
  'new_approvedamount',
  'new_usedamount',
  'new_remaining',
  'new_approvalstatus',
  'new_checkresult',
];

/**
 * An activity application (活动申请, /activityapply): theme, kind, dates (start ≤ end), place,
 * expected sales and its cost lines (the requested amount is their sum); approval that may cut the
 * amount. Once approved, the branch inspector (funds.check) checks it on site (稽核): photos
 * attached to the application, a result and remarks (`check`, the view's check variant
 * `/activityapply/view/:id?mode=check`). A failed check stops its write-off.
 */
export const activityApply = defineEntity({
  logicalName: 'new_activityapply',
  entitySet: 'new_activityapplies',
  label: label('活动申请', 'Activity application'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  // The inspector attaches the site photos without writing the dealer's application.
  access: { read: 'sales.read', write: 'funds.apply', attach: 'funds.check' },
  attachments: true,
  screens: {
    list: {
      name: 'activityApplyList',
      path: '/activityapply/list',
      title: 'menu.activityApply',
      viewTabs: true,
      allowImport: false,
      menu: { group: 'finance', order: 32, key: 'activityApply', label: 'menu.activityApply', units: FUNDS_UNITS },
    },
    create: { name: 'activityApplyCreate', path: '/activityapply/create', page: 'ActivityApplyPage' },
    view: { name: 'activityApplyView', path: '/activityapply/view/:id', page: 'ActivityApplyPage' },
  },
  document: {
    number: { prefix: 'HD', period: 'month' },
    lines: [{ entity: 'new_activityapplydetail', parent: 'new_activityapply_id', totals: { new_amount: 'new_amount' } }],
    approval: { amount: 'new_amount' },
    commands: {
      cut,
      // The inspector records the on-site check of an approved activity (its controller: photos first, once).
      check: {
        label: 'funds.checkAction',
        from: [approvalStatus.approved],
        privilege: 'funds.check',
        inputs: ['new_checkresult', 'new_checkdate', 'new_checkremark'],
        refused: 'funds.checkNotApproved',
      },
    },
  },
  fields: {
    new_name: text(label('申请单号', 'Application number'), { ...RO, unique: true, searchable: true, maxLength: 40 }),
    new_dealer_id: lookup('businessunit', label('经销商', 'Dealer'), { ...RO, indexed: true }),
    new_theme: text(label('活动主题', 'Theme'), { required: true, searchable: true, maxLength: 100 }),
    new_type: optionSet(activityType, undefined, { required: true }),
    new_startdate: date(label('开始日期', 'Start date'), { required: true }),
    new_enddate: date(label('结束日期', 'End date'), { required: true }),
    new_place: text(label('活动地点', 'Place'), { required: true, searchable: true, maxLength: 200 }),
    new_expectedsales: money(label('预计销售额', 'Expected sales'), { required: true, min: 0, max: 999999999 }),
    new_description: memo(label('活动方案', 'Plan'), { maxLength: 1000 }),
    ...fundAmounts(money(label('申请金额', 'Requested amount'), RO)),
    new_checkresult: optionSet(activityCheckResult, undefined, { ...RO, indexed: true }),
    new_checkdate: date(label('稽核日期', 'Check date'), RO),
    new_checkremark: text(label('稽核说明', 'Check remarks'), { ...RO, maxLength: 500 }),
    new_checkedby_id: lookup('systemuser', label('稽核人', 'Checked by'), RO),
    new_checkedon: dateTime(label('稽核时间', 'Checked on'), RO),
    new_checkphotos: int(label('现场照片数', 'Site photos'), RO),
  },
  checks: FUND_CHECKS,
  indexes: [['owningbusinessunit', 'createdon']],
  views: {
    all: view(label('全部活动', 'All activities'), ACTIVITY_COLUMNS),
    draft: view(label('待提交', 'To be submitted'), ACTIVITY_COLUMNS, TO_SUBMIT),
    toApprove: underReviewView(ACTIVITY_COLUMNS),
    approved: view(label('已审批', 'Approved'), ACTIVITY_COLUMNS, APPROVED),
    toCheck: view(label('待稽核', 'To be checked'), ACTIVITY_COLUMNS, { ...APPROVED, new_checkresult: null }),
    checked: view(label('已稽核', 'Checked'), ACTIVITY_COLUMNS, {
      new_checkresult: [activityCheckResult.passed, activityCheckResult.rectify, activityCheckResult.failed],
    }),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('活动信息', 'Activity'),
        fields: [
          'new_name',
          'new_dealer_id',
          'new_theme',
          'new_type',
          'new_startdate',
          'new_enddate',
          'new_place',
          'new_expectedsales',
          'new_description',
        ],
      },
      {
        key: 'amounts',
        label: label('金额', 'Amounts'),
        fields: ['new_amount', 'new_approvedamount', 'new_usedamount', 'new_pendingamount', 'new_remaining', 'new_available'],
        on: 'edit',
      },
      {
        key: 'check',
        label: label('现场稽核', 'On-site check'),
        fields: ['new_checkresult', 'new_checkdate', 'new_checkremark', 'new_checkedby_id', 'new_checkedon', 'new_checkphotos'],
        on: 'edit',
      },
    ],
  },
});

/** A cost line of an activity (费用明细): item and amount; the application's requested amount is their sum. */
export const activityApplyDetail = defineEntity({
  logicalName: 'new_activityapplydetail',
  entitySet: 'new_activityapplydetails',
  label: label('费用明细', 'Cost line'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.read', write: 'funds.apply' },
  fields: {
    new_name: text(label('费用项目', 'Item'), { required: true, maxLength: 100 }),
    new_activityapply_id: lookup('new_activityapply', label('活动申请', 'Activity application'), { required: true, indexed: true }),
    new_amount: money(label('金额', 'Amount'), { required: true, ...AMOUNT }),
    new_remark: text(label('说明', 'Remark'), { maxLength: 200 }),
  },
  checks: { amount: 'new_amount > 0' },
  views: {
    byDocument: {
      label: label('费用明细', 'Cost lines'),
      columns: ['new_name', 'new_amount', 'new_remark'],
      orderBy: [['createdon', 'asc']],
    },
  },
});

const USE_COLUMNS = [
  'new_name',
  'new_activityapply_id',
  'new_costapply_id',
  'new_theme',
  'new_dealer_id',
  'new_amount',
  'new_approvalstatus',
  'new_creditedon',
  'createdon',
];

/**
 * A write-off claim (费用核销, /activityuse): what the dealer spent on an approved activity or cost
 * application (exactly one of them): actual cost lines with their invoice numbers, photos attached
 * (required at submit). Σ approved and submitted claims ≤ the application's approved amount,
 * refused at save and at submit with what is left; final approval credits the dealer's account.
 */
export const activityUse = defineEntity({
  logicalName: 'new_activityuse',
  entitySet: 'new_activityuses',
  label: label('费用核销', 'Fund write-off'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.read', write: 'funds.apply' },
  attachments: true,
  screens: {
    list: {
      name: 'activityUseList',
      path: '/activityuse/list',
      title: 'menu.activityUse',
      viewTabs: true,
      allowImport: false,
      menu: { group: 'finance', order: 34, key: 'activityUse', label: 'menu.activityUse', units: FUNDS_UNITS },
    },
    create: { name: 'activityUseCreate', path: '/activityuse/create', page: 'ActivityUsePage' },
    view: { name: 'activityUseView', path: '/activityuse/view/:id', page: 'ActivityUsePage' },
  },
  document: {
    number: { prefix: 'HX', period: 'month' },
    lines: [{ entity: 'new_activityusedetail', parent: 'new_activityuse_id', totals: { new_amount: 'new_amount' } }],
    approval: { amount: 'new_amount' },
  },
  fields: {
    new_name: text(label('核销单号', 'Claim number'), { ...RO, unique: true, searchable: true, maxLength: 40 }),
    new_dealer_id: lookup('businessunit', label('经销商', 'Dealer'), { ...RO, indexed: true }),
    new_activityapply_id: lookup('new_activityapply', label('活动申请', 'Activity application'), { indexed: true }),
    new_costapply_id: lookup('new_costapply', label('费用申请', 'Cost application'), { indexed: true }),
    new_theme: text(label('活动/费用主题', 'Theme or purpose'), { ...RO, searchable: true, maxLength: 200 }),
    new_amount: money(label('核销金额', 'Claimed amount'), RO),
    new_remark: text(label('核销说明', 'Remark'), { maxLength: 200 }),
    new_creditedon: dateTime(label('入账时间', 'Credited on'), RO),
  },
  checks: {
    amount: 'new_amount >= 0',
    // Against one application, never both.
    one: 'new_activityapply_id IS NULL OR new_costapply_id IS NULL',
  },
  indexes: [['owningbusinessunit', 'createdon']],
  views: {
    all: view(label('全部核销', 'All claims'), USE_COLUMNS),
    draft: view(label('待提交', 'To be submitted'), USE_COLUMNS, TO_SUBMIT),
    toApprove: underReviewView(USE_COLUMNS),
    approved: view(label('已核销', 'Written off'), USE_COLUMNS, APPROVED),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('核销信息', 'Claim'),
        fields: ['new_name', 'new_dealer_id', 'new_activityapply_id', 'new_costapply_id', 'new_theme', 'new_remark'],
      },
      { key: 'amounts', label: label('金额', 'Amounts'), fields: ['new_amount', 'new_creditedon'], on: 'edit' },
    ],
  },
});

/** A claim's actual cost line (实际费用): item, amount and the invoice behind it. */
export const activityUseDetail = defineEntity({
  logicalName: 'new_activityusedetail',
  entitySet: 'new_activityusedetails',
  label: label('实际费用', 'Actual cost'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.read', write: 'funds.apply' },
  fields: {
    new_name: text(label('费用项目', 'Item'), { required: true, maxLength: 100 }),
    new_activityuse_id: lookup('new_activityuse', label('费用核销', 'Fund write-off'), { required: true, indexed: true }),
    new_amount: money(label('实际金额', 'Amount'), { required: true, ...AMOUNT }),
    new_invoiceno: text(label('发票号码', 'Invoice number'), { required: true, maxLength: 40 }),
    new_remark: text(label('说明', 'Remark'), { maxLength: 200 }),
  },
  checks: { amount: 'new_amount > 0' },
  views: {
    byDocument: {
      label: label('实际费用', 'Actual costs'),
      columns: ['new_name', 'new_invoiceno', 'new_amount', 'new_remark'],
      orderBy: [['createdon', 'asc']],
    },
  },
});
