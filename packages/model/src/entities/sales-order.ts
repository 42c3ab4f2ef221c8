import { dateTime, defineEntity, int, label, lookup, money, optionSet, text } from '../define.ts';
import { salesOrderStatus } from '../option-sets/service.ts';

const RO = { readOnly: true } as const;
const ORDER_COLUMNS = [
  'name',
  'new_status',
  'owningbusinessunit',
  'new_contact',
  'totalamount',
  'new_totalqty',
  'new_shippedqty',
  'new_signedqty',
  'createdon',
];
const stateView = (l: ReturnType<typeof label>, states: number[]) => ({
  label: l,
  columns: ORDER_COLUMNS,
  orderBy: [['createdon', 'desc']] as [string, 'desc'][],
  filter: { new_status: states },
});

/**
 * Sales orders (销售订单, issue 27): a dealer's or a store's order to head office, made by settling
 * the cart (one order per product line) or by hand. Its life is declared here and served by the
 * document kernel; its business is server/src/domain/sales/order.controller.ts:
 * 待提交 → (submit into the approval engine, prices locked) 已提交 → (final approval by the
 * buyer's upstream) 已审核 → 部分发货 / 全部发货 (shipments) → 部分签收 / 已签收 (sign-for), or
 * 已取消 before anything has shipped. Shipped and signed quantities are rolled up from the shipments.
 */
export const salesOrder = defineEntity({
  logicalName: 'salesorder',
  entitySet: 'salesorders',
  label: label('销售订单', 'Sales order'),
  primaryName: 'name',
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_supplier_id'] },
  access: { read: 'sales.read', write: 'sales.write', notCreatedHere: 'sales.orderFromCart' },
  attachments: true,
  screens: {
    list: {
      name: 'orderList',
      path: '/order/list',
      title: 'menu.orders',
      viewTabs: true,
      allowImport: false,
      allowDelete: false,
      menu: { group: 'sales', order: 10, key: 'orders', label: 'menu.orders' },
    },
    view: { name: 'orderDetail', path: '/order/:id/detail', testIdPrefix: 'order' },
  },
  document: {
    number: { prefix: 'SO', period: 'day' },
    status: { field: 'new_status', set: salesOrderStatus, initial: salesOrderStatus.draft, editable: [salesOrderStatus.draft] },
    lines: [
      {
        entity: 'salesorderdetail',
        parent: 'salesorderid',
        totals: {
          totalamount: 'extendedamount',
          new_totalqty: 'quantity',
          new_shippedqty: 'new_shippedqty',
          new_signedqty: 'new_signedqty',
        },
      },
    ],
    approval: { amount: 'totalamount' },
    print: { path: '/order/print/:id', label: 'sales.order.print', privilege: 'sales.read' },
    commands: {
      // The supplier makes a shipment of what is left to ship (its controller: never more than the remainder); the page opens it.
      createShipment: {
        label: 'sales.shipment.create',
        confirm: 'sales.shipment.createAsk',
        from: [salesOrderStatus.audited, salesOrderStatus.partShipped],
        privilege: 'sales.ship',
        party: 'new_supplier_id',
        refused: 'sales.shipment.orderNotAudited',
      },
      // Head-office finance invoices what has shipped and is not yet invoiced (its handler: never more); the page opens the invoice.
      createInvoice: {
        label: 'sales.invoice.create',
        from: [salesOrderStatus.partShipped, salesOrderStatus.allShipped, salesOrderStatus.partSigned, salesOrderStatus.signed],
        privilege: 'finance.manage',
        party: 'new_supplier_id',
        refused: 'sales.invoice.orderNotShipped',
        lineQuantities: { max: 'new_shippedqty', done: 'new_invoicedqty', label: 'sales.invoice.createTitle' },
      },
      // The buyer cancels its draft or an audited order; head office an audited one. Never after a shipment (its controller checks).
      cancel: {
        label: 'sales.order.cancel',
        confirm: 'sales.order.cancelAsk',
        to: salesOrderStatus.cancelled,
        inputs: ['new_cancelreason'],
        refused: 'sales.order.cancelRefused',
        grants: [
          { from: [salesOrderStatus.draft, salesOrderStatus.audited], privilege: 'sales.write', party: 'owningbusinessunit' },
          { from: [salesOrderStatus.audited], privilege: 'sales.audit', party: 'new_supplier_id' },
        ],
      },
    },
  },
  fields: {
    name: text(label('订单编号', 'Order number'), { unique: true, searchable: true, maxLength: 40, readOnly: true }),
    new_status: optionSet(salesOrderStatus, undefined, { readOnly: true, indexed: true }),
    new_supplier_id: lookup('businessunit', label('供货方', 'Supplier'), RO),
    new_productline_id: lookup('new_productline', label('产品线', 'Product line'), RO),
    totalamount: money(label('订单金额', 'Total amount'), RO),
    /** Rebate the buyer uses on this order (issue 28): set while a draft, drawn from its rebate at submit (server domain/rebates/order-rebate.ts). */
    new_rebateamount: money(label('返利抵扣', 'Rebate used'), {
      min: 0,
      max: 99999999,
      edit: { privilege: 'sales.write', states: [salesOrderStatus.draft] },
    }),
    /** What the buyer pays: the total at the locked prices less the rebate drawn, set at submit. */
    new_payableamount: money(label('应付金额', 'Payable amount'), RO),
    new_totalqty: int(label('订购数量', 'Ordered quantity'), RO),
    new_shippedqty: int(label('已发数量', 'Shipped quantity'), RO),
    new_signedqty: int(label('已签收数量', 'Signed quantity'), RO),
    new_pricedon: dateTime(label('价格锁定时间', 'Prices locked on'), RO),
    /** The first order's number, on every order one checkout made (the complete page lists the siblings). */
    new_settleno: text(label('结算批次', 'Checkout'), { ...RO, maxLength: 40, indexed: true }),
    /** The won quote this order was made from (issue 29, ConvertQuoteToSalesOrder): its lines keep the quoted prices at submit. */
    new_quote_id: lookup('quote', label('来源报价单', 'From quote'), { ...RO, indexed: true }),
    new_contact: text(label('收货人', 'Consignee'), { required: true, maxLength: 60, searchable: true }),
    new_phone: text(label('联系电话', 'Phone'), { required: true, pattern: 'phone', maxLength: 30 }),
    new_province: text(label('省份', 'Province'), { maxLength: 40 }),
    new_city: text(label('城市', 'City'), { maxLength: 40 }),
    new_county: text(label('区县', 'County'), { maxLength: 40 }),
    new_address: text(label('收货地址', 'Delivery address'), { required: true, maxLength: 200 }),
    new_remark: text(label('备注', 'Remark'), { maxLength: 100 }),
    // The cancel command's (its dialog asks it, its controller requires it): not a field of the draft's form to fill, which could then never be saved.
    new_cancelreason: text(label('取消原因', 'Cancel reason'), { maxLength: 100, readOnly: true }),
    new_cancelledon: dateTime(label('取消时间', 'Cancelled on'), RO),
  },
  indexes: [
    ['owningbusinessunit', 'createdon'],
    ['new_status', 'createdon'],
  ],
  views: {
    all: { label: label('全部订单', 'All orders'), columns: ORDER_COLUMNS, orderBy: [['createdon', 'desc']] },
    draft: stateView(label('待提交', 'To be submitted'), [salesOrderStatus.draft]),
    submitted: stateView(label('已提交', 'Submitted'), [salesOrderStatus.submitted]),
    audited: stateView(label('已审核', 'Audited'), [salesOrderStatus.audited]),
    partShipped: stateView(label('部分发货', 'Part shipped'), [salesOrderStatus.partShipped]),
    allShipped: stateView(label('全部发货', 'All shipped'), [salesOrderStatus.allShipped]),
    partSigned: stateView(label('部分签收', 'Part signed'), [salesOrderStatus.partSigned]),
    signed: stateView(label('已签收', 'Signed'), [salesOrderStatus.signed]),
    cancelled: stateView(label('已取消', 'Cancelled'), [salesOrderStatus.cancelled]),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('订单信息', 'Order'),
        fields: [
          'name',
          'new_status',
          'new_supplier_id',
          'new_productline_id',
          'totalamount',
          'new_rebateamount',
          'new_payableamount',
          'new_totalqty',
          'new_shippedqty',
          'new_signedqty',
          'new_pricedon',
          'new_quote_id',
          'new_remark',
        ],
      },
      {
        key: 'delivery',
        label: label('收货信息', 'Delivery'),
        fields: ['new_contact', 'new_phone', 'new_province', 'new_city', 'new_county', 'new_address'],
      },
      { key: 'cancel', label: label('取消', 'Cancellation'), fields: ['new_cancelreason', 'new_cancelledon'] },
    ],
  },
});

/**
 * An order line: product, quantity and the price locked at submit (the buyer's price then); the
 * shipped and signed quantities are rolled up from the shipments' lines by the server.
 */
export const salesOrderDetail = defineEntity({
  logicalName: 'salesorderdetail',
  entitySet: 'salesorderdetails',
  label: label('订单明细', 'Order line'),
  primaryName: 'new_name',
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_supplier_id'] },
  access: { read: 'sales.read', write: 'sales.write' },
  fields: {
    new_name: text(label('产品名称', 'Product name'), { maxLength: 200, readOnly: true }),
    salesorderid: lookup('salesorder', label('订单', 'Order'), { required: true, indexed: true }),
    new_supplier_id: lookup('businessunit', label('供货方', 'Supplier'), RO),
    productid: lookup('product', label('产品', 'Product'), { required: true }),
    quantity: int(label('数量', 'Quantity'), { required: true, min: 1, max: 99999 }),
    priceperunit: money(label('单价', 'Unit price'), RO),
    extendedamount: money(label('金额', 'Amount'), RO),
    new_shippedqty: int(label('已发数量', 'Shipped'), RO),
    new_signedqty: int(label('已签收数量', 'Signed'), RO),
    new_invoicedqty: int(label('已开票数量', 'Invoiced'), RO),
    /** The quote line it was made from (issue 29): its price is the quoted net price, kept at submit. */
    new_quotedetail_id: lookup('quotedetail', label('报价明细', 'Quote line'), RO),
  },
  views: {
    byDocument: {
      label: label('订单明细', 'Order lines'),
      columns: ['new_name', 'productid', 'quantity', 'priceperunit', 'extendedamount', 'new_shippedqty', 'new_signedqty'],
      orderBy: [['createdon', 'asc']],
    },
  },
});
