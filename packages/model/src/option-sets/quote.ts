import { defineNamedOptionSet, label } from '../define.ts';

/**
 * A quote's state (报价单, issue 29), as Dynamics 365's quote statecode: a draft is priced and
 * changed; activating it freezes it (已生效: sent to the customer, printable); it is then won,
 * closed (lost, or revised into a new draft) — never edited again.
 */
export const quoteState = defineNamedOptionSet('quote_state', label('报价状态', 'Quote state'), {
  draft: { value: 1, label: label('草稿', 'Draft'), color: 'default' },
  active: { value: 2, label: label('已生效', 'Active'), color: 'blue' },
  won: { value: 3, label: label('已赢单', 'Won'), color: 'green' },
  closed: { value: 4, label: label('已关闭', 'Closed'), color: 'default' },
});

/** Why a quote is where it is (Dynamics' statuscode): a closed quote was lost or revised into its next revision. */
export const quoteStatusReason = defineNamedOptionSet('quote_statusreason', label('状态原因', 'Status reason'), {
  inProgress: { value: 1, label: label('进行中', 'In progress') },
  open: { value: 2, label: label('已报出', 'Open') },
  won: { value: 3, label: label('已赢单', 'Won') },
  lost: { value: 4, label: label('输单', 'Lost') },
  revised: { value: 5, label: label('已修订', 'Revised') },
});
