import { defineNamedOptionSet, label } from '../define-fields.ts';

/**
 * A dealer's monthly account statement and its reconciliation (对账单, issue 28): head office
 * generates it, the dealer confirms it or disputes lines, head office answers, the dealer confirms.
 * Past the dealer's window a statement still to be confirmed counts as confirmed (read as such by
 * every query: server domain/account-statement/state.ts). Confirmed is frozen.
 */
export const accountStatementState = defineNamedOptionSet('new_accountstatement_state', label('对账状态', 'Reconciliation'), {
  toConfirm: { value: 1, label: label('待确认', 'To confirm'), color: 'blue' },
  disputed: { value: 2, label: label('有异议', 'Disputed'), color: 'orange' },
  answered: { value: 3, label: label('已答复', 'Answered'), color: 'cyan' },
  confirmed: { value: 4, label: label('已确认', 'Confirmed'), color: 'green' },
});

/** How a statement came to be confirmed: the dealer said so, or its window ran out. */
export const statementConfirmWay = defineNamedOptionSet('new_accountstatement_confirmway', label('确认方式', 'Confirmed by'), {
  dealer: { value: 1, label: label('经销商确认', 'The dealer') },
  lapsed: { value: 2, label: label('逾期视同确认', 'Deemed (window passed)') },
});

/** Head office's answer to one disputed line. */
export const disputeAnswer = defineNamedOptionSet('new_accountdispute_answer', label('答复结果', 'Answer'), {
  pending: { value: 1, label: label('待答复', 'Pending'), color: 'orange' },
  adjusted: { value: 2, label: label('已调整', 'Adjusted'), color: 'green' },
  rejected: { value: 3, label: label('已驳回', 'Rejected'), color: 'red' },
});
