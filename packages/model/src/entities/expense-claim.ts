import type { DocumentCommand } from '../document.ts';
import type { ExpenseCommand } from '../expense-api.ts';
import { approvalStatus } from '../option-sets/approval.ts';
import { bool, date, dateTime, defineEntity, int, label, lookup, memo, money, optionSet, text, type FieldDef } from '../define.ts';
import { expenseFormStatus, expenseLineType, expenseSection, settleWay, siteConfirmStatus } from '../option-sets/expense.ts';
import { STATIONS } from '../screens.ts';

// Every field is written by the settlement commands (packages/server/src/domain/expense/), never by
// a generic edit: the entities declare no write privilege.
const RO = { readOnly: true } as const;

/** The amounts a statement and each of its lines carry (spec 001 §3), yuan with 2 decimals. */
const AMOUNTS = {
  new_workhouramount: money(label('工时费', 'Labour'), RO),
  new_partsamount: money(label('配件费', 'Parts'), RO),
  new_outsideamount: money(label('外出费', 'Outside trips'), RO),
  new_otheramount: money(label('其他费用', 'Other costs'), RO),
  new_grantsamount: money(label('补贴（特殊费用）', 'Grants (special fees)'), RO),
  new_rewardamount: money(label('奖励', 'Rewards'), RO),
  new_fineamount: money(label('罚款', 'Penalties'), RO),
} satisfies Record<string, FieldDef>;

/** Additions minus deductions; kept by the database so it can never disagree with its parts (the commands never leave an amount null). */
const LINE_TOTAL =
  'new_workhouramount + new_partsamount + new_outsideamount + new_otheramount + new_grantsamount + new_rewardamount - new_fineamount';
const CLAIM_TOTAL = `${LINE_TOTAL} + new_outsourcedamount + new_oldpartfreight + new_returnfreight - new_returnamount - new_oldpartamount`;

/**
 * A statement's command at its spec path (/api/expense/claims/:id/<name>), from one formstatus to the
 * next, asking for `inputs`. Every command is open to whoever reads statements (expense.read); its side
 * (the statement's own station, or head office with expense.write) is the controller's, refused naming the step.
 */
const claimCommand = (name: ExpenseCommand, from: number, to: number, inputs: readonly string[] = []) =>
  ({
    label: `expense.action.${name}`,
    from: [from],
    to,
    privilege: 'expense.read',
    path: `/expense/claims/:id/${name}`,
    refused: 'expense.wrongState',
    ...(inputs.length ? { inputs } : {}),
  }) as const satisfies DocumentCommand;

/** Monthly expense settlement of a station (费用结算单, spec 001 §3, §4). */
export const expenseClaim = defineEntity({
  logicalName: 'new_srv_expense_claim',
  entitySet: 'new_srv_expense_claims',
  label: label('费用结算单', 'Expense settlement'),
  scope: { kind: 'station', field: 'new_station_id' },
  access: { read: 'expense.read', notCreatedHere: 'expense.onlyModify' },
  screens: {
    list: {
      name: 'expenseClaimList',
      path: '/expenseClaim/list',
      keepAlive: true,
      page: 'ExpenseClaimListPage',
      menu: { group: 'service', order: 120, key: 'expenseClaim', label: 'menu.expenseClaim', units: STATIONS },
    },
    edit: { name: 'expenseClaimEdit', path: '/expenseClaim/edit/:id', page: 'ExpenseClaimPage' },
  },
  // Generated, then moved only by its commands (server domain/expense/expense.controller.ts), each for
  // one side: the station's own users or head office (expense.write).
  document: {
    status: { field: 'new_formstatus', set: expenseFormStatus, initial: expenseFormStatus.toSubmit, editable: [] },
    commands: {
      submit: claimCommand('submit', expenseFormStatus.toSubmit, expenseFormStatus.oldPartsToReturn, ['new_bank', 'new_bankcode']),
      returnOldParts: claimCommand('returnOldParts', expenseFormStatus.oldPartsToReturn, expenseFormStatus.oldPartsToReceive),
      receiveOldParts: claimCommand('receiveOldParts', expenseFormStatus.oldPartsToReceive, expenseFormStatus.toCalculate),
      calculate: claimCommand('calculate', expenseFormStatus.toCalculate, expenseFormStatus.toConfirm, [
        'new_adjustamount',
        'new_adjustreason',
      ]),
      confirm: { ...claimCommand('confirm', expenseFormStatus.toConfirm, expenseFormStatus.confirmed), confirm: 'expense.ui.confirmAsk' },
      doubt: claimCommand('doubt', expenseFormStatus.toConfirm, expenseFormStatus.toCalculate, ['new_doubt']),
      // Also while still to be confirmed once the time for doubts has run out (the statement then counts as confirmed).
      invoice: {
        ...claimCommand('invoice', expenseFormStatus.confirmed, expenseFormStatus.invoiceAccepted, [
          'new_invoiceno',
          'new_invoicedate',
          'new_invoiceamount',
        ]),
        from: [expenseFormStatus.toConfirm, expenseFormStatus.confirmed],
      },
      pay: claimCommand('pay', expenseFormStatus.invoiceAccepted, expenseFormStatus.paid, ['new_payeddate']),
    },
    print: { path: '/expenseClaim/print/:id', label: 'expense.print.open' },
  },
  fields: {
    new_name: text(label('结算单号', 'Number'), { readOnly: true, searchable: true, maxLength: 40, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { ...RO, indexed: true }),
    new_year: int(label('结算年度', 'Year'), RO),
    new_month: int(label('结算月份', 'Month'), { ...RO, min: 1, max: 12 }),
    new_section: optionSet(expenseSection, undefined, RO),
    new_settleway: optionSet(settleWay, undefined, RO),
    new_periodend: date(label('截止日期', 'Period ends'), RO),
    new_workordercount: int(label('工单数', 'Work orders'), RO),
    ...AMOUNTS,
    new_returnamount: money(label('退货扣款', 'Returns'), RO),
    new_oldpartamount: money(label('旧件扣款', 'Old parts'), RO),
    new_outsourcedamount: money(label('外购配件费', 'Outsourced parts'), RO),
    new_oldpartfreight: money(label('旧件运费', 'Old-part freight'), RO),
    new_returnfreight: money(label('返件运费', 'Return freight'), RO),
    new_totalamount: money(label('结算金额', 'Total'), { ...RO, computed: CLAIM_TOTAL }),
    new_adjustamount: money(label('调整金额', 'Adjustment'), RO),
    new_adjustreason: memo(label('调整原因', 'Adjustment reason'), { ...RO, maxLength: 500 }),
    new_approvalamount: money(label('审批金额', 'Approved amount'), RO),
    new_bank: text(label('开户银行', 'Bank'), { ...RO, maxLength: 100 }),
    new_bankcode: text(label('银行账号', 'Bank account'), { ...RO, maxLength: 40 }),
    new_invoiceno: text(label('发票号码', 'Invoice number'), { ...RO, maxLength: 40, searchable: true }),
    new_invoicedate: date(label('开票日期', 'Invoice date'), RO),
    new_invoiceamount: money(label('发票金额', 'Invoice amount'), RO),
    new_ispayed: bool(label('已支付', 'Paid'), RO),
    new_payeddate: date(label('支付日期', 'Paid on'), RO),
    new_iscommit: bool(label('已提交', 'Submitted'), RO),
    new_siteconfirmstatus: optionSet(siteConfirmStatus, undefined, RO),
    new_confirmdeadline: dateTime(label('异议截止时间', 'Doubts until'), RO),
    new_siteconfirmtime: dateTime(label('服务站确认时间', 'Station confirmed on'), RO),
    new_doubt: memo(label('服务站异议', "Station's doubts"), { ...RO, maxLength: 500 }),
    new_doubttime: dateTime(label('提出异议时间', 'Doubts raised on'), RO),
    new_formstatus: optionSet(expenseFormStatus, undefined, { ...RO, indexed: true }),
    // Listed by spec 001 §3, but a statement has no approval flow: always empty (decisions).
    new_approvalstatus: optionSet(approvalStatus, undefined, RO),
  },
  // One statement per station and period: generating twice creates nothing new.
  uniques: [['new_station_id', 'new_year', 'new_month', 'new_section']],
  indexes: [['new_year', 'new_month', 'new_section']],
  views: {
    all: {
      label: label('全部结算单', 'All settlements'),
      columns: [
        'new_name',
        'new_station_id',
        'new_year',
        'new_month',
        'new_section',
        'new_workordercount',
        'new_totalamount',
        'new_approvalamount',
        'new_formstatus',
        'new_siteconfirmstatus',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    toConfirm: {
      label: label('待服务站确认', 'Awaiting the station'),
      columns: [
        'new_name',
        'new_station_id',
        'new_year',
        'new_month',
        'new_section',
        'new_approvalamount',
        'new_confirmdeadline',
        'new_siteconfirmstatus',
      ],
      orderBy: [['new_confirmdeadline', 'asc']],
      filter: { new_formstatus: expenseFormStatus.toConfirm },
    },
    unpaid: {
      label: label('未支付', 'Not paid'),
      columns: [
        'new_name',
        'new_station_id',
        'new_year',
        'new_month',
        'new_section',
        'new_totalamount',
        'new_approvalamount',
        'new_formstatus',
      ],
      orderBy: [['createdon', 'desc']],
      filter: { new_formstatus: expenseFormStatus.options.map((o) => o.value).filter((v) => v !== expenseFormStatus.paid) },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('基本信息', 'Basic information'),
        fields: [
          'new_name',
          'new_station_id',
          'new_year',
          'new_month',
          'new_section',
          'new_settleway',
          'new_periodend',
          'new_formstatus',
          'new_siteconfirmstatus',
          'new_workordercount',
        ],
      },
      {
        key: 'totals',
        label: label('费用汇总（元）', 'Totals (yuan)'),
        fields: [
          'new_workhouramount',
          'new_partsamount',
          'new_outsideamount',
          'new_otheramount',
          'new_grantsamount',
          'new_rewardamount',
          'new_fineamount',
          'new_returnamount',
          'new_oldpartamount',
          'new_outsourcedamount',
          'new_oldpartfreight',
          'new_returnfreight',
          'new_totalamount',
        ],
      },
      {
        key: 'approval',
        label: label('审批与确认', 'Approval and confirmation'),
        fields: [
          'new_adjustamount',
          'new_adjustreason',
          'new_approvalamount',
          'new_confirmdeadline',
          'new_doubt',
          'new_doubttime',
          'new_siteconfirmtime',
        ],
      },
      {
        key: 'payment',
        label: label('发票与付款', 'Invoice and payment'),
        fields: ['new_bank', 'new_bankcode', 'new_invoiceno', 'new_invoicedate', 'new_invoiceamount', 'new_ispayed', 'new_payeddate'],
      },
    ],
  },
});

/** One line of a settlement: a work order or a reward/punishment order with its amounts. */
export const expenseClaimLine = defineEntity({
  logicalName: 'new_srv_expense_claimline',
  entitySet: 'new_srv_expense_claimlines',
  label: label('费用结算明细', 'Settlement line'),
  scope: { kind: 'station', field: 'new_station_id' },
  access: { read: 'expense.read' },
  fields: {
    new_name: text(label('单号', 'Document'), { readOnly: true, searchable: true, maxLength: 40 }),
    new_expenseclaim_id: lookup('new_srv_expense_claim', label('费用结算单', 'Expense settlement'), { ...RO, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), RO),
    new_linetype: optionSet(expenseLineType, undefined, RO),
    new_workorder_id: lookup('new_srv_workorder', label('服务工单', 'Work order'), RO),
    new_claimfine_id: lookup('new_srv_claimfine', label('奖惩单', 'Reward/punishment order'), RO),
    ...AMOUNTS,
    new_totalamount: money(label('小计', 'Subtotal'), { ...RO, computed: LINE_TOTAL }),
  },
  indexes: [['new_expenseclaim_id', 'new_linetype', 'new_name']],
  views: {
    byDocument: {
      label: label('结算明细', 'Lines'),
      columns: [
        'new_name',
        'new_linetype',
        'new_workhouramount',
        'new_partsamount',
        'new_outsideamount',
        'new_otheramount',
        'new_grantsamount',
        'new_rewardamount',
        'new_fineamount',
        'new_totalamount',
      ],
      orderBy: [
        ['new_linetype', 'asc'],
        ['new_name', 'asc'],
      ],
    },
  },
});
