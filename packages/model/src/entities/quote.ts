import { date, dateTime, decimal, defineEntity, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import { businessUnitType } from '../option-sets/organisation.ts';
import { quoteState, quoteStatusReason } from '../option-sets/quote.ts';

const RO = { readOnly: true } as const;

const QUOTE_COLUMNS = [
  'name',
  'revisionnumber',
  'new_subject',
  'new_customer_id',
  'totalamount',
  'new_status',
  'new_statusreason',
  'effectiveto',
  'createdon',
];
// Newest number first, its revisions together (latest first): numbers run by month (QT<yyyyMM>-0001).
const NEWEST: [string, 'desc'][] = [
  ['name', 'desc'],
  ['revisionnumber', 'desc'],
];
const stateView = (l: ReturnType<typeof label>, states: number[]) => ({
  label: l,
  columns: QUOTE_COLUMNS,
  orderBy: NEWEST,
  filter: { new_status: states },
});

/**
 * A quote (报价单, issue 29), with Dynamics 365's semantics: a number kept by every revision and a
 * revision number (1, 2, …); the customer (a dealer's or a store's end customer), whose unit's price
 * list prices the lines (the unit that will order the goods from head office when it is won); the
 * validity; lines with their list price, discount and amount, summed on the quote.
 * 草稿 → activate (已生效: frozen, printable) → revise (a new draft, revision n+1, copying the lines;
 * this one 已关闭·已修订) → win (已赢单) → convert to a sales order (the buyer's order to head office
 * at the quoted prices, salesorder.new_quote_id), or close as lost (已关闭·输单, with a reason).
 * Only a draft is edited. Business: server domain/quotes/quote.controller.ts.
 */
export const quote = defineEntity({
  logicalName: 'quote',
  entitySet: 'quotes',
  label: label('报价单', 'Quote'),
  pluralLabel: label('报价单', 'Quotes'),
  primaryName: 'name',
  // Whoever made it (a salesman in a branch, the dealer, the store) and the buyer's unit and those above it.
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_buyer_id'] },
  access: { read: 'sales.read', write: 'sales.write' },
  attachments: true,
  screens: {
    list: {
      name: 'quoteList',
      path: '/quote/list',
      title: 'menu.quotes',
      viewTabs: true,
      allowImport: false,
      menu: {
        group: 'sales',
        order: 5,
        key: 'quotes',
        label: 'menu.quotes',
        units: [businessUnitType.headOffice, businessUnitType.branch, businessUnitType.dealer, businessUnitType.store],
      },
    },
    create: { name: 'quoteCreate', path: '/quote/create', page: 'QuotePage' },
    view: [
      { name: 'quoteView', path: '/quote/view/:id', page: 'QuotePage' },
      // Links from outside and the configurator's return name the quote in the query string.
      { name: 'quoteViewByQuery', path: '/quote/view', page: 'QuoteByQueryPage', idFromQuery: true },
    ],
  },
  document: {
    number: { prefix: 'QT', period: 'month' },
    status: {
      field: 'new_status',
      set: quoteState,
      initial: quoteState.draft,
      editable: [quoteState.draft],
      locked: 'quote.locked',
      deleteLocked: 'quote.deleteLocked',
    },
    lines: [
      {
        entity: 'quotedetail',
        parent: 'quoteid',
        totals: {
          new_totallistamount: 'baseamount',
          new_totaldiscount: 'new_discount',
          totalamount: 'extendedamount',
          new_totalqty: 'quantity',
        },
      },
    ],
    print: { path: '/quote/print/:id', label: 'quote.print' },
    commands: {
      // Reads every line's list price again from the price list (a draft's prices are those of when its line was written).
      recalculate: { label: 'quote.recalculate', from: [quoteState.draft], privilege: 'sales.write', refused: 'quote.onlyDraft' },
      activate: {
        label: 'quote.activate',
        confirm: 'quote.activateAsk',
        from: [quoteState.draft],
        to: quoteState.active,
        privilege: 'sales.write',
        refused: 'quote.activateRefused',
      },
      // A new draft (revision n+1) with this one's lines; this one is closed as revised. The page opens the new one.
      revise: {
        label: 'quote.revise',
        confirm: 'quote.reviseAsk',
        from: [quoteState.active],
        to: quoteState.closed,
        privilege: 'sales.write',
        refused: 'quote.reviseRefused',
      },
      win: {
        label: 'quote.win',
        confirm: 'quote.winAsk',
        from: [quoteState.active],
        to: quoteState.won,
        privilege: 'sales.write',
        refused: 'quote.winRefused',
      },
      // The buyer's sales order at the quoted prices, once (its controller); the page opens it.
      convert: {
        label: 'quote.convert',
        confirm: 'quote.convertAsk',
        from: [quoteState.won],
        privilege: 'sales.write',
        refused: 'quote.convertRefused',
      },
      close: {
        label: 'quote.close',
        from: [quoteState.draft, quoteState.active],
        to: quoteState.closed,
        inputs: ['new_closereason'],
        privilege: 'sales.write',
        refused: 'quote.closeRefused',
      },
    },
  },
  fields: {
    name: text(label('报价单号', 'Quote number'), { ...RO, searchable: true, maxLength: 40, indexed: true }),
    revisionnumber: int(label('修订版本', 'Revision'), RO),
    new_subject: text(label('报价主题', 'Subject'), { required: true, searchable: true, maxLength: 200 }),
    new_customer_id: lookup('new_endcustomer', label('客户', 'Customer'), { required: true, indexed: true }),
    opportunityid: lookup('opportunity', label('商机', 'Opportunity'), { indexed: true }),
    /** The customer's unit (a dealer or a store): its price list prices the lines, and it orders the goods when the quote is won. */
    new_buyer_id: lookup('businessunit', label('价格表（经销商/门店）', 'Price list (dealer or store)'), { ...RO, indexed: true }),
    effectivefrom: date(label('有效期自', 'Valid from')),
    effectiveto: date(label('有效期至', 'Valid to')),
    new_status: optionSet(quoteState, undefined, { ...RO, indexed: true }),
    new_statusreason: optionSet(quoteStatusReason, undefined, RO),
    new_totallistamount: money(label('目录价合计', 'List total'), RO),
    new_totaldiscount: money(label('折扣合计', 'Discount'), RO),
    totalamount: money(label('报价金额', 'Total amount'), RO),
    new_totalqty: int(label('数量合计', 'Total quantity'), RO),
    new_description: memo(label('报价说明与条款', 'Terms and notes'), { maxLength: 2000 }),
    new_activatedon: dateTime(label('生效时间', 'Activated on'), RO),
    new_closedon: dateTime(label('关闭/赢单时间', 'Closed on'), RO),
    // The close command's (its dialog asks it, its controller requires it): never written on the draft's form.
    new_closereason: text(label('输单原因', 'Reason lost'), { ...RO, maxLength: 200 }),
    new_previous_id: lookup('quote', label('修订自', 'Revised from'), RO),
    new_salesorder_id: lookup('salesorder', label('销售订单', 'Sales order'), RO),
  },
  // One row per number and revision (the kernel's number is allocated once; revisions copy it).
  uniques: [['name', 'revisionnumber']],
  indexes: [
    ['owningbusinessunit', 'createdon'],
    ['new_status', 'createdon'],
  ],
  views: {
    all: { label: label('全部报价', 'All quotes'), columns: QUOTE_COLUMNS, orderBy: NEWEST },
    draft: stateView(label('草稿', 'Draft'), [quoteState.draft]),
    active: stateView(label('已生效', 'Active'), [quoteState.active]),
    won: stateView(label('已赢单', 'Won'), [quoteState.won]),
    closed: stateView(label('已关闭', 'Closed'), [quoteState.closed]),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('报价信息', 'Quote'),
        fields: [
          'name',
          'revisionnumber',
          'new_subject',
          'new_customer_id',
          'opportunityid',
          'new_buyer_id',
          'effectivefrom',
          'effectiveto',
          'new_status',
          'new_statusreason',
          'new_previous_id',
          'new_salesorder_id',
        ],
      },
      {
        key: 'totals',
        label: label('金额', 'Totals'),
        fields: ['new_totallistamount', 'new_totaldiscount', 'totalamount', 'new_totalqty'],
      },
      { key: 'terms', label: label('说明', 'Terms'), fields: ['new_description'] },
      {
        key: 'close',
        label: label('生效与关闭', 'Activation and closing'),
        fields: ['new_activatedon', 'new_closedon', 'new_closereason'],
      },
    ],
  },
});

/**
 * A quote line (报价明细): a product of the catalogue (or a configured product, issue 29's
 * configurator, with its configuration's summary), the quantity, the list price of the quote's price
 * list, a discount (a rate or an amount off the line) and the amount. The amount is always the
 * quantity times a net unit price in fen, so the order made from the quote charges exactly it.
 */
export const quoteDetail = defineEntity({
  logicalName: 'quotedetail',
  entitySet: 'quotedetails',
  label: label('报价明细', 'Quote line'),
  primaryName: 'new_name',
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_buyer_id'] },
  access: { read: 'sales.read', write: 'sales.write' },
  fields: {
    new_name: text(label('产品名称', 'Product'), { ...RO, maxLength: 200 }),
    /** The line's place on the quote (its controller numbers new lines; a revision copies them). */
    lineitemnumber: int(label('行号', 'Line'), RO),
    quoteid: lookup('quote', label('报价单', 'Quote'), { required: true, indexed: true }),
    new_buyer_id: lookup('businessunit', label('价格表（经销商/门店）', 'Price list (dealer or store)'), RO),
    // Required of a catalogue line (its controller); a configured line may name none.
    productid: lookup('product', label('产品', 'Product')),
    quantity: int(label('数量', 'Quantity'), { required: true, min: 1, max: 99999 }),
    priceperunit: money(label('目录价', 'List price'), RO),
    new_discountrate: decimal(label('折扣率(%)', 'Discount (%)'), { min: 0, max: 100 }),
    manualdiscountamount: money(label('折扣金额', 'Discount amount'), { min: 0, max: 99999999 }),
    baseamount: money(label('目录价金额', 'List amount'), RO),
    new_discount: money(label('折扣', 'Discount'), RO),
    new_netprice: money(label('成交单价', 'Net price'), RO),
    extendedamount: money(label('金额', 'Amount'), RO),
    /** A configured line (issue 29's configurator): the saved configuration it was made from (attached by the configurator's action, domain/quotes addConfiguredLine). */
    new_cpqquote_id: lookup('new_cpqquote', label('产品配置', 'Configuration'), RO),
    new_configsummary: memo(label('配置', 'Configuration'), { ...RO, maxLength: 2000 }),
    new_remark: text(label('备注', 'Remark'), { maxLength: 200 }),
  },
  indexes: [['quoteid', 'lineitemnumber']],
  views: {
    byDocument: {
      label: label('报价明细', 'Quote lines'),
      columns: [
        'lineitemnumber',
        'new_name',
        'quantity',
        'priceperunit',
        'new_discountrate',
        'manualdiscountamount',
        'new_netprice',
        'extendedamount',
        'new_configsummary',
      ],
      orderBy: [['lineitemnumber', 'asc']],
    },
  },
});
