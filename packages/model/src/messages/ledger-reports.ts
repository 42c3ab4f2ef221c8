import { label } from '../define.ts';

/** Texts of 库存报表 (inventory statement) and 流水 (the quota's line flow); field names come from the ledgers' labels. */
export const ledgerReportMessages = {
  'report.period': label('期间', 'Period'),
  'report.warehouse': label('仓库', 'Warehouse'),
  'report.headOffice': label('总部', 'Head office'),
  'report.opening': label('期初数量', 'Opening'),
  'report.in': label('本期入库', 'In'),
  'report.out': label('本期出库', 'Out'),
  'report.closing': label('期末数量', 'Closing'),
  'report.statementHint': label(
    '按仓库和配件统计所选期间的期初、入库、出库和期末数量（期初 + 入库 − 出库 = 期末），数据来自库存交易记录',
    'Opening, in, out and closing quantities per warehouse and part over the period (opening + in − out = closing), from the stock transactions',
  ),
  'report.flowHint': label(
    '所选期间服务站额度的每一笔变动，按发生顺序列出变动金额和变动后余额',
    'Every move of the station quota in the period, in order, with the amount and the balance after it',
  ),
  'report.time': label('时间', 'Time'),
  'report.document': label('单据', 'Document'),
  'report.type': label('类型', 'Type'),
  'report.amount': label('金额', 'Amount'),
  'report.balance': label('余额', 'Balance'),
  'report.openingBalance': label('期初余额', 'Opening balance'),
  'report.closingBalance': label('期末余额', 'Closing balance'),
  'report.truncated': label(
    '变动超过 {max} 笔，仅列出前 {max} 笔，请缩小期间或选择服务站',
    'More than {max} moves: only the first {max} are listed; narrow the period or choose a station',
  ),
  'report.statementSheet': label('库存报表', 'Inventory statement'),
  'report.flowSheet': label('额度流水', 'Quota flow'),
} as const;
