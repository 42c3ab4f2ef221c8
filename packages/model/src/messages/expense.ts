import { label } from '../define.ts';

/** Expense settlement: refusals and answers of the commands, texts of its screens. */
export const expenseMessages = {
  // spec 001 §8, word for word: a statement is generated, never created by hand, and generating again adds nothing.
  'expense.onlyModify': label('费用结算单只能修改，不能新建', 'Expense settlement can only be modified, not created'),
  'expense.generated': label(
    '已生成 {created} 张费用结算单，含 {orders} 张工单、{fines} 张奖惩单',
    'Generated {created} expense settlements with {orders} work orders and {fines} reward/punishment orders',
  ),
  'expense.generatedSome': label(
    '已生成 {created} 张费用结算单，含 {orders} 张工单、{fines} 张奖惩单；{existing} 个服务站该期间已有结算单，未重复生成',
    "Generated {created} expense settlements with {orders} work orders and {fines} reward/punishment orders; {existing} stations already had this period's statement",
  ),
  'expense.nothingToSettle': label(
    '所选服务站在该期间没有待结算的工单或奖惩单',
    'The chosen stations have nothing to settle in this period',
  ),
  'expense.yearRange': label('结算年度须在 {min} 至 {max} 之间', 'The year must be between {min} and {max}'),
  'expense.monthRange': label('结算月份须在 1 至 12 之间', 'The month must be between 1 and 12'),
  'expense.sectionRequired': label('请选择结算时段（上半月或下半月）', 'Choose the section (first or second half)'),
  'expense.settleWayRequired': label('请选择结算方式', 'Choose the settle way'),
  'expense.periodNotStarted': label('该结算时段尚未开始', 'This period has not started yet'),
  'expense.stationNotFound': label('服务站不存在', 'Service station not found'),
  'expense.wrongState': label('结算单当前状态为“{state}”，不能{command}', 'The settlement is “{state}”: it cannot be {command} now'),
  'expense.stationOnly': label('只有结算单所属服务站可以{action}', "Only the settlement's own station may do this: {action}"),
  'expense.headOfficeOnly': label('只有总部可以{action}', 'Only head office may do this: {action}'),
  'expense.bankRequired': label('请填写开户银行和银行账号', 'Enter the bank and the bank account'),
  'expense.tooLong': label('{field}不能超过 {max} 个字符', '{field} must be at most {max} characters'),
  'expense.doubtRequired': label('请填写异议内容', 'Enter your doubts'),
  'expense.doubtLapsed': label(
    '已超过 {days} 个工作日的异议期限，结算单视为已确认',
    'The {days} working days for doubts have passed: the statement counts as confirmed',
  ),
  'expense.amountInvalid': label('{field}须为金额，最多两位小数', '{field} must be an amount with at most 2 decimals'),
  'expense.adjustReasonRequired': label('有调整金额时请填写调整原因', 'Give the reason for the adjustment'),
  'expense.approvalNegative': label(
    '审批金额不能为负数（结算金额 {total}，调整 {adjust}）',
    'The approved amount cannot be negative (total {total}, adjustment {adjust})',
  ),
  'expense.invoiceRequired': label('请填写发票号码和开票日期', 'Enter the invoice number and date'),
  'expense.invoiceAmount': label(
    '请按审批金额开票：发票金额须为 {amount}',
    'Invoice the approved amount: the invoice must be for {amount}',
  ),
  'expense.settlementByClaim': label(
    '该工单的结算状态由费用结算单 {claim} 办理',
    "This work order's settlement follows expense settlement {claim}",
  ),

  // What each command does (in the state refusals) and what it answers.
  'expense.action.submit': label('提交', 'submitted'),
  'expense.action.returnOldParts': label('返还旧件', 'marked as old parts returned'),
  'expense.action.receiveOldParts': label('签收旧件', 'marked as old parts received'),
  'expense.action.calculate': label('核算费用', 'calculated'),
  'expense.action.confirm': label('确认费用', 'confirmed'),
  'expense.action.doubt': label('提出异议', 'doubted'),
  'expense.action.invoice': label('受理发票', 'invoiced'),
  'expense.action.pay': label('支付', 'paid'),
  'expense.done.submit': label('已提交', 'Submitted'),
  'expense.done.returnOldParts': label('旧件已返还，待总部签收', 'Old parts returned: head office receives them next'),
  'expense.done.receiveOldParts': label('旧件已签收，待核算费用', 'Old parts received: expenses to be calculated'),
  'expense.done.calculate': label('费用已核算，待服务站在 {deadline} 前确认', 'Expenses calculated: the station confirms by {deadline}'),
  'expense.done.confirm': label('已确认', 'Confirmed'),
  'expense.done.doubt': label('异议已提交，待总部重新核算', 'Doubts sent: head office recalculates'),
  'expense.done.invoice': label('发票已受理', 'Invoice accepted'),
  'expense.done.pay': label('已支付', 'Paid'),

  // Screens
  'expense.ui.generate': label('生成结算单', 'Generate settlements'),
  'expense.ui.generateHint': label(
    '按服务站汇总该期间已审核、未结算的工单和已审批的奖惩单，每个服务站一张结算单',
    'One statement per station from its audited, unsettled work orders and approved reward/punishment orders of the period',
  ),
  'expense.ui.allStations': label('全部服务站', 'All stations'),
  'expense.ui.stations': label('服务站（不选为全部）', 'Stations (none chosen: all)'),
  'expense.ui.lines': label('结算明细', 'Lines'),
  'expense.ui.linesEmpty': label('暂无明细', 'No lines'),
  'expense.ui.deadlinePassed': label('异议期限已过，结算单视为已确认', 'The time for doubts has passed: the statement counts as confirmed'),
  'expense.ui.deadline': label('请在 {deadline} 前确认或提出异议', 'Confirm or raise doubts by {deadline}'),
  'expense.ui.confirmAsk': label(
    '确认后工单进入“结算已确认”，不能再提出异议。确定确认结算单“{name}”吗？',
    'After confirming, the work orders are settlement confirmed and doubts are closed. Confirm {name}?',
  ),
  'expense.ui.noPeriodData': label('没有结算数据', 'No settlement data'),
  'expense.ui.readOnly': label(
    '结算单只能通过结算步骤推进，不能直接修改',
    'A statement moves only through its settlement steps; it cannot be edited',
  ),

  // The printable settlement confirmation form (web print view and the server's PDF).
  'expense.print.open': label('打印确认单', 'Print confirmation'),
  'expense.print.title': label('费用结算确认单', 'Expense settlement confirmation'),
  'expense.print.print': label('打印', 'Print'),
  'expense.print.pdf': label('下载 PDF', 'Download PDF'),
  'expense.print.back': label('返回结算单', 'Back to the settlement'),
  'expense.print.period': label('结算期间', 'Period'),
  'expense.print.periodText': label('{year} 年 {month} 月 {section}', '{month}/{year}, {section}'),
  'expense.print.totals': label('费用汇总', 'Totals'),
  'expense.print.lines': label('工单明细', 'Lines per work order'),
  'expense.print.bankInfo': label('收款信息', 'Payment details'),
  'expense.print.stationSign': label('服务站签字', 'Station signature'),
  'expense.print.stationSeal': label('服务站盖章', 'Station seal'),
  'expense.print.hqSign': label('总部签字', 'Head office signature'),
  'expense.print.hqSeal': label('总部盖章', 'Head office seal'),
  'expense.print.date': label('日期', 'Date'),
  'expense.print.printedAt': label('打印时间：{time}', 'Printed {time}'),
  'expense.print.statement': label(
    '经双方核对，本期结算金额以审批金额为准。',
    'Checked by both sides: the approved amount is the amount settled for this period.',
  ),
} as const;
