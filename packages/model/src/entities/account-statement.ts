import { date, dateTime, defineEntity, int, label, lookup, money, optionSet, text } from '../define.ts';
import type { BusinessUnitKind } from '../menu.ts';
import { accountStatementState, disputeAnswer, statementConfirmWay } from '../option-sets/account-statement.ts';
import { accountMoveKind } from '../option-sets/dealer-account.ts';
import { businessUnitType } from '../option-sets/organisation.ts';

/*
 * A dealer's monthly account statement (往来对账单) and its reconciliation (对账确认, issue 28;
 * docs/decisions.md "Account statements and reconciliation"). Head-office finance generates the
 * statements of a month for every account at once (server domain/account-statement/generate.ts):
 * a snapshot of the figures read from the dealer account ledger — opening = the previous
 * statement's closing; invoices (net of voids), receipts, rebate and marketing-fund credits and
 * adjustments of the month; closing. Its lines are the ledger's moves it covers, read by their
 * (dealer, date, sequence) index, never copied. The same record is the reconciliation document
 * (/accountcheckorder): the dealer confirms or disputes lines, head office answers each disputed
 * line with an adjustment (a ledger move) or a rejection, the dealer confirms; confirmed is frozen.
 * Every figure and state is the server's.
 */

const RO = { readOnly: true } as const;
/** Who reads statements: head office, the branches over their dealers, and the dealers themselves. */
const ACCOUNT_UNITS: readonly BusinessUnitKind[] = [businessUnitType.headOffice, businessUnitType.branch, businessUnitType.dealer];

const FIGURES = ['new_opening', 'new_invoiced', 'new_received', 'new_rebate', 'new_fund', 'new_adjusted', 'new_closing'];
const CHECK_COLUMNS = [
  'new_name',
  'new_unit_id',
  'new_month',
  'new_closing',
  'new_state',
  'new_deadline',
  'new_disputedon',
  'new_answeredon',
  'new_confirmedon',
  'new_confirmway',
];
const checkView = (l: ReturnType<typeof label>, state: number) => ({
  label: l,
  columns: CHECK_COLUMNS,
  orderBy: [
    ['new_month', 'desc'],
    ['new_name', 'asc'],
  ] as [string, 'asc' | 'desc'][],
  filter: { new_state: [state] },
});

export const accountStatement = defineEntity({
  logicalName: 'new_accountstatement',
  entitySet: 'new_accountstatements',
  label: label('对账单', 'Account statement'),
  pluralLabel: label('对账单', 'Account statements'),
  scope: { kind: 'businessUnit', field: 'new_unit_id' },
  access: { read: 'sales.read', write: 'finance.manage', notCreatedHere: 'statement.byGeneration' },
  screens: {
    list: [
      {
        name: 'accountStatementList',
        path: '/accountstatementlist/list',
        keepAlive: true,
        page: 'AccountStatementListPage',
        title: 'menu.accountStatements',
        views: ['statements'],
        allowImport: false,
        allowDelete: false,
        readOnly: true,
        menu: { group: 'finance', order: 70, key: 'accountStatements', label: 'menu.accountStatements', units: ACCOUNT_UNITS },
      },
      {
        name: 'accountCheckList',
        path: '/accountcheckorder/list',
        keepAlive: true,
        title: 'menu.accountChecks',
        views: ['checks', 'toConfirm', 'disputed', 'answered', 'confirmed'],
        viewTabs: true,
        allowImport: false,
        allowDelete: false,
        readOnly: true,
        menu: { group: 'finance', order: 80, key: 'accountChecks', label: 'menu.accountChecks', units: ACCOUNT_UNITS },
      },
    ],
    // The reconciliation document; its id comes in the query (/accountcheckorder/detail?id=…).
    view: { name: 'accountCheckDetail', path: '/accountcheckorder/detail', idFromQuery: true, page: 'AccountCheckPage' },
  },
  document: {
    status: {
      field: 'new_state',
      set: accountStatementState,
      initial: accountStatementState.toConfirm,
      editable: [],
      locked: 'statement.readOnly',
    },
    lines: [{ entity: 'new_accountdispute', parent: 'new_statement_id' }],
    commands: {
      // The dealer's side (its own users only: checked by the controller); `confirmed` is listed so a
      // frozen statement is refused as frozen, not as a wrong state.
      confirm: {
        label: 'statement.confirm',
        confirm: 'statement.confirmAsk',
        from: [accountStatementState.toConfirm, accountStatementState.answered, accountStatementState.confirmed],
        to: accountStatementState.confirmed,
        privilege: 'sales.write',
        refused: 'statement.refused',
      },
      dispute: {
        label: 'statement.dispute',
        from: [accountStatementState.toConfirm, accountStatementState.answered, accountStatementState.confirmed],
        to: accountStatementState.disputed,
        privilege: 'sales.write',
        refused: 'statement.refused',
      },
      // Head office's: answers disputed lines; answered once none is pending.
      answer: {
        label: 'statement.answer',
        from: [accountStatementState.disputed],
        privilege: 'finance.manage',
        refused: 'statement.refused',
      },
    },
  },
  fields: {
    new_name: text(label('对账单号', 'Statement number'), { ...RO, unique: true, searchable: true, maxLength: 60 }),
    new_unit_id: lookup('businessunit', label('经销商', 'Dealer'), RO),
    new_account_id: lookup('new_dealeraccount', label('往来账户', 'Dealer account'), RO),
    new_month: text(label('对账月份', 'Month'), { ...RO, maxLength: 7, indexed: true }),
    new_periodstart: date(label('起始日期', 'From'), RO),
    new_periodend: date(label('截止日期', 'To'), RO),
    new_opening: money(label('期初余额', 'Opening balance'), RO),
    new_invoiced: money(label('本期开票', 'Invoiced'), RO),
    new_received: money(label('本期回款', 'Received'), RO),
    new_rebate: money(label('返利抵扣', 'Rebate credits'), RO),
    new_fund: money(label('市场费用核销', 'Marketing fund credits'), RO),
    new_adjusted: money(label('对账调整', 'Adjustments'), RO),
    new_closing: money(label('期末余额', 'Closing balance'), RO),
    new_linecount: int(label('明细笔数', 'Lines'), RO),
    new_lastseq: int(label('截至往来序号', 'Last move covered'), RO),
    new_prevseq: int(label('上期截至序号', 'Previous statement covered'), RO),
    new_state: optionSet(accountStatementState, undefined, { ...RO, indexed: true }),
    new_deadline: dateTime(label('确认截止时间', 'Confirm by'), RO),
    new_generatedon: dateTime(label('生成时间', 'Generated on'), RO),
    new_generatedby: lookup('systemuser', label('生成人', 'Generated by'), RO),
    new_disputedon: dateTime(label('提出异议时间', 'Disputed on'), RO),
    new_answeredon: dateTime(label('答复时间', 'Answered on'), RO),
    new_confirmedon: dateTime(label('确认时间', 'Confirmed on'), RO),
    new_confirmedby: lookup('systemuser', label('确认人', 'Confirmed by'), RO),
    new_confirmway: optionSet(statementConfirmWay, undefined, RO),
  },
  uniques: [['new_account_id', 'new_month']],
  indexes: [
    ['new_unit_id', 'new_month'],
    ['new_state', 'new_deadline'],
  ],
  checks: {
    closing: 'new_closing = new_opening + new_invoiced - new_received - new_rebate - new_fund + new_adjusted',
  },
  views: {
    statements: {
      label: label('全部对账单', 'All statements'),
      columns: ['new_name', 'new_unit_id', 'new_month', ...FIGURES, 'new_state'],
      orderBy: [
        ['new_month', 'desc'],
        ['new_name', 'asc'],
      ],
      hidden: ['new_rebate', 'new_fund'],
    },
    checks: {
      label: label('全部', 'All'),
      columns: CHECK_COLUMNS,
      orderBy: [
        ['new_month', 'desc'],
        ['new_name', 'asc'],
      ],
    },
    toConfirm: checkView(label('待确认', 'To confirm'), accountStatementState.toConfirm),
    disputed: checkView(label('有异议', 'Disputed'), accountStatementState.disputed),
    answered: checkView(label('已答复', 'Answered'), accountStatementState.answered),
    confirmed: checkView(label('已确认', 'Confirmed'), accountStatementState.confirmed),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('对账单', 'Statement'),
        fields: ['new_name', 'new_unit_id', 'new_month', 'new_periodstart', 'new_periodend', 'new_state', 'new_deadline'],
      },
      { key: 'figures', label: label('本期金额', 'Figures'), fields: [...FIGURES, 'new_linecount'] },
      {
        key: 'reconcile',
        label: label('对账确认', 'Reconciliation'),
        fields: ['new_generatedon', 'new_disputedon', 'new_answeredon', 'new_confirmedon', 'new_confirmedby', 'new_confirmway'],
      },
    ],
  },
});

/**
 * A disputed line of a statement (对账异议): the move the dealer questions (or none: something it
 * misses), the statement's amount and the dealer's own figure (both signed as the ledger: + the
 * dealer owes more), its reason; head office's answer: an adjustment (posted to the ledger, its move
 * named here) or a rejection, with its reason. Made by the dealer's dispute, answered by head office's.
 */
export const accountDispute = defineEntity({
  logicalName: 'new_accountdispute',
  entitySet: 'new_accountdisputes',
  label: label('对账异议', 'Disputed line'),
  pluralLabel: label('对账异议', 'Disputed lines'),
  scope: { kind: 'businessUnit', field: 'new_unit_id' },
  access: { read: 'sales.read', notCreatedHere: 'statement.disputeByCommand' },
  fields: {
    new_name: text(label('单据编号', 'Document'), { ...RO, maxLength: 60 }),
    new_statement_id: lookup('new_accountstatement', label('对账单', 'Statement'), { ...RO, required: true }),
    new_unit_id: lookup('businessunit', label('经销商', 'Dealer'), RO),
    new_move_id: lookup('new_accountmove', label('往来明细', 'Account move'), RO),
    new_date: date(label('业务日期', 'Date'), RO),
    new_kind: optionSet(accountMoveKind, undefined, RO),
    new_ouramount: money(label('对账单金额', 'Statement amount'), RO),
    new_theiramount: money(label('经销商金额', "Dealer's figure"), RO),
    new_difference: money(label('差额', 'Difference'), { ...RO, computed: 'new_theiramount - new_ouramount' }),
    new_reason: text(label('异议原因', 'Reason'), { ...RO, maxLength: 200 }),
    new_answer: optionSet(disputeAnswer, undefined, RO),
    new_adjustamount: money(label('调整金额', 'Adjustment'), RO),
    new_answerreason: text(label('答复说明', "Head office's answer"), { ...RO, maxLength: 200 }),
    new_adjustmove_id: lookup('new_accountmove', label('调整记账', 'Adjustment move'), RO),
    new_answeredon: dateTime(label('答复时间', 'Answered on'), RO),
    new_answeredby: lookup('systemuser', label('答复人', 'Answered by'), RO),
  },
  views: {
    byDocument: {
      label: label('对账异议', 'Disputed lines'),
      columns: [
        'new_name',
        'new_date',
        'new_kind',
        'new_ouramount',
        'new_theiramount',
        'new_difference',
        'new_reason',
        'new_answer',
        'new_adjustamount',
        'new_answerreason',
      ],
      orderBy: [['createdon', 'asc']],
    },
  },
});
