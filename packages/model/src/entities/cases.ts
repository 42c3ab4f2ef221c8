import { bool, dateTime, defineEntity, label, lookup, memo, optionSet, text } from '../define.ts';
import { caseSatisfaction, casePriority, caseState, caseType, excellentCasePublish } from '../option-sets/cases.ts';
import { STATIONS } from '../screens.ts';

/**
 * Customer service case (客诉/咨询, /case/caseviewlist): a customer's complaint, enquiry or
 * suggestion handled by one station. Registered by the station or head office; the state, response,
 * resolution and satisfaction move only through the case commands (respond, resolve, close). Work
 * orders name the case they serve (new_srv_workorder.new_case_id), linked by a command.
 */
export const serviceCase = defineEntity({
  logicalName: 'new_srv_case',
  entitySet: 'new_srv_cases',
  label: label('客诉咨询', 'Customer case'),
  scope: { kind: 'station', field: 'new_station_id', assignee: { referencedBy: { entity: 'new_srv_workorder', field: 'new_case_id' } } },
  access: { read: 'workorder.read', write: 'workorder.write' },
  screens: {
    list: {
      name: 'caseList',
      path: '/case/caseviewlist',
      keepAlive: true,
      title: 'menu.serviceCase',
      allowImport: false,
      menu: { group: 'service', order: 100, key: 'serviceCase', label: 'menu.serviceCase', units: STATIONS },
    },
    create: { name: 'caseCreate', path: '/case/create', page: 'CasePage' },
    edit: { name: 'caseDetail', path: '/case/CaseViewDetail/:id', page: 'CasePage' },
  },
  attachments: true,
  document: {
    number: { prefix: 'KS', period: 'month' },
    // Changed while open or in progress; deleted only while open (and without orders: the controller's guard).
    status: {
      field: 'new_casestate',
      set: caseState,
      editable: [caseState.open, caseState.inProgress],
      deletable: [caseState.open],
      locked: 'case.locked',
      deleteLocked: 'case.onlyOpenDelete',
    },
    // The business (notes, satisfaction, the linked order) is server/src/domain/cases/service-case.controller.ts.
    commands: {
      respond: {
        label: 'case.respond',
        from: [caseState.open, caseState.inProgress],
        to: caseState.inProgress,
        privilege: 'workorder.write',
        refused: 'case.onlyOpenRespond',
        path: '/cases/:id/respond',
      },
      resolve: {
        label: 'case.resolve',
        from: [caseState.open, caseState.inProgress],
        to: caseState.resolved,
        privilege: 'workorder.write',
        refused: 'case.onlyOpenResolve',
        path: '/cases/:id/resolve',
      },
      close: {
        label: 'case.close',
        from: [caseState.resolved],
        to: caseState.closed,
        privilege: 'workorder.write',
        refused: 'case.onlyResolvedClose',
        path: '/cases/:id/close',
      },
      link: {
        label: 'case.linkWorkOrder',
        from: [caseState.open, caseState.inProgress, caseState.resolved],
        privilege: 'workorder.write',
        refused: 'case.closedNoLink',
        path: '/cases/:id/link',
      },
    },
  },
  fields: {
    new_name: text(label('案件编号', 'Case number'), { readOnly: true, searchable: true, maxLength: 40, indexed: true }),
    new_casetype: optionSet(caseType, undefined, { required: true, indexed: true }),
    new_priority: optionSet(casePriority, undefined, { required: true }),
    new_casestate: optionSet(caseState, undefined, { readOnly: true, indexed: true }),
    new_station_id: lookup('new_srv_station', label('处理服务站', 'Handling station'), { required: true, indexed: true }),
    new_customer: text(label('客户名称', 'Customer'), { required: true, searchable: true, maxLength: 100 }),
    new_phone: text(label('联系电话', 'Phone'), { required: true, pattern: 'phone', searchable: true, maxLength: 30 }),
    new_product_id: lookup('product', label('产品', 'Product')),
    new_serialnumber: text(label('机器序列号', 'Device serial number'), { searchable: true, maxLength: 60 }),
    new_subject: text(label('主题', 'Subject'), { required: true, searchable: true, maxLength: 200 }),
    new_description: memo(label('问题描述', 'Description'), { required: true, maxLength: 2000 }),
    new_response: memo(label('响应说明', 'Response'), { readOnly: true, maxLength: 1000 }),
    new_respondedon: dateTime(label('响应时间', 'Responded on'), { readOnly: true }),
    new_resolution: memo(label('解决说明', 'Resolution'), { readOnly: true, maxLength: 1000 }),
    new_resolvedon: dateTime(label('解决时间', 'Resolved on'), { readOnly: true }),
    new_satisfaction: optionSet(caseSatisfaction, undefined, { readOnly: true }),
    new_closedon: dateTime(label('关闭时间', 'Closed on'), { readOnly: true }),
  },
  indexes: [['new_station_id', 'createdon']],
  views: {
    all: {
      label: label('全部客诉咨询', 'All cases'),
      columns: [
        'new_name',
        'new_casetype',
        'new_subject',
        'new_customer',
        'new_phone',
        'new_priority',
        'new_casestate',
        'new_station_id',
        'createdon',
      ],
      hidden: ['new_phone'],
      orderBy: [['createdon', 'desc']],
    },
    pending: {
      label: label('未解决', 'Unresolved'),
      columns: ['new_name', 'new_casetype', 'new_subject', 'new_customer', 'new_priority', 'new_casestate', 'new_station_id', 'createdon'],
      orderBy: [['createdon', 'desc']],
      filter: { new_casestate: [caseState.open, caseState.inProgress] },
    },
    complaints: {
      label: label('投诉', 'Complaints'),
      columns: ['new_name', 'new_subject', 'new_customer', 'new_priority', 'new_casestate', 'new_station_id', 'createdon'],
      orderBy: [['createdon', 'desc']],
      filter: { new_casetype: caseType.complaint },
    },
    done: {
      label: label('已解决及关闭', 'Resolved and closed'),
      columns: [
        'new_name',
        'new_casetype',
        'new_subject',
        'new_customer',
        'new_casestate',
        'new_resolvedon',
        'new_satisfaction',
        'new_station_id',
      ],
      orderBy: [['createdon', 'desc']],
      filter: { new_casestate: [caseState.resolved, caseState.closed] },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('案件信息', 'Case'),
        fields: ['new_name', 'new_casetype', 'new_priority', 'new_station_id', 'new_subject', 'new_description'],
      },
      {
        key: 'customer',
        label: label('客户与产品', 'Customer and product'),
        fields: ['new_customer', 'new_phone', 'new_product_id', 'new_serialnumber'],
      },
      {
        key: 'handling',
        label: label('处理情况', 'Handling'),
        fields: [
          'new_casestate',
          'new_response',
          'new_respondedon',
          'new_resolution',
          'new_resolvedon',
          'new_satisfaction',
          'new_closedon',
        ],
        on: 'edit',
      },
    ],
  },
});

/**
 * Excellent repair case (优秀案例, /excellentcase): a station writes up a repair (symptom, cause,
 * solution, product line; photos as attachments) and submits it to head office through the
 * approval engine; the final approval publishes it. Its scope is the station's, widened for
 * reading by `published`: every station reads published cases, a station its own in any state.
 */
export const excellentCase = defineEntity({
  logicalName: 'new_srv_excellentcase',
  entitySet: 'new_srv_excellentcases',
  label: label('优秀案例', 'Excellent case'),
  scope: {
    kind: 'station',
    field: 'new_station_id',
    assignee: { via: 'new_workorder_id' },
    published: { field: 'new_publishstatus', value: excellentCasePublish.published },
  },
  access: { read: 'kb.read', write: 'workorder.write' },
  screens: {
    list: {
      name: 'excellentCaseList',
      path: '/excellentcase/caselist',
      keepAlive: true,
      title: 'menu.excellentCase',
      allowImport: false,
      allowDelete: false,
      menu: { group: 'base', order: 70, key: 'excellentCase', label: 'menu.excellentCase' },
    },
    create: { name: 'excellentCaseCreate', path: '/excellentcase/create', page: 'ExcellentCasePage' },
    edit: { name: 'excellentCaseView', path: '/excellentcase/caseview/:id', page: 'ExcellentCasePage' },
  },
  document: { approval: { commit: 'new_iscommit' } },
  attachments: true,
  fields: {
    new_name: text(label('案例标题', 'Title'), { required: true, searchable: true, maxLength: 200 }),
    new_code: text(label('案例编号', 'Case number'), { readOnly: true, searchable: true, maxLength: 40, indexed: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true }),
    new_product_id: lookup('product', label('产品', 'Product'), { fills: { new_productline_id: 'new_productline_id' } }),
    new_productline_id: lookup('new_productline', label('产品线', 'Product line'), { required: true, indexed: true }),
    new_workorder_id: lookup('new_srv_workorder', label('来源工单', 'Source work order')),
    new_symptom: memo(label('故障现象', 'Symptom'), { required: true, searchable: true, maxLength: 2000 }),
    new_cause: memo(label('故障原因', 'Cause'), { required: true, maxLength: 2000 }),
    new_solution: memo(label('解决方案', 'Solution'), { required: true, maxLength: 4000 }),
    new_publishstatus: optionSet(excellentCasePublish, undefined, { readOnly: true, indexed: true }),
    new_publishedon: dateTime(label('发布时间', 'Published on'), { readOnly: true }),
    new_iscommit: bool(label('已提交', 'Submitted'), { readOnly: true }),
  },
  indexes: [
    ['new_station_id', 'createdon'],
    ['new_publishstatus', 'new_publishedon'],
  ],
  views: {
    all: {
      label: label('全部案例', 'All cases'),
      columns: [
        'new_code',
        'new_name',
        'new_productline_id',
        'new_station_id',
        'new_approvalstatus',
        'new_publishstatus',
        'new_publishedon',
        'createdon',
      ],
      orderBy: [['createdon', 'desc']],
    },
    published: {
      label: label('已发布案例', 'Published cases'),
      columns: ['new_code', 'new_name', 'new_productline_id', 'new_station_id', 'new_publishedon'],
      orderBy: [['new_publishedon', 'desc']],
      filter: { new_publishstatus: excellentCasePublish.published },
    },
    unpublished: {
      label: label('草稿及审批中', 'Drafts and under review'),
      columns: ['new_code', 'new_name', 'new_productline_id', 'new_station_id', 'new_approvalstatus', 'new_stepname', 'createdon'],
      orderBy: [['createdon', 'desc']],
      filter: { new_publishstatus: excellentCasePublish.unpublished },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('案例信息', 'Case'),
        fields: ['new_code', 'new_name', 'new_station_id', 'new_product_id', 'new_productline_id', 'new_workorder_id'],
      },
      { key: 'repair', label: label('故障与解决', 'Fault and fix'), fields: ['new_symptom', 'new_cause', 'new_solution'] },
      { key: 'publish', label: label('发布', 'Publication'), fields: ['new_publishstatus', 'new_publishedon'], on: 'edit' },
    ],
  },
});
