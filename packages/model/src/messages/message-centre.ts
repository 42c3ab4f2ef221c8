import { label } from '../define.ts';

/** Texts of the message centre (/message/message) and of the messages the commands leave there. */
export const messageCentreMessages = {
  'menu.messageCentre': label('消息中心', 'Messages'),
  'message.kind.all': label('全部', 'All'),
  'message.kind.approval': label('审批', 'Approvals'),
  'message.kind.workOrder': label('工单', 'Work orders'),
  'message.kind.settlement': label('结算', 'Settlement'),
  'message.kind.parts': label('配件', 'Parts'),
  'message.kind.notice': label('公告', 'Notices'),
  'message.readAll': label('全部已读', 'Mark all read'),
  'message.allRead': label('已全部标记为已读', 'All messages marked as read'),
  'message.unreadCount': label('{n} 条未读消息', '{n} unread messages'),
  'message.empty': label('暂无消息', 'No messages'),
  'message.unread': label('未读', 'Unread'),
  'message.read': label('已读', 'Read'),
  'message.col.kind': label('类型', 'Kind'),
  'message.col.text': label('内容', 'Message'),
  'message.col.time': label('时间', 'Time'),
  'message.notFound': label('消息不存在', 'Message not found'),
  'message.text.dispatched': label('{by} 将工单 {name} 派给了您', '{by} dispatched work order {name} to you'),
  'message.text.reassigned': label('{by} 将工单 {name} 改派给了您', '{by} reassigned work order {name} to you'),
  'message.text.appointment': label(
    '工单 {name} 的预约改为 {date} {begin}–{end}',
    'The appointment of work order {name} is now {date} {begin}–{end}',
  ),
  'message.text.supervised': label('工单 {name} 被督办：{reason}', 'Work order {name} is being supervised: {reason}'),
  'message.text.approvalWaiting': label('{entity} {name} 等待您审批（{step}）', '{entity} {name} is waiting for your approval ({step})'),
  'message.text.approved': label('您提交的{entity} {name} 已审批通过', 'Your {entity} {name} was approved'),
  'message.text.rejected': label('您提交的{entity} {name} 被驳回', 'Your {entity} {name} was rejected'),
  'message.text.vetoed': label('您提交的{entity} {name} 被否决', 'Your {entity} {name} was vetoed'),
  'message.text.shipped': label(
    '发货单 {name} 已发出（{corp} {tracking}），请收货',
    'Delivery {name} has been shipped ({corp} {tracking}); please receive it',
  ),
  'message.text.settlementToConfirm': label(
    '费用结算单 {name} 待确认：审核金额 {amount}，请在 {deadline} 前确认或提出异议',
    'Settlement statement {name} awaits your confirmation: approved amount {amount}; confirm or raise doubts by {deadline}',
  ),
  'message.text.settlementDoubt': label(
    '服务站对费用结算单 {name} 提出异议：{doubt}',
    'The station raised doubts about settlement statement {name}: {doubt}',
  ),
} as const;
