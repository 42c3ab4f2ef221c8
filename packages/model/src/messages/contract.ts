import { label } from '../define.ts';

/** Texts of maintenance contracts (维保合同) and their lines: commands, refusals, screens. */
export const contractMessages = {
  'contract.activate': label('生效', 'Activate'),
  'contract.activateAsk': label(
    '生效后合同明细不能再修改，确定生效该合同吗？',
    'Once active, the contract lines can no longer be changed. Activate the contract?',
  ),
  'contract.activated': label('合同已生效', 'The contract is now active'),
  'contract.terminate': label('终止合同', 'Terminate'),
  'contract.terminated': label('合同已终止', 'The contract has been terminated'),
  'contract.terminateDate': label('终止日期', 'Termination date'),
  'contract.terminateReason': label('终止原因', 'Reason for termination'),
  'contract.onlyDraftActivate': label('只有草稿状态的合同可以生效', 'Only a draft contract can be activated'),
  'contract.onlyActiveTerminate': label('只有生效中的合同可以终止', 'Only an active contract can be terminated'),
  'contract.endPassed': label('合同结束日期 {date} 已过，不能生效', 'The contract ended on {date}; it cannot be activated'),
  'contract.lineRequired': label('请至少添加一条合同明细', 'Add at least one contract line'),
  'contract.terminateOutside': label(
    '终止日期必须在合同期内（{start} 至 {end}）',
    'The termination date must fall within the contract period ({start} to {end})',
  ),
  'contract.lineOutside': label(
    '明细的保障期必须在合同期内（{start} 至 {end}）',
    "A line's cover must fall within the contract period ({start} to {end})",
  ),
  'contract.serialTaken': label(
    '机器序列号 {serial} 已在合同 {contract} 中',
    'Serial number {serial} is already covered by contract {contract}',
  ),
  'contract.noService': label('请至少选择一项保障服务', 'Choose at least one covered service'),
  'contract.ui.lines': label('合同明细', 'Contract lines'),
  'contract.ui.readOnly': label('合同已生效或已结束，不能再修改', 'The contract is active or closed and can no longer be changed'),
  'contract.ui.orderCovered': label('维保合同 {name}', 'Maintenance contract {name}'),
  'contract.ui.warrantyNote': label(
    '该设备在维保合同 {name} 的保障范围内：保修类型按保内处理，选择保外保存后仍为保内',
    'Maintenance contract {name} covers this machine: the order is under warranty, and stays so when saved as out of warranty',
  ),
  'contract.ui.nowInWarranty': label(
    '维保合同 {name} 保障此设备，保修类型已按保内处理',
    'Maintenance contract {name} covers this machine: the order is now under warranty',
  ),
} as const;
