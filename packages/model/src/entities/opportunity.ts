import { date, dateTime, defineEntity, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import { businessUnitType } from '../option-sets/organisation.ts';
import { competitorThreat, opportunityStage, opportunityState } from '../option-sets/leads.ts';

/*
 * Opportunities (商机, issue 29, /opportunity/*), after Dynamics 365 Sales: a deal a salesman works
 * with a customer, made by qualifying a lead or by hand. While open it moves through its sales stages
 * (资格审查 → 需求分析 → 方案报价 → 商务谈判), carries the products it is about (the estimated value is
 * their sum) and the competitors met; 赢单 or 输单 closes it with a reason, read-only afterwards.
 * Quotes and sales contracts are made from an open one (/quote/create?opportunityid=…,
 * /salescontract/create?opportunityid=…). Scope as the lead's: the owner, his unit's managers.
 * Business: server domain/opportunities/.
 */

const RO = { readOnly: true } as const;
const UNITS = [businessUnitType.headOffice, businessUnitType.branch];
const SCOPE = { kind: 'businessUnit', field: 'owningbusinessunit', assignee: { owner: 'ownerid', wide: 'sales.leadall' } } as const;
const COLUMNS = [
  'name',
  'new_customer_id',
  'new_stage',
  'estimatedvalue',
  'closeprobability',
  'estimatedclosedate',
  'new_opportunitystate',
  'ownerid',
  'createdon',
];
const byState = (l: ReturnType<typeof label>, states: number[]) => ({
  label: l,
  columns: COLUMNS,
  orderBy: [['createdon', 'desc']] as [string, 'desc'][],
  filter: { new_opportunitystate: states },
});

export const opportunity = defineEntity({
  logicalName: 'opportunity',
  entitySet: 'opportunities',
  label: label('商机', 'Opportunity'),
  pluralLabel: label('商机', 'Opportunities'),
  primaryName: 'name',
  scope: SCOPE,
  access: { read: 'sales.lead', write: 'sales.lead' },
  attachments: true,
  screens: {
    list: {
      name: 'opportunityList',
      path: '/opportunity/list',
      title: 'menu.opportunities',
      viewTabs: true,
      allowImport: false,
      allowDelete: false,
      menu: { group: 'salesmgmt', order: 2, key: 'opportunities', label: 'menu.opportunities', units: UNITS },
    },
    create: { name: 'opportunityCreate', path: '/opportunity/create', page: 'OpportunityPage' },
    edit: { name: 'opportunityEdit', path: '/opportunity/edit/:id', page: 'OpportunityPage' },
  },
  document: {
    status: {
      field: 'new_opportunitystate',
      set: opportunityState,
      initial: opportunityState.open,
      editable: [opportunityState.open],
      // Quotes and contracts name it: an opportunity is closed, never deleted.
      deletable: [],
      locked: 'opportunity.notOpen',
      deleteLocked: 'opportunity.notDeleted',
    },
    lines: [
      { entity: 'opportunityproduct', parent: 'opportunityid', totals: { estimatedvalue: 'extendedamount' } },
      { entity: 'new_opportunitycompetitor', parent: 'new_opportunity_id' },
    ],
    commands: {
      win: {
        label: 'opportunity.win',
        from: [opportunityState.open],
        to: opportunityState.won,
        privilege: 'sales.lead',
        inputs: ['new_closereason'],
        refused: 'opportunity.alreadyClosed',
      },
      lose: {
        label: 'opportunity.lose',
        from: [opportunityState.open],
        to: opportunityState.lost,
        privilege: 'sales.lead',
        inputs: ['new_closereason'],
        refused: 'opportunity.alreadyClosed',
      },
    },
  },
  fields: {
    name: text(label('商机主题', 'Topic'), { required: true, searchable: true, maxLength: 200 }),
    new_customer_id: lookup('new_endcustomer', label('客户', 'Customer'), { required: true, indexed: true }),
    new_contact_id: lookup('contact', label('联系人', 'Contact')),
    originatingleadid: lookup('lead', label('来源线索', 'Originating lead'), { ...RO, indexed: true }),
    new_stage: optionSet(opportunityStage, undefined, { required: true }),
    estimatedvalue: money(label('预计金额', 'Est. revenue'), RO),
    estimatedclosedate: date(label('预计成交日期', 'Est. close date'), { required: true }),
    closeprobability: int(label('赢单概率(%)', 'Probability (%)'), { min: 0, max: 100 }),
    description: memo(label('商机描述', 'Description'), { maxLength: 2000 }),
    new_opportunitystate: optionSet(opportunityState, undefined, { ...RO, indexed: true }),
    // The win and lose commands' input (their dialog asks it; the controller requires it).
    new_closereason: memo(label('关闭原因', 'Close reason'), { ...RO, maxLength: 500 }),
    actualvalue: money(label('实际金额', 'Actual revenue'), RO),
    actualclosedate: date(label('实际关闭日期', 'Actual close date'), RO),
    new_closedon: dateTime(label('关闭时间', 'Closed on'), RO),
  },
  checks: { probability: 'closeprobability IS NULL OR (closeprobability >= 0 AND closeprobability <= 100)' },
  indexes: [
    ['owningbusinessunit', 'createdon'],
    ['ownerid', 'createdon'],
  ],
  views: {
    open: byState(label('进行中的商机', 'Open opportunities'), [opportunityState.open]),
    won: byState(label('赢单', 'Won'), [opportunityState.won]),
    lost: byState(label('输单', 'Lost'), [opportunityState.lost]),
    all: { label: label('全部商机', 'All opportunities'), columns: COLUMNS, orderBy: [['createdon', 'desc']] },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('商机信息', 'Opportunity'),
        fields: [
          'name',
          'new_customer_id',
          'new_contact_id',
          'originatingleadid',
          'new_stage',
          'closeprobability',
          'estimatedvalue',
          'estimatedclosedate',
          'ownerid',
          'description',
        ],
      },
      {
        key: 'close',
        label: label('关闭信息', 'Close'),
        on: 'edit',
        fields: ['new_opportunitystate', 'actualvalue', 'actualclosedate', 'new_closereason'],
      },
    ],
  },
});

/** A product the opportunity is about: quantity and the price the salesman expects (the list price to start with). */
export const opportunityProduct = defineEntity({
  logicalName: 'opportunityproduct',
  entitySet: 'opportunityproducts',
  label: label('商机产品', 'Opportunity product'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', assignee: { via: 'opportunityid' } },
  access: { read: 'sales.lead', write: 'sales.lead' },
  fields: {
    new_name: text(label('产品名称', 'Product name'), { ...RO, maxLength: 200 }),
    opportunityid: lookup('opportunity', label('商机', 'Opportunity'), { required: true, indexed: true }),
    productid: lookup('product', label('产品', 'Product'), { required: true }),
    quantity: int(label('数量', 'Quantity'), { required: true, min: 1, max: 99999 }),
    priceperunit: money(label('单价', 'Unit price'), { min: 0, max: 99999999 }),
    extendedamount: money(label('金额', 'Amount'), RO),
  },
  views: {
    byDocument: {
      label: label('商机产品', 'Products'),
      columns: ['new_name', 'productid', 'quantity', 'priceperunit', 'extendedamount'],
      orderBy: [['createdon', 'asc']],
    },
  },
});

/** A competitor met on the opportunity: who, their strengths and weaknesses, their price and how much they threaten. */
export const opportunityCompetitor = defineEntity({
  logicalName: 'new_opportunitycompetitor',
  entitySet: 'new_opportunitycompetitors',
  label: label('竞争对手', 'Competitor'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', assignee: { via: 'new_opportunity_id' } },
  access: { read: 'sales.lead', write: 'sales.lead' },
  fields: {
    new_name: text(label('竞争对手', 'Competitor'), { required: true, maxLength: 100 }),
    new_opportunity_id: lookup('opportunity', label('商机', 'Opportunity'), { required: true, indexed: true }),
    new_threat: optionSet(competitorThreat, undefined, { required: true }),
    new_price: money(label('对手报价', 'Their price'), { min: 0, max: 999999999 }),
    new_strengths: memo(label('优势', 'Strengths'), { maxLength: 500 }),
    new_weaknesses: memo(label('劣势', 'Weaknesses'), { maxLength: 500 }),
  },
  views: {
    byDocument: {
      label: label('竞争对手', 'Competitors'),
      columns: ['new_name', 'new_threat', 'new_price', 'new_strengths', 'new_weaknesses'],
      orderBy: [['createdon', 'asc']],
    },
  },
});
