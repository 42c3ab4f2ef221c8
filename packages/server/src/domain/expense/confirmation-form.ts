import { CONFIRMATION_LINE_COLUMNS, CONFIRMATION_TOTALS, expenseSection, getEntity, type Lang, type OptionSetDef } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { Caller } from '../../records/scope.ts';
import { lockDocument } from '../../documents/access.ts';
import { optionText } from '../work-order/log.ts';

const CLAIM = getEntity('new_srv_expense_claim')!;
type Amounts = Record<string, string>;

/** What the settlement confirmation form prints: one statement, its station and its lines. */
export interface ConfirmationData {
  id: string;
  name: string;
  stationName: string;
  year: number;
  month: number;
  section: string;
  workOrders: number;
  bank: string;
  bankCode: string;
  invoiceNo: string;
  invoiceDate: string;
  /** Every amount of CONFIRMATION_TOTALS as numeric text (yuan), 0 when empty. */
  totals: Amounts;
  lines: ({ name: string } & Amounts)[];
}

const num = (col: string) => `COALESCE(t.${col}, 0)::text AS ${col}`;

/** The statement within the caller's reach (404 otherwise), read without a lock, with its lines in the screen's order. */
export async function loadConfirmation(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<ConfirmationData> {
  const row = await lockDocument<Record<string, unknown>>(
    sql,
    caller,
    CLAIM,
    id,
    `t.new_name AS name, (SELECT s.new_name FROM new_srv_station s WHERE s.new_srv_stationid = t.new_station_id) AS station_name,
     t.new_year AS year, t.new_month AS month, t.new_section AS section, t.new_workordercount AS count, t.new_bank AS bank, t.new_bankcode AS bankcode,
     t.new_invoiceno AS invoiceno, to_char(t.new_invoicedate, 'YYYY-MM-DD') AS invoicedate, ${CONFIRMATION_TOTALS.map(num).join(', ')}`,
    { lock: false },
  );
  const lineCols = CONFIRMATION_LINE_COLUMNS.filter((c) => c !== 'new_name');
  const { rows } = await sql.query<{ name: string } & Amounts>(
    `SELECT t.new_name AS name, ${lineCols.map(num).join(', ')} FROM new_srv_expense_claimline t
      WHERE t.new_expenseclaim_id = $1::uuid ORDER BY t.new_linetype, t.new_name`,
    [row.id],
  );
  const s = (v: unknown) => (v == null ? '' : String(v));
  return {
    id: row.id,
    name: s(row.name),
    stationName: s(row.station_name),
    year: Number(row.year),
    month: Number(row.month),
    section: optionText(expenseSection as OptionSetDef<number>, row.section as number | null, lang),
    workOrders: Number(row.count ?? 0),
    bank: s(row.bank),
    bankCode: s(row.bankcode),
    invoiceNo: s(row.invoiceno),
    invoiceDate: s(row.invoicedate),
    totals: Object.fromEntries(CONFIRMATION_TOTALS.map((f) => [f, s(row[f])])),
    lines: rows,
  };
}
