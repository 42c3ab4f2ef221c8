import { bool, dateTime, defineEntity, int, label, lookup, money, optionSet, text } from '../define.ts';
import { returnState, returnType } from '../option-sets/site-return.ts';

const RO = { readOnly: true } as const;

/**
 * Parts return application (配件退货申请, `new_srv_sitereturn`, spec 001 §2-§5): a station returns
 * good parts from its own warehouse to a central warehouse. Draft (to be submitted) while the lines
 * are written; the station delivers it (the parts leave its stock into the central warehouse's
 * transit), the central warehouse receives it in one or several receipts (semi received, received).
 * Owned by the station; the receiving warehouse's unit is a party.
 */
export const siteReturn = defineEntity({
  logicalName: 'new_srv_sitereturn',
  entitySet: 'new_srv_sitereturns',
  label: label('配件退货申请', 'Parts return application'),
  scope: { kind: 'station', field: 'new_station_id', parties: ['new_tounit_id'] },
  access: { read: 'parts.read', write: 'parts.write' },
  screens: {
    list: {
      name: 'siteReturnList',
      path: '/siteReturn/list',
      keepAlive: true,
      title: 'menu.siteReturn',
      allowImport: false,
      menu: { group: 'parts', order: 60, key: 'siteReturn', label: 'menu.siteReturn' },
    },
    create: { name: 'siteReturnCreate', path: '/siteReturn/edit', page: 'SiteReturnPage' },
    edit: { name: 'siteReturnEdit', path: '/siteReturn/edit/:id', page: 'SiteReturnPage' },
  },
  document: {
    number: { prefix: 'TH', period: 'day' },
    // A closed draft is kept as it is (it may still be deleted).
    status: { field: 'new_state', set: returnState, editable: [returnState.draft], closedBy: 'new_isclose' },
    lines: [{ entity: 'new_srv_sitereturndetail', parent: 'new_sitereturn_id' }],
    // The business is server/src/domain/site-return/site-return.controller.ts; receive moves to semi received or received.
    commands: {
      deliver: {
        label: 'siteReturn.deliver',
        confirm: 'siteReturn.deliverAsk',
        from: [returnState.draft],
        to: returnState.delivered,
        privilege: 'parts.write',
        party: 'owningbusinessunit',
        refused: 'siteReturn.onlyDraftDeliver',
        path: '/parts/siteReturns/:id/deliver',
      },
      receive: {
        label: 'siteReturn.receive',
        from: [returnState.delivered, returnState.semiReceived],
        privilege: 'parts.receive',
        party: 'new_tounit_id',
        refused: 'siteReturn.receiptNeedsDelivered',
        path: '/parts/siteReturns/:id/receive',
      },
      // The station closes its draft; the receiving warehouse what is on the way (the rest goes back to the station).
      close: {
        label: 'siteReturn.close',
        confirm: 'siteReturn.closeAsk',
        refused: 'siteReturn.closeNotAllowed',
        closed: 'siteReturn.closeNotAllowed',
        path: '/parts/siteReturns/:id/close',
        grants: [
          { from: [returnState.draft], privilege: 'parts.write', party: 'owningbusinessunit' },
          { from: [returnState.delivered, returnState.semiReceived], privilege: 'parts.receive', party: 'new_tounit_id' },
        ],
      },
    },
  },
  fields: {
    new_name: text(label('退货单号', 'Return number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { readOnly: true, indexed: true }),
    new_warehouse_id: lookup('new_srv_warehouse', label('退出仓库', 'From warehouse'), RO),
    new_towarehouse_id: lookup('new_srv_warehouse', label('退入仓库', 'To warehouse'), { required: true }),
    new_tounit_id: lookup('businessunit', label('收货组织', 'Receiving unit'), RO),
    new_returntype: optionSet(returnType, undefined, { required: true }),
    new_returnreason: text(label('退货原因', 'Return reason'), { required: true, maxLength: 99 }),
    new_deliveraddress: text(label('发货地址', 'Deliver address'), { maxLength: 99 }),
    new_logisticscorp: text(label('物流公司', 'Logistics company'), { maxLength: 60 }),
    new_trackingno: text(label('物流单号', 'Tracking number'), { maxLength: 60 }),
    new_state: optionSet(returnState, undefined, { readOnly: true, indexed: true }),
    new_isclose: bool(label('已关闭', 'Closed'), {
      readOnly: true,
      trueLabel: label('已关闭', 'Closed'),
      falseLabel: label('未关闭', 'Open'),
    }),
    new_totalqty: int(label('退货总数', 'Total quantity'), RO),
    new_receivedqty: int(label('已收货数量', 'Received quantity'), RO),
    new_totalamount: money(label('退货金额', 'Total amount'), RO),
    new_linecount: int(label('明细行数', 'Lines'), RO),
    new_deliveredon: dateTime(label('发货时间', 'Delivered on'), RO),
    new_receivedon: dateTime(label('收货时间', 'Received on'), RO),
    new_receiver_id: lookup('systemuser', label('收货人', 'Received by'), RO),
    new_closetime: dateTime(label('关闭时间', 'Closed on'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  indexes: [
    ['new_station_id', 'createdon'],
    ['new_tounit_id', 'createdon'],
  ],
  views: {
    all: {
      label: label('全部退货申请', 'All return applications'),
      columns: [
        'new_name',
        'new_station_id',
        'new_towarehouse_id',
        'new_returntype',
        'new_totalqty',
        'new_receivedqty',
        'new_state',
        'new_isclose',
        'new_deliveredon',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    toReceive: {
      label: label('待收货', 'To be received'),
      columns: [
        'new_name',
        'new_station_id',
        'new_towarehouse_id',
        'new_returntype',
        'new_totalqty',
        'new_receivedqty',
        'new_state',
        'new_deliveredon',
      ],
      orderBy: [['createdon', 'desc']],
      filter: { new_state: [returnState.delivered, returnState.semiReceived] },
    },
    draft: {
      label: label('待提交', 'To be submitted'),
      columns: ['new_name', 'new_station_id', 'new_towarehouse_id', 'new_returntype', 'new_totalqty', 'new_state', 'createdon'],
      orderBy: [['createdon', 'desc']],
      filter: { new_state: [returnState.draft] },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('退货信息', 'Return'),
        fields: [
          'new_name',
          'new_towarehouse_id',
          'new_returntype',
          'new_returnreason',
          'new_deliveraddress',
          'new_logisticscorp',
          'new_trackingno',
          'new_memo',
        ],
      },
      {
        key: 'state',
        label: label('状态与数量', 'State and quantity'),
        on: 'edit',
        fields: [
          'new_state',
          'new_isclose',
          'new_station_id',
          'new_warehouse_id',
          'new_totalqty',
          'new_receivedqty',
          'new_totalamount',
          'new_linecount',
          'new_deliveredon',
          'new_receivedon',
          'new_receiver_id',
          'new_closetime',
        ],
      },
    ],
  },
});

export const siteReturnDetail = defineEntity({
  logicalName: 'new_srv_sitereturndetail',
  entitySet: 'new_srv_sitereturndetails',
  label: label('退货明细', 'Return detail'),
  scope: { kind: 'station', field: 'new_station_id', parties: ['new_tounit_id'] },
  access: { read: 'parts.read' },
  fields: {
    new_name: text(label('配件名称', 'Part name'), { readOnly: true, maxLength: 200 }),
    new_sitereturn_id: lookup('new_srv_sitereturn', label('配件退货申请', 'Parts return application'), { required: true, readOnly: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), RO),
    new_tounit_id: lookup('businessunit', label('收货组织', 'Receiving unit'), RO),
    new_code: text(label('物料编码', 'Part number'), { readOnly: true, maxLength: 60 }),
    new_product_id: lookup('product', label('配件', 'Part'), { required: true }),
    new_uom: text(label('单位', 'Unit'), { readOnly: true, maxLength: 20 }),
    new_price: money(label('单价', 'Unit price'), RO),
    new_qty: int(label('退货数量', 'Returned number'), { required: true, min: 1, max: 99_999 }),
    new_receivedqty: int(label('已收货数量', 'Received quantity'), RO),
    new_amount: money(label('金额', 'Amount'), RO),
    new_tempcurrentinv: int(label('当前可用库存', 'Available stock'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  uniques: [['new_sitereturn_id', 'new_product_id']],
  indexes: [['new_sitereturn_id', 'createdon']],
  views: {
    byDocument: {
      label: label('退货明细', 'Return details'),
      columns: [
        'new_code',
        'new_name',
        'new_uom',
        'new_price',
        'new_qty',
        'new_receivedqty',
        'new_tempcurrentinv',
        'new_amount',
        'new_memo',
      ],
      orderBy: [['createdon', 'asc']],
    },
  },
});
