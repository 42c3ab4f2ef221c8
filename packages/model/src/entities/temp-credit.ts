import { date, defineEntity, label, lookup, memo, money, text } from '../define.ts';
import { approvalStatus } from '../option-sets/approval.ts';
import { businessUnitType } from '../option-sets/organisation.ts';

/*
 * A dealer's credit with head office (issue 28): the standing limit on its account
 * (new_dealeraccount.new_creditlimit, set by head-office finance, each change logged in
 * credit-limit-log.ts) and temporary credit on top of it for a period, through approval. What the
 * dealer may still order on credit is the server's (domain/credit/credit.ts creditOf); submitting
 * an order beyond it is refused with the shortfall.
 */

const RO = { readOnly: true } as const;
/** Head office, a branch (its dealers) and a dealer: the units whose reach holds dealers' credit. */
export const CREDIT_UNITS = [businessUnitType.headOffice, businessUnitType.branch, businessUnitType.dealer];

const TEMP_COLUMNS = [
  'new_name',
  'new_dealer_id',
  'new_amount',
  'new_validfrom',
  'new_validto',
  'new_approvalstatus',
  'new_terminatedon',
  'createdon',
];
const tempView = (l: ReturnType<typeof label>, states: number[]) => ({
  label: l,
  columns: TEMP_COLUMNS,
  orderBy: [['createdon', 'desc']] as [string, 'desc'][],
  filter: { new_approvalstatus: states },
});

/**
 * Temporary credit (临时信用额度, /tempcredit): a dealer asks head office for credit above its limit
 * for a period (a season's stocking, a large project), with a reason; head-office finance approves
 * it through the approval engine. It counts only while approved, not terminated, and today (China
 * time) within its period. Finance may end an approved one early (提前终止): from that day on it
 * counts no more; orders already submitted keep going either way.
 */
export const tempCredit = defineEntity({
  logicalName: 'new_tempcredit',
  entitySet: 'new_tempcredits',
  label: label('临时信用额度', 'Temporary credit'),
  scope: { kind: 'businessUnit', field: 'new_dealer_id' },
  access: { read: 'sales.read', write: 'funds.apply' },
  screens: {
    list: {
      name: 'tempCreditList',
      path: '/tempcredit/list',
      title: 'menu.tempCredit',
      viewTabs: true,
      allowImport: false,
      menu: { group: 'finance', order: 20, key: 'tempCredit', label: 'menu.tempCredit', units: CREDIT_UNITS },
    },
    create: { name: 'tempCreditCreate', path: '/tempcredit/create', testIdPrefix: 'tempcredit' },
    view: { name: 'tempCreditView', path: '/tempcredit/view/:id', testIdPrefix: 'tempcredit' },
  },
  document: {
    number: { prefix: 'LS', period: 'month' },
    approval: { amount: 'new_amount' },
    commands: {
      terminate: {
        label: 'credit.temp.terminate',
        confirm: 'credit.temp.terminateAsk',
        from: [approvalStatus.approved],
        privilege: 'finance.manage',
        inputs: ['new_terminatereason'],
        refused: 'credit.temp.terminateRefused',
      },
    },
  },
  fields: {
    new_name: text(label('申请单号', 'Number'), { ...RO, unique: true, searchable: true, maxLength: 40 }),
    new_dealer_id: lookup('businessunit', label('经销商', 'Dealer'), { ...RO, indexed: true }),
    new_amount: money(label('临时额度', 'Amount'), { required: true, min: 0.01, max: 99_999_999 }),
    new_validfrom: date(label('生效日期', 'Valid from'), { required: true }),
    new_validto: date(label('截止日期', 'Valid to'), { required: true }),
    new_reason: memo(label('申请原因', 'Reason'), { required: true, searchable: true, maxLength: 500 }),
    // The dealer's position when it was submitted: what the approver weighs.
    new_limitatsubmit: money(label('提交时信用额度', 'Credit limit at submit'), RO),
    new_availableatsubmit: money(label('提交时可用额度', 'Available at submit'), RO),
    new_terminatedon: date(label('终止日期', 'Terminated on'), RO),
    // Written by 提前终止 only (its dialog's input): never by the applying dealer.
    new_terminatereason: text(label('终止原因', 'Reason for ending'), {
      maxLength: 200,
      edit: { privilege: 'finance.manage', states: [approvalStatus.approved] },
    }),
    new_terminatedby_id: lookup('systemuser', label('终止人', 'Ended by'), RO),
  },
  checks: { amount: 'new_amount > 0', period: 'new_validfrom <= new_validto' },
  indexes: [['new_dealer_id', 'new_approvalstatus']],
  views: {
    all: { label: label('全部临时额度', 'All temporary credit'), columns: TEMP_COLUMNS, orderBy: [['createdon', 'desc']] },
    draft: tempView(label('待提交', 'To be submitted'), [approvalStatus.draft, approvalStatus.rejected]),
    toApprove: {
      label: label('审批中', 'Under review'),
      columns: [
        'new_name',
        'new_dealer_id',
        'new_amount',
        'new_validfrom',
        'new_validto',
        'new_stepname',
        'new_stepuser_id',
        'new_submittime',
      ],
      orderBy: [['new_submittime', 'desc']],
      filter: { new_approvalstatus: [approvalStatus.underReview] },
    },
    approved: tempView(label('已审批', 'Approved'), [approvalStatus.approved]),
    vetoed: tempView(label('已否决', 'Vetoed'), [approvalStatus.vetoed]),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('申请信息', 'Application'),
        fields: ['new_name', 'new_dealer_id', 'new_amount', 'new_validfrom', 'new_validto', 'new_reason'],
      },
      {
        key: 'position',
        label: label('提交时额度', 'Credit at submit'),
        fields: ['new_limitatsubmit', 'new_availableatsubmit'],
        on: 'edit',
      },
      {
        key: 'terminate',
        label: label('提前终止', 'Ended early'),
        fields: ['new_terminatedon', 'new_terminatereason', 'new_terminatedby_id'],
        on: 'edit',
      },
    ],
  },
});
