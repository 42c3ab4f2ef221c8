import { bool, dateTime, defineEntity, int, label, lookup, optionSet, text } from '../define.ts';
import { stockDocumentType, stockUsage, warehouseType } from '../option-sets/parts.ts';

/**
 * Warehouses: central ones (head office, branches), each with a business unit of its own whose
 * staff work it, and one per service station (owned by the station's unit). The list is readable
 * by everyone in the parts business (a station chooses the central warehouse it orders from);
 * what is in a warehouse is `new_srv_siteinv`, scoped by the warehouse's unit.
 */
export const warehouse = defineEntity({
  logicalName: 'new_srv_warehouse',
  entitySet: 'new_srv_warehouses',
  label: label('仓库', 'Warehouse'),
  scope: { kind: 'global' },
  // A dealer or store (stock, no parts business) picks its own warehouses in lookups (a stock-in, a count).
  access: { read: 'parts.read', write: 'warehouse.manage', lookup: { privileges: ['stock.read'], unit: 'new_businessunit_id' } },
  screens: {
    list: {
      name: 'warehouseList',
      path: '/usercenter/warehouselist',
      title: 'menu.warehouse',
      menu: { group: 'base', order: 100, key: 'warehouse', label: 'menu.warehouse', privileges: ['warehouse.manage'] },
    },
    create: { name: 'warehouseCreate', path: '/usercenter/warehousecreate' },
    edit: { name: 'warehouseView', path: '/usercenter/warehouseview/:id', allowDelete: false },
  },
  fields: {
    new_name: text(label('仓库名称', 'Warehouse name'), { required: true, searchable: true }),
    new_code: text(label('仓库编码', 'Warehouse code'), { required: true, unique: true, searchable: true, maxLength: 40 }),
    new_type: optionSet(warehouseType, undefined, { required: true, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { unique: true }),
    new_businessunit_id: lookup('businessunit', label('所属组织', 'Business unit'), { required: true }),
    new_province: text(label('省份', 'Province'), { maxLength: 40 }),
    new_city: text(label('城市', 'City'), { maxLength: 40 }),
    new_county: text(label('区县', 'County'), { maxLength: 40 }),
    new_address: text(label('详细地址', 'Address'), { maxLength: 200 }),
    new_contact: text(label('联系人', 'Contact'), { maxLength: 60 }),
    new_phone: text(label('联系电话', 'Phone'), { pattern: 'phone', maxLength: 30 }),
    new_isactive: bool(label('启用', 'Active'), { trueLabel: label('是', 'Yes'), falseLabel: label('否', 'No') }),
  },
  views: {
    all: {
      label: label('全部仓库', 'All warehouses'),
      columns: [
        'new_code',
        'new_name',
        'new_type',
        'new_station_id',
        'new_businessunit_id',
        'new_province',
        'new_city',
        'new_contact',
        'new_phone',
        'new_isactive',
      ],
      orderBy: [['new_code', 'asc']],
    },
    central: {
      label: label('中心库', 'Central warehouses'),
      columns: ['new_code', 'new_name', 'new_businessunit_id', 'new_province', 'new_city', 'new_contact', 'new_phone'],
      orderBy: [['new_code', 'asc']],
      filter: { new_type: 1 },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('基本信息', 'Basic information'),
        fields: ['new_name', 'new_code', 'new_type', 'new_station_id', 'new_businessunit_id', 'new_isactive'],
      },
      {
        key: 'address',
        label: label('地址与联系人', 'Address and contact'),
        fields: ['new_province', 'new_city', 'new_county', 'new_address', 'new_contact', 'new_phone'],
      },
    ],
  },
});

const QTY = { readOnly: true } as const;

/**
 * Stock of one part in one warehouse: the balance of the stock ledger. Written only by postings
 * (`server/src/domain/stock/ledger.ts`), in the same transaction as their moves; available is
 * computed by the database, and the checks are the backstop of the postings' conditional updates.
 */
export const siteInv = defineEntity({
  logicalName: 'new_srv_siteinv',
  entitySet: 'new_srv_siteinvs',
  label: label('配件库存', 'Parts stock'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'stock.read' },
  screens: {
    list: {
      name: 'siteInvList',
      path: '/siteInv/list',
      keepAlive: true,
      title: 'menu.siteInv',
      menu: { group: 'parts', order: 80, key: 'siteInv', label: 'menu.siteInv' },
    },
    view: { name: 'siteInvLine', path: '/siteInv/line/:id', page: 'StockRowPage' },
  },
  fields: {
    new_name: text(label('配件名称', 'Part name'), { readOnly: true, searchable: true, maxLength: 200 }),
    new_code: text(label('物料编码', 'Part number'), { readOnly: true, searchable: true, maxLength: 60 }),
    new_warehouse_id: lookup('new_srv_warehouse', label('仓库', 'Warehouse'), { readOnly: true }),
    new_product_id: lookup('product', label('配件', 'Part'), { readOnly: true, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { readOnly: true, indexed: true }),
    new_quantity: int(label('库存数量', 'Quantity'), QTY),
    new_frozen: int(label('冻结数量', 'Frozen'), QTY),
    new_available: int(label('可用数量', 'Available'), { readOnly: true, computed: 'new_quantity - new_frozen' }),
    new_intransit: int(label('在途数量', 'In transit'), QTY),
    new_lastmoveon: dateTime(label('最近变动', 'Last move'), QTY),
  },
  uniques: [['new_warehouse_id', 'new_product_id']],
  checks: { stock: 'new_quantity >= 0 AND new_frozen >= 0 AND new_frozen <= new_quantity AND new_intransit >= 0' },
  indexes: [['owningbusinessunit', 'new_code']],
  views: {
    all: {
      label: label('全部库存', 'All stock'),
      columns: [
        'new_code',
        'new_name',
        'new_warehouse_id',
        'new_quantity',
        'new_frozen',
        'new_available',
        'new_intransit',
        'new_lastmoveon',
      ],
      orderBy: [['new_code', 'asc']],
    },
  },
  forms: {
    main: [
      {
        key: 'stock',
        label: label('库存', 'Stock'),
        fields: [
          'new_code',
          'new_name',
          'new_product_id',
          'new_warehouse_id',
          'new_station_id',
          'new_quantity',
          'new_frozen',
          'new_available',
          'new_intransit',
          'new_lastmoveon',
        ],
      },
    ],
  },
});

/**
 * One move of the stock ledger (append-only): signed changes of on-hand, frozen and in-transit
 * quantity of a part in a warehouse, the balances after it, the document and line that caused it,
 * and a unique key per move so a retried posting counts once. Who and when: createdby, createdon.
 */
export const stockTransaction = defineEntity({
  logicalName: 'new_srv_stocktransaction',
  entitySet: 'new_srv_stocktransactions',
  label: label('库存交易记录', 'Stock transaction'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'stock.read' },
  screens: {
    list: {
      name: 'partStockTransactionList',
      path: '/partStockTransaction/list',
      keepAlive: true,
      page: 'StockTransactionListPage',
      menu: { group: 'parts', order: 90, key: 'partStockTransaction', label: 'menu.partStockTransaction' },
    },
    view: { name: 'partStockTransactionLine', path: '/partStockTransaction/line/:id', page: 'StockTransactionPage' },
  },
  fields: {
    new_name: text(label('单据编号', 'Document number'), { readOnly: true, searchable: true, maxLength: 60 }),
    new_code: text(label('物料编码', 'Part number'), { readOnly: true, searchable: true, maxLength: 60 }),
    new_partname: text(label('配件名称', 'Part name'), { readOnly: true, maxLength: 200 }),
    new_warehouse_id: lookup('new_srv_warehouse', label('仓库', 'Warehouse'), { readOnly: true }),
    new_product_id: lookup('product', label('配件', 'Part'), { readOnly: true }),
    new_usage: optionSet(stockUsage, undefined, { readOnly: true, indexed: true }),
    new_doctype: optionSet(stockDocumentType, undefined, { readOnly: true }),
    new_docid: text(label('单据', 'Document'), { readOnly: true, maxLength: 36 }),
    new_lineid: text(label('单据明细', 'Document line'), { readOnly: true, maxLength: 36 }),
    new_quantity: int(label('数量变动', 'Quantity change'), QTY),
    new_frozen: int(label('冻结变动', 'Frozen change'), QTY),
    new_intransit: int(label('在途变动', 'In-transit change'), QTY),
    new_balance: int(label('结存数量', 'Balance'), QTY),
    new_frozenbalance: int(label('结存冻结', 'Frozen balance'), QTY),
    new_transitbalance: int(label('结存在途', 'In-transit balance'), QTY),
    new_seq: int(label('序号', 'Sequence'), QTY),
    new_key: text(label('幂等键', 'Idempotency key'), { readOnly: true, secret: true, unique: true, maxLength: 120 }),
  },
  // (unit, time): 库存报表's scan for a station user (issue 24).
  indexes: [['new_warehouse_id', 'new_product_id', 'createdon'], ['new_docid'], ['owningbusinessunit', 'createdon']],
  views: {
    all: {
      label: label('全部交易记录', 'All transactions'),
      columns: [
        'createdon',
        'new_name',
        'new_usage',
        'new_code',
        'new_partname',
        'new_warehouse_id',
        'new_quantity',
        'new_balance',
        'new_frozen',
        'new_intransit',
        'createdby',
      ],
      // Moves can share an instant: the ledger's sequence then keeps them in posting order.
      orderBy: [
        ['createdon', 'desc'],
        ['new_seq', 'desc'],
      ],
    },
  },
  forms: {
    main: [
      {
        key: 'move',
        label: label('交易', 'Move'),
        fields: [
          'new_name',
          'new_doctype',
          'new_usage',
          'createdon',
          'createdby',
          'new_warehouse_id',
          'new_product_id',
          'new_code',
          'new_partname',
        ],
      },
      {
        key: 'quantities',
        label: label('数量', 'Quantities'),
        fields: ['new_quantity', 'new_balance', 'new_frozen', 'new_frozenbalance', 'new_intransit', 'new_transitbalance'],
      },
    ],
  },
});
