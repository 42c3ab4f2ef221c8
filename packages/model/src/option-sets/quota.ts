import { defineNamedOptionSet, label } from '../define.ts';

/** spec 001 §4: amount type of a quota adjustment. */
export const amountAdjustType = defineNamedOptionSet('new_amounttype', label('调整类型', 'Amount type'), {
  increase: { value: 1, label: label('增加', 'Increase') },
  decrease: { value: 2, label: label('减少', 'Decrease') },
});

/** spec 001 §4: a quota adjustment is valid or invalid (an invalid one is kept but never posts). */
export const amountAdjustValidity = defineNamedOptionSet('new_adjuststatus', label('有效状态', 'Validity'), {
  valid: { value: 1, label: label('有效', 'Valid') },
  invalid: { value: 2, label: label('无效', 'Invalid') },
});

/** What a move of the quota ledger was for (the change log's "usage"). */
export const quotaUsage = defineNamedOptionSet('new_quotausage', label('变动类型', 'Move type'), {
  opening: { value: 1, label: label('期初额度', 'Opening quota') },
  increase: { value: 2, label: label('额度调增', 'Quota increase') },
  decrease: { value: 3, label: label('额度调减', 'Quota decrease') },
  partsDraw: { value: 4, label: label('配件申请占用', 'Drawn by a parts application') },
  partsReturn: { value: 5, label: label('配件申请释放', 'Given back by a parts application') },
});

/** The kind of document a quota move came from. */
export const quotaDocumentType = defineNamedOptionSet('new_quotadoctype', label('单据类型', 'Document type'), {
  station: { value: 1, label: label('服务站额度', 'Station quota') },
  adjustment: { value: 2, label: label('额度调整单', 'Quota adjustment') },
  application: { value: 3, label: label('配件申请', 'Parts application') },
});
