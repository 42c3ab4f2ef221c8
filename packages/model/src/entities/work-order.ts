import { bool, date, dateTime, decimal, defineEntity, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import { approvalStatus } from '../option-sets/approval.ts';
import {
  appointmentReason, appointmentSlot, appointmentStatus, AUDITED_STATUSES, EDITABLE_STATUSES, fixType, IN_SERVICE_STATUSES, OPEN_STATUSES, pulloutStatus, pulloutType, sampleStatus,
  serviceMode, serviceType, warranty, workOrderDealStatus, workOrderStatus,
} from '../option-sets/work-order.ts';
import { country, currency } from '../option-sets/overseas.ts';

const RO = { readOnly: true } as const;

/**
 * What decides who pays (warranty) and what the station claims (costs it enters): the station while
 * the order is open; once completed only head office's auditors, who check it (issue 23).
 */
const CLAIMED = { edit: [{ states: OPEN_STATUSES }, { privilege: 'workorder.audit', states: [workOrderStatus.completed] }] } as const;

/**
 * Service work order (spec 001 §3, every listed field). Fields marked readOnly are moved only by
 * the work-order commands (`server/src/domain/work-order`): number, statuses, engineer, progress
 * times, computed costs. Coordinates are GPS (WGS-84) as reported; maps convert them locally.
 */
export const workOrder = defineEntity({
  logicalName: 'new_srv_workorder',
  entitySet: 'new_srv_workorders',
  label: label('服务工单', 'Work order'),
  // An engineer (no workorder.all) reaches only the orders assigned to them.
  scope: { kind: 'station', field: 'new_station_id', assignee: { worker: 'new_worker_id', wide: 'workorder.all' } },
  access: { read: 'workorder.read', write: 'workorder.write', attach: 'workorder.service' },
  screens: {
    edit: { name: 'workOrderEdit', path: '/workOrder/edit/:id', page: 'WorkOrderFormPage' },
  },
  attachments: true,
  // The form changes an order until it is audited or cancelled; only an undispatched one is deleted.
  edit: {
    field: 'new_status', initial: workOrderStatus.notDispatched, states: EDITABLE_STATUSES, deleteStates: [workOrderStatus.notDispatched],
    locked: 'wo.notEditable', deleteLocked: 'wo.notEditable',
  },
  fields: {
    new_name: text(label('工单编号', 'Work order number'), { readOnly: true, searchable: true, maxLength: 40, unique: true }),
    new_type: optionSet(serviceType, undefined, { required: true, indexed: true }),
    new_fixtype: optionSet(fixType),
    new_warranty: optionSet(warranty, undefined, { required: true, ...CLAIMED }),
    new_dealstatus: optionSet(workOrderDealStatus, undefined, { readOnly: true, indexed: true }),
    // Beside the handling status (the same words at times): "Order status" says which one it is.
    new_status: optionSet(workOrderStatus, label('工单状态', 'Order status'), { readOnly: true, indexed: true }),
    new_approvalstatus: optionSet(approvalStatus, undefined, RO),
    new_appointmenttime: date(label('预约日期', 'Appointment date'), { readOnly: true, indexed: true }),
    new_appointmentstatus: optionSet(appointmentStatus, undefined, RO),
    new_appointmentbegin: optionSet(appointmentSlot, label('预约开始时段', 'Appointment begins'), RO),
    new_appointmentend: optionSet(appointmentSlot, label('预约结束时段', 'Appointment ends'), RO),
    new_appointmentreason: optionSet(appointmentReason, undefined, RO),
    new_dispatchtime: dateTime(label('派工时间', 'Dispatched on'), RO),
    new_responsetime: dateTime(label('响应时间', 'Responded on'), RO),
    new_departuretime: dateTime(label('出发时间', 'Departure time'), RO),
    new_departureaddress: text(label('出发地址', 'Departure address'), { readOnly: true, maxLength: 200 }),
    new_arrivaltime: dateTime(label('到达时间', 'Arrival time'), RO),
    new_arrivaladdress: text(label('到达地址', 'Arrival address'), { readOnly: true, maxLength: 200 }),
    new_begintime: dateTime(label('开始服务时间', 'Service began'), RO),
    new_endtime: dateTime(label('结束服务时间', 'Service ended'), RO),
    new_completiontime: dateTime(label('完工时间', 'Completion time'), RO),
    new_completionaddress: text(label('完工地址', 'Completion address'), { readOnly: true, maxLength: 200 }),
    new_photocount: int(label('现场照片数', 'Site photos'), RO),
    new_customer: text(label('客户名称', 'Customer'), { required: true, searchable: true, maxLength: 100 }),
    new_contact: text(label('联系人', 'Contact'), { required: true, searchable: true, maxLength: 60 }),
    new_phone: text(label('联系电话', 'Phone'), { required: true, pattern: 'phone', phoneByRow: { overseas: 'new_isoverseas', country: 'new_country' }, searchable: true, maxLength: 30 }),
    new_province: text(label('省份', 'Province'), { required: true, requiredUnless: 'new_isoverseas', maxLength: 40 }),
    new_city: text(label('城市', 'City'), { required: true, requiredUnless: 'new_isoverseas', maxLength: 40 }),
    new_county: text(label('区县', 'County'), { maxLength: 40 }),
    new_address: text(label('详细地址', 'Address'), { required: true, maxLength: 200 }),
    // Overseas orders (/overseas/*): country and currency instead of province/city/county (domain/work-order/overseas.ts).
    new_isoverseas: bool(label('海外工单', 'Overseas order'), { indexed: true, trueLabel: label('是', 'Yes'), falseLabel: label('否', 'No') }),
    new_country: optionSet(country, undefined, { indexed: true }),
    new_currency: optionSet(currency),
    new_longitude: decimal(label('经度', 'Longitude'), { precision: 6, min: -180, max: 180 }),
    new_latitude: decimal(label('纬度', 'Latitude'), { precision: 6, min: -90, max: 90 }),
    // Another station only before dispatch: its engineers, stock and lines belong to the first.
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true, edit: { states: [workOrderStatus.notDispatched] } }),
    new_worker_id: lookup('new_srv_worker', label('服务工程师', 'Engineer'), { readOnly: true, indexed: true }),
    new_product_id: lookup('product', label('产品', 'Product'), { fills: { new_productline_id: 'new_productline_id', new_model: 'new_model' } }),
    new_productline_id: lookup('new_productline', label('产品线', 'Product line'), { indexed: true }),
    new_model: text(label('型号', 'Model'), { maxLength: 100 }),
    new_serialnumber: text(label('机器序列号', 'Device serial number'), { searchable: true, maxLength: 60 }),
    // Set by the server from a live maintenance contract covering the machine (domain/contract).
    new_contract_id: lookup('new_srv_contract', label('维保合同', 'Maintenance contract'), { readOnly: true, indexed: true }),
    // The customer case the order serves (linked by the case commands, domain/cases/service-case.ts).
    new_case_id: lookup('new_srv_case', label('客诉咨询', 'Customer case'), { readOnly: true, indexed: true }),
    new_equipmentno: text(label('设备编号', 'Equipment serial number'), { maxLength: 60 }),
    new_buydate: date(label('购买日期', 'Purchase date')),
    new_faultdesc: memo(label('故障描述', 'Fault description'), { required: true, maxLength: 1000 }),
    new_solution: memo(label('解决方案', 'Solution'), { maxLength: 1000 }),
    new_serviceresult: memo(label('服务结果', 'Service result'), { maxLength: 1000 }),
    new_servicemode: optionSet(serviceMode),
    new_servicecharge: money(label('服务费', 'Service charge'), RO),
    new_outsidecost: money(label('外出费', 'Outside cost'), RO),
    new_othercost: money(label('其他费用', 'Other cost'), { min: 0, max: 99_999_999, ...CLAIMED }),
    new_partcost: money(label('配件费', 'Parts cost'), RO),
    // Head office decides rewards and fines: it reaches the station's statement.
    new_fineamount: money(label('奖惩金额', 'Reward (+) / fine (−)'), { min: -99_999_999, max: 99_999_999, edit: { privilege: 'workorder.audit' } }),
    new_specialfee: money(label('特殊费用', 'Special fee'), { min: 0, max: 99_999_999, ...CLAIMED }),
    new_totalcost: money(label('费用合计', 'Total cost'), RO),
    new_settlementno: text(label('结算单号', 'Settlement number'), { readOnly: true, maxLength: 40 }),
    new_expenseclaimno: text(label('费用结算单', 'Expense claim'), { readOnly: true, maxLength: 40 }),
    // The settlement that holds the order (set by the expense settlement's generation).
    new_expenseclaim_id: lookup('new_srv_expense_claim', label('费用结算单', 'Expense claim'), { readOnly: true, indexed: true }),
    new_cancelreason: memo(label('取消原因', 'Cancel reason'), { readOnly: true, maxLength: 500 }),
    new_canceltime: dateTime(label('取消时间', 'Cancelled on'), RO),
    new_refusedreason: memo(label('拒单原因', 'Refused reason'), { maxLength: 500 }),
    new_supervisereason: memo(label('督办原因', 'Supervise reason'), { readOnly: true, maxLength: 500 }),
    new_supervisetime: dateTime(label('督办时间', 'Supervised on'), RO),
    new_isabnormal: bool(label('异常工单', 'Abnormal'), { readOnly: true, indexed: true, trueLabel: label('是', 'Yes'), falseLabel: label('否', 'No') }),
    new_samplestatus: optionSet(sampleStatus, undefined, RO),
    new_audittime: dateTime(label('审核时间', 'Audited on'), RO),
    new_auditmemo: memo(label('审核意见', 'Audit memo'), { readOnly: true, maxLength: 500 }),
    new_revisittime: dateTime(label('回访时间', 'Revisited on'), RO),
    new_revisitmemo: memo(label('回访记录', 'Revisit record'), { readOnly: true, maxLength: 500 }),
    // The product return's commands keep these (approval, shipping, head office's receipt).
    new_pullouttype: optionSet(pulloutType, undefined, RO),
    new_pulloutstatus: optionSet(pulloutStatus, undefined, RO),
    new_pullouttime: dateTime(label('拉回时间', 'Pulled out on'), RO),
    new_logisticscorp: text(label('物流公司', 'Logistics company'), { readOnly: true, maxLength: 60 }),
    new_trackingno: text(label('物流单号', 'Tracking number'), { readOnly: true, maxLength: 60 }),
    new_receivedon: dateTime(label('签收时间', 'Received on'), RO),
  },
  indexes: [
    ['new_station_id', 'createdon'],
    ['new_worker_id', 'new_dealstatus'],
    ['new_status', 'createdon'],
    ['new_appointmenttime', 'new_worker_id'],
  ],
  views: {
    mine: {
      label: label('我的工单', 'My orders'),
      columns: ['new_name', 'new_type', 'new_dealstatus', 'new_status', 'new_customer', 'new_contact', 'new_phone', 'new_address', 'new_appointmenttime', 'new_appointmentbegin', 'createdon'],
      // Shown at first: what fits 1440 px (issue 12); the rest is a click away in the column settings.
      hidden: ['new_status', 'new_contact', 'createdon'],
      // A phone card (issue 15): where and when, for the engineer on the way.
      card: { fields: ['new_customer', 'new_address', 'new_appointmenttime'] },
      orderBy: [['createdon', 'desc']],
      audience: 'assignee',
    },
    all: {
      label: label('全部工单', 'All work orders'),
      columns: ['new_name', 'new_type', 'new_dealstatus', 'new_status', 'new_customer', 'new_contact', 'new_phone', 'new_city', 'new_station_id', 'new_worker_id', 'new_appointmenttime', 'createdon'],
      hidden: ['new_contact', 'new_phone', 'new_city'],
      card: { fields: ['new_customer', 'new_worker_id', 'new_appointmenttime'] },
      orderBy: [['createdon', 'desc']],
    },
    open: {
      label: label('未完工工单', 'Uncompleted orders'),
      columns: ['new_name', 'new_type', 'new_dealstatus', 'new_customer', 'new_contact', 'new_phone', 'new_city', 'new_station_id', 'new_worker_id', 'new_appointmenttime', 'createdon'],
      hidden: ['new_contact', 'new_phone', 'new_city'],
      orderBy: [['createdon', 'desc']],
      filter: { new_status: OPEN_STATUSES },
    },
    unassigned: {
      label: label('待派工', 'Unassigned'),
      columns: ['new_name', 'new_type', 'new_customer', 'new_contact', 'new_phone', 'new_city', 'new_address', 'new_station_id', 'createdon'],
      hidden: ['new_contact', 'new_city'],
      orderBy: [['createdon', 'desc']],
      filter: { new_status: workOrderStatus.notDispatched },
    },
    inService: {
      label: label('服务中', 'In service'),
      columns: ['new_name', 'new_type', 'new_dealstatus', 'new_customer', 'new_contact', 'new_phone', 'new_worker_id', 'new_appointmenttime', 'new_appointmentbegin', 'createdon'],
      hidden: ['new_contact'],
      orderBy: [['createdon', 'desc']],
      filter: { new_status: IN_SERVICE_STATUSES },
    },
    completed: {
      label: label('已完工', 'Completed'),
      columns: ['new_name', 'new_type', 'new_customer', 'new_contact', 'new_worker_id', 'new_completiontime', 'new_totalcost', 'new_status'],
      orderBy: [['createdon', 'desc']],
      filter: { new_status: workOrderStatus.completed },
    },
    afterAudit: {
      label: label('已审核及结算', 'Audited and settling'),
      columns: ['new_name', 'new_type', 'new_customer', 'new_worker_id', 'new_completiontime', 'new_totalcost', 'new_status', 'new_settlementno'],
      orderBy: [['createdon', 'desc']],
      filter: { new_status: AUDITED_STATUSES },
    },
    cancelled: {
      label: label('已取消', 'Cancelled'),
      columns: ['new_name', 'new_type', 'new_customer', 'new_contact', 'new_phone', 'new_cancelreason', 'new_canceltime'],
      orderBy: [['createdon', 'desc']],
      filter: { new_status: workOrderStatus.cancelled },
    },
    overseas: {
      label: label('海外工单', 'Overseas orders'),
      columns: ['new_name', 'new_type', 'new_status', 'new_customer', 'new_country', 'new_currency', 'new_totalcost', 'new_dealstatus', 'new_station_id', 'new_worker_id', 'createdon'],
      hidden: ['new_dealstatus', 'createdon'],
      orderBy: [['createdon', 'desc']],
      filter: { new_isoverseas: true },
    },
    abnormal: {
      label: label('异常工单', 'Abnormal orders'),
      columns: ['new_name', 'new_type', 'new_dealstatus', 'new_status', 'new_customer', 'new_phone', 'new_appointmentstatus', 'new_supervisereason', 'new_station_id', 'createdon'],
      hidden: ['new_dealstatus', 'new_phone', 'new_appointmentstatus'],
      orderBy: [['createdon', 'desc']],
      filter: { new_isabnormal: true },
    },
  },
  // Results, costs, audit and pullout follow the order's service: a new order's form leaves them out.
  forms: {
    main: [
      { key: 'customer', label: label('客户信息', 'Customer'), fields: ['new_name', 'new_isoverseas', 'new_country', 'new_currency', 'new_customer', 'new_contact', 'new_phone', 'new_province', 'new_city', 'new_county', 'new_address', 'new_longitude', 'new_latitude'] },
      { key: 'product', label: label('产品与故障', 'Product and fault'), fields: ['new_type', 'new_warranty', 'new_servicemode', 'new_product_id', 'new_productline_id', 'new_model', 'new_serialnumber', 'new_contract_id', 'new_equipmentno', 'new_buydate', 'new_faultdesc'] },
      { key: 'service', label: label('派工与进度', 'Dispatch and progress'), fields: ['new_station_id', 'new_worker_id', 'new_dealstatus', 'new_status', 'new_dispatchtime', 'new_appointmenttime', 'new_appointmentbegin', 'new_appointmentend', 'new_appointmentstatus', 'new_appointmentreason', 'new_responsetime', 'new_departuretime', 'new_departureaddress', 'new_arrivaltime', 'new_arrivaladdress', 'new_begintime', 'new_endtime', 'new_completiontime', 'new_completionaddress', 'new_photocount'] },
      { key: 'result', label: label('服务结果', 'Result'), fields: ['new_fixtype', 'new_solution', 'new_serviceresult', 'new_refusedreason'], on: 'edit' },
      { key: 'cost', label: label('费用', 'Costs'), fields: ['new_servicecharge', 'new_outsidecost', 'new_partcost', 'new_othercost', 'new_specialfee', 'new_fineamount', 'new_totalcost', 'new_settlementno', 'new_expenseclaimno'], on: 'edit' },
      { key: 'closing', label: label('审核与回访', 'Audit and revisit'), fields: ['new_audittime', 'new_auditmemo', 'new_revisittime', 'new_revisitmemo', 'new_samplestatus', 'new_isabnormal', 'new_supervisereason', 'new_supervisetime', 'new_cancelreason', 'new_canceltime', 'new_approvalstatus'], on: 'edit' },
      { key: 'pullout', label: label('拉回与物流', 'Pullout and delivery'), fields: ['new_pullouttype', 'new_pulloutstatus', 'new_pullouttime', 'new_logisticscorp', 'new_trackingno', 'new_receivedon'], on: 'edit' },
    ],
  },
});
