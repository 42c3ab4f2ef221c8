import { label } from '../define.ts';

/** Texts of station applications (服务站申请: change, continuation, exit): refusals and the change screen. */
export const stationApplyMessages = {
  'stationApply.noChange': label('没有变更任何内容，不能提交', 'Nothing has been changed: the application cannot be submitted'),
  'stationApply.openExists': label(
    '该服务站已有未完成的同类申请（{name}），请先处理该申请',
    'The station already has an open application of this kind ({name}); finish that one first',
  ),
  'stationApply.termRequired': label('请填写新的合同到期日期', 'Enter the new contract term end'),
  'stationApply.termNotLater': label(
    '新的合同到期日期必须晚于当前到期日期 {date}',
    'The new contract term end must be after the current one ({date})',
  ),
  'stationApply.exitDateRequired': label('请填写退出日期', 'Enter the exit date'),
  'stationApply.fixed': label(
    '申请类型和服务站不能修改，请新建申请',
    'The type and station of an application cannot be changed; file a new one',
  ),
  'stationApply.stationInactive': label('该服务站已退出，不能再申请', 'The station has exited; it can apply for nothing more'),
  'stationApply.ui.field': label('项目', 'Item'),
  'stationApply.ui.current': label('当前值', 'Current value'),
  'stationApply.ui.proposed': label('变更为', 'Change to'),
  'stationApply.ui.changed': label('已变更', 'Changed'),
  'stationApply.ui.changedCount': label('共 {count} 项变更', '{count} changed'),
  'stationApply.ui.compare': label('变更内容', 'Changes'),
  'stationApply.ui.history': label('服务站申请记录', 'Station applications'),
  'stationApply.ui.noHistory': label('暂无申请记录', 'No applications yet'),
  'stationApply.ui.newKind': label('新建{type}', 'New {type}'),
} as const;
