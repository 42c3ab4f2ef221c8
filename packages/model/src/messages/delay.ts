import { label } from '../define.ts';

/** Texts of warranty extensions (延保申请) and their cancellations (延保取消): menu and refusals. */
export const delayMessages = {
  'menu.delayProduct': label('延保申请', 'Warranty extensions'),
  'menu.delayCancel': label('延保取消', 'Extension cancellations'),
  'delay.dateNotLater': label(
    '新的保修截止日期必须晚于当前保修截止日期 {date}',
    'The new warranty end date must be after the current one ({date})',
  ),
  'delay.notCancellable': label(
    '只有已审批通过且未取消的延保申请可以取消',
    'Only an approved extension that is not yet cancelled can be cancelled',
  ),
  'delay.cancelPending': label('该延保申请已有审批中的取消申请', 'This extension already has a cancellation under review'),
  'delay.requestCancel': label('申请取消延保', 'Request cancellation'),
} as const;
