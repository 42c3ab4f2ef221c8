import { defineNamedOptionSet, label } from '../define-fields.ts';

/**
 * What moved a dealer's account (往来账, issue 28): the receivable it owes head office. An invoice
 * debits it (the dealer owes more); a void invoice, a confirmed receipt, a rebate credit, an approved
 * marketing-fund claim credit it; head office's adjustment (from a statement's reconciliation) goes
 * either way. The value is the specification-free numbering of this portal (stable: stored).
 */
export const accountMoveKind = defineNamedOptionSet('new_accountmove_kind', label('往来类型', 'Move type'), {
  invoice: { value: 1, label: label('发票', 'Invoice'), color: 'orange' },
  invoiceVoid: { value: 2, label: label('发票作废', 'Invoice voided'), color: 'default' },
  receipt: { value: 3, label: label('回款', 'Receipt'), color: 'green' },
  rebate: { value: 4, label: label('返利抵扣', 'Rebate credit'), color: 'cyan' },
  fund: { value: 5, label: label('市场费用核销', 'Marketing fund credit'), color: 'blue' },
  adjustment: { value: 6, label: label('对账调整', 'Adjustment'), color: 'purple' },
});
