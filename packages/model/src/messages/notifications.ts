import { label } from '../define.ts';

/**
 * Messages left for the people a change concerns (issue 24): a failed work-order audit, a reward
 * or punishment of a station, a released stock count task, an engineer taken off an order.
 */
export const notificationMessages = {
  'message.text.auditFailed': label('工单 {name} 审核未通过：{reason}', 'Work order {name} failed the audit: {reason}'),
  'message.text.fined': label('服务站被处罚 {amount}（奖惩单 {name}）：{reason}', 'The station is fined {amount} (order {name}): {reason}'),
  'message.text.rewarded': label(
    '服务站获得奖励 {amount}（奖惩单 {name}）：{reason}',
    'The station is rewarded {amount} (order {name}): {reason}',
  ),
  'message.text.countTask': label(
    '盘点任务“{subject}”：请在 {deadline} 前完成盘点单 {name}',
    'Stock count task "{subject}": complete count sheet {name} by {deadline}',
  ),
  'message.text.quotaNegative': label(
    '服务站“{station}”的站点额度为负（{amount}），新的额度占用已暂停，请调整额度',
    'Station "{station}" has a negative quota ({amount}): new draws on it are refused until its quota is adjusted',
  ),
  'message.text.reassignedAway': label(
    '{by} 已将工单 {name} 改派给其他工程师，您无需再处理',
    '{by} reassigned work order {name} to another engineer; you no longer handle it',
  ),
} as const;
