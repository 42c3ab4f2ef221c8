import { APPROVAL_STATUS } from '../document.ts';
import { APPROVAL_EDITABLE, approvalStatus } from '../option-sets/approval.ts';
import { bool, date, dateTime, defineEntity, int, label, lookup, money, optionSet, text } from '../define.ts';
import { partsApplyStatus, partsApplyType, payStatus } from '../option-sets/parts.ts';

const RO = { readOnly: true } as const;

/**
 * Parts application (配件申请, spec 001 §3): a station orders parts from a central warehouse.
 * The station saves the header, adds lines while it is draft or rejected, submits it through an
 * approval flow; on approval the approved quantities are reserved in the supplying warehouse,
 * deliveries ship them (statuscode follows), and closing releases what was reserved and not shipped.
 * The supplying warehouse's unit is a party: its staff see the application to deliver it.
 */
export const partsApply = defineEntity({
  logicalName: 'new_srv_partsapply',
  entitySet: 'new_srv_partsapplies',
  label: label('配件申请', 'Parts application'),
  scope: { kind: 'station', field: 'new_station_id', parties: ['new_supplyunit_id'], assignee: { via: 'new_workorder_id' } },
  access: { read: 'parts.read', write: 'parts.write' },
  screens: {
    list: {
      name: 'partsApplyList',
      path: '/partsApply/list',
      keepAlive: true,
      title: 'menu.partsApply',
      allowImport: false,
      menu: { group: 'parts', order: 10, key: 'partsApply', label: 'menu.partsApply' },
    },
    create: { name: 'partsApplyCreate', path: '/partsApply/create', page: 'PartsApplyFormPage' },
    edit: { name: 'partsApplyEdit', path: '/partsApply/edit/:id', page: 'PartsApplyFormPage' },
  },
  document: {
    number: { prefix: 'PA', period: 'day' },
    status: { ...APPROVAL_STATUS, closedBy: 'new_isclose', closedLocked: 'parts.closed' },
    lines: [{ entity: 'new_srv_partsapplydetil', parent: 'new_partsapply_id' }],
    approval: { amount: 'new_totalamount', commit: 'new_iscommit' },
    commands: {
      // The current step's approver lowers approved quantities before approving (the controller checks it is them).
      approved: {
        label: 'parts.ui.approvedQty',
        from: [approvalStatus.underReview],
        privilege: 'approval.act',
        path: '/parts/applications/:id/approved',
        refused: 'parts.notCurrentApprover',
      },
      // The station (parts.write) or the supplying warehouse (delivery.create) closes what is approved and not fully delivered (the controller checks the side).
      close: {
        label: 'parts.ui.close',
        from: [approvalStatus.approved],
        privilege: ['parts.write', 'delivery.create'],
        path: '/parts/applications/:id/close',
        refused: 'parts.closeNotAllowed',
        closed: 'parts.closeNotAllowed',
      },
    },
  },
  attachments: true,
  fields: {
    new_name: text(label('申请单号', 'Application number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_type: optionSet(partsApplyType, undefined, { required: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true }),
    new_warehouse_id: lookup('new_srv_warehouse', label('供货仓库', 'Supplying warehouse'), { required: true }),
    new_towarehouse_id: lookup('new_srv_warehouse', label('收货仓库', 'Receiving warehouse'), RO),
    new_supplyunit_id: lookup('businessunit', label('供货组织', 'Supplying unit'), RO),
    new_workorder_id: lookup('new_srv_workorder', label('维修工单', 'Work order')),
    new_requiredate: date(label('需求日期', 'Required date')),
    new_recipient: text(label('收货人', 'Recipient'), { required: true, maxLength: 60 }),
    new_phonenumber: text(label('联系电话', 'Phone number'), { required: true, pattern: 'phone', maxLength: 30 }),
    new_province: text(label('省份', 'Province'), { maxLength: 40 }),
    new_city: text(label('城市', 'City'), { maxLength: 40 }),
    new_county: text(label('区县', 'County'), { maxLength: 40 }),
    new_address: text(label('收货地址', 'Delivery address'), { maxLength: 100 }),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
    new_totalamount: money(label('申请金额', 'Total amount'), RO),
    new_linecount: int(label('明细行数', 'Lines'), RO),
    statuscode: optionSet(partsApplyStatus, undefined, { readOnly: true, indexed: true }),
    new_isclose: bool(label('已关闭', 'Closed'), {
      readOnly: true,
      trueLabel: label('已关闭', 'Closed'),
      falseLabel: label('未关闭', 'Open'),
    }),
    new_closetime: dateTime(label('关闭时间', 'Closed on'), RO),
    new_closereason: text(label('关闭原因', 'Close reason'), { readOnly: true, maxLength: 100 }),
    new_paystatus: optionSet(payStatus, undefined, RO),
    new_iscommit: bool(label('已提交', 'Submitted'), RO),
  },
  indexes: [
    ['new_station_id', 'createdon'],
    ['new_supplyunit_id', 'createdon'],
  ],
  views: {
    all: {
      label: label('全部配件申请', 'All applications'),
      columns: [
        'new_name',
        'new_type',
        'new_station_id',
        'new_warehouse_id',
        'new_totalamount',
        'new_approvalstatus',
        'statuscode',
        'new_requiredate',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    draft: {
      label: label('待提交', 'To be submitted'),
      columns: [
        'new_name',
        'new_type',
        'new_station_id',
        'new_warehouse_id',
        'new_totalamount',
        'new_approvalstatus',
        'new_requiredate',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
      filter: { new_approvalstatus: APPROVAL_EDITABLE },
    },
    underReview: {
      label: label('审批中', 'Under review'),
      columns: ['new_name', 'new_type', 'new_station_id', 'new_totalamount', 'new_stepname', 'new_stepuser_id', 'new_submittime'],
      orderBy: [['createdon', 'desc']],
      filter: { new_approvalstatus: approvalStatus.underReview },
    },
    toDeliver: {
      label: label('待发货', 'To be delivered'),
      columns: [
        'new_name',
        'new_type',
        'new_station_id',
        'new_warehouse_id',
        'new_totalamount',
        'statuscode',
        'new_requiredate',
        'new_approvedtime',
      ],
      orderBy: [['createdon', 'desc']],
      filter: { new_approvalstatus: approvalStatus.approved, statuscode: [partsApplyStatus.toDeliver, partsApplyStatus.semiDelivered] },
    },
    delivered: {
      label: label('已发货', 'Delivered'),
      columns: ['new_name', 'new_type', 'new_station_id', 'new_warehouse_id', 'new_totalamount', 'statuscode', 'createdon'],
      orderBy: [['createdon', 'desc']],
      filter: { statuscode: partsApplyStatus.delivered },
    },
    closed: {
      label: label('已关闭', 'Closed'),
      columns: ['new_name', 'new_type', 'new_station_id', 'new_totalamount', 'new_closereason', 'new_closetime'],
      orderBy: [['createdon', 'desc']],
      filter: { statuscode: partsApplyStatus.closed },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('申请信息', 'Application'),
        fields: [
          'new_name',
          'new_type',
          'new_station_id',
          'new_warehouse_id',
          'new_towarehouse_id',
          'new_workorder_id',
          'new_requiredate',
          'new_memo',
        ],
      },
      {
        key: 'delivery',
        label: label('收货信息', 'Delivery'),
        fields: ['new_recipient', 'new_phonenumber', 'new_province', 'new_city', 'new_county', 'new_address'],
      },
      {
        key: 'state',
        label: label('状态与金额', 'State and amount'),
        fields: ['new_totalamount', 'new_linecount', 'statuscode', 'new_paystatus', 'new_isclose', 'new_closetime', 'new_closereason'],
        on: 'edit',
      },
    ],
  },
});

/**
 * A line of a parts application (the specification's own spelling, `partsapplydetil`). Written only
 * by the application's line commands (no write privilege here), which copy the station and supplying
 * unit from the header so the same scope applies.
 */
export const partsApplyDetail = defineEntity({
  logicalName: 'new_srv_partsapplydetil',
  entitySet: 'new_srv_partsapplydetils',
  label: label('配件申请明细', 'Application line'),
  scope: { kind: 'station', field: 'new_station_id', parties: ['new_supplyunit_id'], assignee: { via: 'new_partsapply_id' } },
  access: { read: 'parts.read' },
  fields: {
    new_name: text(label('配件名称', 'Part name'), { readOnly: true, maxLength: 200 }),
    new_partsapply_id: lookup('new_srv_partsapply', label('配件申请', 'Parts application'), { required: true, readOnly: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), RO),
    new_supplyunit_id: lookup('businessunit', label('供货组织', 'Supplying unit'), RO),
    new_warehouse_id: lookup('new_srv_warehouse', label('仓库', 'Warehouse'), RO),
    new_code: text(label('物料编码', 'Part number'), { readOnly: true, maxLength: 60 }),
    new_product_id: lookup('product', label('配件', 'Part'), { required: true }),
    new_uom: text(label('单位', 'Unit'), { readOnly: true, maxLength: 20 }),
    new_price: money(label('单价', 'Unit price'), RO),
    new_qty: int(label('申请数量', 'Applied quantity'), { required: true, min: 1, max: 99_999 }),
    new_approvedqty: int(label('审批数量', 'Approved quantity'), RO),
    new_reservedqty: int(label('预留数量', 'Reserved'), RO),
    new_shippedqty: int(label('已发数量', 'Shipped'), RO),
    new_pendingqty: int(label('待发数量', 'Pending'), RO),
    new_actualqty: int(label('实收数量', 'Received'), RO),
    new_amount: money(label('金额', 'Amount'), RO),
    new_partscost: money(label('配件费用', 'Parts cost'), RO),
    new_tempcurrentinv: int(label('当前库存', 'Current stock'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  uniques: [['new_partsapply_id', 'new_product_id']],
  indexes: [['new_partsapply_id', 'createdon']],
  checks: { quantities: 'new_shippedqty >= 0 AND new_reservedqty >= 0 AND new_actualqty >= 0 AND new_actualqty <= new_shippedqty' },
  views: {
    byDocument: {
      label: label('申请明细', 'Lines'),
      columns: [
        'new_code',
        'new_name',
        'new_uom',
        'new_price',
        'new_qty',
        'new_tempcurrentinv',
        'new_approvedqty',
        'new_shippedqty',
        'new_pendingqty',
        'new_actualqty',
        'new_amount',
        'new_memo',
      ],
      orderBy: [['createdon', 'asc']],
    },
  },
});
