import { date, dateTime, defineEntity, int, label, lookup, memo, optionSet, text } from '../define.ts';
import { reissueReason, shipmentState } from '../option-sets/sales.ts';

const RO = { readOnly: true } as const;
const SHIPMENT_COLUMNS = [
  'new_name',
  'new_order_id',
  'new_tounit_id',
  'new_state',
  'new_totalqty',
  'new_shippedqty',
  'new_signedqty',
  'new_logisticscorp',
  'new_trackingno',
  'new_shipdate',
];
const stateView = (l: ReturnType<typeof label>, state: number) => ({
  label: l,
  columns: SHIPMENT_COLUMNS,
  orderBy: [['createdon', 'desc']] as [string, 'desc'][],
  filter: { new_state: [state] },
});

/**
 * A shipment of an audited sales order (销售发货单, issue 27), from the supplier's warehouse to the
 * buyer's. Made by the shipping side from the order's unshipped remainder (never more), audited
 * (its quantities reserved in the sending warehouse), shipped with logistics company, tracking
 * number and date (each line at most what was planned: a short shipment leaves 部分发货 and the rest
 * back on the order), then signed for by the receiving unit line by line, signed ≤ shipped: signing
 * posts the signed quantities into the receiver's warehouse on the stock ledger; a short sign leaves
 * 部分签收 and opens a reissue application for the shortfall. Business: server domain/sales/shipment.controller.ts.
 */
export const shipment = defineEntity({
  logicalName: 'new_shipment',
  entitySet: 'new_shipments',
  label: label('发货单', 'Shipment'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_tounit_id'] },
  access: { read: 'sales.read', write: 'sales.ship', notCreatedHere: 'sales.shipment.fromOrder' },
  screens: {
    list: {
      name: 'shipmentList',
      path: '/shipment/list',
      title: 'menu.shipments',
      viewTabs: true,
      allowImport: false,
      allowDelete: false,
      menu: { group: 'sales', order: 20, key: 'shipments', label: 'menu.shipments' },
    },
    view: { name: 'shipmentView', path: '/shipment/view/:id', testIdPrefix: 'shipment' },
  },
  document: {
    number: { prefix: 'XF', period: 'day' },
    status: { field: 'new_state', set: shipmentState, initial: shipmentState.submitted, editable: [shipmentState.submitted] },
    lines: [
      {
        entity: 'new_shipmentdetail',
        parent: 'new_shipment_id',
        totals: { new_totalqty: 'new_qty', new_shippedqty: 'new_shippedqty', new_signedqty: 'new_signedqty' },
      },
    ],
    print: { path: '/shipment/print/:id', label: 'sales.shipment.print', privilege: 'sales.read' },
    commands: {
      audit: {
        label: 'sales.shipment.audit',
        confirm: 'sales.shipment.auditAsk',
        from: [shipmentState.submitted],
        to: shipmentState.audited,
        privilege: 'sales.ship',
        party: 'owningbusinessunit',
      },
      ship: {
        label: 'sales.shipment.ship',
        from: [shipmentState.audited],
        privilege: 'sales.ship',
        party: 'owningbusinessunit',
        inputs: ['new_logisticscorp', 'new_trackingno', 'new_shipdate'],
        lineQuantities: { max: 'new_qty', label: 'sales.shipment.shipTitle' },
      },
      sign: {
        label: 'sales.shipment.sign',
        from: [shipmentState.allShipped, shipmentState.partShipped],
        privilege: 'sales.sign',
        party: 'new_tounit_id',
        refused: 'sales.shipment.signNeedsShipped',
        lineQuantities: { max: 'new_shippedqty', label: 'sales.shipment.signTitle' },
      },
      // The receiving unit applies for what a short sign lacked; the page opens the new application.
      reissue: {
        label: 'sales.shipment.reissue',
        confirm: 'sales.shipment.reissueAsk',
        from: [shipmentState.partSigned],
        privilege: 'sales.sign',
        party: 'new_tounit_id',
        refused: 'sales.reissue.notSigned',
      },
    },
  },
  fields: {
    new_name: text(label('发货单号', 'Shipment number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_order_id: lookup('salesorder', label('销售订单', 'Sales order'), { required: true, indexed: true }),
    new_reissue_id: lookup('new_reissue', label('补发申请', 'Reissue application'), RO),
    new_state: optionSet(shipmentState, undefined, { readOnly: true, indexed: true }),
    new_fromwarehouse_id: lookup('new_srv_warehouse', label('发货仓库', 'Shipping warehouse'), { required: true }),
    new_towarehouse_id: lookup('new_srv_warehouse', label('收货仓库', 'Receiving warehouse'), RO),
    new_tounit_id: lookup('businessunit', label('收货单位', 'Receiving unit'), { ...RO, indexed: true }),
    new_logisticscorp: text(label('物流公司', 'Logistics company'), { required: true, maxLength: 60 }),
    new_trackingno: text(label('物流单号', 'Tracking number'), { required: true, maxLength: 60, searchable: true }),
    new_shipdate: date(label('发货日期', 'Ship date'), { required: true }),
    new_totalqty: int(label('计划数量', 'Planned quantity'), RO),
    new_shippedqty: int(label('实发数量', 'Shipped quantity'), RO),
    new_signedqty: int(label('签收数量', 'Signed quantity'), RO),
    new_shippedon: dateTime(label('发货时间', 'Shipped on'), RO),
    new_signedon: dateTime(label('签收时间', 'Signed on'), RO),
    new_signer_id: lookup('systemuser', label('签收人', 'Signed by'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  indexes: [
    ['owningbusinessunit', 'createdon'],
    ['new_tounit_id', 'createdon'],
    ['new_state', 'createdon'],
  ],
  views: {
    all: { label: label('全部发货单', 'All shipments'), columns: SHIPMENT_COLUMNS, orderBy: [['createdon', 'desc']] },
    submitted: stateView(label('已提交', 'Submitted'), shipmentState.submitted),
    audited: stateView(label('已审核', 'Audited'), shipmentState.audited),
    allShipped: stateView(label('全部发货', 'All shipments'), shipmentState.allShipped),
    allSigned: stateView(label('全部签收', 'All received'), shipmentState.allSigned),
    partShipped: stateView(label('部分发货', 'Part shipped'), shipmentState.partShipped),
    partSigned: stateView(label('部分签收', 'Part sign'), shipmentState.partSigned),
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('发货信息', 'Shipment'),
        fields: [
          'new_name',
          'new_order_id',
          'new_reissue_id',
          'new_state',
          'new_fromwarehouse_id',
          'new_towarehouse_id',
          'new_tounit_id',
          'new_memo',
        ],
      },
      {
        key: 'logistics',
        label: label('物流', 'Logistics'),
        fields: ['new_logisticscorp', 'new_trackingno', 'new_shipdate', 'new_shippedon'],
      },
      {
        key: 'sign',
        label: label('签收', 'Sign-for'),
        fields: ['new_totalqty', 'new_shippedqty', 'new_signedqty', 'new_signedon', 'new_signer_id'],
      },
    ],
  },
});

/** A shipment line: what is planned from an order line, what left, what was signed for. Written by the server only. */
export const shipmentDetail = defineEntity({
  logicalName: 'new_shipmentdetail',
  entitySet: 'new_shipmentdetails',
  label: label('发货明细', 'Shipment line'),
  primaryName: 'new_name',
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_tounit_id'] },
  access: { read: 'sales.read' },
  fields: {
    new_name: text(label('产品名称', 'Product name'), { maxLength: 200, readOnly: true }),
    new_shipment_id: lookup('new_shipment', label('发货单', 'Shipment'), { required: true, indexed: true }),
    new_orderline_id: lookup('salesorderdetail', label('订单明细', 'Order line'), { ...RO, indexed: true }),
    new_tounit_id: lookup('businessunit', label('收货单位', 'Receiving unit'), RO),
    new_product_id: lookup('product', label('产品', 'Product'), RO),
    new_qty: int(label('计划数量', 'Planned'), { ...RO, min: 1, max: 99999 }),
    new_shippedqty: int(label('实发数量', 'Shipped'), RO),
    new_signedqty: int(label('签收数量', 'Signed'), RO),
    new_reissuedqty: int(label('已申请补发', 'Reissue applied'), RO),
  },
  views: {
    byDocument: {
      label: label('发货明细', 'Shipment lines'),
      columns: ['new_name', 'new_product_id', 'new_qty', 'new_shippedqty', 'new_signedqty', 'new_reissuedqty'],
      orderBy: [['createdon', 'asc']],
    },
  },
});

/**
 * A reissue application (补发申请, /resissueapplication, issue 27): the receiving unit asks for what a
 * signed shipment lacked (缺件、错发、破损), with photos (attachments), through the approval engine;
 * each line at most the shortfall not yet applied for. Final approval creates the replacement
 * shipment (its lines, the same warehouses) in the same transaction. Business: server domain/sales/reissue.controller.ts.
 */
export const reissue = defineEntity({
  logicalName: 'new_reissue',
  entitySet: 'new_reissues',
  label: label('补发申请', 'Reissue application'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_shipperunit_id'] },
  access: { read: 'sales.read', write: 'sales.sign', notCreatedHere: 'sales.reissue.fromShipment' },
  attachments: true,
  screens: {
    list: {
      name: 'reissueList',
      path: '/resissueapplication/list',
      title: 'menu.reissues',
      allowImport: false,
      menu: { group: 'sales', order: 30, key: 'reissues', label: 'menu.reissues' },
    },
    edit: { name: 'reissueDetail', path: '/resissueapplication/detail/:id', testIdPrefix: 'reissue' },
  },
  document: {
    number: { prefix: 'BF', period: 'day' },
    lines: [{ entity: 'new_reissuedetail', parent: 'new_reissue_id', totals: { new_totalqty: 'new_qty' } }],
    approval: {},
  },
  fields: {
    new_name: text(label('补发单号', 'Reissue number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_shipment_id: lookup('new_shipment', label('原发货单', 'Shipment'), { required: true, indexed: true }),
    new_order_id: lookup('salesorder', label('销售订单', 'Sales order'), RO),
    new_shipperunit_id: lookup('businessunit', label('发货单位', 'Shipping unit'), RO),
    new_reason: optionSet(reissueReason, undefined, { required: true }),
    new_description: memo(label('情况说明', 'Description'), { required: true, maxLength: 500 }),
    new_totalqty: int(label('补发数量', 'Quantity'), RO),
    new_replacement_id: lookup('new_shipment', label('补发发货单', 'Replacement shipment'), RO),
  },
  views: {
    all: {
      label: label('全部补发申请', 'All reissue applications'),
      columns: [
        'new_name',
        'new_shipment_id',
        'new_order_id',
        'new_reason',
        'new_totalqty',
        'new_approvalstatus',
        'new_replacement_id',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('补发信息', 'Reissue'),
        fields: ['new_name', 'new_shipment_id', 'new_order_id', 'new_reason', 'new_description', 'new_totalqty', 'new_replacement_id'],
      },
    ],
  },
});

/** A reissue line: a shipment line and how many of its shortfall to send again. */
export const reissueDetail = defineEntity({
  logicalName: 'new_reissuedetail',
  entitySet: 'new_reissuedetails',
  label: label('补发明细', 'Reissue line'),
  primaryName: 'new_name',
  scope: { kind: 'businessUnit', field: 'owningbusinessunit', parties: ['new_shipperunit_id'] },
  access: { read: 'sales.read', write: 'sales.sign' },
  fields: {
    new_name: text(label('产品名称', 'Product name'), { maxLength: 200, readOnly: true }),
    new_reissue_id: lookup('new_reissue', label('补发申请', 'Reissue application'), { required: true, indexed: true }),
    new_shipmentline_id: lookup('new_shipmentdetail', label('发货明细', 'Shipment line'), { required: true }),
    new_shipperunit_id: lookup('businessunit', label('发货单位', 'Shipping unit'), RO),
    new_product_id: lookup('product', label('产品', 'Product'), RO),
    new_qty: int(label('补发数量', 'Quantity'), { required: true, min: 1, max: 99999 }),
  },
  views: {
    byDocument: {
      label: label('补发明细', 'Reissue lines'),
      columns: ['new_name', 'new_product_id', 'new_qty'],
      orderBy: [['createdon', 'asc']],
    },
  },
});
