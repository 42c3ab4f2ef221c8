import { label } from '../define.ts';

/**
 * Texts of the stock screens (buttons, dialogs, columns that are not model fields). Field names
 * come from the model's labels; refusals come from the server (stock.* and parts.* in parts.ts),
 * and the screens reuse those texts for the same checks made before sending.
 */
export const stockUiMessages = {
  'stock.ui.lines': label('盘点明细', 'Count lines'),

  // Stock rows and moves
  'stock.ui.moves': label('库存流水', 'Stock moves'),
  'stock.ui.movesEmpty': label('暂无库存变动', 'No stock moves yet'),
  'stock.ui.document': label('来源单据', 'Source document'),
  'stock.ui.noDocument': label('期初入库，无来源单据', 'Opening stock: no source document'),

  // Count sheets
  'stock.ui.newCount': label('新建盘点', 'New count'),
  'stock.ui.newCountHint': label(
    '按所选仓库当前的库存生成盘点明细，每个配件一行',
    'The count lists every part the warehouse holds now, one line each',
  ),
  'stock.ui.progress': label('盘点进度', 'Progress'),
  'stock.ui.progressValue': label('{counted}/{lines}', '{counted}/{lines}'),
  'stock.ui.progressText': label(
    '已盘 {counted} / {lines} 行，差异 {variances} 行',
    '{counted} of {lines} lines counted, {variances} with a variance',
  ),
  'stock.ui.template': label('下载盘点模板', 'Download count template'),
  'stock.ui.import': label('导入实盘', 'Import counts'),
  'stock.ui.importTitle': label('导入实盘数量', 'Import counted quantities'),
  'stock.ui.importHint': label('Excel 列：物料编码、实盘数量（备注可选）', 'Excel columns: part number, counted quantity (memo optional)'),
  'stock.ui.submit': label('提交', 'Submit'),
  'stock.ui.confirm': label('确认盘点', 'Confirm count'),
  'stock.ui.cancel': label('取消盘点', 'Cancel count'),
  'stock.ui.confirmAsk': label(
    '确认后将按差异数量调整库存，且不能撤销。确定确认盘点单“{name}”吗？',
    'Confirming posts the variances to stock and cannot be undone. Confirm count {name}?',
  ),
  'stock.ui.cancelAsk': label(
    '取消后该盘点单不能再盘点。确定取消盘点单“{name}”吗？',
    'A cancelled count cannot be counted any more. Cancel count {name}?',
  ),
  'stock.ui.filter.uncounted': label('未盘', 'Not counted'),
  'stock.ui.filter.variance': label('有差异', 'With variance'),
  'stock.ui.unsaved': label('有 {count} 行修改未保存', '{count} changed lines not saved'),
  'stock.ui.countInvalid': label('实盘数量必须是 0 至 99999 的整数', 'The counted quantity must be an integer from 0 to 99999'),
  'stock.ui.fixErrors': label('请先修正标红的数量或备注', 'Correct the highlighted quantities or memos first'),
  'stock.ui.submitAsk': label(
    '提交后实盘数量不能再修改，将等待总部确认。确定提交盘点单“{name}”吗？',
    'After submitting, the counts can no longer change and wait for confirmation. Submit count {name}?',
  ),
  'stock.ui.taskNote': label('总部说明', 'Note from head office'),
  'stock.ui.submittedNote': label(
    '盘点单已提交，等待确认；实盘数量不能再修改',
    'The count is submitted and waits for confirmation; counts can no longer change',
  ),
  'stock.ui.closedNote': label('盘点单已确认或已取消，不能修改', 'The count is confirmed or cancelled and cannot be changed'),
  'stock.ui.overdue': label('已超过完成期限', 'Past its deadline'),

  // Inventory tasks
  'stock.ui.newTask': label('下达盘点任务', 'Release inventory task'),
  'stock.ui.taskHint': label('每个所选服务站将在其服务站库生成一张盘点单', 'Each chosen station gets a count sheet of its own warehouse'),

  // Station inventory and limits
  'stock.ui.chooseStation': label('请先选择服务站', 'Choose a service station first'),
  'stock.ui.level': label('库存水平', 'Level'),
  'stock.ui.level.below': label('低于下限', 'Below minimum'),
  'stock.ui.level.above': label('高于上限', 'Above maximum'),
  'stock.ui.level.ok': label('正常', 'OK'),
  'stock.ui.level.none': label('未设置', 'Not set'),
  'stock.ui.addParts': label('添加配件', 'Add parts'),
  'stock.ui.partListed': label('配件“{part}”已在列表中', '{part} is already listed'),
  'stock.ui.limitInvalid': label('请输入 0 至 99999 的整数', 'Enter an integer from 0 to 99999'),
  'stock.ui.limitBoth': label('请同时填写库存下限和库存上限', 'Enter both the minimum and the maximum'),
  'stock.ui.limitFix': label('请先修正标红的上下限', 'Correct the highlighted limits first'),
  'stock.ui.inventoryEmpty': label('该服务站暂无库存和上下限', 'This station has no stock or limits yet'),
  'stock.ui.unsavedRows': label('有 {count} 行修改未保存', '{count} changed rows not saved'),

  // Leaving with changes not saved
} as const;
