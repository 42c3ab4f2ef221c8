import { label } from '../define.ts';

/** Texts of order to cash (issue 27): invoices, VAT invoices (税票) and receipts (回款). */
export const salesFinanceMessages = {
  'menu.invoices': label('发票', 'Invoices'),
  'menu.billing': label('增值税发票', 'VAT invoices'),
  'menu.receivables': label('回款', 'Receipts'),

  'sales.invoice.fromOrder': label('发票由财务从已发货的订单生成', 'Invoices are made by finance from shipped orders'),
  'sales.invoice.readOnly': label('发票由系统维护，不能修改', 'Invoices are kept by the system and cannot be changed'),
  'sales.invoice.create': label('开票', 'Invoice'),
  'sales.invoice.createTitle': label(
    '开票 — 每行填写开票数量（不超过已发货未开票数量）',
    'Invoice — the quantity per line (at most shipped and not yet invoiced)',
  ),
  'sales.invoice.created': label('发票 {name} 已生成，金额 ¥{amount}', 'Invoice {name} was made for ¥{amount}'),
  'sales.invoice.orderNotShipped': label('只有已发货的订单才能开票', 'Only a shipped order can be invoiced'),
  'sales.invoice.overShipped': label(
    '“{product}”的开票数量 {qty} 超过已发货未开票数量 {remaining}',
    'Invoicing {qty} of “{product}” exceeds the {remaining} shipped and not yet invoiced',
  ),
  'sales.invoice.nothingToInvoice': label('订单没有已发货未开票的数量', 'Nothing of the order is shipped and not yet invoiced'),
  'sales.invoice.void': label('作废', 'Void'),
  'sales.invoice.voidAsk': label(
    '作废后发票不能恢复，已开票数量退回订单。确定作废吗？',
    'A void invoice cannot be restored; its quantities go back to the order. Void it?',
  ),
  'sales.invoice.voidRefused': label(
    '发票当前状态为“{state}”，只有未付款的发票才能作废',
    'The invoice is “{state}”: only an unpaid invoice can be voided',
  ),
  'sales.invoice.hasTaxInvoice': label(
    '发票已开具增值税发票 {name}，不能作废',
    'VAT invoice {name} was issued against the invoice; it cannot be voided',
  ),
  'sales.invoice.voided': label('发票已作废', 'The invoice was voided'),

  'sales.tax.readOnly': label('增值税发票开具后不能修改', 'A VAT invoice cannot be changed once issued'),
  'sales.tax.send': label('寄出', 'Send'),
  'sales.tax.sent': label('已寄出', 'Sent'),
  'sales.tax.invoiceVoid': label(
    '发票 {name} 已作废，不能开具增值税发票',
    'Invoice {name} is void; no VAT invoice can be issued against it',
  ),
  'sales.tax.nothingLeft': label('发票 {name} 已全部开具增值税发票', 'Invoice {name} is already fully covered by VAT invoices'),
  'sales.tax.overInvoice': label(
    '增值税发票合计 ¥{total} 超过发票 {name} 未开票金额 ¥{left}',
    'The VAT invoices’ total ¥{total} exceeds what invoice {name} has left to cover (¥{left})',
  ),

  'sales.receipt.allocate': label('核销', 'Allocate'),
  'sales.receipt.allocateAsk': label(
    '把回款的未分配金额按开票日期从早到晚核销到付款单位的未付发票。确定核销吗？',
    'Allocate the unallocated amount to the payer’s open invoices, oldest first?',
  ),
  'sales.receipt.allocateRefused': label('只有已确认的回款才能核销', 'Only a confirmed receipt can be allocated'),
  'sales.receipt.allocated': label('已核销 ¥{amount}，未分配 ¥{left}', 'Allocated ¥{amount}; ¥{left} left unallocated'),
  'sales.receipt.nothingToAllocate': label(
    '回款没有可核销的金额或付款单位没有未付发票',
    'Nothing to allocate: no unallocated amount or no open invoice',
  ),
  'sales.receipt.overOpen': label(
    '分配到发票 {name} 的金额 ¥{amount} 超过其未付金额 ¥{open}',
    'Allocating ¥{amount} to invoice {name} exceeds its open amount ¥{open}',
  ),
  'sales.receipt.overReceipt': label(
    '分配金额合计 ¥{amount} 超过回款未分配金额 ¥{left}',
    'Allocations of ¥{amount} exceed the receipt’s unallocated ¥{left}',
  ),
  'sales.receipt.invoiceNotOpen': label('发票 {name} 当前为“{state}”，不能分配回款', 'Invoice {name} is “{state}” and takes no allocation'),
  'sales.receipt.invoiceForeign': label('发票 {name} 不是付款单位的发票', 'Invoice {name} is not the payer’s'),
  'sales.receipt.duplicateSerial': label(
    '银行流水号“{serial}”已登记在回款单 {name}，不能重复登记',
    'Bank serial number “{serial}” is already recorded on receipt {name}',
  ),
  'sales.receipt.slipRequired': label('请先上传银行回单（附件）再提交', 'Attach the bank slip before submitting'),
  'sales.receipt.payerNotBuyer': label('只有经销商或门店可以登记回款', 'Only a dealer or a store records receipts'),
  'sales.receipt.badAmount': label('金额必须大于 0，最多两位小数', 'The amount must be above 0 with at most two decimals'),
} as const;
