import { label } from '../define.ts';

/** Texts of product returns (退机申请, /productReturn): refusals, actions and their answers. */
export const productReturnMessages = {
  'productReturn.openExists': label(
    '服务工单 {order} 已有退机申请 {number}，不能重复申请',
    'Work order {order} already has the return {number}; a second one is not allowed',
  ),
  'productReturn.workOrderCancelled': label('已取消的服务工单不能申请退机', 'A cancelled work order cannot be returned'),
  'productReturn.stationMismatch': label('服务工单不属于所选服务站', 'The work order does not belong to the chosen service station'),
  'productReturn.exchangeSerialRequired': label(
    '换机申请请填写换机序列号',
    'An exchange needs the serial number of the replacement machine',
  ),
  'productReturn.notToShip': label(
    '只有已拉回的退机申请可以发运，请先确认拉回',
    'Only a return collected from the customer can be shipped: record the collection first',
  ),
  'productReturn.notToCollect': label(
    '只有审批通过且待拉回的退机申请可以确认拉回',
    'Only an approved return that is to be collected can be marked collected',
  ),
  'productReturn.collectedFuture': label('拉回日期不能晚于今天', 'The collection date cannot be later than today'),
  'productReturn.collectedBeforeApproval': label(
    '拉回日期不能早于审批通过日期 {date}',
    'The collection date cannot be before the approval date {date}',
  ),
  'productReturn.collectMemoTooLong': label('拉回说明不能超过200个字', 'The collection note must be at most 200 characters'),
  'productReturn.collect': label('确认拉回', 'Mark collected'),
  'productReturn.collected': label('已确认拉回', 'Collection recorded'),
  'productReturn.notShipped': label('只有已发运的退机申请可以签收', 'Only a shipped return can be received'),
  'productReturn.logisticsTooLong': label(
    '物流公司和物流单号不能超过60个字',
    'The logistics company and the tracking number must be at most 60 characters',
  ),
  'productReturn.ship': label('发运', 'Ship'),
  'productReturn.receive': label('总部签收', 'Receive'),
  'productReturn.receiveAsk': label(
    '确认总部已收到退回的整机及配件？签收后工单的拉回状态为“已签收”。',
    'Has head office received the returned machine and accessories? The work order\'s pullout status becomes "Received".',
  ),
  'productReturn.lines': label('退机明细', 'Returned items'),
  'productReturn.onWorkOrder': label('退机申请 {name}：{state}', 'Product return {name}: {state}'),
} as const;
