import { defineNamedOptionSet, label } from '../define.ts';

/**
 * A store's purchase order to its dealer (采购订单, issue 27): written as a draft, submitted (prices
 * locked), accepted by the dealer (reserved in its warehouse) or rejected with a reason, shipped by
 * the dealer, received by the store; cancelled by the store before the dealer accepts.
 */
export const purchaseOrderState = defineNamedOptionSet('new_purchaseorder_state', label('采购单状态', 'Purchase order state'), {
  draft: { value: 1, label: label('草稿', 'Draft'), color: 'default' },
  submitted: { value: 2, label: label('已提交', 'Submitted'), color: 'orange' },
  accepted: { value: 3, label: label('已接受', 'Accepted'), color: 'blue' },
  rejected: { value: 4, label: label('已拒绝', 'Rejected'), color: 'red' },
  shipped: { value: 5, label: label('已发货', 'Shipped'), color: 'cyan' },
  received: { value: 6, label: label('已收货', 'Received'), color: 'green' },
  cancelled: { value: 7, label: label('已取消', 'Cancelled'), color: 'default' },
});
