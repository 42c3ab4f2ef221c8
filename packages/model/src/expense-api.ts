/**
 * The expense settlement calls (server: packages/server/src/routes/expense.ts): generation and the
 * confirmation form's PDF. The statement's commands are the document kernel's (their bodies: the declared inputs).
 */
export const EXPENSE_API = '/api/expense/claims';

/** POST {EXPENSE_API}/generate — privilege expense.write (head office): one statement per station and period. */
export interface GenerateExpenseRequest {
  year: number;
  month: number;
  /** expenseSection: 1 first half (days 1–15), 2 second half (16 to the month's end). */
  section: number;
  settleWay: number;
  /** Empty or absent: every station in the caller's reach. */
  stationIds?: string[];
}

export interface GenerateExpenseResult {
  id: string;
  message: string;
  created: number;
  workOrders: number;
  claimFines: number;
  /** Chosen stations that already had the period's statement (left as they are). */
  existing: number;
}

/**
 * The side that runs each of a statement's commands (declared on the entity's document life, run by
 * the document kernel at `{EXPENSE_API}/{id}/<command>`): the statement's own station or head office.
 */
export const EXPENSE_COMMANDS = {
  submit: 'station',
  returnOldParts: 'station',
  receiveOldParts: 'headOffice',
  calculate: 'headOffice',
  confirm: 'station',
  doubt: 'station',
  invoice: 'headOffice',
  pay: 'headOffice',
} as const satisfies Record<string, 'station' | 'headOffice'>;
export type ExpenseCommand = keyof typeof EXPENSE_COMMANDS;

/** GET {EXPENSE_API}/{id}/pdf — the settlement confirmation form as a PDF (expense.read, within the caller's reach). */
export const expensePdfPath = (id: string) => `${EXPENSE_API}/${encodeURIComponent(id)}/pdf`;

/** The statement's amounts the confirmation form prints, in order (web print view and PDF alike). */
export const CONFIRMATION_TOTALS = [
  'new_workhouramount',
  'new_partsamount',
  'new_outsideamount',
  'new_otheramount',
  'new_grantsamount',
  'new_rewardamount',
  'new_fineamount',
  'new_returnamount',
  'new_oldpartamount',
  'new_outsourcedamount',
  'new_oldpartfreight',
  'new_returnfreight',
  'new_totalamount',
  'new_adjustamount',
  'new_approvalamount',
] as const;

/** The columns of the form's lines per work order (and reward/punishment order). */
export const CONFIRMATION_LINE_COLUMNS = [
  'new_name',
  'new_workhouramount',
  'new_partsamount',
  'new_outsideamount',
  'new_otheramount',
  'new_grantsamount',
  'new_rewardamount',
  'new_fineamount',
  'new_totalamount',
] as const;
