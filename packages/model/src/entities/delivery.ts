import { dateTime, defineEntity, int, label, lookup, money, optionSet, text } from '../define.ts';
import { afterScrap, deliveryState, receiptState, scrapReason, stockOutType } from '../option-sets/parts.ts';
import type { Privilege } from '../security/privileges.ts';

const RO = { readOnly: true } as const;

/** A step of the sending warehouse: from one state to the next, by the holder of its privilege in the sending unit. */
const step = (name: 'submit' | 'pick' | 'pack' | 'out' | 'ship', from: number, privilege: Privilege) =>
  ({
    label: `parts.ui.step.${name}`,
    from: [from],
    to: from + 1,
    privilege,
    party: 'new_fromunit_id',
    refused: 'delivery.stepNotAllowed',
    path: `/parts/deliveries/:id/${name}`,
  }) as const;

/**
 * Stock delivery order (发货单, `new_stockoutorder`): a warehouse ships parts of approved
 * applications or of a transfer to one receiving warehouse, or takes damaged, faulty or scrapped
 * parts out of stock. States 1 to be submitted → 2 to warehouse → 3 picked → 4 packed → 5 stock
 * delivered → 6 shipped, each a command of its own role; shipping moves the stock out of the
 * warehouse into the receiver's transit, receipts move it into the receiving warehouse. Owned by
 * the sending warehouse's unit; the receiving unit is a party (it sees and receives the delivery).
 */
export const stockOutOrder = defineEntity({
  logicalName: 'new_stockoutorder',
  entitySet: 'new_stockoutorders',
  label: label('发货单', 'Delivery order'),
  scope: { kind: 'businessUnit', field: 'new_fromunit_id', parties: ['new_tounit_id'] },
  access: { read: 'parts.read', write: 'delivery.create' },
  screens: {
    edit: [
      { name: 'partsDispatchEdit', path: '/partsDispatch/edit/:id', privileges: ['delivery.read'], page: 'DeliveryFormPage' },
      { name: 'partsSignEdit', path: '/partsSign/edit/:id', privileges: ['parts.receive'], page: 'ReceiptPage' },
    ],
  },
  attachments: true,
  document: {
    number: { prefix: 'FH', period: 'day' },
    status: { field: 'new_state', set: deliveryState, editable: [deliveryState.draft] },
    lines: [{ entity: 'new_stockoutorderdetail', parent: 'new_stockoutorder_id' }],
    // The business is server/src/domain/parts/delivery.controller.ts: each step is its own role of the sending side, in order.
    commands: {
      submit: step('submit', deliveryState.draft, 'delivery.create'),
      pick: step('pick', deliveryState.toWarehouse, 'delivery.pick'),
      pack: step('pack', deliveryState.picked, 'delivery.pack'),
      out: step('out', deliveryState.packed, 'delivery.out'),
      ship: step('ship', deliveryState.stockDelivered, 'delivery.ship'),
      // The receiving side (its unit checked by the controller, which first says when there is none); the receipt state moves, not the state.
      receive: {
        label: 'parts.ui.receiveConfirm',
        from: [deliveryState.shipped],
        privilege: 'parts.receive',
        refused: 'delivery.receiptNeedsShipped',
        path: '/parts/deliveries/:id/receive',
      },
    },
  },
  fields: {
    new_name: text(label('发货单号', 'Delivery number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_outtype: optionSet(stockOutType, undefined, { readOnly: true, required: true }),
    new_warehouse_id: lookup('new_srv_warehouse', label('发货仓库', 'Sending warehouse'), RO),
    new_fromunit_id: lookup('businessunit', label('发货组织', 'Sending unit'), RO),
    new_towarehouse_id: lookup('new_srv_warehouse', label('收货仓库', 'Receiving warehouse'), RO),
    new_tounit_id: lookup('businessunit', label('收货组织', 'Receiving unit'), RO),
    new_station_id: lookup('new_srv_station', label('收货服务站', 'Receiving station'), { readOnly: true, indexed: true }),
    new_partsapply_id: lookup('new_srv_partsapply', label('配件申请', 'Parts application'), RO),
    new_parttransorder_id: lookup('new_srv_parttransorder', label('调拨单', 'Parts transfer'), RO),
    new_state: optionSet(deliveryState, undefined, { readOnly: true, indexed: true }),
    new_receiptstate: optionSet(receiptState, undefined, { readOnly: true, indexed: true }),
    new_scrapreason: optionSet(scrapReason),
    new_afterscrap: optionSet(afterScrap),
    new_recipient: text(label('收货人', 'Recipient'), { maxLength: 60 }),
    new_phone: text(label('联系电话', 'Phone'), { pattern: 'phone', maxLength: 30 }),
    new_province: text(label('省份', 'Province'), { maxLength: 40 }),
    new_city: text(label('城市', 'City'), { maxLength: 40 }),
    new_county: text(label('区县', 'County'), { maxLength: 40 }),
    new_address: text(label('收货地址', 'Delivery address'), { maxLength: 100 }),
    new_logisticscorp: text(label('物流公司', 'Logistics company'), { readOnly: true, maxLength: 60 }),
    new_trackingno: text(label('物流单号', 'Tracking number'), { readOnly: true, searchable: true, maxLength: 60 }),
    new_freight: money(label('运费', 'Freight'), { min: 0, max: 99_999 }),
    new_totalqty: int(label('发货总数', 'Total quantity'), RO),
    new_totalamount: money(label('发货金额', 'Total amount'), RO),
    new_linecount: int(label('明细行数', 'Lines'), RO),
    new_submittime: dateTime(label('提交时间', 'Submitted on'), RO),
    new_picktime: dateTime(label('拣货时间', 'Picked on'), RO),
    new_picker_id: lookup('systemuser', label('拣货人', 'Picked by'), RO),
    new_packtime: dateTime(label('包装时间', 'Packed on'), RO),
    new_packer_id: lookup('systemuser', label('包装人', 'Packed by'), RO),
    new_outtime: dateTime(label('出库时间', 'Stock delivered on'), RO),
    new_outby_id: lookup('systemuser', label('出库人', 'Stock delivered by'), RO),
    new_shiptime: dateTime(label('发运时间', 'Shipped on'), RO),
    new_shipper_id: lookup('systemuser', label('发运人', 'Shipped by'), RO),
    new_receivetime: dateTime(label('签收时间', 'Received on'), RO),
    new_receiver_id: lookup('systemuser', label('签收人', 'Received by'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  indexes: [
    ['new_fromunit_id', 'createdon'],
    ['new_tounit_id', 'createdon'],
  ],
  views: {
    all: {
      label: label('全部发货单', 'All deliveries'),
      columns: [
        'new_name',
        'new_outtype',
        'new_warehouse_id',
        'new_towarehouse_id',
        'new_state',
        'new_receiptstate',
        'new_totalqty',
        'new_trackingno',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    open: {
      label: label('未发运', 'Not shipped'),
      columns: [
        'new_name',
        'new_outtype',
        'new_warehouse_id',
        'new_towarehouse_id',
        'new_state',
        'new_totalqty',
        'new_submittime',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
      filter: {
        new_state: [
          deliveryState.draft,
          deliveryState.toWarehouse,
          deliveryState.picked,
          deliveryState.packed,
          deliveryState.stockDelivered,
        ],
      },
    },
    shipped: {
      label: label('已发运', 'Shipped'),
      columns: [
        'new_name',
        'new_outtype',
        'new_warehouse_id',
        'new_towarehouse_id',
        'new_receiptstate',
        'new_totalqty',
        'new_logisticscorp',
        'new_trackingno',
        'new_shiptime',
      ],
      orderBy: [['createdon', 'desc']],
      filter: { new_state: deliveryState.shipped },
    },
    toReceive: {
      label: label('待签收', 'To be received'),
      columns: [
        'new_name',
        'new_warehouse_id',
        'new_towarehouse_id',
        'new_receiptstate',
        'new_totalqty',
        'new_logisticscorp',
        'new_trackingno',
        'new_shiptime',
      ],
      orderBy: [['createdon', 'desc']],
      filter: { new_state: deliveryState.shipped, new_receiptstate: [receiptState.toReceive, receiptState.semiReceived] },
    },
    received: {
      label: label('已签收', 'Received'),
      columns: [
        'new_name',
        'new_warehouse_id',
        'new_towarehouse_id',
        'new_receiptstate',
        'new_totalqty',
        'new_trackingno',
        'new_receivetime',
      ],
      orderBy: [['createdon', 'desc']],
      filter: { new_receiptstate: receiptState.received },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('发货信息', 'Delivery'),
        fields: [
          'new_name',
          'new_outtype',
          'new_warehouse_id',
          'new_towarehouse_id',
          'new_station_id',
          'new_partsapply_id',
          'new_parttransorder_id',
          'new_state',
          'new_receiptstate',
          'new_totalqty',
          'new_totalamount',
          'new_memo',
        ],
      },
      {
        key: 'receiver',
        label: label('收货信息', 'Receiver'),
        fields: ['new_recipient', 'new_phone', 'new_province', 'new_city', 'new_county', 'new_address'],
      },
      { key: 'scrap', label: label('报废信息', 'Scrap'), fields: ['new_scrapreason', 'new_afterscrap'] },
      {
        key: 'logistics',
        label: label('物流信息', 'Logistics'),
        fields: ['new_logisticscorp', 'new_trackingno', 'new_freight'],
        on: 'edit',
      },
      {
        key: 'progress',
        label: label('作业记录', 'Progress'),
        fields: [
          'new_submittime',
          'new_picktime',
          'new_picker_id',
          'new_packtime',
          'new_packer_id',
          'new_outtime',
          'new_outby_id',
          'new_shiptime',
          'new_shipper_id',
          'new_receivetime',
          'new_receiver_id',
        ],
        on: 'edit',
      },
    ],
  },
});

/** A line of a delivery: what ships of one application or transfer line (or a part taken out of stock). */
export const stockOutOrderDetail = defineEntity({
  logicalName: 'new_stockoutorderdetail',
  entitySet: 'new_stockoutorderdetails',
  label: label('发货明细', 'Delivery line'),
  scope: { kind: 'businessUnit', field: 'new_fromunit_id', parties: ['new_tounit_id'] },
  access: { read: 'parts.read' },
  fields: {
    new_name: text(label('配件名称', 'Part name'), { readOnly: true, maxLength: 200 }),
    new_stockoutorder_id: lookup('new_stockoutorder', label('发货单', 'Delivery order'), { required: true, readOnly: true }),
    new_fromunit_id: lookup('businessunit', label('发货组织', 'Sending unit'), RO),
    new_tounit_id: lookup('businessunit', label('收货组织', 'Receiving unit'), RO),
    new_code: text(label('物料编码', 'Part number'), { readOnly: true, maxLength: 60 }),
    new_product_id: lookup('product', label('配件', 'Part'), { required: true }),
    new_uom: text(label('单位', 'Unit'), { readOnly: true, maxLength: 20 }),
    new_partsapply_id: lookup('new_srv_partsapply', label('配件申请', 'Parts application'), RO),
    new_partsapplydetail_id: lookup('new_srv_partsapplydetil', label('申请明细', 'Application line'), RO),
    new_parttransdetail_id: lookup('new_srv_parttransdetail', label('调拨明细', 'Transfer line'), RO),
    new_approvedqty: int(label('审批数量', 'Approved quantity'), RO),
    new_qty: int(label('发货数量', 'Delivered quantity'), { required: true, min: 1, max: 99_999 }),
    new_receivedqty: int(label('签收数量', 'Received'), RO),
    new_price: money(label('单价', 'Unit price'), RO),
    new_amount: money(label('金额', 'Amount'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  indexes: [['new_stockoutorder_id', 'createdon'], ['new_partsapplydetail_id']],
  checks: { received: 'new_receivedqty >= 0 AND new_receivedqty <= new_qty' },
  views: {
    byDocument: {
      label: label('发货明细', 'Lines'),
      columns: [
        'new_code',
        'new_name',
        'new_uom',
        'new_partsapply_id',
        'new_approvedqty',
        'new_qty',
        'new_receivedqty',
        'new_price',
        'new_amount',
        'new_memo',
      ],
      orderBy: [['createdon', 'asc']],
    },
  },
});
