import { label } from '../define.ts';

/** Texts of a store's purchase orders to its dealer (采购订单, issue 27). */
export const purchaseOrderMessages = {
  'menu.purchaseOrders': label('采购订单', 'Purchase orders'),
  'purchaseOrder.submit': label('提交', 'Submit'),
  'purchaseOrder.submitAsk': label(
    '提交后按经销商当前的门店价格锁定单价，订单不能再修改。确定提交吗？',
    'Submitting locks the dealer’s current store prices, and the order can no longer be changed. Submit it?',
  ),
  'purchaseOrder.submitted': label('采购单已提交，价格已锁定，等待经销商接受', 'Submitted with its prices locked; it awaits the dealer'),
  'purchaseOrder.cancel': label('取消', 'Cancel'),
  'purchaseOrder.cancelAsk': label('取消后采购单不能恢复。', 'A cancelled purchase order cannot be restored.'),
  'purchaseOrder.cancelRefused': label(
    '采购单当前状态为“{state}”，不能取消（经销商接受后不能取消）',
    'The purchase order is “{state}” and cannot be cancelled (not once the dealer has accepted it)',
  ),
  'purchaseOrder.cancelled': label('采购单已取消', 'The purchase order was cancelled'),
  'purchaseOrder.accept': label('接受', 'Accept'),
  'purchaseOrder.acceptAsk': label(
    '接受后采购数量将在本经销商仓库中预留。确定接受吗？',
    'Accepting reserves the quantities in your warehouse. Accept it?',
  ),
  'purchaseOrder.accepted': label('已接受，采购数量已在仓库中预留', 'Accepted: the quantities are reserved in the warehouse'),
  'purchaseOrder.reject': label('拒绝', 'Reject'),
  'purchaseOrder.rejected': label('采购单已拒绝', 'The purchase order was rejected'),
  'purchaseOrder.ship': label('发货', 'Ship'),
  'purchaseOrder.shipAsk': label(
    '按接受的数量从本经销商仓库发出，门店收货后入库。',
    'The accepted quantities leave your warehouse; they reach the store’s stock when it receives them.',
  ),
  'purchaseOrder.shipped': label('已发货', 'Shipped'),
  'purchaseOrder.receive': label('收货', 'Receive'),
  'purchaseOrder.receiveTitle': label('收货 — 每行填写实收数量', 'Receive — the quantity received per line'),
  'purchaseOrder.received': label('已收货，已入库', 'Received into stock'),
  'purchaseOrder.receivedShort': label('已收货入库，短少 {short} 件', 'Received into stock; {short} short'),
  'purchaseOrder.overShipped': label(
    '“{product}”的实收数量 {qty} 超过已发数量 {shipped}',
    'Receiving {qty} of “{product}” exceeds the {shipped} shipped',
  ),
  'purchaseOrder.storesOnly': label('只有门店可以向上级经销商下采购单', 'Only a store places purchase orders, with its own dealer'),
  'purchaseOrder.foreignSupplier': label(
    '该业务单位不是本门店的上级经销商，只能向“{dealer}”采购',
    'That business unit is not this store’s dealer: a store orders from “{dealer}” only',
  ),
  'purchaseOrder.fromCreateScreen': label(
    '采购单在“新建采购单”页面向上级经销商创建',
    'A purchase order is made on its create screen, with the store’s dealer',
  ),
  'purchaseOrder.created': label('采购单 {name} 已创建，请添加明细', 'Purchase order {name} was created: add its lines'),
  'purchaseOrder.storeOnly': label('只有下单门店可以办理', 'Only the store that placed the purchase order may do this'),
  'purchaseOrder.notOnSale': label(
    '商品“{product}”不在本门店的在售商品中，不能采购',
    '“{product}” is not on sale for this store and cannot be ordered',
  ),
  'purchaseOrder.belowMinimum': label(
    '商品“{product}”的最小起订量为 {min}，本行数量 {qty} 不足',
    '“{product}” is ordered in at least {min}; this line has {qty}',
  ),
  'purchaseOrder.productTwice': label(
    '商品“{product}”已在本单明细中，请修改原明细的数量',
    '“{product}” is already a line of this order: change that line instead',
  ),
  'purchaseOrder.noLines': label('采购单没有明细，不能提交', 'The purchase order has no lines and cannot be submitted'),
  'purchaseOrder.linesLocked': label('只有草稿状态的采购单才能修改明细', 'Lines may be changed only while the purchase order is a draft'),
  'purchaseOrder.noWarehouse': label('“{unit}”没有可用的仓库', '“{unit}” has no warehouse'),
  'purchaseOrder.newFor': label('向“{dealer}”采购', 'Order from “{dealer}”'),
  'purchaseOrder.readOnly': label('只有草稿状态的采购单可以修改', 'Only a draft purchase order can be changed'),
  'purchaseOrder.pickProduct': label('选择本门店在售商品', 'Choose a product on sale for this store'),
  'purchaseOrder.linePrice': label('经销商门店价 {price}，最小起订量 {min}', 'Dealer’s store price {price}, minimum order {min}'),
} as const;
