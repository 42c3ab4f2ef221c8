import { label } from '../define.ts';

/**
 * Texts of the parts and stock commands: spec 001 §5 (validation) and §8 (display and success
 * messages), with the specification's English wording as en-US.
 */
export const partsMessages = {
  // §5 validation
  'parts.saveHeaderFirst': label('请先保存主单据再添加明细', 'Save the main document first before adding details'),
  'parts.linesLocked': label(
    '只有草稿或已驳回的单据才能增加、删除或修改明细',
    'Details can be added, deleted or modified only while the document is draft or rejected',
  ),
  'parts.repeatedPart': label('配件“{part}”重复，同一配件不允许重复添加', 'Repeated part not allowed: {part}'),
  'parts.qtyInteger': label('{field}只能输入整数', '{field}: integer only'),
  'parts.qtyPositive': label('{field}必须大于0', '{field} must be larger than 0'),
  'parts.qtyTooLarge': label('{field}必须小于100000', '{field} must be less than 100,000'),
  'parts.qtyRequired': label('请填写{field}', 'Please enter the {field}'),
  'parts.deliveredOverApproved': label(
    '发货数量不能大于审批数量，配件“{part}”最多还可发 {remaining}',
    'Delivered number cannot exceed the approved number: at most {remaining} more of {part}',
  ),
  'parts.approvedOverApplied': label(
    '审批数量不能大于申请数量（{part}：{qty}）',
    'The approved quantity cannot exceed the applied quantity ({part}: {qty})',
  ),
  'parts.shipmentPositive': label('发货数量必须大于0', 'Shipment must be above 0'),
  'parts.detailRequired': label('请至少添加一条单据明细', 'Add at least one document detail'),
  'parts.warehouseRequired': label('请选择仓库', 'Please choose the warehouse'),
  'parts.stationRequired': label('请选择服务站', 'Please choose the service station'),
  'parts.partRequired': label('请选择配件', 'Please choose the part'),
  'parts.workOrderRequired': label('维修申请请选择维修工单', 'A repair application needs its work order'),
  'parts.workOrderOfStation': label('维修工单必须是本服务站的工单', "The work order must be one of the station's own"),
  'parts.centralOnly': label('供货仓库必须是中心库', 'The supplying warehouse must be a central warehouse'),
  'parts.sameWarehouse': label('调出仓库与调入仓库不能相同', 'The from and to warehouses must differ'),
  'parts.selectOne': label('请至少选择一项', 'Select at least one item'),
  'parts.onlyDraftDelete': label('只有草稿状态的单据才能删除', 'Only draft documents can be deleted'),
  'parts.onlyDraftConfirm': label('只有草稿状态的单据才能确认', 'Only draft documents can be confirmed'),
  'parts.onlyDraftModify': label('只有草稿状态的单据才能修改', 'Only draft documents can be modified'),
  // "at most 100" (memo, close reason); "under 100" limits (return reason, deliver address) are validation.under.
  'parts.reasonTooLong': label('{field}不能超过100个字', '{field}: at most 100 characters'),
  'parts.freightRange': label('运费必须在 0 至 99,999 元之间', 'The freight must be in the normal range (0 to 99,999)'),
  'parts.logisticsRequired': label('请填写物流公司和物流单号', 'Please enter the logistics company and the tracking number'),
  'parts.limitRange': label('库存上限不能小于库存下限', 'The maximum cannot be less than the minimum'),
  // §8 display messages
  'parts.stationNoWarehouse': label('服务站没有仓库', 'The station has no warehouse'),
  'parts.warehouseNoAddress': label('仓库没有地址', 'The warehouse has no address'),
  'parts.notYourDocument': label('单据不属于本服务站或仓库', 'The document does not belong to this station or warehouse'),
  'parts.documentNotFound': label('单据不存在', 'Document not found'),
  'parts.relatedNotFound': label('未找到相关信息', 'Related information not found'),
  'parts.stateChanged': label('单据已被他人处理，请刷新后重试', 'The document was changed by someone else; refresh and try again'),
  // applications
  'parts.notApproved': label('只有审批通过的申请才能发货', 'Only approved applications can be delivered'),
  'parts.closed': label('单据已关闭', 'The document is closed'),
  'parts.closeNotAllowed': label('只有审批通过且未发完的申请才能关闭', 'Only approved applications not fully delivered can be closed'),
  'parts.closeOpenDeliveries': label('还有未发运的发货单，不能关闭', 'A delivery of it has not shipped yet; it cannot be closed'),
  'parts.closeReasonRequired': label('请填写关闭原因', 'Please enter the close reason'),
  'parts.notCurrentApprover': label(
    '只有当前步骤的审批人可以修改审批数量',
    'Only the approver of the current step can change approved quantities',
  ),
  'parts.otherDestination': label(
    '所选申请的收货仓库不同，不能合并发货',
    'The chosen applications go to different warehouses and cannot ship together',
  ),
  'parts.otherSupplier': label('所选申请不是由本仓库供货', 'The chosen application is not supplied by this warehouse'),
  'parts.nothingToDeliver': label('所选单据已无待发配件', 'Nothing is left to deliver on the chosen documents'),
  // deliveries and receipts
  'delivery.stepNotAllowed': label(
    '发货单当前状态为“{state}”，不能{command}',
    'The delivery is "{state}": "{command}" is not possible now',
  ),
  'delivery.receiptNeedsShipped': label(
    '只有已发运或部分签收的发货单才能签收',
    'A receipt requires a shipped or partially received delivery',
  ),
  'delivery.receivedOver': label(
    '签收数量不能大于未签收数量，配件“{part}”最多还可签收 {remaining}',
    'The received number cannot exceed what is not yet received: at most {remaining} more of {part}',
  ),
  'delivery.receiveNothing': label('请填写签收数量', 'Please enter the received quantities'),
  'delivery.noReceiver': label('该发货单没有收货仓库，无需签收', 'This delivery has no receiving warehouse and needs no receipt'),
  'delivery.linesFromDocument': label(
    '明细来自所选单据，不能直接新增',
    'The details come from the chosen documents and cannot be created directly',
  ),
  'delivery.scrapReasonRequired': label(
    '报废出库请选择报废原因和报废后处理',
    'A scrap delivery needs the scrap reason and the handling after scrap',
  ),
  // stock
  'stock.insufficient': label(
    '配件“{part}”在{warehouse}库存不足：可用 {available}，需要 {qty}',
    'Not enough {part} in {warehouse}: {available} available, {qty} needed',
  ),
  'stock.belowFrozen': label(
    '配件“{part}”实盘数量不能小于已冻结数量 {frozen}',
    'The counted quantity of {part} cannot be less than the frozen {frozen}',
  ),
  'stock.countNotOpen': label('盘点单已提交或已确认，不能修改', 'The count is submitted or confirmed and cannot be changed'),
  'stock.countAlreadyOpen': label(
    '仓库“{warehouse}”已有未完成的盘点单 {name}，请先完成或取消该盘点单',
    'Warehouse "{warehouse}" already has an open stock count {name}: complete or cancel it first',
  ),
  'stock.countNotSubmitted': label('只有已提交的盘点单才能确认', 'Only submitted counts can be confirmed'),
  'stock.countIncomplete': label('还有 {count} 行未填写实盘数量', '{count} lines have no counted quantity yet'),
  'stock.importRowPart': label('第 {row} 行：物料编码“{code}”不在本盘点单中', 'Row {row}: part number "{code}" is not on this count'),
  'stock.importRowQty': label(
    '第 {row} 行：实盘数量必须是 0 至 99999 的整数',
    'Row {row}: the counted quantity must be an integer from 0 to 99999',
  ),
  'stock.importRowDuplicate': label('第 {row} 行：物料编码“{code}”重复', 'Row {row}: part number "{code}" appears twice'),
  'stock.importHeader': label(
    'Excel 表头不正确，应为：物料编码、实盘数量（备注可选）',
    'The Excel header is not right: part number, counted quantity (memo optional)',
  ),
  'stock.stationsRequired': label('请至少选择一个服务站', 'Choose at least one service station'),
  'stock.deadlinePast': label('完成期限不能早于今天', 'The deadline cannot be before today'),
  // success messages (§8)
  'parts.saved': label('保存成功', 'saved'),
  'parts.added': label('添加成功', 'added'),
  'parts.deleted': label('删除成功', 'deleted'),
  'parts.created': label('创建成功', 'created'),
  'parts.submitted': label('提交成功', 'submitted'),
  'parts.confirmed': label('确认成功', 'confirmed'),
  'parts.cancelled': label('取消成功', 'cancelled'),
  'parts.closedDone': label('关闭成功', 'closed'),
  'delivery.picked': label('拣货成功', 'picked'),
  'delivery.packed': label('包装成功', 'packed'),
  'delivery.delivered': label('出库成功', 'delivered'),
  'delivery.sent': label('发运成功', 'sent'),
  'delivery.received': label('签收成功', 'received'),
} as const;
