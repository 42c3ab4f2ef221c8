import type { MessageKey } from './messages/index.ts';

/**
 * A dealer's monthly account statement (对账单, issue 28) as its pages read it: the header figures,
 * its lines (the ledger moves it covers, with a running balance) a page at a time, all of them for
 * the print view, the PDF and the Excel file; and head office's generation of a month. Reads are
 * sales.read within the caller's reach (head office, the dealer's branch, the dealer): 404 outside
 * it. The statement of `{unit}` (the dealer's business unit id) for `{month}` (YYYY-MM), as the
 * route /accountstatementDetail/{id}/{date}/detail names them.
 */
export const STATEMENT_API = '/api/account-statements';

const enc = encodeURIComponent;
const statement = (unit: string, month: string) => `${STATEMENT_API}/${enc(unit)}/${enc(month)}`;
/** GET — the header (`StatementHeader`). */
export const statementPath = statement;
/** GET `?after=<cursor>&size=<n>` — a page of lines (`StatementLinePage`), oldest first. */
export const statementLinesPath = (unit: string, month: string, after?: string | null, size?: number) => {
  const q = [after ? `after=${enc(after)}` : '', size ? `size=${size}` : ''].filter(Boolean).join('&');
  return `${statement(unit, month)}/lines${q ? `?${q}` : ''}`;
};
/** GET — the header and every line (`StatementPrint`), for the print view. */
export const statementPrintPath = (unit: string, month: string) => `${statement(unit, month)}/print`;
/** GET — the statement as a PDF (A4), 对账单-<number>.pdf. */
export const statementPdfPath = (unit: string, month: string) => `${statement(unit, month)}/pdf`;
/** GET — the statement as an Excel workbook, 对账单-<number>.xlsx. */
export const statementXlsxPath = (unit: string, month: string) => `${statement(unit, month)}/xlsx`;
/** POST `{ month }` (finance.manage) — generates (or regenerates) every account's statement of the month. */
export const STATEMENT_GENERATE_PATH = `${STATEMENT_API}/generate`;
/** GET (finance.manage) — what may be generated now (`StatementMonths`). */
export const STATEMENT_MONTHS_PATH = `${STATEMENT_API}/months`;

/** The web route of a statement's detail and print view. */
export const statementDetailRoute = (unit: string, month: string) => `/accountstatementDetail/${enc(unit)}/${enc(month)}/detail`;
export const statementPrintRoute = (unit: string, month: string) => `/accountstatementDetail/${enc(unit)}/${enc(month)}/print`;
export const accountCheckRoute = (id: string) => `/accountcheckorder/detail?id=${enc(id)}`;

/** Lines per page: default and most. */
export const STATEMENT_PAGE_SIZE = 50;
export const STATEMENT_PAGE_MAX = 200;
/** Lines in one print view, PDF or Excel file at most (a month of one dealer is far below it). */
export const STATEMENT_PRINT_MAX = 5000;

/** Amounts are decimal strings with 2 places, exact; times ISO instants; dates YYYY-MM-DD (China time). */
export interface StatementHeader {
  /** The statement's (and its reconciliation's) record id. */
  id: string;
  name: string;
  unitId: string;
  dealer: string;
  month: string;
  from: string;
  to: string;
  opening: string;
  invoiced: string;
  received: string;
  rebate: string;
  fund: string;
  adjusted: string;
  closing: string;
  lineCount: number;
  /** accountStatementState, as of now (a lapsed window reads confirmed). */
  state: number;
  stateText: string;
  deadline: string | null;
  generatedOn: string;
  confirmedOn: string | null;
  /** statementConfirmWay, when confirmed. */
  confirmWay: number | null;
  confirmWayText: string;
  /** Disputed lines still waiting for head office. */
  pending: number;
}

export interface StatementLine {
  moveId: string;
  date: string;
  seq: number;
  /** accountMoveKind */
  kind: number;
  kindText: string;
  /** The document behind the move (its logical name and id), to link to. */
  docEntity: string;
  docId: string;
  docName: string;
  remark: string;
  /** Signed (+ the dealer owes more); `debit` or `credit` is its size on that side, the other ''. */
  amount: string;
  debit: string;
  credit: string;
  /** The running balance after this line: opening + the lines up to it. */
  balance: string;
  /** Dated before the month: posted after the previous statement was made, so it falls into this one. */
  late: boolean;
  /** The dealer disputed this line (an answered or pending dispute). */
  disputed: boolean;
}

export interface StatementLinePage {
  lines: StatementLine[];
  /** The cursor of the next page (`after`), null at the end. */
  next: string | null;
}

export interface StatementPrint {
  header: StatementHeader;
  lines: StatementLine[];
  /** More lines than STATEMENT_PRINT_MAX: the rest are left out (said on the page). */
  truncated: boolean;
}

export interface StatementMonths {
  /** The latest month generated, if any. */
  latest: string | null;
  /** The month to generate next (the latest + 1, else the last month that has ended). */
  next: string;
  /** The latest month may still be generated again (none of its statements confirmed). */
  regenerable: boolean;
}

export interface GenerateStatementsAnswer {
  month: string;
  count: number;
  regenerated: boolean;
  message: string;
}

type Col<K> = { key: K; label: MessageKey; numeric?: boolean };

/** The statement's line columns in order (the print view, the PDF and the Excel file agree). */
export const STATEMENT_LINE_COLUMNS: readonly Col<'date' | 'kindText' | 'docName' | 'remark' | 'debit' | 'credit' | 'balance'>[] = [
  { key: 'date', label: 'statement.col.date' },
  { key: 'kindText', label: 'statement.col.kind' },
  { key: 'docName', label: 'statement.col.doc' },
  { key: 'remark', label: 'statement.col.remark' },
  { key: 'debit', label: 'statement.col.debit', numeric: true },
  { key: 'credit', label: 'statement.col.credit', numeric: true },
  { key: 'balance', label: 'statement.col.balance', numeric: true },
];

/** The header's figures in order, with their labels. */
export const STATEMENT_FIGURES: readonly Col<'opening' | 'invoiced' | 'received' | 'rebate' | 'fund' | 'adjusted' | 'closing'>[] = [
  { key: 'opening', label: 'statement.fig.opening' },
  { key: 'invoiced', label: 'statement.fig.invoiced' },
  { key: 'received', label: 'statement.fig.received' },
  { key: 'rebate', label: 'statement.fig.rebate' },
  { key: 'fund', label: 'statement.fig.fund' },
  { key: 'adjusted', label: 'statement.fig.adjusted' },
  { key: 'closing', label: 'statement.fig.closing' },
];

/** Both sides' signature areas of the printed statement. */
export const STATEMENT_SIGNS = [
  { key: 'dealer', sign: 'statement.print.dealerSign', seal: 'statement.print.dealerSeal' },
  { key: 'hq', sign: 'statement.print.hqSign', seal: 'statement.print.hqSeal' },
] as const satisfies readonly { key: string; sign: MessageKey; seal: MessageKey }[];

/** A dispute line as the dealer sends it: the move (or none: something missing), its own figure (signed as the ledger) and why. */
export interface DisputeLineInput {
  moveId?: string | null;
  /** The dealer's figure, a decimal, signed as the ledger (+ it owes more). */
  amount: string;
  reason: string;
}

/** Head office's answer to one pending dispute line: an adjustment (signed amount) or a rejection, and why. */
export interface AnswerLineInput {
  lineId: string;
  decision: 'adjust' | 'reject';
  amount?: string;
  reason: string;
}
