import { label } from '../define.ts';

/**
 * Texts of the work-order screens (list, form, dialogs, calendar). Field names come from the
 * model's labels; server refusals come from the server (wo.* in work-order.ts), and the dialogs
 * reuse those texts for the same checks made before sending.
 */
export const workOrderUiMessages = {
  'wo.ui.title': label('服务工单', 'Work orders'),
  'wo.ui.list': label('工单列表', 'Work order list'),
  'wo.ui.search': label('工单查询', 'Work order search'),
  'wo.ui.searchHint': label(
    '按工单编号、客户、电话、机器序列号、服务站、服务类型、状态和创建日期查询所有可见服务站的工单',
    'Search the orders of every station you can see by number, customer, phone, serial number, station, service type, status and creation date',
  ),
  'wo.ui.calendar': label('服务日历', 'Service calendar'),
  'wo.ui.readOnly': label('工单当前状态不可修改', 'This work order cannot be changed in its current state'),

  // Header actions
  'wo.ui.dispatch': label('派工', 'Dispatch'),
  'wo.ui.reassign': label('改派', 'Reassign'),
  'wo.ui.appointment': label('预约', 'Appointment'),
  'wo.ui.progress': label('记录进度', 'Record progress'),
  'wo.ui.complete': label('完工', 'Complete'),
  'wo.ui.cancel': label('取消工单', 'Cancel order'),
  'wo.ui.audit': label('审核', 'Audit'),
  'wo.ui.revisit': label('回访', 'Revisit'),
  'wo.ui.settlement': label('结算状态', 'Settlement state'),
  'wo.ui.supervise': label('督办', 'Supervise'),

  // Dispatch
  'wo.ui.currentEngineer': label('当前工程师：{name}', 'Current engineer: {name}'),
  'wo.ui.stationEngineers': label('{station}的服务工程师', 'Engineers of {station}'),
  'wo.ui.memo': label('备注', 'Memo'),

  // Appointment
  'wo.ui.slotRequired': label('请选择预约时段', 'Please choose the appointment slots'),
  'wo.ui.statusRequired': label('请选择预约状态', 'Please choose the appointment status'),
  'wo.ui.currentAppointment': label('当前预约：{date} {begin}–{end}', 'Current appointment: {date} {begin}–{end}'),

  // Progress
  'wo.ui.step': label('进度', 'Step'),
  'wo.ui.step.response': label('响应', 'Response'),
  'wo.ui.step.departure': label('出发', 'Departure'),
  'wo.ui.step.arrival': label('到达', 'Arrival'),
  'wo.ui.step.photos': label('拍照', 'Photos'),
  'wo.ui.time': label('时间', 'Time'),
  'wo.ui.timeRequired': label('请选择时间', 'Please choose the time'),
  'wo.ui.address': label('地址', 'Address'),
  'wo.ui.longitude': label('经度（GPS）', 'Longitude (GPS)'),
  'wo.ui.latitude': label('纬度（GPS）', 'Latitude (GPS)'),
  'wo.ui.coordsBoth': label('经度和纬度需同时填写', 'Enter both longitude and latitude, or neither'),
  'wo.ui.progressDone': label(
    '出发、到达和拍照均已记录，可以完工',
    'Departure, arrival and photos are recorded: the order can be completed',
  ),

  // Completion
  'wo.ui.photoCount': label('现场照片：{count} 张', 'Site photos: {count}'),
  'wo.ui.photoHowTo': label(
    '现场照片在“附件”页上传（png、jpg，单个不超过 3M），上传后再记录“拍照”或完工。',
    'Upload the site photos on the "Attachments" tab (png, jpg, up to 3 MB each), then record "Photos" or complete.',
  ),
  'wo.ui.openAttachments': label('去上传照片', 'Upload photos'),

  // Audit, revisit, settlement, supervise
  'wo.ui.auditResult': label('审核结果', 'Result'),
  'wo.ui.auditPass': label('通过', 'Pass'),
  'wo.ui.auditFail': label('不通过', 'Not pass'),
  'wo.ui.settlementCurrent': label('当前状态：{status}', 'Current state: {status}'),
  'wo.ui.settlementNext': label('下一状态', 'Next state'),
  'wo.ui.settlementNoRequired': label('请填写结算单号', 'Please enter the settlement number'),
  'wo.ui.superviseReasonRequired': label('请填写督办原因', 'Please enter the supervise reason'),
  'wo.ui.revisitMemoRequired': label('请填写回访记录', 'Please enter the revisit record'),

  // Detail lines
  'wo.ui.lineAdd': label('添加', 'Add'),
  'wo.ui.lineEdit': label('修改', 'Edit'),
  'wo.ui.lineDelete': label('删除', 'Delete'),
  'wo.ui.lineDeleteConfirm': label('确定删除“{name}”吗？删除后不能恢复。', 'Delete "{name}"? Deleted data cannot be recovered.'),
  'wo.ui.linesTotal': label('合计：{amount}', 'Total: {amount}'),
  'wo.ui.linesEmpty': label('暂无明细', 'No details yet'),

  // Calendar
  'wo.ui.cal.month': label('月', 'Month'),
  'wo.ui.cal.week': label('周', 'Week'),
  'wo.ui.cal.day': label('日', 'Day'),
  'wo.ui.cal.today': label('今天', 'Today'),
  'wo.ui.cal.prev': label('上一页', 'Previous'),
  'wo.ui.cal.next': label('下一页', 'Next'),
  'wo.ui.cal.engineer': label('按工程师筛选', 'Filter by engineer'),
  'wo.ui.cal.empty': label('这段时间没有预约', 'No appointments in this period'),
  'wo.ui.cal.more': label('还有 {n} 个', '{n} more'),
  'wo.ui.cal.noEngineer': label('未派工', 'No engineer'),
  'wo.ui.cal.truncated': label(
    '预约过多，只显示前 {n} 个；请按工程师筛选',
    'Too many appointments: the first {n} are shown; filter by engineer',
  ),
};
