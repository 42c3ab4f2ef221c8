import { label } from '../define.ts';

/** Texts of sales contracts and payment plans (销售合同, 回款计划), issue 29. Amounts come as 1,234.00 after the text's ¥. */
export const salesContractMessages = {
  'menu.salesContracts': label('销售合同', 'Sales contracts'),
  'menu.paymentPlans': label('回款计划', 'Payment plans'),

  'salesContract.leadNotFound': label('线索不存在或无权访问', 'The lead does not exist or is out of your reach'),
  'salesContract.opportunityNotFound': label('商机不存在或无权访问', 'The opportunity does not exist or is out of your reach'),
  'salesContract.quoteNotFound': label('报价单不存在或无权访问', 'The quote does not exist or is out of your reach'),
  'salesContract.productInactive': label('产品“{name}”已停用，不能签约', 'Product “{name}” is inactive and cannot be contracted'),
  'salesContract.noLines': label('合同还没有明细，不能提交审批', 'The contract has no lines and cannot be submitted'),
  'salesContract.plansMismatch': label(
    '回款计划合计 ¥{planned} 与合同金额 ¥{amount} 不一致（相差 ¥{diff}），不能提交审批',
    'The payment plans add up to ¥{planned}, not the contract amount ¥{amount} (a difference of ¥{diff}): it cannot be submitted',
  ),
  'salesContract.planAboveAmount': label(
    '回款计划金额 ¥{amount} 超过合同尚未计划的金额 ¥{left}（合同金额 ¥{total}）',
    'The planned amount ¥{amount} is above what the contract leaves unplanned, ¥{left} (contract amount ¥{total})',
  ),
  'salesContract.receiptContractForeign': label(
    '合同“{name}”不是本单位的已生效销售合同，不能用于回款',
    'Contract “{name}” is not a contract in force paid by your unit: a receipt cannot name it',
  ),
  'salesContract.receiptContractPaid': label('合同“{name}”的回款计划已全部回清', 'The payment plans of contract “{name}” are all paid'),
  'salesContract.quoteNotActive': label(
    '报价单 {name} 为“{state}”：只有已生效或已赢单的报价单可以签订合同',
    'Quote {name} is “{state}”: only an active or won quote becomes a contract',
  ),
  'salesContract.sourceFixed': label(
    '合同的来源（线索、商机、报价单）在创建时确定，之后不能更改',
    'A contract’s source (lead, opportunity, quote) is set when it is made and cannot be changed',
  ),
  'salesContract.lineNoProduct': label('请选择产品或填写产品名称', 'Choose a product or enter the product name'),
  'salesContract.ownerOnly': label('只有签约方（{unit}）可以修改合同', 'Only the contracting side ({unit}) may change the contract'),
  'salesContract.payerNotPayer': label(
    '客户“{customer}”不属于经销商或门店：合同的付款单位须为服务该客户的经销商或门店',
    'Customer “{customer}” belongs to no dealer or store: the paying unit of a contract is the dealer or store serving its customer',
  ),
  'salesContract.linesTab': label('合同明细', 'Lines'),
  'salesContract.plansTab': label('回款计划', 'Payment plans'),
  'salesContract.plansHint': label('计划合计 ¥{planned}，合同金额 ¥{amount}', 'Planned ¥{planned} of the contract amount ¥{amount}'),
  'salesContract.from': label('来源：{source}', 'From: {source}'),
} as const;
