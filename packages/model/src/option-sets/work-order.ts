import { defineNamedOptionSet, defineOptionSet, label } from '../define.ts';

/** spec 001 §4 dealstatus (handling status) 1–8, with the second label set of the specification. */
export const workOrderDealStatus = defineNamedOptionSet('new_dealstatus', label('处理状态', 'Handling status'), {
  unassigned: { value: 1, label: label('待派工', 'Unassigned'), color: 'orange' },
  dispatched: { value: 2, label: label('已派工', 'Dispatched'), color: 'blue' },
  responded: { value: 3, label: label('已响应', 'Responded'), color: 'cyan' },
  departed: { value: 4, label: label('已出发', 'Departed'), color: 'geekblue' },
  arrived: { value: 5, label: label('已到达', 'Arrived'), color: 'purple' },
  photographed: { value: 6, label: label('已拍照', 'Photographed'), color: 'magenta' },
  completed: { value: 7, label: label('已完工', 'Completed'), color: 'green' },
  evaluated: { value: 8, label: label('已评价', 'Evaluated'), color: 'lime' },
});

/** spec 001 §4 work order status 1–16 (6 and 8 are not used). */
export const workOrderStatus = defineNamedOptionSet('new_srv_workorder_status', label('工单状态', 'Work order status'), {
  notDispatched: { value: 1, label: label('未派工', 'Not dispatched'), color: 'orange' },
  dispatched: { value: 2, label: label('已派工', 'Sent workers'), color: 'blue' },
  responded: { value: 3, label: label('已响应', 'Has response'), color: 'cyan' },
  setOut: { value: 4, label: label('已出发', 'Set out'), color: 'geekblue' },
  arrived: { value: 5, label: label('已到达', 'In place'), color: 'purple' },
  completed: { value: 7, label: label('已完工', 'Completed'), color: 'green' },
  cancelled: { value: 9, label: label('已取消', 'Canceled'), color: 'default' },
  audited: { value: 10, label: label('已审核', 'Checked'), color: 'green' },
  revisited: { value: 11, label: label('已回访', 'Revisited'), color: 'green' },
  settlementConfirmed: { value: 12, label: label('结算已确认', 'Settlement confirmed'), color: 'gold' },
  salesConfirmed: { value: 13, label: label('销售已确认', 'Sales confirmed'), color: 'gold' },
  inSettlement: { value: 14, label: label('结算中', 'In settlement'), color: 'gold' },
  paid: { value: 15, label: label('已付款', 'Account paid'), color: 'gold' },
  finished: { value: 16, label: label('已关闭', 'Finished'), color: 'default' },
});

/** spec 001 §4 appointment status 1–7. */
export const appointmentStatus = defineNamedOptionSet('new_appointmentstatus', label('预约状态', 'Appointment status'), {
  booked: { value: 1, label: label('预约成功', 'Reservation done') },
  dateChanged: { value: 2, label: label('改约', 'Date change') },
  rebooked: { value: 3, label: label('再次预约', 'Another reservation') },
  unreachable: { value: 4, label: label('无法联系', 'Could not contact') },
  serviceCancelled: { value: 5, label: label('服务取消', 'Service canceled') },
  assisted: { value: 6, label: label('协助介入', 'Assistant intervened') },
  refused: { value: 7, label: label('拒绝', 'Reject') },
});

/**
 * Appointment outcomes that leave a dispatched order unserviceable (could not contact, the
 * customer refused): the order is marked abnormal and may be dispatched again.
 */
export const APPOINTMENT_UNSERVICEABLE: readonly number[] = [appointmentStatus.unreachable, appointmentStatus.refused];
/** Appointment outcomes that are themselves a change (date change, another reservation): they need a reason. */
export const APPOINTMENT_CHANGES: readonly number[] = [appointmentStatus.dateChanged, appointmentStatus.rebooked];

/** spec 001 §4 appointment change reasons. */
export const appointmentReason = defineOptionSet('new_appointmentreason', label('改约原因', 'Change reason'), [
  { value: 1, label: label('用户调整时间', 'User adjusted time') },
  { value: 2, label: label('服务团队延期', 'Team postponed') },
  { value: 3, label: label('缺少配件', 'Lacking parts') },
  { value: 4, label: label('调试未加气', 'Not gassed on debugging') },
] as const);

/**
 * spec 001 §9: half-hour slots 5:00 to 22:00, 35 values. The value is hour × 100 + minute
 * (530 = 05:30), so it sorts and reads as a time.
 */
export const APPOINTMENT_SLOTS: readonly number[] = Array.from({ length: 35 }, (_, i) => Math.floor(i / 2 + 5) * 100 + (i % 2) * 30);
export const slotLabel = (v: number) => `${String(Math.floor(v / 100)).padStart(2, '0')}:${String(v % 100).padStart(2, '0')}`;
export const appointmentSlot = defineOptionSet(
  'new_appointmentslot',
  label('预约时段', 'Appointment slot'),
  APPOINTMENT_SLOTS.map((v) => ({ value: v, label: label(slotLabel(v), slotLabel(v)) })),
);

/** spec 001 §4 sample status. */
export const sampleStatus = defineOptionSet('new_samplestatus', label('抽样状态', 'Sample status'), [
  { value: 1, label: label('未抽取', 'Unpicked') },
  { value: 2, label: label('已抽取', 'Picked') },
  { value: 3, label: label('已调查', 'Surveyed') },
] as const);

/** spec 001 §9 service types. */
export const serviceType = defineOptionSet('new_servicetype', label('服务类型', 'Service type'), [
  { value: 1, label: label('维修', 'Repair') },
  { value: 2, label: label('安装', 'Installation') },
  { value: 3, label: label('保养', 'Maintenance') },
] as const);

/** spec 001 §9 warranty. */
export const warranty = defineNamedOptionSet('new_warranty', label('保修类型', 'Warranty'), {
  inWarranty: { value: 1, label: label('保内', 'Under warranty') },
  outOfWarranty: { value: 2, label: label('保外', 'Out of warranty') },
});

/** How the fault was fixed (values not in the specification: see docs/decisions.md). */
export const fixType = defineOptionSet('new_fixtype', label('维修方式', 'Fix type'), [
  { value: 1, label: label('更换配件', 'Part replaced') },
  { value: 2, label: label('维修', 'Repaired') },
  { value: 3, label: label('调试', 'Adjusted') },
  { value: 4, label: label('无需维修', 'No repair needed') },
] as const);

/** Where the service happens (values not in the specification: see docs/decisions.md). */
export const serviceMode = defineOptionSet('new_servicemode', label('服务方式', 'Service mode'), [
  { value: 1, label: label('上门服务', 'On-site') },
  { value: 2, label: label('到站服务', 'At the station') },
  { value: 3, label: label('电话指导', 'By phone') },
] as const);

/** Also the type of a product return (退机申请, entities/product-return.ts): `/productReturn/edit/{id}/{type}`. */
export const pulloutType = defineNamedOptionSet('new_pullouttype', label('拉回类型', 'Pullout type'), {
  return: { value: 1, label: label('退机', 'Return') },
  exchange: { value: 2, label: label('换机', 'Exchange') },
});

/** Set on the work order by its product return: approved → to be pulled out, shipped → delivered, received. */
export const pulloutStatus = defineNamedOptionSet('new_pulloutstatus', label('拉回状态', 'Pullout status'), {
  toBePulledOut: { value: 1, label: label('待拉回', 'To be pulled out') },
  pulledOut: { value: 2, label: label('已拉回', 'Pulled out') },
  delivered: { value: 3, label: label('已发货', 'Delivered') },
  received: { value: 4, label: label('已签收', 'Received') },
});

/** spec 001 §4 outside-line service state. */
export const outsideLineState = defineOptionSet('new_outsidestate', label('外出服务状态', 'Outside service state'), [
  { value: 1, label: label('待预约', 'To be reserved') },
  { value: 2, label: label('待出发', 'To set off') },
  { value: 3, label: label('已出发', 'Set off') },
  { value: 4, label: label('已到达', 'Arrived') },
  { value: 10, label: label('已完成', 'Finished') },
] as const);

/** spec 001 §4 outside-line end state. */
export const outsideEndState = defineOptionSet('new_outsideendstate', label('结束状态', 'End state'), [
  { value: 1, label: label('已完成', 'Completed') },
  { value: 2, label: label('需再次上门', 'Visit again') },
  { value: 3, label: label('无法完成', 'Cannot complete') },
] as const);

/** What a work-order log entry records (the order's history). */
export const workOrderAction = defineNamedOptionSet('new_workorder_action', label('操作', 'Action'), {
  created: { value: 1, label: label('创建', 'Created') },
  dispatched: { value: 2, label: label('派工', 'Dispatched') },
  reassigned: { value: 3, label: label('改派', 'Reassigned') },
  appointment: { value: 4, label: label('预约', 'Appointment') },
  responded: { value: 5, label: label('响应', 'Responded') },
  departed: { value: 6, label: label('出发', 'Departed') },
  arrived: { value: 7, label: label('到达', 'Arrived') },
  photographed: { value: 8, label: label('拍照', 'Photographed') },
  completed: { value: 9, label: label('完工', 'Completed') },
  cancelled: { value: 10, label: label('取消', 'Cancelled') },
  audited: { value: 11, label: label('审核通过', 'Audited') },
  auditFailed: { value: 12, label: label('审核不通过', 'Audit failed') },
  revisited: { value: 13, label: label('回访', 'Revisited') },
  settlement: { value: 14, label: label('结算状态', 'Settlement state') },
  supervised: { value: 15, label: label('督办', 'Supervised') },
  evaluated: { value: 16, label: label('评价', 'Evaluated') },
  lines: { value: 17, label: label('明细变更', 'Details changed') },
});

/** Open handling states: a dispatched engineer is working on the order (counted as load). */
export const OPEN_DEAL_STATUSES: readonly number[] = [
  workOrderDealStatus.dispatched,
  workOrderDealStatus.responded,
  workOrderDealStatus.departed,
  workOrderDealStatus.arrived,
  workOrderDealStatus.photographed,
];
/** In service: dispatched and not yet completed (appointments, progress and completion are recorded). */
export const IN_SERVICE_STATUSES: readonly number[] = [
  workOrderStatus.dispatched,
  workOrderStatus.responded,
  workOrderStatus.setOut,
  workOrderStatus.arrived,
];
/** Statuses in which an order is still being serviced (not completed, cancelled or later). */
export const OPEN_STATUSES: readonly number[] = [workOrderStatus.notDispatched, ...IN_SERVICE_STATUSES];
/**
 * Statuses in which the order's own fields and details may still change: open, or completed and
 * waiting for audit (not cancelled, not audited or later).
 */
export const EDITABLE_STATUSES: readonly number[] = [...OPEN_STATUSES, workOrderStatus.completed];
/** The settlement sequence after the revisit (spec 001 §4 status 12–16). */
export const SETTLEMENT_SEQUENCE: readonly number[] = [
  workOrderStatus.revisited,
  workOrderStatus.settlementConfirmed,
  workOrderStatus.salesConfirmed,
  workOrderStatus.inSettlement,
  workOrderStatus.paid,
  workOrderStatus.finished,
];
/** Audited, and everything after it: revisit and settlement. */
export const AUDITED_STATUSES: readonly number[] = [workOrderStatus.audited, ...SETTLEMENT_SEQUENCE];

/**
 * spec 001 §4: an order may be dispatched (or reassigned) while unassigned or dispatched, or once
 * responded when its appointment found it unserviceable.
 */
export function mayDispatchStatus(status: number, appointment: number | null): boolean {
  return (
    status === workOrderStatus.notDispatched ||
    status === workOrderStatus.dispatched ||
    (status === workOrderStatus.responded && appointment !== null && APPOINTMENT_UNSERVICEABLE.includes(appointment))
  );
}
