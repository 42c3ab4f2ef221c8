import { date, dateTime, defineEntity, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import type { BusinessUnitKind } from '../menu.ts';
import { approvalStatus } from '../option-sets/approval.ts';
import { businessUnitType } from '../option-sets/organisation.ts';
import { paymentPlanState } from '../option-sets/sales-contract.ts';

/*
 * Sales contracts and their payment plans (销售合同, 回款计划, issue 29; spec 001 §2 /salescontract/*).
 * A contract names its customer (客户, new_endcustomer) and, from it, the paying unit (付款单位: the
 * dealer or store that serves the customer — the unit that records receipts, 回款单); its amount is
 * the sum of its lines; its payment plans must add up to it before it goes for approval (head office,
 * the approval engine) and it is frozen once approved. Receipts naming the contract settle its plans,
 * oldest due date first, when finance confirms them. Made by hand or prefilled from a lead, an
 * opportunity or a quote. Business: server domain/sales-contracts/.
 */

const RO = { readOnly: true } as const;
const AMOUNT = { min: 0.01, max: 999999999 } as const;
/** Head office, branches (their salesmen), dealers and stores (the paying side reads its contracts). */
const UNITS: readonly BusinessUnitKind[] = [
  businessUnitType.headOffice,
  businessUnitType.branch,
  businessUnitType.dealer,
  businessUnitType.store,
];

const CONTRACT_COLUMNS = [
  'new_name',
  'new_title',
  'new_customer_id',
  'new_payer_id',
  'new_signdate',
  'new_amount',
  'new_receivedamount',
  'new_approvalstatus',
  'createdon',
];
const sorted = [['createdon', 'desc']] as [string, 'desc'][];
const byApproval = (l: ReturnType<typeof label>, states: number[]) => ({
  label: l,
  columns: CONTRACT_COLUMNS,
  orderBy: sorted,
  filter: { new_approvalstatus: states },
});

export const salesContract = defineEntity({
  logicalName: 'new_salescontract',
  entitySet: 'new_salescontracts',
  label: label('销售合同', 'Sales contract'),
  pluralLabel: label('销售合同', 'Sales contracts'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_payer_id'] },
  access: { read: 'sales.read', write: 'sales.write' },
  attachments: true,
  screens: {
    list: {
      name: 'salesContractList',
      path: '/salescontract/list',
      title: 'menu.salesContracts',
      viewTabs: true,
      allowImport: false,
      menu: { group: 'sales', order: 90, key: 'salesContracts', label: 'menu.salesContracts', units: UNITS },
    },
    create: [
      { name: 'salesContractCreate', path: '/salescontract/create', page: 'SalesContractPage' },
      { name: 'salesContractFromLead', path: '/salescontract/create/:leadid', page: 'SalesContractPage' },
    ],
    view: { name: 'salesContractView', path: '/salescontract/view/:id', page: 'SalesContractPage' },
  },
  document: {
    number: { prefix: 'XS', period: 'day' },
    lines: [
      {
        entity: 'new_salescontractline',
        parent: 'new_salescontract_id',
        totals: { new_amount: 'new_amount', new_totalqty: 'new_qty' },
      },
      {
        entity: 'new_paymentplan',
        parent: 'new_salescontract_id',
        totals: { new_plannedamount: 'new_amount' },
      },
    ],
    approval: { amount: 'new_amount' },
  },
  fields: {
    new_name: text(label('合同编号', 'Contract number'), { ...RO, unique: true, searchable: true, maxLength: 40 }),
    new_title: text(label('合同名称', 'Contract title'), { required: true, searchable: true, maxLength: 100 }),
    new_customer_id: lookup('new_endcustomer', label('客户', 'Customer'), { required: true, indexed: true }),
    // The unit that serves the customer (its dealer or store): it pays under the plans through its receipts.
    new_payer_id: lookup('businessunit', label('付款单位', 'Paying unit'), { ...RO, indexed: true }),
    new_contactname: text(label('联系人', 'Contact person'), { maxLength: 60 }),
    new_contactphone: text(label('联系电话', 'Contact phone'), { pattern: 'phone', maxLength: 30 }),
    new_signdate: date(label('签订日期', 'Sign date'), { required: true }),
    new_amount: money(label('合同金额', 'Contract amount'), RO),
    new_totalqty: int(label('数量合计', 'Total quantity'), RO),
    new_plannedamount: money(label('计划回款合计', 'Planned in total'), RO),
    new_receivedamount: money(label('已回款', 'Received'), RO),
    new_unreceived: money(label('未回款', 'Outstanding'), { ...RO, computed: 'new_amount - new_receivedamount' }),
    new_terms: memo(label('合同条款', 'Terms'), { maxLength: 2000 }),
    new_remark: text(label('备注', 'Remark'), { maxLength: 200 }),
    // Where it was made from (its create screen's prefill: the server copies customer, contact and, from a quote, the lines).
    new_lead_id: lookup('lead', label('来源线索', 'Lead'), { indexed: true }),
    new_opportunity_id: lookup('opportunity', label('商机', 'Opportunity'), { indexed: true }),
    new_quote_id: lookup('quote', label('报价单', 'Quote'), { indexed: true }),
  },
  checks: { received: 'new_receivedamount >= 0 AND new_receivedamount <= new_amount' },
  indexes: [['owningbusinessunit', 'createdon']],
  views: {
    all: { label: label('全部合同', 'All contracts'), columns: CONTRACT_COLUMNS, orderBy: sorted },
    draft: byApproval(label('待提交', 'To be submitted'), [approvalStatus.draft, approvalStatus.rejected]),
    approved: byApproval(label('已生效', 'In force'), [approvalStatus.approved]),
    vetoed: byApproval(label('已否决', 'Vetoed'), [approvalStatus.vetoed]),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('合同信息', 'Contract'),
        fields: [
          'new_name',
          'new_title',
          'new_customer_id',
          'new_payer_id',
          'new_contactname',
          'new_contactphone',
          'new_signdate',
          'new_lead_id',
          'new_opportunity_id',
          'new_quote_id',
          'new_remark',
        ],
      },
      {
        key: 'amounts',
        label: label('金额', 'Amounts'),
        fields: ['new_amount', 'new_totalqty', 'new_plannedamount', 'new_receivedamount', 'new_unreceived'],
        on: 'edit',
      },
      { key: 'terms', label: label('合同条款', 'Terms'), fields: ['new_terms'] },
    ],
  },
});

/** A contract line (合同明细): product, quantity and price; its amount (qty × price: whole quantities of a price in fen are exact) is the database's. */
export const salesContractLine = defineEntity({
  logicalName: 'new_salescontractline',
  entitySet: 'new_salescontractlines',
  label: label('合同明细', 'Contract line'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_payer_id'] },
  access: { read: 'sales.read', write: 'sales.write' },
  fields: {
    new_salescontract_id: lookup('new_salescontract', label('销售合同', 'Sales contract'), { required: true, indexed: true }),
    new_payer_id: lookup('businessunit', label('付款单位', 'Paying unit'), RO),
    // A catalogue line names its product (its name and list price follow); a configured line from a quote may name none.
    new_product_id: lookup('product', label('产品', 'Product')),
    new_name: text(label('产品名称', 'Product name'), { maxLength: 200 }),
    new_qty: int(label('数量', 'Quantity'), { required: true, min: 1, max: 999999 }),
    // Empty: the product's list price.
    new_price: money(label('单价', 'Unit price'), { min: 0, max: 99999999 }),
    new_amount: money(label('金额', 'Amount'), { ...RO, computed: 'new_qty * new_price' }),
    new_cpqquote_id: lookup('new_cpqquote', label('产品配置', 'Configuration'), RO),
    new_configsummary: memo(label('配置', 'Configuration'), { ...RO, maxLength: 2000 }),
    new_remark: text(label('备注', 'Remark'), { maxLength: 200 }),
  },
  checks: { line: 'new_qty > 0 AND new_price >= 0' },
  views: {
    byDocument: {
      label: label('合同明细', 'Contract lines'),
      columns: ['new_name', 'new_product_id', 'new_qty', 'new_price', 'new_amount', 'new_remark'],
      orderBy: [['createdon', 'asc']],
    },
  },
});

const PLAN_COLUMNS = [
  'new_name',
  'new_salescontract_id',
  'new_payer_id',
  'new_period',
  'new_duedate',
  'new_amount',
  'new_received',
  'new_remaining',
  'new_state',
];
const byDue = [['new_duedate', 'asc']] as [string, 'asc'][];
const planView = (l: ReturnType<typeof label>, states: number[]) => ({
  label: l,
  columns: PLAN_COLUMNS,
  orderBy: byDue,
  filter: { new_state: states },
});

/**
 * A payment plan (回款计划): period, due date and planned amount of a contract; what receipts have
 * settled of it (received) and what remains are the server's. Its state is read as of today
 * (已逾期 past the due date while not paid in full). Changed with its contract (draft or rejected);
 * never above what the contract leaves unplanned.
 */
export const paymentPlan = defineEntity({
  logicalName: 'new_paymentplan',
  entitySet: 'new_paymentplans',
  label: label('回款计划', 'Payment plan'),
  pluralLabel: label('回款计划', 'Payment plans'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_payer_id'] },
  access: { read: 'sales.read', write: 'sales.write' },
  screens: {
    list: {
      name: 'paymentPlanList',
      path: '/salescontract/planlist',
      title: 'menu.paymentPlans',
      viewTabs: true,
      // The contract page's own view (byDocument) is not a tab of the list.
      views: ['all', 'notDue', 'partPaid', 'overdue', 'paid'],
      allowImport: false,
      readOnly: true,
      menu: { group: 'sales', order: 92, key: 'paymentPlans', label: 'menu.paymentPlans', units: UNITS },
    },
    view: { name: 'paymentPlanView', path: '/salescontract/planview/:id', testIdPrefix: 'plan' },
  },
  fields: {
    new_name: text(label('计划编号', 'Plan number'), { ...RO, searchable: true, maxLength: 60 }),
    new_salescontract_id: lookup('new_salescontract', label('销售合同', 'Sales contract'), { required: true, indexed: true }),
    new_payer_id: lookup('businessunit', label('付款单位', 'Paying unit'), { ...RO, indexed: true }),
    new_period: int(label('期数', 'Period'), { required: true, min: 1, max: 99 }),
    new_duedate: date(label('计划回款日期', 'Due date'), { required: true }),
    new_amount: money(label('计划金额', 'Planned amount'), { required: true, ...AMOUNT }),
    new_received: money(label('已回款', 'Received'), RO),
    new_remaining: money(label('未回款', 'Remaining'), { ...RO, computed: 'new_amount - new_received' }),
    new_state: optionSet(paymentPlanState, undefined, RO),
    new_paidon: dateTime(label('回清时间', 'Paid in full on'), RO),
    new_remark: text(label('备注', 'Remark'), { maxLength: 200 }),
  },
  uniques: [['new_salescontract_id', 'new_period']],
  checks: { received: 'new_amount > 0 AND new_received >= 0 AND new_received <= new_amount' },
  indexes: [
    ['new_state', 'new_duedate'],
    ['owningbusinessunit', 'new_duedate'],
  ],
  views: {
    all: { label: label('全部计划', 'All plans'), columns: PLAN_COLUMNS, orderBy: byDue },
    notDue: planView(label('未到期', 'Not due'), [paymentPlanState.notDue]),
    partPaid: planView(label('部分回款', 'Part paid'), [paymentPlanState.partPaid]),
    overdue: planView(label('已逾期', 'Overdue'), [paymentPlanState.overdue]),
    paid: planView(label('已回款', 'Paid'), [paymentPlanState.paid]),
    byDocument: {
      label: label('回款计划', 'Payment plans'),
      columns: ['new_period', 'new_duedate', 'new_amount', 'new_received', 'new_remaining', 'new_state', 'new_remark'],
      orderBy: [['new_period', 'asc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('回款计划', 'Payment plan'),
        fields: [
          'new_name',
          'new_salescontract_id',
          'new_payer_id',
          'new_period',
          'new_duedate',
          'new_amount',
          'new_received',
          'new_remaining',
          'new_state',
          'new_paidon',
          'new_remark',
        ],
      },
    ],
  },
});

/**
 * What a confirmed receipt settled of a plan (回款核销): written once by the settlement, in the
 * confirming transaction; Σ per plan = its received, Σ per receipt = the receipt's settled amount.
 */
export const planSettlement = defineEntity({
  logicalName: 'new_plansettlement',
  entitySet: 'new_plansettlements',
  label: label('计划回款记录', 'Plan settlement'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_payer_id'] },
  access: { read: 'sales.read' },
  fields: {
    new_name: text(label('回款单号', 'Receipt number'), { ...RO, maxLength: 40 }),
    new_paymentplan_id: lookup('new_paymentplan', label('回款计划', 'Payment plan'), { ...RO, indexed: true }),
    new_receipt_id: lookup('new_receipt', label('回款单', 'Receipt'), { ...RO, indexed: true }),
    new_payer_id: lookup('businessunit', label('付款单位', 'Paying unit'), RO),
    new_amount: money(label('核销金额', 'Settled amount'), RO),
  },
  checks: { amount: 'new_amount > 0' },
  views: {
    byPlan: {
      label: label('回款记录', 'Settlements'),
      columns: ['new_name', 'new_receipt_id', 'new_amount', 'createdon'],
      orderBy: [['createdon', 'asc']],
    },
  },
});
