import { label } from '../define.ts';

/** Texts of quotes (报价单, issue 29). Amounts come formatted (¥1,234.00). */
export const quoteMessages = {
  'menu.quotes': label('报价单', 'Quotes'),

  'quote.print': label('打印报价单', 'Print quote'),
  'quote.recalculate': label('重新计价', 'Recalculate'),
  'quote.activate': label('生效', 'Activate'),
  'quote.activateAsk': label(
    '生效后报价单将冻结，不能再修改（需修改请“修订”）。确定生效？',
    'Once active the quote is frozen and can no longer be changed (revise it to change it). Activate it?',
  ),
  'quote.revise': label('修订', 'Revise'),
  'quote.reviseAsk': label(
    '将以本报价单为基础生成新的修订版草稿，本版本关闭为“已修订”。确定修订？',
    'A new draft revision will be made from this quote and this one closed as revised. Revise it?',
  ),
  'quote.win': label('赢单', 'Win'),
  'quote.winAsk': label('确认客户已接受本报价？', 'Has the customer accepted this quote?'),
  'quote.convert': label('转销售订单', 'Create order'),
  'quote.convertAsk': label(
    '将按报价的成交价生成销售订单（待提交），确定？',
    'A sales order (to be submitted) will be made at the quoted prices. Continue?',
  ),
  'quote.close': label('关闭（输单）', 'Close as lost'),
  'quote.configure': label('配置产品', 'Configure a product'),
  'quote.createContract': label('签订合同', 'Sign a contract'),

  'quote.locked': label('只有草稿状态的报价单可以修改', 'Only a draft quote may be changed'),
  'quote.readOnly': label(
    '只有草稿可以修改：已生效的报价单请“修订”出新版本再改',
    'Only a draft is changed: revise an active quote into a new revision to change it',
  ),
  'quote.deleteLocked': label('只有草稿状态的报价单可以删除', 'Only a draft quote may be deleted'),
  'quote.onlyDraft': label('报价单当前为“{state}”，只有草稿可以{command}', 'The quote is {state}: only a draft may be changed ({command})'),
  'quote.activateRefused': label('报价单当前为“{state}”，只有草稿可以生效', 'The quote is {state}: only a draft may be activated'),
  'quote.reviseRefused': label(
    '报价单当前为“{state}”，只有已生效的报价单可以修订（草稿请直接修改）',
    'The quote is {state}: only an active quote may be revised (change a draft directly)',
  ),
  'quote.winRefused': label('报价单当前为“{state}”，只有已生效的报价单可以赢单', 'The quote is {state}: only an active quote may be won'),
  'quote.convertRefused': label(
    '报价单当前为“{state}”，只有已赢单的报价单可以转销售订单',
    'The quote is {state}: only a won quote becomes a sales order',
  ),
  'quote.closeRefused': label(
    '报价单当前为“{state}”，只有草稿或已生效的报价单可以关闭',
    'The quote is {state}: only a draft or an active quote may be closed',
  ),
  'quote.noLines': label('报价单没有明细，不能生效', 'The quote has no lines and cannot be activated'),
  'quote.expired': label(
    '有效期至 {to} 已过，不能生效：请修改有效期',
    'The quote was valid until {to}: change its validity before activating it',
  ),
  'quote.period': label('有效期至不能早于有效期自', 'Valid to may not be before valid from'),
  'quote.customerUnit': label(
    '客户“{name}”不属于任何经销商或门店，无法确定价格表',
    'Customer “{name}” belongs to no dealer or store, so the quote has no price list',
  ),
  'quote.customerChanged': label(
    '报价单已有明细，不能更换为其他经销商/门店的客户（价格表不同）',
    'The quote has lines: its customer may not be changed to one of another dealer or store (another price list)',
  ),
  'quote.productRequired': label('请选择产品', 'Choose a product'),
  'quote.productInactive': label('产品“{name}”已停售，不能报价', 'Product “{name}” is no longer sold and cannot be quoted'),
  'quote.noPrice': label('产品“{name}”在价格表中没有价格', 'Product “{name}” has no price in the price list'),
  'quote.discountBoth': label('折扣率和折扣金额只能填写一项', 'Give either a discount rate or a discount amount, not both'),
  'quote.discountTooHigh': label(
    '“{name}”的折扣 {discount} 超过目录价金额 {base}',
    'The discount {discount} on “{name}” is more than its list amount {base}',
  ),
  'quote.configuredFixed': label(
    '配置产品行的产品和配置来自配置器，不能在此修改',
    'A configured line takes its product and configuration from the configurator and cannot be changed here',
  ),
  'quote.opportunityClosed': label('商机“{name}”已关闭，不能再为其报价', 'Opportunity “{name}” is closed: no more quotes are made for it'),
  'quote.opportunityCustomer': label(
    '报价单的客户必须是商机“{name}”的客户',
    'The quote’s customer must be the customer of opportunity “{name}”',
  ),
  'quote.alreadyConverted': label(
    '报价单已转为销售订单 {order}，不能重复转单',
    'The quote already became sales order {order}; it is not converted twice',
  ),
  'quote.lineNoProduct': label(
    '明细“{name}”没有对应的产品，不能生成销售订单',
    'Line “{name}” names no product, so no sales order can be made',
  ),
  'quote.buyerNotOrdering': label(
    '报价单的价格表单位不是经销商或门店，不能生成销售订单',
    'The quote’s price list is not a dealer’s or a store’s, so it cannot become a sales order',
  ),
  'quote.configuredIncomplete': label(
    '配置行须有名称、配置、不小于 0 的价格和 1–99999 的数量',
    'A configured line needs a name, its configuration, a price of at least zero and a quantity of 1–99,999',
  ),
  'quote.orderLineFixed': label(
    '该订单明细来自报价单，产品和数量按报价执行，不能修改（可删除该行）',
    'This order line comes from a quote: its product and quantity are as quoted and cannot be changed (it may be deleted)',
  ),
  'quote.activated': label('报价单已生效', 'The quote is active'),
  'quote.recalculated': label('已按价格表重新计价', 'Prices read again from the price list'),
  'quote.revised': label('已生成修订版 {name}（第 {revision} 版）', 'Revision {revision} of {name} made'),
  'quote.won': label('报价单已赢单', 'The quote is won'),
  'quote.converted': label('已生成销售订单 {order}', 'Sales order {order} made'),
  'quote.closed': label('报价单已关闭（输单）', 'The quote is closed as lost'),

  // The print view (/quote/print/:id) and its PDF.
  'quote.printTitle': label('报价单', 'Quotation'),
  'quote.printBack': label('返回报价单', 'Back to the quote'),
  'quote.printDraft': label('草稿 · 未生效，仅供内部核对', 'Draft · not active, for internal checking only'),
  'quote.printNo': label('序号', 'No.'),
  'quote.printNumber': label('报价单号', 'Quote number'),
  'quote.printRevision': label('版本', 'Revision'),
  'quote.printSubject': label('报价主题', 'Subject'),
  'quote.printCustomer': label('客户', 'Customer'),
  'quote.printPhone': label('联系电话', 'Phone'),
  'quote.printAddress': label('客户地址', 'Customer address'),
  'quote.printSeller': label('报价单位', 'Quoted by'),
  'quote.printValidity': label('有效期', 'Valid'),
  'quote.printActivatedOn': label('生效时间', 'Activated on'),
  'quote.printLines': label('报价明细', 'Quoted items'),
  'quote.printListPrice': label('目录价', 'List price'),
  'quote.printDiscount': label('折扣', 'Discount'),
  'quote.printNetPrice': label('成交单价', 'Net price'),
  'quote.printConfig': label('配置', 'Configuration'),
  'quote.printListTotal': label('目录价合计', 'List total'),
  'quote.printDiscountTotal': label('折扣合计', 'Discount'),
  'quote.printTotal': label('报价金额', 'Quoted total'),
  'quote.printTerms': label('说明与条款', 'Terms and notes'),
  'quote.printStatement': label(
    '本报价在有效期内有效；客户签字盖章确认后按上述成交价供货。',
    'This quote holds within its validity. Once signed and sealed by the customer, the goods are supplied at the net prices above.',
  ),
  'quote.printSellerSign': label('报价方签字', 'Quoted by (signature)'),
  'quote.printSellerSeal': label('报价方盖章', 'Quoted by (seal)'),
  'quote.printCustomerSign': label('客户确认签字', 'Accepted by the customer (signature)'),
  'quote.printCustomerSeal': label('客户盖章', 'Customer seal'),
} as const;
