import { label } from '../define.ts';

/** Texts of the parts sales screen (配件销售); the command's refusals reuse the parts messages (spec 001 §8). */
export const partsSalesMessages = {
  'sales.confirm': label('确认销售', 'Confirm sale'),
  'sales.confirmAsk': label(
    '确认后将从本站仓库扣减所售配件的库存，且不能再修改。确定销售吗？',
    "Confirming takes the sold parts out of the station's stock and the order can no longer be changed. Confirm the sale?",
  ),
  'sales.readOnly': label('已销售的单据不能修改', 'A sold order cannot be changed'),
} as const;
