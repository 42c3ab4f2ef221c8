import { defineNamedOptionSet, label } from '../define-fields.ts';

/**
 * An invoice's state (发票, issue 27): open until receipts are allocated to it, part paid in
 * between, paid exactly when its allocations reach its total; void (作废) only while nothing is paid.
 */
export const invoiceState = defineNamedOptionSet('new_invoice_state', label('付款状态', 'Payment state'), {
  unpaid: { value: 1, label: label('未付款', 'Unpaid'), color: 'orange' },
  partPaid: { value: 2, label: label('部分付款', 'Part paid'), color: 'gold' },
  paid: { value: 3, label: label('已付款', 'Paid'), color: 'green' },
  void: { value: 4, label: label('已作废', 'Void'), color: 'default' },
});

/** A VAT invoice (增值税发票) once issued, and once sent to the buyer by courier. */
export const taxInvoiceState = defineNamedOptionSet('new_taxinvoice_state', label('税票状态', 'Tax invoice state'), {
  issued: { value: 1, label: label('已开具', 'Issued'), color: 'blue' },
  sent: { value: 2, label: label('已寄出', 'Sent'), color: 'green' },
});

/** The kind of VAT invoice. */
export const taxInvoiceType = defineNamedOptionSet('new_taxinvoice_type', label('发票类型', 'Invoice type'), {
  special: { value: 1, label: label('增值税专用发票', 'Special VAT invoice') },
  ordinary: { value: 2, label: label('增值税普通发票', 'Ordinary VAT invoice') },
});

/** VAT rates (percent; the option's value is the rate): 13 % goods, 9 % and 6 % services, 3 % small-scale. */
export const taxRate = defineNamedOptionSet('new_taxrate', label('税率', 'Tax rate'), {
  r13: { value: 13, label: label('13%', '13%') },
  r9: { value: 9, label: label('9%', '9%') },
  r6: { value: 6, label: label('6%', '6%') },
  r3: { value: 3, label: label('3%', '3%') },
});

/** How a dealer paid (回款方式). */
export const receiptMethod = defineNamedOptionSet('new_receipt_method', label('付款方式', 'Payment method'), {
  transfer: { value: 1, label: label('银行转账', 'Bank transfer') },
  acceptance: { value: 2, label: label('承兑汇票', "Banker's acceptance") },
  cash: { value: 3, label: label('现金', 'Cash') },
});

/** Payment terms of every invoice (Dynamics' Net 30): due 30 days after the invoice date (China time). */
export const INVOICE_TERMS_DAYS = 30;
