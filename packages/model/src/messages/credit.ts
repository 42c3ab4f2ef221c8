import { label } from '../define.ts';

/** Texts of a dealer's credit: the standing limit, temporary credit and the order's credit check (issue 28). */
export const creditMessages = {
  'menu.dealerAccount': label('往来账户与信用额度', 'Dealer accounts and credit'),
  'menu.tempCredit': label('临时信用额度', 'Temporary credit'),
  'menu.creditLimitLog': label('信用额度变更记录', 'Credit limit changes'),
  'credit.short': label('信用额度不足，还差 {amount}', 'Not enough credit: {amount} short'),
  'credit.limitLogByServer': label(
    '信用额度变更记录随额度修改自动生成，不能手工新建',
    'Credit limit changes are recorded when the limit is changed and cannot be created by hand',
  ),
  'credit.temp.dealerOnly': label('只有经销商可以为本经销商申请临时信用额度', 'Only a dealer may apply for temporary credit, for itself'),
  'credit.temp.period': label('截止日期不能早于生效日期', 'The end date cannot be before the start date'),
  'credit.temp.ended': label(
    '截止日期 {date} 已过，不能提交；请修改有效期',
    'The end date {date} has passed; change the period before submitting',
  ),
  'credit.temp.terminate': label('提前终止', 'End early'),
  'credit.temp.terminateAsk': label(
    '终止后，该临时额度从今天起不再计入可用额度（已提交的订单不受影响）。确定终止吗？',
    'From today this temporary credit no longer counts (orders already submitted are not affected). End it?',
  ),
  'credit.temp.terminateRefused': label(
    '临时额度当前状态为“{state}”，只有已审批的才能终止',
    'The temporary credit is “{state}”; only an approved one can be ended',
  ),
  'credit.temp.alreadyEnded': label('该临时额度已于 {date} 到期或终止', 'This temporary credit already ended on {date}'),
  'credit.temp.terminated': label('临时额度已终止，今天起不再计入', 'The temporary credit was ended; it no longer counts from today'),
} as const;
