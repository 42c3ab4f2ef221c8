import { bool, dateTime, defineEntity, int, label, lookup, money, optionSet, text } from '../define.ts';
import { APPROVAL_STATUS } from '../document.ts';
import { transferApprovalStatus, transferDocState, transferStatus } from '../option-sets/parts.ts';

const RO = { readOnly: true } as const;

/**
 * Parts transfer (调拨单, `new_srv_parttransorder`) between two warehouses: made by the sending
 * side, approved through a flow (labels making, approving, approved, rejected, vetoed), reserved in
 * the sending warehouse on approval, shipped by deliveries of out type "transfer" and received by the
 * receiving warehouse. Owned by the sending warehouse's unit; the receiving unit is a party.
 */
export const partTransOrder = defineEntity({
  logicalName: 'new_srv_parttransorder',
  entitySet: 'new_srv_parttransorders',
  label: label('配件调拨单', 'Parts transfer'),
  scope: { kind: 'businessUnit', field: 'new_fromunit_id', parties: ['new_tounit_id'] },
  access: { read: 'parts.read', write: 'transfer.write' },
  screens: {
    list: {
      name: 'partsTransferList',
      path: '/partsTransfer/list',
      keepAlive: true,
      title: 'menu.partsTransfer',
      allowImport: false,
      menu: { group: 'parts', order: 50, key: 'partsTransfer', label: 'menu.partsTransfer', privileges: ['delivery.read'] },
    },
    create: { name: 'partsTransferCreate', path: '/partsTransfer/create' },
    edit: { name: 'partsTransferEdit', path: '/partsTransfer/edit/:id', page: 'PartsTransferFormPage' },
  },
  document: {
    number: { prefix: 'DB', period: 'day' },
    // The approval states under the transfer's own labels (制单中 for a draft); closing ends it.
    status: { ...APPROVAL_STATUS, set: transferApprovalStatus, closedBy: 'new_isclose', closedLocked: 'parts.closed' },
    lines: [{ entity: 'new_srv_parttransdetail', parent: 'new_parttransorder_id' }],
    approval: { amount: 'new_totalamount' },
    commands: {
      // The sending side closes an approved transfer not fully shipped (the controller checks what is shipped).
      close: {
        label: 'parts.ui.close',
        from: [transferApprovalStatus.approved],
        privilege: 'transfer.write',
        party: 'new_fromunit_id',
        path: '/parts/transfers/:id/close',
        refused: 'parts.closeNotAllowed',
        closed: 'parts.closeNotAllowed',
      },
    },
  },
  attachments: true,
  fields: {
    new_name: text(label('调拨单号', 'Transfer number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_warehouse_id: lookup('new_srv_warehouse', label('调出仓库', 'From warehouse'), { required: true }),
    new_fromunit_id: lookup('businessunit', label('调出组织', 'From unit'), RO),
    new_towarehouse_id: lookup('new_srv_warehouse', label('调入仓库', 'To warehouse'), { required: true }),
    new_tounit_id: lookup('businessunit', label('调入组织', 'To unit'), RO),
    new_reason: text(label('调拨原因', 'Reason'), { required: true, maxLength: 100 }),
    new_docstate: optionSet(transferDocState, undefined, { readOnly: true, indexed: true }),
    statuscode: optionSet(transferStatus, undefined, RO),
    new_isclose: bool(label('已关闭', 'Closed'), {
      readOnly: true,
      trueLabel: label('已关闭', 'Closed'),
      falseLabel: label('未关闭', 'Open'),
    }),
    new_closetime: dateTime(label('关闭时间', 'Closed on'), RO),
    new_closereason: text(label('关闭原因', 'Close reason'), { readOnly: true, maxLength: 100 }),
    new_totalqty: int(label('调拨总数', 'Total quantity'), RO),
    new_totalamount: money(label('调拨金额', 'Total amount'), RO),
    new_linecount: int(label('明细行数', 'Lines'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
    new_approvalstatus: optionSet(transferApprovalStatus, undefined, { readOnly: true, indexed: true }),
  },
  indexes: [
    ['new_fromunit_id', 'createdon'],
    ['new_tounit_id', 'createdon'],
  ],
  views: {
    all: {
      label: label('全部调拨单', 'All transfers'),
      columns: [
        'new_name',
        'new_warehouse_id',
        'new_towarehouse_id',
        'new_reason',
        'new_totalqty',
        'new_approvalstatus',
        'new_docstate',
        'statuscode',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    open: {
      label: label('未完成', 'Open'),
      columns: [
        'new_name',
        'new_warehouse_id',
        'new_towarehouse_id',
        'new_totalqty',
        'new_approvalstatus',
        'new_docstate',
        'statuscode',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
      filter: {
        new_docstate: [
          transferDocState.toDeliver,
          transferDocState.semiDelivered,
          transferDocState.delivered,
          transferDocState.semiReceived,
        ],
      },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('调拨信息', 'Transfer'),
        fields: ['new_name', 'new_warehouse_id', 'new_towarehouse_id', 'new_reason', 'new_memo'],
      },
      {
        key: 'state',
        label: label('状态与数量', 'State and quantity'),
        fields: [
          'new_docstate',
          'statuscode',
          'new_totalqty',
          'new_totalamount',
          'new_linecount',
          'new_isclose',
          'new_closetime',
          'new_closereason',
        ],
        on: 'edit',
      },
    ],
  },
});

export const partTransDetail = defineEntity({
  logicalName: 'new_srv_parttransdetail',
  entitySet: 'new_srv_parttransdetails',
  label: label('调拨明细', 'Transfer line'),
  scope: { kind: 'businessUnit', field: 'new_fromunit_id', parties: ['new_tounit_id'] },
  access: { read: 'parts.read' },
  fields: {
    new_name: text(label('配件名称', 'Part name'), { readOnly: true, maxLength: 200 }),
    new_parttransorder_id: lookup('new_srv_parttransorder', label('调拨单', 'Parts transfer'), { required: true, readOnly: true }),
    new_fromunit_id: lookup('businessunit', label('调出组织', 'From unit'), RO),
    new_tounit_id: lookup('businessunit', label('调入组织', 'To unit'), RO),
    new_code: text(label('物料编码', 'Part number'), { readOnly: true, maxLength: 60 }),
    new_product_id: lookup('product', label('配件', 'Part'), { required: true }),
    new_uom: text(label('单位', 'Unit'), { readOnly: true, maxLength: 20 }),
    new_price: money(label('单价', 'Unit price'), RO),
    new_qty: int(label('调拨数量', 'Quantity'), { required: true, min: 1, max: 99_999 }),
    new_reservedqty: int(label('预留数量', 'Reserved'), RO),
    new_shippedqty: int(label('已发数量', 'Shipped'), RO),
    new_receivedqty: int(label('已收数量', 'Received'), RO),
    new_amount: money(label('金额', 'Amount'), RO),
    new_tempcurrentinv: int(label('当前库存', 'Current stock'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  uniques: [['new_parttransorder_id', 'new_product_id']],
  indexes: [['new_parttransorder_id', 'createdon']],
  checks: { quantities: 'new_shippedqty >= 0 AND new_reservedqty >= 0 AND new_receivedqty >= 0 AND new_receivedqty <= new_shippedqty' },
  views: {
    byDocument: {
      label: label('调拨明细', 'Lines'),
      columns: [
        'new_code',
        'new_name',
        'new_uom',
        'new_price',
        'new_qty',
        'new_tempcurrentinv',
        'new_shippedqty',
        'new_receivedqty',
        'new_amount',
        'new_memo',
      ],
      orderBy: [['createdon', 'asc']],
    },
  },
});
