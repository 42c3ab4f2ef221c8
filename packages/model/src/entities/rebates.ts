import { date, decimal, defineEntity, int, label, lookup, money, optionSet, text } from '../define.ts';
import type { BusinessUnitKind } from '../menu.ts';
import { businessUnitType } from '../option-sets/organisation.ts';
import { rebateMoveKind, rebatePolicyState } from '../option-sets/rebates.ts';

/*
 * Rebates (返利, issue 28): head office's policies (a rate per product line over a period), a
 * ledger per dealer (an account with its balance, append-only moves with the balance after each),
 * a monthly accrual run per policy on the order lines signed for in the month, and orders using
 * the balance at submit. Every amount and balance is the server's (domain/rebates/).
 */

const RO = { readOnly: true } as const;
const UNITS: readonly BusinessUnitKind[] = [businessUnitType.headOffice, businessUnitType.branch, businessUnitType.dealer];

/**
 * A rebate policy (返利政策, /rebatepolicy): rate % of the signed amount of one product line's order
 * lines, over a period. Head office's sales administrators keep it while a draft and put it in force;
 * finance runs the monthly accrual (计提) on it; stopping it ends its period on the stop day.
 */
export const rebatePolicy = defineEntity({
  logicalName: 'new_rebatepolicy',
  entitySet: 'new_rebatepolicies',
  label: label('返利政策', 'Rebate policy'),
  scope: { kind: 'global' },
  access: { read: 'sales.read', write: 'sales.price' },
  screens: {
    list: {
      name: 'rebatePolicyList',
      path: '/rebatepolicy/list',
      title: 'menu.rebatePolicy',
      allowImport: false,
      menu: { group: 'finance', order: 52, key: 'rebatePolicy', label: 'menu.rebatePolicy', units: UNITS },
    },
    create: { name: 'rebatePolicyCreate', path: '/rebatepolicy/create', testIdPrefix: 'rebatepolicy' },
    view: { name: 'rebatePolicyView', path: '/rebatepolicy/view/:id', testIdPrefix: 'rebatepolicy' },
  },
  document: {
    status: { field: 'new_state', set: rebatePolicyState, initial: rebatePolicyState.draft, editable: [rebatePolicyState.draft] },
    commands: {
      activate: {
        label: 'rebate.policy.activate',
        confirm: 'rebate.policy.activateAsk',
        from: [rebatePolicyState.draft],
        to: rebatePolicyState.active,
        privilege: 'sales.price',
      },
      // The month's run: any day of the month chosen (its controller: a month that has ended, within the period).
      accrue: {
        label: 'rebate.policy.accrue',
        from: [rebatePolicyState.active, rebatePolicyState.stopped],
        privilege: 'finance.manage',
        inputs: ['new_runmonth'],
        refused: 'rebate.policy.accrueRefused',
      },
      stop: {
        label: 'rebate.policy.stop',
        confirm: 'rebate.policy.stopAsk',
        from: [rebatePolicyState.active],
        to: rebatePolicyState.stopped,
        privilege: 'sales.price',
      },
    },
  },
  fields: {
    new_name: text(label('政策名称', 'Policy'), { required: true, searchable: true, maxLength: 100 }),
    new_state: optionSet(rebatePolicyState, undefined, { ...RO, indexed: true }),
    new_productline_id: lookup('new_productline', label('产品线', 'Product line'), { required: true }),
    new_rate: decimal(label('返利比例（%）', 'Rate (%)'), { required: true, precision: 2, min: 0.01, max: 100 }),
    new_validfrom: date(label('生效日期', 'Valid from'), { required: true }),
    new_validto: date(label('失效日期', 'Valid to')),
    new_memo: text(label('说明', 'Notes'), { maxLength: 200 }),
    new_runmonth: date(label('计提月份（选该月任一天）', 'Month to accrue (any day of it)'), RO),
    new_lastperiod: text(label('最近计提月份', 'Last month accrued'), { ...RO, maxLength: 7 }),
    new_accruedamount: money(label('累计计提', 'Accrued in total'), RO),
  },
  checks: { rate: 'new_rate > 0 AND new_rate <= 100' },
  views: {
    all: {
      label: label('全部返利政策', 'All rebate policies'),
      columns: [
        'new_name',
        'new_productline_id',
        'new_rate',
        'new_validfrom',
        'new_validto',
        'new_state',
        'new_lastperiod',
        'new_accruedamount',
      ],
      orderBy: [['new_validfrom', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('返利政策', 'Rebate policy'),
        fields: ['new_name', 'new_productline_id', 'new_rate', 'new_validfrom', 'new_validto', 'new_state', 'new_memo'],
      },
      {
        key: 'accrual',
        label: label('计提', 'Accrual'),
        fields: ['new_lastperiod', 'new_accruedamount', 'new_runmonth'],
        on: 'edit',
      },
    ],
  },
});

/** A dealer's rebate account: its balance (Σ moves, never below zero), accrued and used; the server's. */
export const rebateAccount = defineEntity({
  logicalName: 'new_rebateaccount',
  entitySet: 'new_rebateaccounts',
  label: label('返利账户', 'Rebate account'),
  scope: { kind: 'businessUnit', field: 'new_unit_id' },
  access: { read: 'sales.read', notCreatedHere: 'rebate.accountOpened' },
  fields: {
    new_name: text(label('经销商', 'Dealer'), { ...RO, searchable: true, maxLength: 160 }),
    new_unit_id: lookup('businessunit', label('经销商', 'Dealer'), { ...RO, unique: true }),
    new_balance: money(label('返利余额', 'Rebate balance'), RO),
    new_seq: int(label('末笔序号', 'Last move'), RO),
  },
  // The ledger's backstop: a draw the balance cannot carry is refused before it gets here.
  checks: { balance: 'new_balance >= 0' },
  views: {
    all: {
      label: label('全部返利账户', 'All rebate accounts'),
      columns: ['new_name', 'new_balance', 'modifiedon'],
      orderBy: [['new_name', 'asc']],
    },
  },
});

/**
 * One move of a dealer's rebate (返利明细, /rebatedetail/list): a policy's accrual for a month (the
 * dealer's signed lines of the month together: how many, their quantity and amount, the rate), an
 * order's use at submit, or its giving back; signed amount, the balance after it, a key unique per
 * move. Appended by the server only. Each accrued order line is kept once per policy and month in the
 * server's table rebate_accrual (its primary key is what makes a re-run accrue nothing twice).
 */
export const rebateMove = defineEntity({
  logicalName: 'new_rebatemove',
  entitySet: 'new_rebatemoves',
  label: label('返利明细', 'Rebate move'),
  scope: { kind: 'businessUnit', field: 'new_unit_id' },
  access: { read: 'sales.read', notCreatedHere: 'rebate.movesByServer' },
  screens: {
    list: {
      name: 'rebateDetailList',
      path: '/rebatedetail/list',
      title: 'menu.rebateDetail',
      readOnly: true,
      allowImport: false,
      allowDelete: false,
      viewTabs: true,
      menu: { group: 'finance', order: 50, key: 'rebateDetail', label: 'menu.rebateDetail', units: UNITS },
    },
    // One move read-only (查看 on the list): its order, policy, month, lines and figures.
    view: { name: 'rebateDetailView', path: '/rebatedetail/view/:id' },
  },
  fields: {
    new_name: text(label('单据编号', 'Document'), { ...RO, searchable: true, maxLength: 60 }),
    new_account_id: lookup('new_rebateaccount', label('返利账户', 'Rebate account'), RO),
    new_unit_id: lookup('businessunit', label('经销商', 'Dealer'), RO),
    new_kind: optionSet(rebateMoveKind, undefined, RO),
    new_date: date(label('业务日期', 'Date'), RO),
    new_period: text(label('计提月份', 'Month'), { ...RO, maxLength: 7 }),
    new_policy_id: lookup('new_rebatepolicy', label('返利政策', 'Policy'), RO),
    new_order_id: lookup('salesorder', label('销售订单', 'Sales order'), RO),
    new_lines: int(label('明细行数', 'Lines'), RO),
    new_qty: int(label('签收数量', 'Signed quantity'), RO),
    new_base: money(label('计提基数', 'Base amount'), RO),
    new_rate: decimal(label('比例（%）', 'Rate (%)'), { ...RO, precision: 2 }),
    new_amount: money(label('金额', 'Amount'), RO),
    new_balanceafter: money(label('余额', 'Balance'), RO),
    new_remark: text(label('摘要', 'Remark'), { ...RO, maxLength: 200 }),
    new_seq: int(label('序号', 'Sequence'), RO),
    new_key: text(label('幂等键', 'Idempotency key'), { ...RO, secret: true, unique: true, maxLength: 120 }),
  },
  checks: { balance: 'new_balanceafter >= 0' },
  // (dealer, seq): the running balance; (policy, month): a run's moves.
  indexes: [
    ['new_unit_id', 'new_seq'],
    ['new_policy_id', 'new_period'],
  ],
  views: {
    all: {
      label: label('全部返利明细', 'All rebate moves'),
      columns: [
        'new_date',
        'new_unit_id',
        'new_kind',
        'new_name',
        'new_policy_id',
        'new_base',
        'new_amount',
        'new_balanceafter',
        'new_remark',
      ],
      orderBy: [
        ['new_date', 'desc'],
        ['new_seq', 'desc'],
      ],
    },
    accrual: {
      label: label('返利计提', 'Accruals'),
      columns: [
        'new_date',
        'new_unit_id',
        'new_period',
        'new_policy_id',
        'new_lines',
        'new_qty',
        'new_base',
        'new_rate',
        'new_amount',
        'new_balanceafter',
      ],
      orderBy: [
        ['new_date', 'desc'],
        ['new_seq', 'desc'],
      ],
      filter: { new_kind: rebateMoveKind.accrual },
    },
    used: {
      label: label('订单抵扣', 'Used on orders'),
      columns: ['new_date', 'new_unit_id', 'new_kind', 'new_name', 'new_order_id', 'new_amount', 'new_balanceafter', 'new_remark'],
      orderBy: [
        ['new_date', 'desc'],
        ['new_seq', 'desc'],
      ],
      filter: { new_kind: [rebateMoveKind.use, rebateMoveKind.release] },
    },
  },
  forms: {
    main: [
      {
        key: 'move',
        label: label('返利明细', 'Rebate move'),
        fields: [
          'new_unit_id',
          'new_date',
          'new_kind',
          'new_name',
          'new_policy_id',
          'new_period',
          'new_order_id',
          'new_lines',
          'new_qty',
          'new_base',
          'new_rate',
          'new_amount',
          'new_balanceafter',
          'new_remark',
        ],
      },
    ],
  },
});
