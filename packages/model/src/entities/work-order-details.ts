import { date, dateTime, decimal, defineEntity, int, label, lookup, memo, money, optionSet, text } from '../define.ts';
import {
  appointmentReason,
  appointmentSlot,
  appointmentStatus,
  outsideEndState,
  outsideLineState,
  workOrderAction,
  workOrderStatus,
} from '../option-sets/work-order.ts';

/*
 * Details of a work order (spec 001 §3). They carry the order's station (copied by the command
 * that writes them) so the station scope applies to them directly. They are read through the
 * record service and written only by the work-order line commands (no `write` privilege here),
 * which check the order's state and keep the order's cost totals in the same transaction.
 */

const ORDER = () => lookup('new_srv_workorder', label('服务工单', 'Work order'), { required: true, readOnly: true, indexed: true });
const STATION = () => lookup('new_srv_station', label('服务站', 'Service station'), { readOnly: true, indexed: true });
const READ = { read: 'workorder.read' } as const;
/** The order's station, and for an engineer only the lines of orders assigned to them. */
const SCOPE = { kind: 'station', field: 'new_station_id', assignee: { via: 'new_workorder_id' } } as const;

export const repairItem = defineEntity({
  logicalName: 'new_srv_repairitem',
  entitySet: 'new_srv_repairitems',
  label: label('维修项目', 'Repair item'),
  scope: SCOPE,
  access: READ,
  fields: {
    new_name: text(label('维修项目', 'Repair item'), { required: true, maxLength: 100 }),
    new_code: text(label('项目编码', 'Item code'), { maxLength: 40 }),
    new_workorder_id: ORDER(),
    new_station_id: STATION(),
    new_hours: decimal(label('工时', 'Working hours'), { required: true, precision: 1, min: 0, max: 999 }),
    new_price: money(label('工时单价', 'Rate per hour'), { required: true, min: 0, max: 99_999 }),
    new_amount: money(label('服务费', 'Charge'), { readOnly: true }),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  indexes: [['new_workorder_id', 'createdon']],
  views: {
    byOrder: {
      label: label('维修项目', 'Repair items'),
      columns: ['new_code', 'new_name', 'new_hours', 'new_price', 'new_amount', 'new_memo'],
      orderBy: [['createdon', 'asc']],
    },
  },
});

export const partLine = defineEntity({
  logicalName: 'new_srv_partline',
  entitySet: 'new_srv_partlines',
  label: label('配件更换明细', 'Parts replacement line'),
  scope: SCOPE,
  access: READ,
  fields: {
    new_name: text(label('配件名称', 'Part name'), { readOnly: true, maxLength: 200 }),
    new_workorder_id: ORDER(),
    new_station_id: STATION(),
    new_product_id: lookup('product', label('配件', 'Part'), { required: true }),
    new_qty: int(label('数量', 'Quantity'), { required: true, min: 1, max: 99_999 }),
    new_price: money(label('单价', 'Unit price'), { required: true, min: 0, max: 9_999_999 }),
    new_amount: money(label('金额', 'Amount'), { readOnly: true }),
    new_oldserialno: text(label('旧件序列号', 'Old part serial number'), { maxLength: 60 }),
    new_newserialno: text(label('新件序列号', 'New part serial number'), { maxLength: 60 }),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
    // What the station's warehouse has given out for this line (a completed order's parts are taken from stock).
    new_postedqty: int(label('已出库数量', 'Taken from stock'), { readOnly: true }),
    new_postseq: int(label('出库次数', 'Stock postings'), { readOnly: true }),
  },
  indexes: [['new_workorder_id', 'createdon']],
  views: {
    byOrder: {
      label: label('配件更换明细', 'Replaced parts'),
      columns: ['new_product_id', 'new_name', 'new_qty', 'new_price', 'new_amount', 'new_oldserialno', 'new_newserialno'],
      orderBy: [['createdon', 'asc']],
    },
  },
});

export const trouble = defineEntity({
  logicalName: 'new_srv_trouble',
  entitySet: 'new_srv_troubles',
  label: label('故障信息', 'Malfunction information'),
  scope: SCOPE,
  access: READ,
  fields: {
    new_name: text(label('故障现象', 'Symptom'), { required: true, maxLength: 200 }),
    new_code: text(label('故障代码', 'Fault code'), { maxLength: 40 }),
    new_workorder_id: ORDER(),
    new_station_id: STATION(),
    new_part: text(label('故障部位', 'Faulty part'), { maxLength: 100 }),
    new_reason: memo(label('故障原因', 'Cause'), { maxLength: 500 }),
    new_measure: memo(label('处理措施', 'Measure'), { maxLength: 500 }),
  },
  indexes: [['new_workorder_id', 'createdon']],
  views: {
    byOrder: {
      label: label('故障信息', 'Malfunctions'),
      columns: ['new_code', 'new_name', 'new_part', 'new_reason', 'new_measure'],
      orderBy: [['createdon', 'asc']],
    },
  },
});

export const outsideLine = defineEntity({
  logicalName: 'new_srv_outsideline',
  entitySet: 'new_srv_outsidelines',
  label: label('外出服务明细', 'Outside trip line'),
  scope: SCOPE,
  access: READ,
  fields: {
    new_name: text(label('外出说明', 'Trip'), { required: true, maxLength: 100 }),
    new_workorder_id: ORDER(),
    new_station_id: STATION(),
    new_worker_id: lookup('new_srv_worker', label('服务工程师', 'Engineer')),
    new_state: optionSet(outsideLineState, undefined, { required: true }),
    new_endstate: optionSet(outsideEndState),
    new_departuretime: dateTime(label('出发时间', 'Departure time')),
    new_arrivaltime: dateTime(label('到达时间', 'Arrival time')),
    new_endtime: dateTime(label('结束时间', 'End time')),
    new_distance: decimal(label('里程（公里）', 'Distance (km)'), { precision: 1, min: 0, max: 9999 }),
    new_cost: money(label('外出费', 'Trip cost'), { required: true, min: 0, max: 99_999 }),
    new_memo: text(label('备注', 'Memo'), { maxLength: 100 }),
  },
  indexes: [['new_workorder_id', 'createdon']],
  views: {
    byOrder: {
      label: label('外出服务明细', 'Outside trips'),
      columns: [
        'new_name',
        'new_worker_id',
        'new_state',
        'new_endstate',
        'new_departuretime',
        'new_arrivaltime',
        'new_distance',
        'new_cost',
      ],
      orderBy: [['createdon', 'asc']],
    },
  },
});

/** The order's history: every command appends one entry (appointments with their change reason). */
export const workOrderLog = defineEntity({
  logicalName: 'new_srv_workorderlog',
  entitySet: 'new_srv_workorderlogs',
  label: label('工单记录', 'Work order log'),
  scope: SCOPE,
  access: READ,
  fields: {
    new_name: text(label('摘要', 'Summary'), { maxLength: 200 }),
    new_workorder_id: ORDER(),
    new_station_id: STATION(),
    new_action: optionSet(workOrderAction, undefined, { required: true }),
    new_fromstatus: optionSet(workOrderStatus, label('原状态', 'From status')),
    new_tostatus: optionSet(workOrderStatus, label('新状态', 'To status')),
    new_worker_id: lookup('new_srv_worker', label('服务工程师', 'Engineer')),
    new_appointmenttime: date(label('预约日期', 'Appointment date')),
    new_appointmentbegin: optionSet(appointmentSlot, label('预约开始时段', 'Appointment begins')),
    new_appointmentend: optionSet(appointmentSlot, label('预约结束时段', 'Appointment ends')),
    new_appointmentstatus: optionSet(appointmentStatus),
    new_appointmentreason: optionSet(appointmentReason),
    new_memo: memo(label('说明', 'Memo'), { maxLength: 500 }),
  },
  indexes: [['new_workorder_id', 'createdon']],
  views: {
    byOrder: {
      label: label('工单记录', 'History'),
      columns: [
        'createdon',
        'new_action',
        'new_fromstatus',
        'new_tostatus',
        'new_worker_id',
        'new_appointmenttime',
        'new_appointmentbegin',
        'new_appointmentend',
        'new_appointmentstatus',
        'new_appointmentreason',
        'new_memo',
        'createdby',
      ],
      orderBy: [['createdon', 'asc']],
    },
  },
});
