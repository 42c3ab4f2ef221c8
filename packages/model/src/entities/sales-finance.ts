import { bool, date, dateTime, defineEntity, int, label, lookup, money, optionSet, text } from '../define.ts';
import { approvalStatus } from '../option-sets/approval.ts';
import { invoiceState, receiptMethod, taxInvoiceState, taxInvoiceType, taxRate } from '../option-sets/sales-finance.ts';

/*
 * Order to cash (issue 27): invoices made by head-office finance from what an order has shipped,
 * the VAT invoices (增值税发票) issued against them, and the dealers' receipts (回款) that finance
 * confirms through approval and that are allocated to the payer's open invoices. Business:
 * server domain/sales-finance/*.ts. Every amount, state and allocation is the server's (readOnly).
 */

const RO = { readOnly: true } as const;

const INVOICE_COLUMNS = [
  'name',
  'new_state',
  'new_order_id',
  'owningbusinessunit',
  'totalamount',
  'new_paidamount',
  'new_invoicedate',
  'new_duedate',
];
const invoiceView = (l: ReturnType<typeof label>, state: number) => ({
  label: l,
  columns: INVOICE_COLUMNS,
  orderBy: [['createdon', 'desc']] as [string, 'desc'][],
  filter: { new_state: [state] },
});

/**
 * An invoice (发票, Dynamics' invoice from ConvertSalesOrderToInvoice): made by finance from an
 * order's shipped and not yet invoiced quantities (the order's `createInvoice`), owned by the
 * buyer's unit. 未付款 → 部分付款 → 已付款 as receipts are allocated (the order's rebate credit
 * counts as settled: an invoice all covered by it is 已付款 at once); 已作废 (void) only while
 * nothing is paid. Due date: the invoice date + 30 days (INVOICE_TERMS_DAYS). Never changed
 * through the record service.
 */
export const invoice = defineEntity({
  logicalName: 'invoice',
  entitySet: 'invoices',
  label: label('发票', 'Invoice'),
  primaryName: 'name',
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.read', write: 'finance.manage', notCreatedHere: 'sales.invoice.fromOrder' },
  screens: {
    list: {
      name: 'invoiceList',
      path: '/invoice/list',
      title: 'menu.invoices',
      viewTabs: true,
      allowImport: false,
      allowDelete: false,
      menu: { group: 'sales', order: 40, key: 'invoices', label: 'menu.invoices' },
    },
    view: { name: 'invoiceView', path: '/invoice/view/:id', testIdPrefix: 'invoice' },
  },
  document: {
    number: { prefix: 'FP', period: 'day' },
    status: {
      field: 'new_state',
      set: invoiceState,
      initial: invoiceState.unpaid,
      editable: [],
      locked: 'sales.invoice.readOnly',
    },
    lines: [{ entity: 'invoicedetail', parent: 'invoiceid', totals: { totalamount: 'extendedamount', new_totalqty: 'quantity' } }],
    commands: {
      void: {
        label: 'sales.invoice.void',
        confirm: 'sales.invoice.voidAsk',
        from: [invoiceState.unpaid],
        to: invoiceState.void,
        privilege: 'finance.manage',
        inputs: ['new_voidreason'],
        refused: 'sales.invoice.voidRefused',
      },
    },
  },
  fields: {
    name: text(label('发票编号', 'Invoice number'), { ...RO, unique: true, searchable: true, maxLength: 40 }),
    new_state: optionSet(invoiceState, undefined, { ...RO, indexed: true }),
    new_order_id: lookup('salesorder', label('销售订单', 'Sales order'), { ...RO, indexed: true }),
    new_invoicedate: date(label('开票日期', 'Invoice date'), RO),
    new_duedate: date(label('到期日', 'Due date'), RO),
    totalamount: money(label('发票金额', 'Total amount'), RO),
    new_totalqty: int(label('开票数量', 'Quantity'), RO),
    new_paidamount: money(label('已付金额', 'Paid'), RO),
    // The order's rebate (返利抵扣) credited against this invoice at its making (issue 28): it settles that
    // much of the invoice as a receipt would, so the open amount and the state count it.
    new_rebatecredit: money(label('返利抵扣', 'Rebate credit'), RO),
    new_openamount: money(label('未付金额', 'Open'), { ...RO, computed: 'totalamount - new_paidamount - new_rebatecredit' }),
    new_taxedamount: money(label('已开税票金额', 'Tax-invoiced'), RO),
    new_voidreason: text(label('作废原因', 'Void reason'), { maxLength: 100 }),
    new_voidedon: dateTime(label('作废时间', 'Voided on'), RO),
  },
  checks: {
    amounts: 'new_paidamount >= 0 AND new_paidamount <= totalamount AND new_taxedamount >= 0 AND new_taxedamount <= totalamount',
    rebate: 'new_rebatecredit >= 0 AND new_paidamount + new_rebatecredit <= totalamount',
  },
  indexes: [
    ['owningbusinessunit', 'createdon'],
    ['new_state', 'createdon'],
  ],
  views: {
    all: { label: label('全部发票', 'All invoices'), columns: INVOICE_COLUMNS, orderBy: [['createdon', 'desc']] },
    unpaid: invoiceView(label('未付款', 'Unpaid'), invoiceState.unpaid),
    partPaid: invoiceView(label('部分付款', 'Part paid'), invoiceState.partPaid),
    paid: invoiceView(label('已付款', 'Paid'), invoiceState.paid),
    void: invoiceView(label('已作废', 'Void'), invoiceState.void),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('发票信息', 'Invoice'),
        fields: [
          'name',
          'new_state',
          'new_order_id',
          'new_invoicedate',
          'new_duedate',
          'totalamount',
          'new_totalqty',
          'new_paidamount',
          'new_rebatecredit',
          'new_openamount',
          'new_taxedamount',
        ],
      },
      { key: 'void', label: label('作废', 'Void'), fields: ['new_voidreason', 'new_voidedon'], on: 'edit' },
    ],
  },
});

/** An invoice line: an order line's invoiced quantity at its locked price. Written by the server only. */
export const invoiceDetail = defineEntity({
  logicalName: 'invoicedetail',
  entitySet: 'invoicedetails',
  label: label('发票明细', 'Invoice line'),
  primaryName: 'new_name',
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.read' },
  fields: {
    new_name: text(label('产品名称', 'Product name'), { ...RO, maxLength: 200 }),
    invoiceid: lookup('invoice', label('发票', 'Invoice'), { required: true, indexed: true }),
    new_orderline_id: lookup('salesorderdetail', label('订单明细', 'Order line'), { ...RO, indexed: true }),
    productid: lookup('product', label('产品', 'Product'), RO),
    quantity: int(label('数量', 'Quantity'), { ...RO, min: 1, max: 99999 }),
    priceperunit: money(label('单价', 'Unit price'), RO),
    extendedamount: money(label('金额', 'Amount'), RO),
    new_taxedamount: money(label('已开税票金额', 'Tax-invoiced'), RO),
  },
  checks: { taxed: 'new_taxedamount >= 0 AND new_taxedamount <= extendedamount' },
  views: {
    byDocument: {
      label: label('发票明细', 'Invoice lines'),
      columns: ['new_name', 'productid', 'quantity', 'priceperunit', 'extendedamount', 'new_taxedamount'],
      orderBy: [['createdon', 'asc']],
    },
  },
});

const TAX_COLUMNS = [
  'new_name',
  'new_code',
  'new_invoice_id',
  'new_buyer_id',
  'new_type',
  'new_rate',
  'new_amount',
  'new_tax',
  'new_total',
  'new_issuedate',
  'new_state',
  'new_courierno',
];

/**
 * A VAT invoice (增值税发票, /billing): issued by finance against an invoice for what of it is not
 * yet tax-invoiced, one line per invoice line. Prices are tax-inclusive: per line total = the
 * line's amount, tax = round-half-up(total × rate / (1 + rate)) to the fen, amount = total − tax;
 * the header's amount, tax and total are the sums of its lines, so they agree to the fen per line
 * and in total. Σ of an invoice's tax invoices ≤ its total. Read-only for dealers; finance sends it
 * (courier number).
 */
export const taxInvoice = defineEntity({
  logicalName: 'new_taxinvoice',
  entitySet: 'new_taxinvoices',
  label: label('增值税发票', 'VAT invoice'),
  scope: { kind: 'businessUnit', field: 'new_buyer_id' },
  access: { read: 'sales.read', write: 'finance.manage' },
  screens: {
    list: {
      name: 'billingList',
      path: '/billing/list',
      title: 'menu.billing',
      viewTabs: true,
      allowImport: false,
      allowDelete: false,
      menu: { group: 'sales', order: 50, key: 'billing', label: 'menu.billing' },
    },
    create: { name: 'billingCreate', path: '/billing/create', testIdPrefix: 'billing' },
    view: { name: 'billingView', path: '/billing/view/:id', testIdPrefix: 'billing' },
  },
  document: {
    status: {
      field: 'new_state',
      set: taxInvoiceState,
      initial: taxInvoiceState.issued,
      editable: [],
      locked: 'sales.tax.readOnly',
    },
    lines: [{ entity: 'new_taxinvoicedetail', parent: 'new_taxinvoice_id' }],
    commands: {
      send: {
        label: 'sales.tax.send',
        from: [taxInvoiceState.issued],
        to: taxInvoiceState.sent,
        privilege: 'finance.manage',
        inputs: ['new_courierno'],
      },
    },
  },
  fields: {
    new_name: text(label('发票号码', 'Invoice number'), { required: true, pattern: 'uinteger', maxLength: 20, searchable: true }),
    new_code: text(label('发票代码', 'Invoice code'), { required: true, pattern: 'uinteger', maxLength: 12 }),
    new_invoice_id: lookup('invoice', label('发票', 'Invoice'), { required: true, indexed: true }),
    new_buyer_id: lookup('businessunit', label('购买方', 'Buyer'), RO),
    new_state: optionSet(taxInvoiceState, undefined, { ...RO, indexed: true }),
    new_type: optionSet(taxInvoiceType, undefined, { required: true }),
    new_rate: optionSet(taxRate),
    new_amount: money(label('金额（不含税）', 'Amount (excl. tax)'), RO),
    new_tax: money(label('税额', 'Tax'), RO),
    new_total: money(label('价税合计', 'Total (incl. tax)'), RO),
    new_issuedate: date(label('开票日期', 'Issue date')),
    new_courierno: text(label('快递单号', 'Courier number'), { maxLength: 40 }),
    new_sentby_id: lookup('systemuser', label('寄出人', 'Sent by'), RO),
  },
  uniques: [['new_code', 'new_name']],
  checks: { sums: 'new_amount + new_tax = new_total AND new_total > 0' },
  views: {
    all: { label: label('全部税票', 'All VAT invoices'), columns: TAX_COLUMNS, orderBy: [['createdon', 'desc']] },
    issued: {
      label: label('已开具', 'Issued'),
      columns: TAX_COLUMNS,
      orderBy: [['createdon', 'desc']],
      filter: { new_state: [taxInvoiceState.issued] },
    },
    sent: {
      label: label('已寄出', 'Sent'),
      columns: TAX_COLUMNS,
      orderBy: [['createdon', 'desc']],
      filter: { new_state: [taxInvoiceState.sent] },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('税票信息', 'VAT invoice'),
        fields: ['new_invoice_id', 'new_name', 'new_code', 'new_type', 'new_rate', 'new_issuedate', 'new_buyer_id', 'new_state'],
      },
      { key: 'amounts', label: label('金额', 'Amounts'), fields: ['new_amount', 'new_tax', 'new_total'], on: 'edit' },
      { key: 'courier', label: label('寄送', 'Courier'), fields: ['new_courierno', 'new_sentby_id'], on: 'edit' },
    ],
  },
});

/** A VAT invoice line: one invoice line's amount, tax and total (amount + tax = total to the fen). */
export const taxInvoiceDetail = defineEntity({
  logicalName: 'new_taxinvoicedetail',
  entitySet: 'new_taxinvoicedetails',
  label: label('税票明细', 'VAT invoice line'),
  scope: { kind: 'businessUnit', field: 'new_buyer_id' },
  access: { read: 'sales.read' },
  fields: {
    new_name: text(label('货物或应税劳务名称', 'Goods or services'), { ...RO, maxLength: 200 }),
    new_taxinvoice_id: lookup('new_taxinvoice', label('增值税发票', 'VAT invoice'), { required: true, indexed: true }),
    new_invoiceline_id: lookup('invoicedetail', label('发票明细', 'Invoice line'), { ...RO, indexed: true }),
    new_buyer_id: lookup('businessunit', label('购买方', 'Buyer'), RO),
    new_qty: int(label('数量', 'Quantity'), RO),
    new_rate: optionSet(taxRate, undefined, RO),
    new_amount: money(label('金额（不含税）', 'Amount (excl. tax)'), RO),
    new_tax: money(label('税额', 'Tax'), RO),
    new_total: money(label('价税合计', 'Total (incl. tax)'), RO),
  },
  checks: { sums: 'new_amount + new_tax = new_total AND new_total > 0 AND new_tax >= 0' },
  views: {
    byDocument: {
      label: label('税票明细', 'VAT invoice lines'),
      columns: ['new_name', 'new_qty', 'new_rate', 'new_amount', 'new_tax', 'new_total'],
      orderBy: [['createdon', 'asc']],
    },
  },
});

const RECEIPT_COLUMNS = [
  'new_name',
  'new_payer_id',
  'new_paydate',
  'new_method',
  'new_amount',
  'new_allocatedamount',
  'new_serialno',
  'new_approvalstatus',
  'createdon',
];
const receiptView = (l: ReturnType<typeof label>, states: number[]) => ({
  label: l,
  columns: RECEIPT_COLUMNS,
  orderBy: [['createdon', 'desc']] as [string, 'desc'][],
  filter: { new_approvalstatus: states },
});

/**
 * A receipt (回款单, /receivables): the dealer (or store) records a payment it made, with the bank
 * slip attached, and submits it; head-office finance confirms it through the approval engine. The
 * final approval allocates the amount, in the approving transaction, to the invoices the payer
 * chose (its allocation lines) or else to its open invoices oldest first; what is left stays
 * unallocated until finance allocates it (`allocate`). The bank serial number is unique per payer.
 */
export const receipt = defineEntity({
  logicalName: 'new_receipt',
  entitySet: 'new_receipts',
  label: label('回款单', 'Receipt'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.read', write: 'sales.write' },
  attachments: true,
  screens: {
    list: {
      name: 'receivablesList',
      path: '/receivables/list',
      title: 'menu.receivables',
      viewTabs: true,
      allowImport: false,
      menu: { group: 'sales', order: 60, key: 'receivables', label: 'menu.receivables' },
    },
    create: { name: 'receivablesCreate', path: '/receivables/create', testIdPrefix: 'receipt' },
    view: { name: 'receivablesView', path: '/receivables/view/:id', testIdPrefix: 'receipt' },
  },
  document: {
    number: { prefix: 'HK', period: 'day' },
    lines: [{ entity: 'new_receiptallocation', parent: 'new_receipt_id' }],
    approval: { amount: 'new_amount' },
    commands: {
      allocate: {
        label: 'sales.receipt.allocate',
        confirm: 'sales.receipt.allocateAsk',
        from: [approvalStatus.approved],
        privilege: 'finance.manage',
        refused: 'sales.receipt.allocateRefused',
      },
    },
  },
  fields: {
    new_name: text(label('回款单号', 'Receipt number'), { ...RO, unique: true, searchable: true, maxLength: 40 }),
    new_payer_id: lookup('businessunit', label('付款单位', 'Payer'), { ...RO, indexed: true }),
    new_paydate: date(label('付款日期', 'Payment date'), { required: true }),
    new_method: optionSet(receiptMethod, undefined, { required: true }),
    new_amount: money(label('回款金额', 'Amount'), { required: true, min: 0.01, max: 99999999 }),
    new_serialno: text(label('银行流水号', 'Bank serial number'), { required: true, maxLength: 60, searchable: true }),
    new_bank: text(label('付款银行', 'Paying bank'), { maxLength: 60 }),
    new_allocatedamount: money(label('已分配金额', 'Allocated'), RO),
    new_unallocated: money(label('未分配金额', 'Unallocated'), { ...RO, computed: 'new_amount - new_allocatedamount' }),
    new_confirmedon: dateTime(label('确认时间', 'Confirmed on'), RO),
    new_remark: text(label('备注', 'Remark'), { maxLength: 200 }),
    // Issue 29: the payer's contract in force whose payment plans this receipt settles at its confirmation (domain/sales-contracts/settle.ts).
    new_salescontract_id: lookup('new_salescontract', label('销售合同', 'Sales contract'), { indexed: true }),
    new_contractsettled: money(label('合同核销金额', 'Settled on the contract'), RO),
  },
  uniques: [['new_payer_id', 'new_serialno']],
  checks: { allocated: 'new_allocatedamount >= 0 AND new_allocatedamount <= new_amount' },
  indexes: [['owningbusinessunit', 'createdon']],
  views: {
    all: { label: label('全部回款', 'All receipts'), columns: RECEIPT_COLUMNS, orderBy: [['createdon', 'desc']] },
    draft: receiptView(label('待提交', 'To be submitted'), [approvalStatus.draft, approvalStatus.rejected]),
    underReview: receiptView(label('审批中', 'Under review'), [approvalStatus.underReview]),
    confirmed: receiptView(label('已确认', 'Confirmed'), [approvalStatus.approved]),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('回款信息', 'Receipt'),
        fields: [
          'new_name',
          'new_payer_id',
          'new_paydate',
          'new_method',
          'new_amount',
          'new_serialno',
          'new_bank',
          'new_allocatedamount',
          'new_unallocated',
          'new_confirmedon',
          'new_remark',
          'new_salescontract_id',
          'new_contractsettled',
        ],
      },
    ],
  },
});

/**
 * A receipt's allocation to one invoice (回款分配). The payer may name invoices and amounts while
 * the receipt is a draft (its choice, `new_posted` false); on confirmation the server posts them
 * (or, with none chosen, makes them oldest first) and only posted allocations count as paid.
 */
export const receiptAllocation = defineEntity({
  logicalName: 'new_receiptallocation',
  entitySet: 'new_receiptallocations',
  label: label('回款分配', 'Receipt allocation'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'sales.read', write: 'sales.write' },
  fields: {
    new_name: text(label('发票编号', 'Invoice number'), { ...RO, maxLength: 40 }),
    new_receipt_id: lookup('new_receipt', label('回款单', 'Receipt'), { required: true, indexed: true }),
    new_invoice_id: lookup('invoice', label('发票', 'Invoice'), { required: true, indexed: true }),
    new_amount: money(label('分配金额', 'Amount'), { required: true, min: 0.01, max: 99999999 }),
    new_posted: bool(label('已核销', 'Posted'), RO),
    new_postedon: dateTime(label('核销时间', 'Posted on'), RO),
  },
  checks: { amount: 'new_amount > 0' },
  views: {
    byDocument: {
      label: label('回款分配', 'Allocations'),
      columns: ['new_invoice_id', 'new_amount', 'new_posted', 'new_postedon'],
      orderBy: [['createdon', 'asc']],
    },
  },
});
