import { label } from '../define.ts';

/**
 * Old parts back to factory (旧件返厂): the commands' refusals and answers (spec 001 §5, §8) and the
 * screen and print texts. Generic texts (select at least one item, logistics required, freight range,
 * received over, only draft …) are the parts messages'.
 */
export const partsReturnMessages = {
  'partsReturn.noDirectLines': label(
    '旧件返厂明细不能直接创建，请从待返旧件中选取',
    'Old-parts return details cannot be created directly: pick them from the old parts owed',
  ),
  'partsReturn.countExceeds': label(
    '返厂数量不能大于待返数量，配件“{part}”（工单 {order}）还可返 {remaining}',
    'Returned-to-factory count cannot exceed the count still to return: at most {remaining} more of {part} (work order {order})',
  ),
  'partsReturn.costCenterRequired': label('旧件返厂明细的成本中心不能为空', 'The cost center is required on an old-parts return line'),
  'partsReturn.notOwed': label(
    '所选配件更换明细不属于本服务站已完工工单，或已没有待返旧件',
    'The chosen parts replacement line is not an old part owed by this station',
  ),
  'partsReturn.lineHeldQty': label(
    '配件“{part}”已有 {held} 件旧件选入旧件返厂单 {returns}，数量不能少于 {held}',
    'The old-parts return {returns} already holds {held} of {part}: the quantity cannot be less than {held}',
  ),
  'partsReturn.lineHeldDelete': label(
    '配件“{part}”已有 {held} 件旧件选入旧件返厂单 {returns}，不能删除或更换配件；请先从返厂单中移除',
    'The old-parts return {returns} already holds {held} of {part}: the line cannot be deleted nor its part changed; remove it from the return first',
  ),
  'partsReturn.onlyDelivered': label('只有已发货或部分签收的返厂单才能签收', 'Only a delivered or semi received return can be received'),
  'partsReturn.onlyReceived': label('只有已签收或部分签收的返厂单才能确认', 'Only a received or semi received return can be confirmed'),
  'partsReturn.onlyConfirmed': label(
    '只有已确认且待核销的返厂单才能核销',
    'Only a confirmed return pending verification can be written off',
  ),
  'partsReturn.headOfficeOnly': label(
    '旧件返厂的签收、确认与核销由总部办理',
    'Head office receives, confirms and writes off old-parts returns',
  ),
  'partsReturn.picked': label('已选取 {count} 条待返旧件', '{count} owed old parts picked'),
  'partsReturn.delivered': label('发货成功', 'delivered'),
  'partsReturn.received': label('签收成功', 'received'),
  'partsReturn.writtenOff': label('核销成功', 'written off'),

  'partsReturn.ui.lines': label('返厂明细', 'Lines'),
  'partsReturn.ui.pick': label('选取待返旧件', 'Pick owed old parts'),
  'partsReturn.ui.pickTitle': label('待返旧件（已完工工单更换下的旧件）', 'Old parts owed (replaced on completed work orders)'),
  'partsReturn.ui.noOwed': label('没有待返旧件', 'No old parts owed'),
  'partsReturn.ui.owed': label('待返数量', 'Still to return'),
  'partsReturn.ui.deliver': label('发货', 'Deliver'),
  'partsReturn.ui.receive': label('签收', 'Receive'),
  'partsReturn.ui.confirm': label('确认', 'Confirm'),
  'partsReturn.ui.confirmAsk': label(
    '确认后未签收的旧件按缺件计入结算扣款，且不能再签收。确定确认吗？',
    'Parts not received will be deducted in the settlement as missing and nothing more can be received. Confirm?',
  ),
  'partsReturn.ui.writeOff': label('核销', 'Write off'),
  'partsReturn.ui.writeOffAsk': label(
    '核销后该返厂单计入服务站下一期费用结算（运费与缺件扣款）。确定核销吗？',
    "Once written off, the return counts in the station's next expense settlement (freight and missing parts). Write it off?",
  ),
  'partsReturn.ui.print': label('打印返厂清单', 'Print return list'),
  'partsReturn.ui.deleteLine': label('删除', 'Delete'),
  'partsReturn.ui.saveFirst': label('请先保存返厂单再选取旧件', 'Save the return first before picking old parts'),

  'partsReturn.print.title': label('服务商旧件返厂清单', 'Service-provider old-parts return list'),
  'partsReturn.print.lines': label('返厂旧件明细', 'Old parts returned'),
  'partsReturn.print.total': label('合计', 'Total'),
  'partsReturn.print.statement': label(
    '以上旧件由服务站装箱发运，总部按实收数量签收；未收到的旧件按缺件在费用结算中扣款。',
    'The station packs and ships the parts above; head office receives them by count. Parts not received are deducted in the expense settlement as missing.',
  ),
  'partsReturn.print.stationSign': label('服务站发货人签字', 'Station shipper signature'),
  'partsReturn.print.hqSign': label('总部旧件库签收人签字', 'Head office receiver signature'),
  'partsReturn.print.back': label('返回返厂单', 'Back to the return'),
} as const;
