import { label } from '../define.ts';

/** Texts of marketing funds (市场费用, issue 28): cost and activity applications, the on-site check, write-offs. */
export const marketingFundsMessages = {
  'menu.costApply': label('费用申请', 'Cost applications'),
  'menu.activityApply': label('活动申请', 'Activity applications'),
  'menu.activityUse': label('费用核销', 'Fund write-offs'),

  'funds.dealerOnly': label('只有经销商可以申请和核销市场费用', 'Only a dealer may apply for and claim marketing funds'),
  'funds.endBeforeStart': label('结束日期不能早于开始日期', 'The end date cannot be before the start date'),
  'funds.linesRequired': label('请至少添加一条费用明细', 'Add at least one cost line'),

  'funds.cut': label('核定金额', 'Set approved amount'),
  'funds.cutRefused': label('只有审批中的申请才能核定金额', 'Only an application under review can have its amount set'),
  'funds.notCurrentApprover': label('只有当前步骤的审批人可以核定金额', "Only the current step's approver may set the approved amount"),
  'funds.cutOverRequested': label('核定金额不能超过申请金额 ¥{amount}', 'The approved amount cannot exceed the requested ¥{amount}'),
  'funds.cutDone': label('已核定金额 ¥{amount}', 'Approved amount set to ¥{amount}'),

  'funds.checkAction': label('稽核', 'Check on site'),
  'funds.checkStart': label('现场稽核', 'On-site check'),
  'funds.checkNotApproved': label('只有已审批的活动才能稽核', 'Only an approved activity can be checked'),
  'funds.alreadyChecked': label('该活动已于 {date} 稽核，不能重复稽核', 'This activity was checked on {date} and cannot be checked again'),
  'funds.photosRequired': label('请先上传现场照片，再提交稽核', 'Upload the site photos before recording the check'),
  'funds.checkDateRange': label(
    '稽核日期应在活动开始日期 {start} 至今天之间',
    'The check date must be between the start of the activity ({start}) and today',
  ),
  'funds.checkDone': label('已记录现场稽核：{result}', 'On-site check recorded: {result}'),
  'funds.checkHint': label(
    '先在下方“现场照片”中上传现场照片（至少一张），再点击“稽核”填写稽核结果、日期与说明。',
    'Upload the site photos (at least one) below, then press Check on site to record the result, date and remarks.',
  ),
  'funds.checkNotYet': label('活动审批通过后才能稽核', 'The activity can be checked once it is approved'),
  'funds.checkPhotos': label('现场照片', 'Site photos'),

  'funds.useTargetRequired': label('请选择要核销的活动申请或费用申请', 'Choose the activity or cost application to claim against'),
  'funds.useTargetBoth': label('活动申请和费用申请只能选择一个', 'Choose either an activity application or a cost application, not both'),
  'funds.useTargetNotApproved': label(
    '只能核销已审批的申请（{name} 当前为“{state}”）',
    'Only an approved application can be claimed against ({name} is {state})',
  ),
  'funds.useTargetForeign': label('只能核销本经销商的申请', "Only the dealer's own applications can be claimed against"),
  'funds.useCheckFailed': label(
    '活动 {name} 现场稽核不合格，不能核销',
    'Activity {name} failed its on-site check and cannot be claimed against',
  ),
  'funds.overAvailable': label('超出可核销金额，剩余可核销 ¥{left}', 'Above what is left to claim: ¥{left} left'),
  'funds.photosRequiredUse': label('请上传活动照片后再提交核销', 'Attach the photos before submitting the claim'),
  'funds.fundRemark': label('市场费用核销 {name}', 'Marketing fund claim {name}'),
  'funds.costLines': label('费用明细', 'Cost lines'),
  'funds.actualCosts': label('实际费用', 'Actual costs'),
  'funds.claim': label('申请核销', 'Claim'),
  'funds.approvedTag': label('核定 {amount}', 'Approved {amount}'),
  'funds.availableOf': label(
    '{name}：核定 ¥{approved}，已核销 ¥{used}，审批中 ¥{pending}，可核销 ¥{available}',
    '{name}: approved ¥{approved}, written off ¥{used}, under review ¥{pending}, left ¥{available}',
  ),
} as const;
