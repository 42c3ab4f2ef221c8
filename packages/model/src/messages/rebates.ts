import { label } from '../define.ts';

/** Texts of special prices (特价申请) and rebates (返利政策, 返利明细), issue 28. Amounts come formatted (¥1,234.00). */
export const rebateMessages = {
  'menu.proprice': label('特价申请', 'Special prices'),
  'menu.rebatePolicy': label('返利政策', 'Rebate policies'),
  'menu.rebateDetail': label('返利明细', 'Rebate ledger'),

  'proprice.dealerOnly': label('特价只能由经销商申请', 'Only a dealer may ask for a special price'),
  'proprice.period': label('失效日期不能早于生效日期', 'The end date may not be before the start date'),
  'proprice.ended': label(
    '失效日期 {to} 已过：特价期间须延续到今天或以后',
    'The end date {to} has passed: the period must run to today or later',
  ),
  'proprice.pricePositive': label('申请特价必须大于 0', 'The special price must be above zero'),
  'proprice.qtyPositive': label('申请数量必须大于 0', 'The quantity must be above zero'),
  'proprice.pending': label(
    '“{product}”已有特价申请 {name}（{from} 至 {to}）在审批中，期间不能重叠',
    'Special price request {name} for “{product}” ({from} to {to}) is under review; periods may not overlap',
  ),
  'proprice.overlapFrom': label(
    '“{buyer}”的“{product}”自 {from} 起已有长期价格，期间不能重叠',
    '“{buyer}” already has an open-ended price for “{product}” from {from}; periods may not overlap',
  ),
  'proprice.overlapUntil': label(
    '“{buyer}”的“{product}”至 {to} 前已有价格，期间不能重叠',
    '“{buyer}” already has a price for “{product}” until {to}; periods may not overlap',
  ),
  'proprice.overlapAlways': label(
    '“{buyer}”的“{product}”已有长期价格，期间不能重叠',
    '“{buyer}” already has a price for “{product}” without end; periods may not overlap',
  ),
  'proprice.remark': label('特价申请 {name}', 'Special price {name}'),

  'rebate.accountOpened': label(
    '返利账户随经销商开立，不能手工新建',
    'A rebate account opens with its dealer and cannot be created by hand',
  ),
  'rebate.movesByServer': label(
    '返利明细由计提和订单自动记账，不能手工新建',
    'Rebate moves are posted by accruals and orders and cannot be created by hand',
  ),
  'rebate.policy.activate': label('生效', 'Put in force'),
  'rebate.policy.activateAsk': label(
    '生效后政策不能再修改，财务将按月计提。确定生效吗？',
    'Once in force the policy cannot be changed and finance accrues it monthly. Put it in force?',
  ),
  'rebate.policy.accrue': label('计提返利', 'Accrue rebates'),
  'rebate.policy.accrueRefused': label('返利政策当前状态为“{state}”，不能计提', 'The policy is “{state}” and cannot be accrued'),
  'rebate.policy.stop': label('停用', 'Stop'),
  'rebate.policy.stopAsk': label(
    '停用后政策在今天结束，之后的月份不再计提。确定停用吗？',
    'The policy ends today: later months accrue nothing. Stop it?',
  ),
  'rebate.policy.period': label('失效日期不能早于生效日期', 'The end date may not be before the start date'),
  'rebate.policy.overlap': label(
    '产品线“{line}”已有返利政策“{name}”，期间与本政策重叠',
    'Product line “{line}” already has rebate policy “{name}” over part of this period',
  ),
  'rebate.monthRequired': label('请选择计提月份', 'Choose the month to accrue'),
  'rebate.monthOpen': label('{month} 尚未结束：只能计提已结束的月份', '{month} has not ended: only a month that has ended is accrued'),
  'rebate.monthBefore': label('{month} 早于政策生效日期 {from}', '{month} is before the policy starts ({from})'),
  'rebate.monthAfter': label('{month} 晚于政策失效日期 {to}', '{month} is after the policy ends ({to})'),
  'rebate.accrued': label(
    '已计提 {month}：{lines} 行签收明细，{dealers} 家经销商，返利 {amount}',
    'Accrued {month}: {lines} signed lines, {dealers} dealers, {amount} of rebate',
  ),
  'rebate.nothingNew': label(
    '{month} 没有新的可计提明细（已计提过的不会重复计提）',
    'Nothing new to accrue for {month} (what was accrued is never accrued again)',
  ),
  'rebate.accrualRemark': label('{policy} {month} 计提', '{policy}, {month}'),
  'rebate.insufficient': label('返利余额不足：可用 {balance}，本单抵扣 {amount}', 'Not enough rebate: {balance} available, {amount} asked'),
  'rebate.overTotal': label(
    '返利抵扣 {amount} 不能超过订单金额 {total}',
    'The rebate used ({amount}) may not exceed the order total ({total})',
  ),
  'rebate.negative': label('返利抵扣不能为负数', 'The rebate used may not be negative'),
  'rebate.buyerOnly': label('只有下单单位可以填写返利抵扣', 'Only the buyer may set the rebate used'),
  'rebate.dealerOnly': label(
    '返利属于经销商：只有经销商自己的订单可以使用返利',
    "Rebates are the dealer's: only the dealer's own orders may use them",
  ),
  'rebate.useRemark': label('订单 {name} 抵扣', 'Used on order {name}'),
  'rebate.releaseRemark': label('订单 {name} 退回抵扣', 'Given back by order {name}'),
  'rebate.accountRemark': label('返利抵扣（订单 {name}）', 'Rebate used (order {name})'),
} as const;
