/**
 * The expense settlement calls (server: packages/server/src/routes/expense.ts). Every command is
 * one transaction and answers `{ id, message }` (generation: the counts too).
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

/** The commands on one statement, the side that runs each and the formstatus it needs. */
export const EXPENSE_COMMANDS = {
  submit: { side: 'station', from: 1 },
  returnOldParts: { side: 'station', from: 2 },
  receiveOldParts: { side: 'headOffice', from: 3 },
  calculate: { side: 'headOffice', from: 4 },
  confirm: { side: 'station', from: 5 },
  doubt: { side: 'station', from: 5 },
  invoice: { side: 'headOffice', from: 6 },
  pay: { side: 'headOffice', from: 7 },
} as const;
export type ExpenseCommand = keyof typeof EXPENSE_COMMANDS;

/** POST {id}/submit — the station's bank and account for the payment. */
export interface ExpenseSubmitRequest {
  bank: string;
  bankCode: string;
}
/** POST {id}/calculate — head office's adjustment (signed yuan, optional) with its reason. */
export interface ExpenseCalculateRequest {
  adjustAmount?: number | string;
  adjustReason?: string;
}
/** POST {id}/doubt — the station's doubts (within the working days allowed). */
export interface ExpenseDoubtRequest {
  doubt: string;
}
/** POST {id}/invoice — the station's invoice, for exactly the approved amount. */
export interface ExpenseInvoiceRequest {
  invoiceNo: string;
  invoiceDate: string;
  invoiceAmount: number | string;
}
/** POST {id}/pay — the day paid (today when absent). */
export interface ExpensePayRequest {
  payedDate?: string;
}

export interface ExpenseCommandResult {
  id: string;
  message: string;
  formstatus: number;
}

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
