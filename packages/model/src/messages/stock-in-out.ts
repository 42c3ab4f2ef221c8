import { label } from '../define.ts';

/** Texts of the stock-in and stock-out of dealer and store warehouses (入库单 / 出库单, issue 27). */
export const stockInOutMessages = {
  'menu.stockIn': label('入库单', 'Stock-ins'),
  'menu.stockOut': label('出库单', 'Stock-outs'),
  'stockInOut.confirm': label('确认', 'Confirm'),
  'stockInOut.confirmInAsk': label(
    '确认后各明细数量将计入仓库库存，单据不能再修改或删除。确定确认吗？',
    'Confirming adds every line to the warehouse stock, and the document can no longer be changed or deleted. Confirm it?',
  ),
  'stockInOut.confirmOutAsk': label(
    '确认后各明细数量将从仓库库存中扣减，单据不能再修改或删除。确定确认吗？',
    'Confirming takes every line out of the warehouse stock, and the document can no longer be changed or deleted. Confirm it?',
  ),
  'stockInOut.confirmedIn': label('入库单已确认，库存已增加', 'Stock-in confirmed: the stock has been added'),
  'stockInOut.confirmedOut': label('出库单已确认，库存已扣减', 'Stock-out confirmed: the stock has been taken out'),
  'stockInOut.warehouseNotYours': label('只能选择本经销商或本门店的仓库', 'Choose a warehouse of your own dealer or store'),
  'stockInOut.scrapReasonRequired': label('出库类型为报废时，请选择报废原因', 'A scrapped stock-out needs its scrap reason'),
  'stockInOut.afterScrapRequired': label('出库类型为报废时，请选择报废后处理方式', 'A scrapped stock-out needs its handling after scrap'),
  'stockInOut.productTwice': label(
    '产品“{product}”已在本单明细中，请修改原明细的数量',
    '{product} is already a line of this document: change that line instead',
  ),
  'stockInOut.lineOfDocument': label('明细不能移到其他单据', 'A line cannot be moved to another document'),
  'stockInOut.insufficient': label(
    '产品“{part}”在{warehouse}可用库存不足：可用 {available}，本单出库 {qty}',
    'Not enough {part} in {warehouse}: {available} available, {qty} to go out',
  ),
  'stockInOut.readOnly': label('已确认的单据不能修改', 'A confirmed document cannot be changed'),
} as const;
