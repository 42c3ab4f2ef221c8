import {
  STATEMENT_GENERATE_PATH,
  STATEMENT_MONTHS_PATH,
  statementLinesPath,
  statementPath,
  type GenerateStatementsAnswer,
  type StatementHeader,
  type StatementLinePage,
  type StatementMonths,
} from '@portal/model';
import { apiGet, apiPost, callBlob } from '../../api/client.ts';
import { saveBlob } from '../../shared/download.ts';

/** The statement calls of the finance pages (model account-statement-api.ts). Reads are silent: the pages show what went wrong in place. */
export const statementHeader = (unit: string, month: string) => apiGet<StatementHeader>(statementPath(unit, month), { silent: true });
export const statementLines = (unit: string, month: string, after?: string | null) =>
  apiGet<StatementLinePage>(statementLinesPath(unit, month, after), { silent: true });
export const statementMonths = () => apiGet<StatementMonths>(STATEMENT_MONTHS_PATH, { silent: true });
export const generateStatements = (month: string) =>
  apiPost<GenerateStatementsAnswer>(STATEMENT_GENERATE_PATH, { month }, { silent: true });

/** Downloads a file the server names (the statement's PDF or Excel). */
export async function download(path: string, fallback: string): Promise<void> {
  const { blob, filename } = await callBlob(path);
  saveBlob(blob, filename || fallback);
}
