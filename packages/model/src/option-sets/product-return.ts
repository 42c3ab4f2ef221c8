import { defineNamedOptionSet, label } from '../define.ts';

/**
 * Where a product return (退机申请) stands beyond its approval: awaiting approval, then (final
 * approval) to be collected from the customer, collected (已拉回, with the day), shipped by the
 * station with its logistics, received by head office. Collected came later, hence its value 5.
 */
export const productReturnState = defineNamedOptionSet('new_returnstate', label('退机状态', 'Return state'), {
  pending: { value: 1, label: label('待审批', 'Awaiting approval'), color: 'default' },
  toCollect: { value: 2, label: label('待拉回', 'To be collected'), color: 'orange' },
  collected: { value: 5, label: label('已拉回', 'Collected'), color: 'cyan' },
  shipped: { value: 3, label: label('已发运', 'Shipped'), color: 'blue' },
  received: { value: 4, label: label('已签收', 'Received'), color: 'green' },
});

/** What a line of a product return is: the machine itself or an accessory returned with it. */
export const productReturnItemType = defineNamedOptionSet('new_returnitemtype', label('物品类型', 'Item type'), {
  machine: { value: 1, label: label('整机', 'Machine') },
  accessory: { value: 2, label: label('配件', 'Accessory') },
});
