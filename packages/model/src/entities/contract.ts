import { bool, date, dateTime, defineEntity, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import { contractLevel, contractStatus } from '../option-sets/contract.ts';
import { serviceType } from '../option-sets/work-order.ts';
import { STATIONS } from '../screens.ts';

const RO = { readOnly: true } as const;
/** A covered service is captioned as the service type it covers (维修, 安装, 保养). */
const service = (value: number) => serviceType.options.find((o) => o.value === value)!.label;

/**
 * Maintenance contract (维保合同, spec 001 §2 Contracts and amounts): a station's service contract
 * with a customer for a period. Draft while its lines are entered (header and lines change only
 * then); activate makes it active (at least one line), terminate ends it early with a date and a
 * reason. A work order whose machine a live contract line covers is under warranty and names the
 * contract (server domain/contract). Station-scoped.
 */
export const contract = defineEntity({
  logicalName: 'new_srv_contract',
  entitySet: 'new_srv_contracts',
  label: label('维保合同', 'Maintenance contract'),
  scope: {
    kind: 'station',
    field: 'new_station_id',
    assignee: { referencedBy: { entity: 'new_srv_workorder', field: 'new_contract_id' } },
  },
  access: { read: 'workorder.read', write: 'workorder.write' },
  screens: {
    list: {
      name: 'contractList',
      path: '/contract/list',
      keepAlive: true,
      title: 'menu.contract',
      allowImport: false,
      menu: { group: 'base', order: 80, key: 'contract', label: 'menu.contract', units: STATIONS },
    },
    create: { name: 'contractCreate', path: '/contract/create', page: 'ContractPage' },
    edit: { name: 'contractEdit', path: '/contract/edit/:id', page: 'ContractPage' },
  },
  attachments: true,
  // The business is server/src/domain/contract/contract.controller.ts (lines checked, open orders linked on activation).
  document: {
    number: { prefix: 'HT', period: 'day' },
    status: { field: 'new_status', set: contractStatus, editable: [contractStatus.draft] },
    lines: [{ entity: 'new_srv_contractline', parent: 'new_contract_id' }],
    commands: {
      activate: {
        label: 'contract.activate',
        confirm: 'contract.activateAsk',
        from: [contractStatus.draft],
        to: contractStatus.active,
        privilege: 'workorder.write',
        party: 'owningbusinessunit',
        refused: 'contract.onlyDraftActivate',
        path: '/contracts/:id/activate',
      },
      // The date and the reason are the request's `date` and `reason` (the specification's names), stored by the controller.
      terminate: {
        label: 'contract.terminate',
        from: [contractStatus.active],
        to: contractStatus.terminated,
        privilege: 'workorder.write',
        party: 'owningbusinessunit',
        refused: 'contract.onlyActiveTerminate',
        path: '/contracts/:id/terminate',
      },
    },
  },
  fields: {
    new_name: text(label('合同编号', 'Contract number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_customername: text(label('客户名称', 'Customer'), { required: true, searchable: true, maxLength: 100, indexed: true }),
    new_phone: text(label('联系电话', 'Phone number'), { required: true, pattern: 'phone', searchable: true, maxLength: 30 }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true }),
    new_startdate: date(label('开始日期', 'Start date'), { required: true }),
    new_enddate: date(label('结束日期', 'End date'), { required: true, indexed: true }),
    new_contracttype: optionSet(contractLevel, undefined, { required: true }),
    new_amount: money(label('合同金额', 'Contract amount'), { min: 0, max: 99_999_999 }),
    new_status: optionSet(contractStatus, undefined, { readOnly: true, indexed: true }),
    new_linecount: int(label('明细行数', 'Lines'), RO),
    new_activatedon: dateTime(label('生效时间', 'Activated on'), RO),
    new_terminatedon: date(label('终止日期', 'Termination date'), RO),
    new_terminationreason: memo(label('终止原因', 'Reason for termination'), { readOnly: true, maxLength: 500 }),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  checks: { amount: 'new_amount >= 0' },
  indexes: [['new_station_id', 'createdon']],
  views: {
    all: {
      label: label('全部维保合同', 'All maintenance contracts'),
      columns: [
        'new_name',
        'new_customername',
        'new_phone',
        'new_station_id',
        'new_contracttype',
        'new_startdate',
        'new_enddate',
        'new_amount',
        'new_status',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    active: {
      label: label('生效中的合同', 'Active contracts'),
      columns: [
        'new_name',
        'new_customername',
        'new_phone',
        'new_station_id',
        'new_contracttype',
        'new_startdate',
        'new_enddate',
        'new_amount',
        'new_linecount',
      ],
      orderBy: [['new_enddate', 'asc']],
      filter: { new_status: contractStatus.active },
    },
    draft: {
      label: label('草稿', 'Drafts'),
      columns: ['new_name', 'new_customername', 'new_phone', 'new_station_id', 'new_startdate', 'new_enddate', 'new_amount', 'createdon'],
      orderBy: [['createdon', 'desc']],
      filter: { new_status: contractStatus.draft },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('合同信息', 'Contract'),
        fields: [
          'new_name',
          'new_customername',
          'new_phone',
          'new_station_id',
          'new_contracttype',
          'new_startdate',
          'new_enddate',
          'new_amount',
          'new_memo',
        ],
      },
      {
        key: 'state',
        label: label('合同状态', 'Status'),
        fields: ['new_status', 'new_linecount', 'new_activatedon', 'new_terminatedon', 'new_terminationreason'],
        on: 'edit',
      },
    ],
  },
});

/**
 * A machine (or a product of the customer) a contract covers, for the services ticked, from its
 * start to its end date (the contract's by default). A serial number is on one live contract only.
 */
export const contractLine = defineEntity({
  logicalName: 'new_srv_contractline',
  entitySet: 'new_srv_contractlines',
  label: label('合同明细', 'Contract line'),
  scope: { kind: 'station', field: 'new_station_id', assignee: { via: 'new_contract_id' } },
  access: { read: 'workorder.read', write: 'workorder.write' },
  fields: {
    new_name: text(label('明细', 'Line'), { readOnly: true, maxLength: 200 }),
    new_contract_id: lookup('new_srv_contract', label('维保合同', 'Maintenance contract'), { required: true, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), RO),
    new_product_id: lookup('product', label('产品', 'Product'), { required: true, fills: { new_productline_id: 'new_productline_id' } }),
    new_productline_id: lookup('new_productline', label('产品线', 'Product line')),
    new_serialnumber: text(label('机器序列号', 'Device serial number'), { searchable: true, maxLength: 60, indexed: true }),
    new_qty: int(label('数量', 'Quantity'), { min: 1, max: 99_999 }),
    new_coverrepair: bool(service(1)),
    new_coverinstall: bool(service(2)),
    new_covermaint: bool(service(3)),
    new_startdate: date(label('保障开始日期', 'Cover starts')),
    new_enddate: date(label('保障结束日期', 'Cover ends')),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  checks: { qty: 'new_qty >= 1' },
  indexes: [['new_contract_id', 'createdon']],
  views: {
    byContract: {
      label: label('合同明细', 'Contract lines'),
      columns: [
        'new_product_id',
        'new_productline_id',
        'new_serialnumber',
        'new_qty',
        'new_coverrepair',
        'new_coverinstall',
        'new_covermaint',
        'new_startdate',
        'new_enddate',
        'new_memo',
      ],
      orderBy: [['createdon', 'asc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('保障内容', 'Cover'),
        fields: [
          'new_contract_id',
          'new_product_id',
          'new_productline_id',
          'new_serialnumber',
          'new_qty',
          'new_coverrepair',
          'new_coverinstall',
          'new_covermaint',
          'new_startdate',
          'new_enddate',
          'new_memo',
        ],
      },
    ],
  },
});
