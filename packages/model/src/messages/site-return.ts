import { label } from '../define.ts';

/** Texts of the parts return application (配件退货申请); the generic rules reuse the parts messages (spec 001 §5, §8). */
export const siteReturnMessages = {
  'siteReturn.insufficient': label(
    '可退配件数量不足，配件“{part}”剩余可退数量 {remaining}',
    'Insufficient quantity of parts to return: {remaining} of {part} remaining',
  ),
  'siteReturn.centralOnly': label('退入仓库必须是中心库', 'The return must go to a central warehouse'),
  'siteReturn.onlyDraftDeliver': label('只有待提交的退货申请才能发货', 'Only a return application to be submitted can be delivered'),
  'siteReturn.receiptNeedsDelivered': label(
    '只有已发货或部分收货的退货申请才能收货',
    'A receipt requires a delivered or semi received return application',
  ),
  'siteReturn.closeNotAllowed': label('已收货或已关闭的退货申请不能关闭', 'A received or closed return application cannot be closed'),
  'siteReturn.deliver': label('发货', 'Deliver'),
  'siteReturn.deliverAsk': label(
    '发货后配件将从本站库存转入退入仓库的在途库存，且不能再修改。确定发货吗？',
    "Delivering moves the parts out of the station's stock into the receiving warehouse's transit, and the application can no longer be changed. Deliver it?",
  ),
  'siteReturn.receive': label('收货', 'Receive'),
  'siteReturn.receiveTitle': label('退货收货', 'Receive the returned parts'),
  'siteReturn.receiveQty': label('本次收货数量', 'Quantity received now'),
  'siteReturn.close': label('关闭', 'Close'),
  'siteReturn.closeAsk': label(
    '关闭后单据不能再发货或收货；未收到的配件退回服务站库存。确定关闭吗？',
    "A closed application is neither delivered nor received any more; parts not received go back to the station's stock. Close it?",
  ),
  'siteReturn.readOnly': label('已发货的退货申请不能修改', 'A delivered return application cannot be changed'),
} as const;
