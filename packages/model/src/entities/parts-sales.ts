import { dateTime, defineEntity, defineNamedOptionSet, int, label, lookup, money, optionSet, text } from '../define.ts';
import { STATIONS } from '../screens.ts';

const RO = { readOnly: true } as const;

/** spec 001 §4: parts sales order state — to be submitted, sold. */
export const partsSalesState = defineNamedOptionSet('new_order_state', label('单据状态', 'Order state'), {
  draft: { value: 1, label: label('待提交', 'To be submitted'), color: 'default' },
  sold: { value: 2, label: label('已销售', 'Sold'), color: 'green' },
});

/**
 * Parts sales (配件销售, `new_order`, spec 001 §2): a station sells parts out of its own warehouse to
 * an end customer. Draft while lines are added (only a draft may be modified, deleted or confirmed);
 * confirming ("sold") posts one outbound move per line of usage "parts sales" on the stock ledger.
 * Station-scoped: a station sees and sells only its own.
 */
export const partsSalesOrder = defineEntity({
  logicalName: 'new_order',
  entitySet: 'new_orders',
  label: label('配件销售单', 'Parts sales order'),
  scope: { kind: 'station', field: 'new_station_id' },
  access: { read: 'parts.read', write: 'parts.write' },
  screens: {
    list: {
      name: 'newOrderList',
      path: '/newOrder/list',
      keepAlive: true,
      title: 'menu.partsSales',
      allowImport: false,
      menu: { group: 'parts', order: 20, key: 'partsSales', label: 'menu.partsSales', units: STATIONS },
    },
    create: { name: 'newOrderCreate', path: '/newOrder/edit', page: 'SalesOrderPage' },
    edit: { name: 'newOrderEdit', path: '/newOrder/edit/:id', page: 'SalesOrderPage' },
  },
  document: {
    number: { prefix: 'XS', period: 'day' },
    status: { field: 'new_state', set: partsSalesState, editable: [partsSalesState.draft] },
    lines: [{ entity: 'new_orderdetail', parent: 'new_order_id' }],
    // The business is server/src/domain/parts-sales/sales.controller.ts: selling takes every line out of the station's stock.
    commands: {
      confirm: {
        label: 'sales.confirm',
        confirm: 'sales.confirmAsk',
        from: [partsSalesState.draft],
        to: partsSalesState.sold,
        privilege: 'parts.write',
        party: 'owningbusinessunit',
        refused: 'parts.onlyDraftConfirm',
        path: '/parts/sales/:id/confirm',
      },
    },
  },
  fields: {
    new_name: text(label('销售单号', 'Order number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { readOnly: true, indexed: true }),
    new_warehouse_id: lookup('new_srv_warehouse', label('出库仓库', 'Warehouse'), RO),
    new_customername: text(label('客户名称', 'Customer'), { required: true, searchable: true, maxLength: 60 }),
    new_phone: text(label('联系电话', 'Phone number'), { required: true, pattern: 'phone', maxLength: 30 }),
    new_address: text(label('客户地址', 'Customer address'), { maxLength: 100 }),
    new_state: optionSet(partsSalesState, undefined, { readOnly: true, indexed: true }),
    new_totalqty: int(label('销售总数', 'Total quantity'), RO),
    new_totalamount: money(label('销售金额', 'Total amount'), RO),
    new_linecount: int(label('明细行数', 'Lines'), RO),
    new_soldon: dateTime(label('销售时间', 'Sold on'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  indexes: [['new_station_id', 'createdon']],
  views: {
    all: {
      label: label('全部销售单', 'All sales orders'),
      columns: [
        'new_name',
        'new_station_id',
        'new_customername',
        'new_phone',
        'new_totalqty',
        'new_totalamount',
        'new_state',
        'new_soldon',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    draft: {
      label: label('待提交', 'To be submitted'),
      columns: ['new_name', 'new_customername', 'new_phone', 'new_totalqty', 'new_totalamount', 'new_state', 'createdon'],
      orderBy: [['createdon', 'desc']],
      filter: { new_state: [partsSalesState.draft] },
    },
  },
  forms: {
    main: [
      { key: 'basic', label: label('销售信息', 'Sale'), fields: ['new_name', 'new_customername', 'new_phone', 'new_address', 'new_memo'] },
      {
        key: 'state',
        label: label('状态与金额', 'State and amount'),
        fields: ['new_state', 'new_station_id', 'new_warehouse_id', 'new_totalqty', 'new_totalamount', 'new_linecount', 'new_soldon'],
        on: 'edit',
      },
    ],
  },
});

export const partsSalesDetail = defineEntity({
  logicalName: 'new_orderdetail',
  entitySet: 'new_orderdetails',
  label: label('销售明细', 'Sales line'),
  scope: { kind: 'station', field: 'new_station_id' },
  access: { read: 'parts.read' },
  fields: {
    new_name: text(label('配件名称', 'Part name'), { readOnly: true, maxLength: 200 }),
    new_order_id: lookup('new_order', label('配件销售单', 'Parts sales order'), { required: true, readOnly: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), RO),
    new_code: text(label('物料编码', 'Part number'), { readOnly: true, maxLength: 60 }),
    new_product_id: lookup('product', label('配件', 'Part'), { required: true }),
    new_uom: text(label('单位', 'Unit'), { readOnly: true, maxLength: 20 }),
    new_price: money(label('单价', 'Unit price'), RO),
    new_qty: int(label('销售数量', 'Quantity'), { required: true, min: 1, max: 99_999 }),
    new_amount: money(label('金额', 'Amount'), RO),
    new_tempcurrentinv: int(label('当前库存', 'Current stock'), RO),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  uniques: [['new_order_id', 'new_product_id']],
  indexes: [['new_order_id', 'createdon']],
  views: {
    byDocument: {
      label: label('销售明细', 'Lines'),
      columns: ['new_code', 'new_name', 'new_uom', 'new_price', 'new_qty', 'new_tempcurrentinv', 'new_amount', 'new_memo'],
      orderBy: [['createdon', 'asc']],
    },
  },
});
