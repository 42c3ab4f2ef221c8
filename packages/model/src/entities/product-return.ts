import { bool, date, dateTime, defineEntity, int, label, lookup, memo, optionSet, text } from '../define.ts';
import { approvalStatus } from '../option-sets/approval.ts';
import { productReturnItemType, productReturnState } from '../option-sets/product-return.ts';
import { pulloutType } from '../option-sets/work-order.ts';
import { STATIONS } from '../screens.ts';

const RO = { readOnly: true } as const;
/** The station's commands on its approved return (collect, ship). */
const AFTER_APPROVAL = { from: [approvalStatus.approved], privilege: 'parts.write', party: 'owningbusinessunit' } as const;

/**
 * Product return / pullout (退机申请, /productReturn, spec 001 §3 "product return and lines"): a
 * machine taken back from a customer, linked to its work order, through an approval flow. The type
 * is the work order's pullout type (退机 return / 换机 exchange: an exchange names the replacement
 * machine) and is the `{type}` of /productReturn/edit/{id}/{type}. Final approval marks the work
 * order "to be pulled out"; the station records the collection from the customer (已拉回), then ships it
 * (logistics) and head office receives it, each
 * writing the work order's pullout fields in the same transaction (server domain/product-return).
 * A work order has at most one return that is not vetoed.
 */
export const productReturn = defineEntity({
  logicalName: 'new_srv_productreturn',
  entitySet: 'new_srv_productreturns',
  label: label('退机申请', 'Product return'),
  scope: { kind: 'station', field: 'new_station_id', assignee: { via: 'new_workorder_id' } },
  access: { read: 'parts.read', write: 'parts.write' },
  screens: {
    list: {
      name: 'productReturnList',
      path: '/productReturn/list',
      keepAlive: true,
      title: 'menu.productReturn',
      allowImport: false,
      allowDelete: false,
      menu: { group: 'base', order: 90, key: 'productReturn', label: 'menu.productReturn', units: STATIONS },
    },
    create: { name: 'productReturnCreate', path: '/productReturn/create', page: 'ProductReturnPage' },
    edit: { name: 'productReturnOpen', path: '/productReturn/edit/:id', page: 'ProductReturnPage' },
  },
  document: {
    number: { prefix: 'TJ', period: 'month' },
    lines: [{ entity: 'new_srv_productreturndetail', parent: 'new_productreturn_id' }],
    approval: { commit: 'new_iscommit' },
    // After final approval: which of these an approved return takes is its return state (new_returnstate),
    // checked by its controller (server domain/product-return/product-return.controller.ts).
    commands: {
      collect: {
        ...AFTER_APPROVAL,
        label: 'productReturn.collect',
        path: '/productReturn/:id/collect',
        refused: 'productReturn.notToCollect',
      },
      ship: { ...AFTER_APPROVAL, label: 'productReturn.ship', path: '/productReturn/:id/ship', refused: 'productReturn.notToShip' },
      receive: {
        from: [approvalStatus.approved],
        privilege: 'workorder.audit',
        label: 'productReturn.receive',
        confirm: 'productReturn.receiveAsk',
        path: '/productReturn/:id/receive',
        refused: 'productReturn.notShipped',
      },
    },
  },
  attachments: true,
  fields: {
    new_name: text(label('单号', 'Number'), { readOnly: true, searchable: true, maxLength: 40, indexed: true }),
    new_returntype: optionSet(pulloutType, label('退机类型', 'Return type'), { required: true }),
    new_workorder_id: lookup('new_srv_workorder', label('服务工单', 'Work order'), {
      required: true,
      indexed: true,
      fills: {
        new_station_id: 'new_station_id',
        new_serialnumber: 'new_serialnumber',
        new_product_id: 'new_product_id',
        new_customer: 'new_customer',
      },
    }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true }),
    new_serialnumber: text(label('机器序列号', 'Device serial number'), { required: true, searchable: true, maxLength: 60, indexed: true }),
    new_product_id: lookup('product', label('产品', 'Product')),
    new_customer: text(label('客户名称', 'Customer'), { searchable: true, maxLength: 100 }),
    new_reason: memo(label('退机原因', 'Return reason'), { required: true, searchable: true, maxLength: 99 }),
    new_exchangeserial: text(label('换机序列号', 'Replacement serial number'), { maxLength: 60 }),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
    new_returnstate: optionSet(productReturnState, undefined, { readOnly: true, indexed: true }),
    // The collection step (已拉回): the day the machine was taken from the customer, a note, who recorded it.
    new_collectedon: date(label('拉回日期', 'Collected on'), RO),
    new_collectmemo: text(label('拉回说明', 'Collection note'), { readOnly: true, maxLength: 200 }),
    new_collectedby: lookup('systemuser', label('拉回登记人', 'Collection recorded by'), RO),
    new_logisticscorp: text(label('物流公司', 'Logistics company'), { readOnly: true, maxLength: 60 }),
    new_trackingno: text(label('物流单号', 'Tracking number'), { readOnly: true, searchable: true, maxLength: 60 }),
    new_shippedon: dateTime(label('发运时间', 'Shipped on'), RO),
    new_receivedon: dateTime(label('签收时间', 'Received on'), RO),
    new_receivedby: lookup('systemuser', label('签收人', 'Received by'), RO),
    new_iscommit: bool(label('已提交', 'Submitted'), RO),
  },
  indexes: [['new_station_id', 'createdon']],
  views: {
    all: {
      label: label('全部退机申请', 'All product returns'),
      columns: [
        'new_name',
        'new_returntype',
        'new_station_id',
        'new_workorder_id',
        'new_serialnumber',
        'new_customer',
        'new_approvalstatus',
        'new_returnstate',
        'new_trackingno',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    toReceive: {
      label: label('待总部签收', 'To be received'),
      columns: [
        'new_name',
        'new_returntype',
        'new_station_id',
        'new_serialnumber',
        'new_customer',
        'new_logisticscorp',
        'new_trackingno',
        'new_shippedon',
      ],
      orderBy: [['new_shippedon', 'asc']],
      filter: { new_returnstate: productReturnState.shipped },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('基本信息', 'Basic information'),
        fields: [
          'new_name',
          'new_returntype',
          'new_workorder_id',
          'new_station_id',
          'new_serialnumber',
          'new_product_id',
          'new_customer',
          'new_reason',
          'new_memo',
        ],
      },
      { key: 'exchange', label: label('换机信息', 'Exchange'), fields: ['new_exchangeserial'] },
      {
        key: 'logistics',
        label: label('拉回、发运与签收', 'Collection, shipping and receipt'),
        fields: [
          'new_returnstate',
          'new_collectedon',
          'new_collectmemo',
          'new_collectedby',
          'new_logisticscorp',
          'new_trackingno',
          'new_shippedon',
          'new_receivedon',
          'new_receivedby',
        ],
        on: 'edit',
      },
    ],
  },
});

/**
 * A line of a product return: the machine (with its serial number) or an accessory returned with
 * it. Written through the record service while the return is draft or rejected (the server's rules).
 */
export const productReturnDetail = defineEntity({
  logicalName: 'new_srv_productreturndetail',
  entitySet: 'new_srv_productreturndetails',
  label: label('退机明细', 'Returned item'),
  scope: { kind: 'station', field: 'new_station_id', assignee: { via: 'new_productreturn_id' } },
  access: { read: 'parts.read', write: 'parts.write' },
  fields: {
    new_name: text(label('名称', 'Name'), { readOnly: true, maxLength: 200 }),
    new_productreturn_id: lookup('new_srv_productreturn', label('退机申请', 'Product return'), { required: true, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), RO),
    new_itemtype: optionSet(productReturnItemType, undefined, { required: true }),
    new_product_id: lookup('product', label('产品', 'Product'), { required: true }),
    new_serialnumber: text(label('序列号', 'Serial number'), { maxLength: 60 }),
    new_qty: int(label('数量', 'Quantity'), { required: true, min: 1, max: 99_999 }),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  indexes: [['new_productreturn_id', 'createdon']],
  views: {
    byDocument: {
      label: label('退机明细', 'Returned items'),
      columns: ['new_itemtype', 'new_name', 'new_serialnumber', 'new_qty', 'new_memo'],
      orderBy: [['createdon', 'asc']],
    },
  },
});
