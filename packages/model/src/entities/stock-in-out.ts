import { date, dateTime, defineEntity, int, label, lookup, money, optionSet, text, type EntityDef } from '../define.ts';
import { businessUnitType } from '../option-sets/organisation.ts';
import { afterScrap, scrapReason, stockInType, stockMoveState, stockOutType } from '../option-sets/parts.ts';
import type { BusinessUnitKind } from '../menu.ts';

const RO = { readOnly: true } as const;
/** The sales network's units: a dealer (its own and its stores' warehouses), a store (its own), and head office and the branches overseeing the dealers under them. */
const SALES_NETWORK: readonly BusinessUnitKind[] = [
  businessUnitType.headOffice,
  businessUnitType.branch,
  businessUnitType.dealer,
  businessUnitType.store,
];

/**
 * Stock in and out of a dealer's or a store's warehouse (入库单 / 出库单, spec 001 §2 "Stock", issue 27):
 * a draft with lines (product, quantity, optional price) is written, edited or deleted; confirming it
 * posts every line to the stock ledger in one transaction (in: + quantity; out: − quantity, never
 * below what is available) and makes it read-only. Owned by the warehouse's unit, so a dealer sees
 * its stores' documents and a store its own. The business is server/src/domain/stock-in-out/.
 */
const confirm = (ask: 'stockInOut.confirmInAsk' | 'stockInOut.confirmOutAsk') =>
  ({
    confirm: {
      label: 'stockInOut.confirm',
      confirm: ask,
      from: [stockMoveState.draft],
      to: stockMoveState.confirmed,
      privilege: 'stock.write',
      party: 'owningbusinessunit',
      refused: 'parts.onlyDraftConfirm',
    },
  }) as const;

const status = { field: 'new_state', set: stockMoveState, editable: [stockMoveState.draft] } as const;

/** Fields both documents share (after their own number, warehouse and type). */
const common = {
  new_businessunit_id: lookup('businessunit', label('所属组织', 'Business unit'), RO),
  new_state: optionSet(stockMoveState, undefined, { readOnly: true, indexed: true }),
  new_totalqty: int(label('总数量', 'Total quantity'), RO),
  new_totalamount: money(label('总金额', 'Total amount'), RO),
  new_confirmedon: dateTime(label('确认时间', 'Confirmed on'), RO),
  new_confirmedby_id: lookup('systemuser', label('确认人', 'Confirmed by'), RO),
  new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
};

export const stockIn = defineEntity({
  logicalName: 'new_stockin',
  entitySet: 'new_stockins',
  label: label('入库单', 'Stock-in'),
  pluralLabel: label('入库单', 'Stock-ins'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'stock.read', write: 'stock.write' },
  screens: {
    list: {
      name: 'stockInList',
      path: '/stockinorder/list',
      keepAlive: true,
      title: 'menu.stockIn',
      allowImport: false,
      menu: { group: 'stock', order: 10, key: 'stockIn', label: 'menu.stockIn', units: SALES_NETWORK },
    },
    create: { name: 'stockInCreate', path: '/stockinorder/create', page: 'StockInPage' },
    view: { name: 'stockInView', path: '/stockinorder/view/:id', page: 'StockInPage' },
  },
  document: {
    number: { prefix: 'RK', period: 'day' },
    status,
    lines: [{ entity: 'new_stockindetail', parent: 'new_stockin_id', totals: { new_totalqty: 'new_qty', new_totalamount: 'new_amount' } }],
    commands: confirm('stockInOut.confirmInAsk'),
  },
  fields: {
    new_name: text(label('入库单号', 'Stock-in number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_warehouse_id: lookup('new_srv_warehouse', label('入库仓库', 'Warehouse'), { required: true, indexed: true }),
    new_intype: optionSet(stockInType, undefined, { required: true, indexed: true }),
    new_indate: date(label('入库日期', 'Stock-in date')),
    new_source: text(label('来源单位', 'Received from'), { searchable: true, maxLength: 100 }),
    ...common,
  },
  indexes: [['owningbusinessunit', 'createdon']],
  views: {
    all: {
      label: label('全部入库单', 'All stock-ins'),
      columns: [
        'new_name',
        'new_warehouse_id',
        'new_intype',
        'new_indate',
        'new_source',
        'new_totalqty',
        'new_totalamount',
        'new_state',
        'new_confirmedon',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    draft: {
      label: label('草稿', 'Drafts'),
      columns: ['new_name', 'new_warehouse_id', 'new_intype', 'new_indate', 'new_totalqty', 'new_state', 'createdon'],
      orderBy: [['createdon', 'desc']],
      filter: { new_state: [stockMoveState.draft] },
    },
    confirmed: {
      label: label('已确认', 'Confirmed'),
      columns: ['new_name', 'new_warehouse_id', 'new_intype', 'new_indate', 'new_totalqty', 'new_totalamount', 'new_confirmedon'],
      orderBy: [['createdon', 'desc']],
      filter: { new_state: [stockMoveState.confirmed] },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('入库信息', 'Stock-in'),
        fields: ['new_name', 'new_warehouse_id', 'new_intype', 'new_indate', 'new_source', 'new_memo'],
      },
      {
        key: 'state',
        label: label('状态与数量', 'State and quantity'),
        on: 'edit',
        fields: ['new_state', 'new_businessunit_id', 'new_totalqty', 'new_totalamount', 'new_confirmedon', 'new_confirmedby_id'],
      },
    ],
  },
});

export const stockOut = defineEntity({
  logicalName: 'new_stockout',
  entitySet: 'new_stockouts',
  label: label('出库单', 'Stock-out'),
  pluralLabel: label('出库单', 'Stock-outs'),
  scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
  access: { read: 'stock.read', write: 'stock.write' },
  screens: {
    list: {
      name: 'stockOutList',
      path: '/stockoutorder/list',
      keepAlive: true,
      title: 'menu.stockOut',
      allowImport: false,
      menu: { group: 'stock', order: 20, key: 'stockOut', label: 'menu.stockOut', units: SALES_NETWORK },
    },
    create: { name: 'stockOutCreate', path: '/stockoutorder/create', page: 'StockOutPage' },
    view: { name: 'stockOutView', path: '/stockoutorder/view/:id', page: 'StockOutPage' },
  },
  document: {
    number: { prefix: 'CK', period: 'day' },
    status,
    lines: [
      { entity: 'new_stockoutdetail', parent: 'new_stockout_id', totals: { new_totalqty: 'new_qty', new_totalamount: 'new_amount' } },
    ],
    commands: confirm('stockInOut.confirmOutAsk'),
  },
  fields: {
    new_name: text(label('出库单号', 'Stock-out number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_warehouse_id: lookup('new_srv_warehouse', label('出库仓库', 'Warehouse'), { required: true, indexed: true }),
    new_outtype: optionSet(stockOutType, undefined, { required: true, indexed: true }),
    // Required when the type is 报废 (scrapped): checked by the server on every write and on confirm.
    new_scrapreason: optionSet(scrapReason),
    new_afterscrap: optionSet(afterScrap),
    new_outdate: date(label('出库日期', 'Stock-out date')),
    new_recipient: text(label('领用单位/人', 'Issued to'), { searchable: true, maxLength: 100 }),
    ...common,
  },
  indexes: [['owningbusinessunit', 'createdon']],
  views: {
    all: {
      label: label('全部出库单', 'All stock-outs'),
      columns: [
        'new_name',
        'new_warehouse_id',
        'new_outtype',
        'new_scrapreason',
        'new_outdate',
        'new_recipient',
        'new_totalqty',
        'new_totalamount',
        'new_state',
        'new_confirmedon',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    draft: {
      label: label('草稿', 'Drafts'),
      columns: ['new_name', 'new_warehouse_id', 'new_outtype', 'new_outdate', 'new_totalqty', 'new_state', 'createdon'],
      orderBy: [['createdon', 'desc']],
      filter: { new_state: [stockMoveState.draft] },
    },
    confirmed: {
      label: label('已确认', 'Confirmed'),
      columns: ['new_name', 'new_warehouse_id', 'new_outtype', 'new_outdate', 'new_totalqty', 'new_totalamount', 'new_confirmedon'],
      orderBy: [['createdon', 'desc']],
      filter: { new_state: [stockMoveState.confirmed] },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('出库信息', 'Stock-out'),
        fields: [
          'new_name',
          'new_warehouse_id',
          'new_outtype',
          'new_scrapreason',
          'new_afterscrap',
          'new_outdate',
          'new_recipient',
          'new_memo',
        ],
      },
      {
        key: 'state',
        label: label('状态与数量', 'State and quantity'),
        on: 'edit',
        fields: ['new_state', 'new_businessunit_id', 'new_totalqty', 'new_totalamount', 'new_confirmedon', 'new_confirmedby_id'],
      },
    ],
  },
});

/** A line of a stock-in or stock-out: a product once per document, a whole quantity 1–99,999, an optional unit price. */
function lineEntity(o: { logicalName: string; entitySet: string; parent: string; doc: EntityDef; available?: boolean }) {
  return defineEntity({
    logicalName: o.logicalName,
    entitySet: o.entitySet,
    label: label(`${o.doc.label['zh-CN']}明细`, `${o.doc.label['en-US']} line`),
    scope: { kind: 'businessUnit', field: 'owningbusinessunit' },
    access: { read: 'stock.read', write: 'stock.write' },
    fields: {
      new_name: text(label('产品名称', 'Product name'), { readOnly: true, searchable: true, maxLength: 200 }),
      [o.parent]: lookup(o.doc.logicalName, o.doc.label, { required: true, indexed: true }),
      new_code: text(label('产品编码', 'Product number'), { readOnly: true, searchable: true, maxLength: 60 }),
      new_product_id: lookup('product', label('产品', 'Product'), { required: true }),
      new_uom: text(label('单位', 'Unit'), { readOnly: true, maxLength: 20 }),
      new_qty: int(label('数量', 'Quantity'), { required: true, min: 1, max: 99_999 }),
      new_price: money(label('单价', 'Unit price'), { min: 0, max: 99_999_999 }),
      new_amount: money(label('金额', 'Amount'), RO),
      ...(o.available ? { new_available: int(label('当前可用库存', 'Available stock'), RO) } : {}),
      new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
    },
    uniques: [[o.parent, 'new_product_id']],
    indexes: [[o.parent, 'createdon']],
    views: {
      byDocument: {
        label: label('明细', 'Lines'),
        columns: [
          'new_code',
          'new_name',
          'new_uom',
          'new_qty',
          ...(o.available ? ['new_available'] : []),
          'new_price',
          'new_amount',
          'new_memo',
        ],
        orderBy: [['createdon', 'asc']],
      },
    },
  });
}

export const stockInDetail = lineEntity({
  logicalName: 'new_stockindetail',
  entitySet: 'new_stockindetails',
  parent: 'new_stockin_id',
  doc: stockIn,
});
export const stockOutDetail = lineEntity({
  logicalName: 'new_stockoutdetail',
  entitySet: 'new_stockoutdetails',
  parent: 'new_stockout_id',
  doc: stockOut,
  available: true,
});
