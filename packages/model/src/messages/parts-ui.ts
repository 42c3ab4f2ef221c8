import { label } from '../define.ts';

/** Texts of the parts screens (buttons, dialogs, columns that are not model fields). */
export const partsUiMessages = {
  'parts.ui.lines': label('明细', 'Lines'),
  // document lines (applications, transfers, deliveries)
  'parts.ui.lineAdd': label('新增明细', 'Add line'),
  'parts.ui.lineEdit': label('编辑', 'Edit'),
  'parts.ui.lineDelete': label('删除', 'Delete'),
  'parts.ui.lineDeleteConfirm': label(
    '确定删除明细“{name}”吗？删除后不能恢复。',
    'Delete the line "{name}"? Deleted data cannot be recovered.',
  ),
  'parts.ui.linesEmpty': label('暂无明细', 'No lines yet'),
  'parts.ui.linesFailed': label('明细加载失败：{message}', 'The lines failed to load: {message}'),
  'parts.ui.linesTotal': label('合计：{qty} 件，{amount}', 'Total: {qty} pcs, {amount}'),
  'parts.ui.shortfall': label('库存不足，缺 {short}', 'Short of stock by {short}'),
  'parts.ui.stockAvailable': label('可用库存 {available}', '{available} available'),
  'parts.ui.shortfallHint': label('库存不足，缺 {short}（可用库存 {available}）', 'Short of stock by {short} ({available} available)'),
  'parts.ui.backOrderNote': label(
    '仍可保存：不足部分作为缺货申请，由供货仓库补货后发出',
    'You can still save: the missing quantity is back-ordered and ships once the warehouse has it',
  ),
  // applications and transfers
  'parts.ui.readOnly': label('单据当前状态不可修改', 'This document cannot be changed in its current state'),
  'parts.ui.approvedQty': label('修改审批数量', 'Change approved quantities'),
  'parts.ui.approvedHint': label(
    '审批数量可在 0 至申请数量之间调整，保存后再审批',
    'Set each approved quantity between 0 and the applied quantity, save, then approve',
  ),
  'parts.ui.close': label('关闭', 'Close'),
  'parts.ui.closeTitle': label('关闭单据', 'Close the document'),
  'parts.ui.closeHint': label(
    '关闭后，已预留但未发出的配件将被释放，单据不能再发货。',
    'Closing releases what is reserved and not shipped; nothing more ships on this document.',
  ),
  'parts.ui.deliveries': label('发货记录', 'Deliveries'),
  'parts.ui.deliveriesEmpty': label('暂无发货记录', 'No deliveries yet'),
  'parts.ui.openDocument': label('查看单据', 'Open document'),
  // deliveries
  'parts.ui.step.submit': label('提交', 'Submit'),
  'parts.ui.step.pick': label('拣货', 'Pick'),
  'parts.ui.step.pack': label('包装', 'Pack'),
  'parts.ui.step.out': label('出库', 'Stock out'),
  'parts.ui.step.ship': label('发运', 'Ship'),
  'parts.ui.stepConfirm': label('确定对发货单“{name}”执行“{action}”吗？', 'Run "{action}" on delivery {name}?'),
  'parts.ui.progress': label('作业进度', 'Progress'),
  'parts.ui.applications': label('配件申请单', 'Parts applications'),
  'parts.ui.chooseWarehouseFirst': label('请先选择发货仓库', 'Choose the sending warehouse first'),
  'parts.ui.noDeliverableApplications': label(
    '该仓库没有可发货的配件申请（已审批的申请已全部发货或已在未发运的发货单上）',
    'This warehouse has no application left to deliver (approved ones are delivered or already on deliveries not yet shipped)',
  ),
  'parts.ui.handLinesHint': label(
    '损坏、故障、报废出库的配件请在创建后于明细中添加',
    'Damaged, faulty and scrapped parts are added as lines after creating',
  ),
  'parts.ui.create': label('创建', 'Create'),
  'parts.ui.lineCreateTitle': label('新增发货明细', 'New delivery line'),
  'parts.ui.lineEditTitle': label('编辑发货明细', 'Edit delivery line'),
  // receipts
  'parts.ui.receipt': label('发货签收', 'Receive delivery'),
  'parts.ui.remaining': label('待签收数量', 'Still to receive'),
  'parts.ui.receiveQty': label('本次签收数量', 'Receive now'),
  'parts.ui.receiveAll': label('全部签收', 'Receive all'),
  'parts.ui.receiveConfirm': label('确认签收', 'Confirm receipt'),
  'parts.ui.notReceivable': label('只有已发运或部分签收的发货单才能签收', 'Only shipped or partially received deliveries can be received'),
  'parts.ui.fullyReceived': label('该发货单已全部签收', 'This delivery is fully received'),
} as const;
