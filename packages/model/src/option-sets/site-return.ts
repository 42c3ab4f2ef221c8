import { defineNamedOptionSet, label } from '../define.ts';

/** spec 001 §9: return types of a parts return application (each maps to its stock usage, server domain/site-return). */
export const returnType = defineNamedOptionSet('new_returntype', label('退货类型', 'Return type'), {
  transfer: { value: 1, label: label('调拨', 'Transfer') },
  stocking: { value: 2, label: label('备货', 'Stocking') },
  purchasing: { value: 3, label: label('采购', 'Purchasing') },
});

/** spec 001 §4: parts return application document state. */
export const returnState = defineNamedOptionSet('new_sitereturn_state', label('单据状态', 'Document state'), {
  draft: { value: 1, label: label('待提交', 'To be submitted'), color: 'default' },
  delivered: { value: 2, label: label('已发货', 'Delivered'), color: 'blue' },
  semiReceived: { value: 3, label: label('部分收货', 'Semi received'), color: 'gold' },
  received: { value: 4, label: label('已收货', 'Received'), color: 'green' },
});
