import { label, type Label } from './define.ts';

/**
 * What each system parameter the portal knows is for (issue 24: 系统参数 listed bare keys). The
 * list and the form show the description beside the key; a parameter an administrator adds
 * without one here shows none.
 */
export const SYSTEM_PARAMETERS: Record<string, Label> = {
  ExpenseDoubtWorkingDays: label(
    '费用结算单发布后，服务站可提出异议的工作日天数（不填为 2）',
    'Working days a station has to raise a doubt on a published expense settlement (2 when empty)',
  ),
  AccountStatementDoubtWorkingDays: label(
    '月度对账单生成（或总部答复异议）后，经销商可确认或提出异议的工作日天数（不填为 5）；逾期视同确认',
    'Working days a dealer has to confirm or dispute its monthly statement after it is generated or its disputes answered (5 when empty); after them it counts as confirmed',
  ),
  SalesForecastDeadlineDay: label(
    '销售预测截止日：每月该日之后，当月的销售预测不能再新建、修改或提交（不填为 25）',
    'Sales forecast deadline: after this day of a month, that month’s forecast can no longer be created, changed or submitted (25 when empty)',
  ),
  // Kept from the original portal; nothing reads these yet, so the description says so.
  CurrencyUnit: label('金额的货币单位（如“元”）。预留参数，当前未使用', 'Currency unit of amounts (such as 元). Reserved: not used yet'),
  ServiceHotline: label('对外公布的服务热线号码。预留参数，当前未使用', 'The published service hotline number. Reserved: not used yet'),
  AttachmentMaxMB: label(
    '附件大小上限（MB）。预留参数，当前未使用：服务业务附件固定 3M，其他附件 50MB',
    'Attachment size limit (MB). Reserved: not used yet; service attachments are fixed at 3M, others at 50MB',
  ),
};

/** The description of a parameter by its key, if the portal knows it. */
export const parameterDescription = (name: unknown): Label | undefined =>
  typeof name === 'string' && Object.hasOwn(SYSTEM_PARAMETERS, name) ? SYSTEM_PARAMETERS[name] : undefined;
