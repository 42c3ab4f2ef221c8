import { defineNamedOptionSet, label } from '../define.ts';

/** spec 001 §4: expense settlement formstatus 1–8. */
export const expenseFormStatus = defineNamedOptionSet('new_formstatus', label('结算单状态', 'Settlement status'), {
  toSubmit: { value: 1, label: label('待提交', 'To be submitted'), color: 'orange' },
  oldPartsToReturn: { value: 2, label: label('待返旧件', 'Old parts to be returned'), color: 'blue' },
  oldPartsToReceive: { value: 3, label: label('待收旧件', 'Old parts to be received'), color: 'cyan' },
  toCalculate: { value: 4, label: label('待核算费用', 'Expenses to be calculated'), color: 'geekblue' },
  toConfirm: { value: 5, label: label('费用待确认', 'Expenses to be confirmed'), color: 'purple' },
  confirmed: { value: 6, label: label('费用已确认', 'Expenses confirmed'), color: 'green' },
  invoiceAccepted: { value: 7, label: label('发票已受理', 'Invoice accepted'), color: 'gold' },
  paid: { value: 8, label: label('费用已支付', 'Expenses paid'), color: 'default' },
});

/** spec 001 §4: the station's confirmation of a statement. */
export const siteConfirmStatus = defineNamedOptionSet('new_siteconfirmstatus', label('服务站确认状态', 'Station confirmation'), {
  unstarted: { value: 1, label: label('未开始', 'Unstarted'), color: 'default' },
  confirming: { value: 2, label: label('确认中', 'Confirming'), color: 'blue' },
  confirmed: { value: 3, label: label('已确认', 'Confirmed'), color: 'green' },
  rejected: { value: 4, label: label('有异议', 'Rejected'), color: 'red' },
});

/** spec 001 §9: section of the month. */
export const expenseSection = defineNamedOptionSet('new_section', label('结算时段', 'Section'), {
  firstHalf: { value: 1, label: label('上半月', 'First half') },
  secondHalf: { value: 2, label: label('下半月', 'Second half') },
});

/** How the amount is settled (values not in the specification: see docs/decisions.md). */
export const settleWay = defineNamedOptionSet('new_settleway', label('结算方式', 'Settle way'), {
  transfer: { value: 1, label: label('银行转账', 'Bank transfer') },
  offset: { value: 2, label: label('冲抵配件款', 'Offset against parts payments') },
});

/** What a settlement line stands for. */
export const expenseLineType = defineNamedOptionSet('new_linetype', label('明细类型', 'Line type'), {
  workOrder: { value: 1, label: label('服务工单', 'Work order') },
  claimFine: { value: 2, label: label('奖惩单', 'Reward/punishment order') },
});

/** spec 001 §9 lists 2013–2020 (the original's); we offer 2013 to the current year. */
export const EXPENSE_FIRST_YEAR = 2013;
