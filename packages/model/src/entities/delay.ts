import { bool, date, dateTime, defineEntity, label, lookup, memo, optionSet, text } from '../define.ts';
import { delayStatus } from '../option-sets/delay.ts';
import { STATIONS } from '../screens.ts';

/**
 * Warranty extension request (延保申请, /delayproduct): a station asks to move a machine's warranty
 * end date (serial number, from its work order) later, through an approval flow. The final approval
 * puts the new end date in force (new_effectiveenddate, status extended); the portal keeps no
 * machine record, so the request is where the extended date lives.
 */
export const delayProduct = defineEntity({
  logicalName: 'new_srv_delayproduct',
  entitySet: 'new_srv_delayproducts',
  label: label('延保申请', 'Warranty extension'),
  scope: { kind: 'station', field: 'new_station_id', assignee: { via: 'new_workorder_id' } },
  access: { read: 'workorder.read', write: 'workorder.write' },
  screens: {
    list: {
      name: 'delayProductList',
      path: '/delayproduct/list',
      keepAlive: true,
      title: 'menu.delayProduct',
      allowImport: false,
      allowDelete: false,
      menu: { group: 'service', order: 80, key: 'delayProduct', label: 'menu.delayProduct', units: STATIONS },
    },
    create: { name: 'delayProductCreate', path: '/delayproduct/create', page: 'DelayProductPage' },
    edit: { name: 'delayProductDetail', path: '/delayproduct/detail/:id', page: 'DelayProductPage' },
  },
  document: { number: { prefix: 'YB', period: 'month' }, approval: { commit: 'new_iscommit' } },
  attachments: true,
  fields: {
    new_name: text(label('单号', 'Number'), { readOnly: true, searchable: true, maxLength: 40, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true }),
    new_workorder_id: lookup('new_srv_workorder', label('服务工单', 'Work order'), {
      fills: { new_serialnumber: 'new_serialnumber', new_product_id: 'new_product_id', new_customer: 'new_customer' },
    }),
    new_serialnumber: text(label('机器序列号', 'Device serial number'), { required: true, searchable: true, maxLength: 60, indexed: true }),
    new_product_id: lookup('product', label('产品', 'Product')),
    new_customer: text(label('客户名称', 'Customer'), { searchable: true, maxLength: 100 }),
    new_currentenddate: date(label('当前保修截止日期', 'Current warranty end'), { required: true }),
    new_newenddate: date(label('申请保修截止日期', 'Requested warranty end'), { required: true }),
    new_reason: memo(label('延保原因', 'Reason'), { required: true, searchable: true, maxLength: 500 }),
    new_delaystatus: optionSet(delayStatus, undefined, { readOnly: true, indexed: true }),
    new_effectiveenddate: date(label('生效保修截止日期', 'Warranty end in force'), { readOnly: true }),
    new_cancelledon: dateTime(label('取消时间', 'Cancelled on'), { readOnly: true }),
    new_iscommit: bool(label('已提交', 'Submitted'), { readOnly: true }),
  },
  indexes: [['new_station_id', 'createdon']],
  views: {
    all: {
      label: label('全部延保申请', 'All warranty extensions'),
      columns: [
        'new_name',
        'new_station_id',
        'new_serialnumber',
        'new_customer',
        'new_currentenddate',
        'new_newenddate',
        'new_approvalstatus',
        'new_delaystatus',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    inForce: {
      label: label('已生效的延保', 'Extensions in force'),
      columns: ['new_name', 'new_station_id', 'new_serialnumber', 'new_customer', 'new_effectiveenddate', 'new_approvedtime'],
      orderBy: [['new_approvedtime', 'desc']],
      filter: { new_delaystatus: delayStatus.extended },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('基本信息', 'Basic information'),
        fields: [
          'new_name',
          'new_station_id',
          'new_workorder_id',
          'new_serialnumber',
          'new_product_id',
          'new_customer',
          'new_currentenddate',
          'new_newenddate',
          'new_reason',
        ],
      },
      {
        key: 'decision',
        label: label('延保结果', 'Decision'),
        fields: ['new_delaystatus', 'new_effectiveenddate', 'new_cancelledon'],
        on: 'edit',
      },
    ],
  },
});

/**
 * Cancellation of a warranty extension (延保取消, /delaycancle): once approved, the extension it
 * names is withdrawn (status cancelled, the warranty end back to the date before the extension).
 */
export const delayCancel = defineEntity({
  logicalName: 'new_srv_delaycancel',
  entitySet: 'new_srv_delaycancels',
  label: label('延保取消申请', 'Extension cancellation'),
  scope: { kind: 'station', field: 'new_station_id', assignee: { via: 'new_delayproduct_id' } },
  access: { read: 'workorder.read', write: 'workorder.write' },
  screens: {
    list: {
      name: 'delayCancelList',
      path: '/delaycancle/list',
      keepAlive: true,
      title: 'menu.delayCancel',
      allowImport: false,
      allowDelete: false,
      menu: { group: 'service', order: 90, key: 'delayCancel', label: 'menu.delayCancel', units: STATIONS },
    },
    create: { name: 'delayCancelCreate', path: '/delaycancle/create', page: 'DelayCancelPage' },
    edit: { name: 'delayCancelDetail', path: '/delaycancle/detail/:id', page: 'DelayCancelPage' },
  },
  document: { number: { prefix: 'YBQX', period: 'month' }, approval: { commit: 'new_iscommit' } },
  attachments: true,
  fields: {
    new_name: text(label('单号', 'Number'), { readOnly: true, searchable: true, maxLength: 40, indexed: true }),
    new_delayproduct_id: lookup('new_srv_delayproduct', label('延保申请', 'Warranty extension'), {
      required: true,
      indexed: true,
      fills: { new_station_id: 'new_station_id', new_serialnumber: 'new_serialnumber' },
    }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true }),
    new_serialnumber: text(label('机器序列号', 'Device serial number'), { searchable: true, maxLength: 60 }),
    new_reason: memo(label('取消原因', 'Reason'), { required: true, searchable: true, maxLength: 500 }),
    new_restoredenddate: date(label('恢复后保修截止日期', 'Warranty end restored to'), { readOnly: true }),
    new_iscommit: bool(label('已提交', 'Submitted'), { readOnly: true }),
  },
  indexes: [['new_station_id', 'createdon']],
  views: {
    all: {
      label: label('全部延保取消申请', 'All extension cancellations'),
      columns: [
        'new_name',
        'new_station_id',
        'new_delayproduct_id',
        'new_serialnumber',
        'new_approvalstatus',
        'new_stepname',
        'new_restoredenddate',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('基本信息', 'Basic information'),
        fields: ['new_name', 'new_delayproduct_id', 'new_station_id', 'new_serialnumber', 'new_reason', 'new_restoredenddate'],
      },
    ],
  },
});
