import { defineNamedOptionSet, label } from '../define.ts';

/** Central warehouses (head office, branches) and one warehouse per station. */
export const warehouseType = defineNamedOptionSet('new_srv_warehouse_type', label('仓库类型', 'Warehouse type'), {
  central: { value: 1, label: label('中心库', 'Central warehouse'), color: 'blue' },
  station: { value: 2, label: label('服务站库', 'Station warehouse'), color: 'green' },
  dealer: { value: 3, label: label('经销商仓库', 'Dealer warehouse'), color: 'purple' },
  store: { value: 4, label: label('门店仓库', 'Store warehouse'), color: 'cyan' },
});

/** spec 001 §4: parts application type. */
export const partsApplyType = defineNamedOptionSet('new_srv_partsapply_type', label('申请类型', 'Application type'), {
  normal: { value: 1, label: label('普通订单', 'Normal order') },
  urgent: { value: 2, label: label('紧急订单', 'Urgent order'), color: 'red' },
  repair: { value: 3, label: label('维修申请', 'Repair application'), color: 'purple' },
});

/** spec 001 §4: parts application statuscode (the CRM's own values). */
export const partsApplyStatus = defineNamedOptionSet('new_srv_partsapply_statuscode', label('发货状态', 'Delivery status'), {
  toDeliver: { value: 1, label: label('待发货', 'To be delivered'), color: 'orange' },
  semiDelivered: { value: 100000000, label: label('部分发货', 'Semi delivered'), color: 'gold' },
  delivered: { value: 100000001, label: label('已发货', 'Delivered'), color: 'green' },
  closed: { value: 100000002, label: label('已关闭', 'Closed'), color: 'default' },
});

/** Whether the station has paid for the application (spec 001 §3 names the field only). */
export const payStatus = defineNamedOptionSet('new_paystatus', label('付款状态', 'Payment status'), {
  unpaid: { value: 1, label: label('未付款', 'Unpaid') },
  paid: { value: 2, label: label('已付款', 'Paid') },
});

/** spec 001 §4: stock delivery state 1–6; each step is a command of its own role. */
export const deliveryState = defineNamedOptionSet('new_stockoutorder_state', label('发货状态', 'Delivery state'), {
  draft: { value: 1, label: label('待提交', 'To be submitted'), color: 'default' },
  toWarehouse: { value: 2, label: label('待出库', 'To warehouse'), color: 'orange' },
  picked: { value: 3, label: label('已拣货', 'Picked'), color: 'cyan' },
  packed: { value: 4, label: label('已包装', 'Packed'), color: 'geekblue' },
  stockDelivered: { value: 5, label: label('已出库', 'Stock delivered'), color: 'purple' },
  shipped: { value: 6, label: label('已发运', 'Shipped'), color: 'green' },
});

/** spec 001 §4: receipt state of a delivery. */
export const receiptState = defineNamedOptionSet('new_receiptstate', label('签收状态', 'Receipt state'), {
  toReceive: { value: 1, label: label('待签收', 'To be received'), color: 'orange' },
  received: { value: 2, label: label('已签收', 'Received'), color: 'green' },
  semiReceived: { value: 3, label: label('部分签收', 'Semi received'), color: 'gold' },
});

/** spec 001 §9: stock out types. */
export const stockOutType = defineNamedOptionSet('new_outtype', label('出库类型', 'Stock out type'), {
  application: { value: 1, label: label('配件申请', 'Parts application') },
  transfer: { value: 2, label: label('调拨', 'Transfer') },
  damaged: { value: 3, label: label('损坏', 'Damaged') },
  faulty: { value: 4, label: label('故障', 'Faulty') },
  scrapped: { value: 5, label: label('报废', 'Scrapped') },
});

/** spec 001 §9: scrap reasons. */
export const scrapReason = defineNamedOptionSet('new_scrapreason', label('报废原因', 'Scrap reason'), {
  unqualified: { value: 1, label: label('不合格', 'Unqualified') },
  damaged: { value: 2, label: label('损坏', 'Damaged') },
  replaced: { value: 3, label: label('已更换', 'Replaced') },
  noValue: { value: 4, label: label('无价值', 'No value') },
});

/** spec 001 §9: handling after scrap. */
export const afterScrap = defineNamedOptionSet('new_afterscrap', label('报废后处理', 'After scrap'), {
  materials: { value: 1, label: label('物资处理', 'Materials handling') },
  investigation: { value: 2, label: label('质量调查', 'Quality investigation') },
  offSite: { value: 3, label: label('异地处置', 'Off-site disposal') },
});

/** Stock-in types of a dealer's or store's stock-in (入库单, issue 27). */
export const stockInType = defineNamedOptionSet('new_intype', label('入库类型', 'Stock-in type'), {
  purchase: { value: 1, label: label('采购入库', 'Purchase') },
  transfer: { value: 2, label: label('调拨入库', 'Transfer in') },
  returned: { value: 3, label: label('退货入库', 'Return') },
  other: { value: 4, label: label('其他入库', 'Other') },
});

/** The life of a stock-in or stock-out (入库单 / 出库单): a draft is edited, deleted or confirmed; confirming posts it. */
export const stockMoveState = defineNamedOptionSet('new_stockmove_state', label('单据状态', 'Document status'), {
  draft: { value: 1, label: label('草稿', 'Draft'), color: 'default' },
  confirmed: { value: 2, label: label('已确认', 'Confirmed'), color: 'green' },
});

/**
 * spec 001 §9: the 11 stock transaction usages (how each posting is mapped: docs/decisions.md,
 * "Stock transaction usages").
 */
export const stockUsage = defineNamedOptionSet('new_usage', label('用途', 'Usage'), {
  transferDocument: { value: 1, label: label('调拨出入库单', 'Delivery/receipt for transfer') },
  stockingDocument: { value: 2, label: label('备货出入库单', 'Delivery/receipt for stocking') },
  purchasingDocument: { value: 3, label: label('采购出入库单', 'Delivery/receipt for purchasing') },
  replenishment: { value: 4, label: label('补货', 'Replenishment') },
  partsTransfer: { value: 5, label: label('配件调拨', 'Parts transfer') },
  partsStocking: { value: 6, label: label('配件备货', 'Parts stocking') },
  partsPurchasing: { value: 7, label: label('配件采购', 'Parts purchasing') },
  partsSales: { value: 8, label: label('配件销售', 'Parts sales') },
  repair: { value: 9, label: label('维修领用', 'For repair') },
  adjustment: { value: 10, label: label('库存调整', 'Storage adjustment') },
  noDeliveryDocument: { value: 11, label: label('无出库单', 'No delivery document') },
});

/** The document behind a stock move (the transaction list links to it). */
export const stockDocumentType = defineNamedOptionSet('new_doctype', label('单据类型', 'Document type'), {
  application: { value: 1, label: label('配件申请', 'Parts application') },
  delivery: { value: 2, label: label('发货单', 'Delivery') },
  transfer: { value: 3, label: label('调拨单', 'Parts transfer') },
  count: { value: 4, label: label('盘点单', 'Stock count') },
  workOrder: { value: 5, label: label('服务工单', 'Work order') },
  opening: { value: 6, label: label('期初入库', 'Opening stock') },
  sale: { value: 7, label: label('配件销售单', 'Parts sales order') },
  siteReturn: { value: 8, label: label('配件退货申请', 'Parts return application') },
  stockIn: { value: 9, label: label('入库单', 'Stock-in') },
  stockOut: { value: 10, label: label('出库单', 'Stock-out') },
  // 11 onwards: the sales documents (issue 27).
  shipment: { value: 11, label: label('销售发货单', 'Sales shipment') },
  purchaseOrder: { value: 12, label: label('门店采购订单', 'Store purchase order') },
});

/** spec 001 §4: parts transfer approval labels (values of the general approval status). */
export const transferApprovalStatus = defineNamedOptionSet('new_parttrans_approvalstatus', label('审批状态', 'Approval status'), {
  making: { value: 1, label: label('制单中', 'Making') },
  approving: { value: 2, label: label('审批中', 'Approving') },
  approved: { value: 3, label: label('已审批', 'Approved') },
  rejected: { value: 4, label: label('已驳回', 'Rejected') },
  vetoed: { value: 5, label: label('已否决', 'Vetoed') },
});

/** spec 001 §4: parts transfer document state. */
export const transferDocState = defineNamedOptionSet('new_parttrans_docstate', label('单据状态', 'Document state'), {
  toDeliver: { value: 1, label: label('待发货', 'To be delivered'), color: 'orange' },
  semiDelivered: { value: 2, label: label('部分发货', 'Semi delivered'), color: 'gold' },
  delivered: { value: 3, label: label('已发货', 'Delivered'), color: 'blue' },
  semiReceived: { value: 4, label: label('部分收货', 'Semi received'), color: 'cyan' },
  received: { value: 5, label: label('已收货', 'Received'), color: 'green' },
});

/** spec 001 §4: parts transfer statuscode. */
export const transferStatus = defineNamedOptionSet('new_parttrans_statuscode', label('物流状态', 'Logistics status'), {
  undelivered: { value: 1, label: label('未发货', 'Undelivered') },
  onTheWay: { value: 2, label: label('在途', 'On the way') },
  delivered: { value: 3, label: label('已到货', 'Delivered') },
});

/** A count sheet: counted by the warehouse, then confirmed (variances posted) or cancelled. */
export const stockCheckState = defineNamedOptionSet('new_stockcheck_state', label('盘点状态', 'Count state'), {
  counting: { value: 1, label: label('盘点中', 'Counting'), color: 'orange' },
  submitted: { value: 2, label: label('已提交', 'Submitted'), color: 'blue' },
  confirmed: { value: 3, label: label('已确认', 'Confirmed'), color: 'green' },
  cancelled: { value: 4, label: label('已取消', 'Cancelled'), color: 'default' },
});

/** Who started a count: the warehouse itself, or an inventory task of head office. */
export const stockCheckSource = defineNamedOptionSet('new_stockcheck_source', label('盘点来源', 'Count source'), {
  own: { value: 1, label: label('自主盘点', 'Own count') },
  task: { value: 2, label: label('盘点任务', 'Inventory task') },
});

/** An inventory task of head office: released to its stations, finished when every sheet is confirmed. */
export const invTaskState = defineNamedOptionSet('new_invtask_state', label('任务状态', 'Task state'), {
  inProgress: { value: 1, label: label('进行中', 'In progress'), color: 'blue' },
  completed: { value: 2, label: label('已完成', 'Completed'), color: 'green' },
  cancelled: { value: 3, label: label('已取消', 'Cancelled'), color: 'default' },
});
