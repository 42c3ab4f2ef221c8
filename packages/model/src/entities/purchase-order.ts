import { date, dateTime, defineEntity, int, label, lookup, money, optionSet, text } from '../define.ts';
import type { BusinessUnitKind } from '../menu.ts';
import { businessUnitType } from '../option-sets/organisation.ts';
import { purchaseOrderState } from '../option-sets/purchase-order.ts';

const RO = { readOnly: true } as const;
/** The purchase orders' units: the store that orders, the dealer it orders from, and head office and branches above them (reading). */
const SALES_NETWORK: readonly BusinessUnitKind[] = [
  businessUnitType.headOffice,
  businessUnitType.branch,
  businessUnitType.dealer,
  businessUnitType.store,
];
const COLUMNS = [
  'new_name',
  'new_state',
  'owningbusinessunit',
  'new_supplier_id',
  'new_totalamount',
  'new_totalqty',
  'new_receivedqty',
  'new_submittedon',
  'createdon',
];
const stateView = (l: ReturnType<typeof label>, state: number) => ({
  label: l,
  columns: COLUMNS,
  orderBy: [['createdon', 'desc']] as [string, 'desc'][],
  filter: { new_state: [state] },
});
const S = purchaseOrderState;

/**
 * A store's purchase order to its upstream dealer (采购订单, issue 27, spec 001 §2
 * /purchaseOrder/list, view/{id}, create/{businessunit}). The store orders from the route's business
 * unit, which must be its own dealer, at the dealer's prices for that store (the user centre's store
 * products: only those on sale, at their retail price, each line at least the minimum order quantity).
 * 草稿 → 已提交 (submit: at least one line, prices read again and locked) → 已接受 (the dealer
 * accepts: the quantities reserved in its warehouse) or 已拒绝 (with a reason) → 已发货 (out of the
 * dealer's warehouse into the store's transit) → 已收货 (the store receives per line, received ≤
 * shipped: into its warehouse); 已取消 by the store before acceptance. Owned by the store's unit (the
 * dealer sees its stores' orders and is their party). Business: server domain/purchase-orders/.
 */
export const purchaseOrder = defineEntity({
  logicalName: 'new_purchaseorder',
  entitySet: 'new_purchaseorders',
  label: label('采购订单', 'Purchase order'),
  pluralLabel: label('采购订单', 'Purchase orders'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_supplier_id'] },
  // Made by the create screen's call (its route's business unit checked as the supplier), then written through the record service while a draft.
  access: { read: 'sales.read', write: 'sales.write', notCreatedHere: 'purchaseOrder.fromCreateScreen' },
  screens: {
    list: {
      name: 'purchaseOrderList',
      path: '/purchaseOrder/list',
      title: 'menu.purchaseOrders',
      page: 'PurchaseOrderListPage',
      viewTabs: true,
      allowImport: false,
      allowDelete: false,
      menu: { group: 'sales', order: 70, key: 'purchaseOrders', label: 'menu.purchaseOrders', units: SALES_NETWORK },
    },
    create: { name: 'purchaseOrderCreate', path: '/purchaseOrder/create/:businessunit', page: 'PurchaseOrderPage' },
    view: { name: 'purchaseOrderView', path: '/purchaseOrder/view/:id', page: 'PurchaseOrderPage', testIdPrefix: 'po' },
  },
  document: {
    number: { prefix: 'CG', period: 'day' },
    status: { field: 'new_state', set: S, initial: S.draft, editable: [S.draft] },
    lines: [
      {
        entity: 'new_purchaseorderdetail',
        parent: 'new_purchaseorder_id',
        totals: {
          new_totalqty: 'new_qty',
          new_totalamount: 'new_amount',
          new_shippedqty: 'new_shippedqty',
          new_receivedqty: 'new_receivedqty',
        },
      },
    ],
    commands: {
      submit: {
        label: 'purchaseOrder.submit',
        confirm: 'purchaseOrder.submitAsk',
        from: [S.draft],
        to: S.submitted,
        privilege: 'sales.write',
        party: 'owningbusinessunit',
      },
      // The store cancels before its dealer has accepted (nothing is reserved yet).
      cancel: {
        label: 'purchaseOrder.cancel',
        confirm: 'purchaseOrder.cancelAsk',
        from: [S.draft, S.submitted],
        to: S.cancelled,
        privilege: 'sales.write',
        party: 'owningbusinessunit',
        inputs: ['new_cancelreason'],
        refused: 'purchaseOrder.cancelRefused',
      },
      accept: {
        label: 'purchaseOrder.accept',
        confirm: 'purchaseOrder.acceptAsk',
        from: [S.submitted],
        to: S.accepted,
        privilege: 'sales.audit',
        party: 'new_supplier_id',
      },
      reject: {
        label: 'purchaseOrder.reject',
        from: [S.submitted],
        to: S.rejected,
        privilege: 'sales.audit',
        party: 'new_supplier_id',
        inputs: ['new_rejectreason'],
      },
      ship: {
        label: 'purchaseOrder.ship',
        confirm: 'purchaseOrder.shipAsk',
        from: [S.accepted],
        to: S.shipped,
        privilege: 'sales.ship',
        party: 'new_supplier_id',
        inputs: ['new_logisticscorp', 'new_trackingno', 'new_shipdate'],
      },
      receive: {
        label: 'purchaseOrder.receive',
        from: [S.shipped],
        to: S.received,
        privilege: 'sales.sign',
        party: 'owningbusinessunit',
        lineQuantities: { max: 'new_shippedqty', label: 'purchaseOrder.receiveTitle' },
      },
    },
  },
  fields: {
    new_name: text(label('采购单号', 'Purchase order number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_state: optionSet(S, undefined, { readOnly: true, indexed: true }),
    new_supplier_id: lookup('businessunit', label('供货经销商', 'Supplying dealer'), { ...RO, indexed: true }),
    new_store_id: lookup('new_store', label('采购门店', 'Store'), RO),
    new_fromwarehouse_id: lookup('new_srv_warehouse', label('发货仓库', 'Shipping warehouse'), RO),
    new_towarehouse_id: lookup('new_srv_warehouse', label('收货仓库', 'Receiving warehouse'), RO),
    new_expecteddate: date(label('期望到货日期', 'Wanted by')),
    new_remark: text(label('备注', 'Remark'), { maxLength: 100 }),
    new_totalqty: int(label('采购数量', 'Quantity ordered'), RO),
    new_totalamount: money(label('采购金额', 'Amount'), RO),
    new_shippedqty: int(label('已发数量', 'Quantity shipped'), RO),
    new_receivedqty: int(label('已收数量', 'Quantity received'), RO),
    new_submittedon: dateTime(label('提交时间（价格锁定）', 'Submitted on (prices locked)'), RO),
    new_acceptedon: dateTime(label('接受时间', 'Accepted on'), RO),
    new_rejectreason: text(label('拒绝原因', 'Reason for rejection'), { maxLength: 100 }),
    new_logisticscorp: text(label('物流公司', 'Logistics company'), { maxLength: 60 }),
    new_trackingno: text(label('物流单号', 'Tracking number'), { maxLength: 60, searchable: true }),
    new_shipdate: date(label('发货日期', 'Ship date')),
    new_shippedon: dateTime(label('发货时间', 'Shipped on'), RO),
    new_receivedon: dateTime(label('收货时间', 'Received on'), RO),
    new_receiver_id: lookup('systemuser', label('收货人', 'Received by'), RO),
    new_cancelreason: text(label('取消原因', 'Reason for cancelling'), { maxLength: 100 }),
    new_cancelledon: dateTime(label('取消时间', 'Cancelled on'), RO),
  },
  indexes: [
    ['owningbusinessunit', 'createdon'],
    ['new_supplier_id', 'createdon'],
    ['new_state', 'createdon'],
  ],
  views: {
    all: { label: label('全部采购单', 'All purchase orders'), columns: COLUMNS, orderBy: [['createdon', 'desc']] },
    draft: stateView(label('草稿', 'Draft'), S.draft),
    submitted: stateView(label('已提交', 'Submitted'), S.submitted),
    accepted: stateView(label('已接受', 'Accepted'), S.accepted),
    rejected: stateView(label('已拒绝', 'Rejected'), S.rejected),
    shipped: stateView(label('已发货', 'Shipped'), S.shipped),
    received: stateView(label('已收货', 'Received'), S.received),
    cancelled: stateView(label('已取消', 'Cancelled'), S.cancelled),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('采购信息', 'Purchase order'),
        fields: [
          'new_name',
          'new_state',
          'new_supplier_id',
          'new_store_id',
          'new_expecteddate',
          'new_remark',
          'new_totalqty',
          'new_totalamount',
          'new_submittedon',
        ],
      },
      {
        key: 'dealer',
        label: label('经销商处理', 'Dealer'),
        fields: [
          'new_acceptedon',
          'new_rejectreason',
          'new_fromwarehouse_id',
          'new_logisticscorp',
          'new_trackingno',
          'new_shipdate',
          'new_shippedon',
        ],
        on: 'edit',
      },
      {
        key: 'receipt',
        label: label('收货', 'Receipt'),
        fields: ['new_towarehouse_id', 'new_shippedqty', 'new_receivedqty', 'new_receivedon', 'new_receiver_id'],
        on: 'edit',
      },
      { key: 'cancel', label: label('取消', 'Cancellation'), fields: ['new_cancelreason', 'new_cancelledon'], on: 'edit' },
    ],
  },
});

/**
 * A purchase order line: a product of the store's list, its quantity (at least the minimum order
 * quantity), the dealer's price for the store (read at every change, locked at submit), what was
 * shipped and received. Written through the record service while the order is a draft.
 */
export const purchaseOrderDetail = defineEntity({
  logicalName: 'new_purchaseorderdetail',
  entitySet: 'new_purchaseorderdetails',
  label: label('采购明细', 'Purchase order line'),
  primaryName: 'new_name',
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_supplier_id'] },
  access: { read: 'sales.read', write: 'sales.write' },
  fields: {
    new_name: text(label('商品名称', 'Product name'), { maxLength: 200, readOnly: true }),
    new_code: text(label('物料编码', 'Part number'), { maxLength: 60, readOnly: true }),
    new_purchaseorder_id: lookup('new_purchaseorder', label('采购订单', 'Purchase order'), { required: true, indexed: true }),
    new_supplier_id: lookup('businessunit', label('供货经销商', 'Supplying dealer'), RO),
    new_product_id: lookup('product', label('商品', 'Product'), { required: true }),
    new_qty: int(label('采购数量', 'Quantity'), { required: true, min: 1, max: 99999 }),
    new_price: money(label('单价', 'Unit price'), RO),
    new_amount: money(label('金额', 'Amount'), RO),
    new_minorderqty: int(label('最小起订量', 'Minimum order quantity'), RO),
    new_shippedqty: int(label('已发数量', 'Shipped'), RO),
    new_receivedqty: int(label('已收数量', 'Received'), RO),
  },
  views: {
    byDocument: {
      label: label('采购明细', 'Purchase order lines'),
      columns: ['new_code', 'new_name', 'new_qty', 'new_price', 'new_amount', 'new_minorderqty', 'new_shippedqty', 'new_receivedqty'],
      orderBy: [['createdon', 'asc']],
    },
  },
});
