import { label } from '../define.ts';

/** Texts of the dealer account ledger (往来账, issue 28). */
export const dealerAccountMessages = {
  'menu.group.finance': label('往来与营销', 'Credit and funds'),
  'menu.group.salesmgmt': label('销售管理', 'Sales management'),
  'dealerAccount.opened': label(
    '往来账户随经销商开立，不能手工新建',
    'A dealer account opens with its dealer and cannot be created by hand',
  ),
  'dealerAccount.movesByServer': label(
    '往来明细由单据自动记账，不能手工新建',
    'Account moves are posted by documents and cannot be created by hand',
  ),
  'dealerAccount.invoiceRemark': label('销售发票', 'Sales invoice'),
  'dealerAccount.invoiceVoidRemark': label('发票作废冲回', 'Invoice voided'),
  'dealerAccount.receiptRemark': label('回款确认', 'Receipt confirmed'),
} as const;
