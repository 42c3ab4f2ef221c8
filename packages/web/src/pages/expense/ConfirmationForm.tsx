import { CONFIRMATION_LINE_COLUMNS, CONFIRMATION_TOTALS, getEntity } from '@portal/model';
import type { RecordRow } from '../../api/records.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { SignatureAreas } from '../../widgets/print/SignatureAreas.tsx';

const CLAIM = getEntity('new_srv_expense_claim')!;
const LINE = getEntity('new_srv_expense_claimline')!;
/** ¥12,345.60; a deduction as -¥45.60, as the server's PDF prints it (one formatter); nothing reads ¥0.00. */
const amount = (v: unknown) => formatAmount(typeof v === 'number' || typeof v === 'string' ? v : null) || formatAmount(0);
const SIGN_SIDES = [
  { key: 'station', sign: 'expense.print.stationSign', seal: 'expense.print.stationSeal' },
  { key: 'hq', sign: 'expense.print.hqSign', seal: 'expense.print.hqSeal' },
] as const;

/**
 * The settlement confirmation form (费用结算确认单) as it prints on A4: header, every total, the
 * lines per work order, the approved amount, the bank details and both sides' signature and seal
 * areas. The server's PDF (GET …/claims/{id}/pdf) prints the same fields in the same order.
 */
export function ConfirmationForm({ claim, lines, company }: { claim: RecordRow; lines: RecordRow[]; company: string }) {
  const t = useT();
  const lang = useLocale();
  const text = (f: string) => cellText(claim, f, CLAIM.allFields[f], lang);
  const period = t('expense.print.periodText', {
    year: String(claim.new_year ?? ''),
    month: String(claim.new_month ?? ''),
    section: text('new_section'),
  });
  const head: [string, string][] = [
    [CLAIM.allFields.new_station_id.label[lang], text('new_station_id')],
    [t('expense.print.period'), period],
    [CLAIM.allFields.new_name.label[lang], text('new_name')],
    [CLAIM.allFields.new_workordercount.label[lang], text('new_workordercount')],
  ];
  return (
    <article className="a4-sheet" data-testid="ec-print-form">
      <header className="a4-head">
        <div className="a4-company" data-testid="ec-print-company">
          {company}
        </div>
        <h1 className="a4-title">{t('expense.print.title')}</h1>
        <dl className="a4-meta">
          {head.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </header>

      <h2 className="a4-section">{t('expense.print.totals')}</h2>
      <table className="a4-table a4-totals" data-testid="ec-print-totals">
        <tbody>
          {CONFIRMATION_TOTALS.map((f) => (
            <tr key={f} data-field={f} data-value={String(claim[f] ?? 0)} className={f === 'new_approvalamount' ? 'a4-strong' : undefined}>
              <th scope="row">{CLAIM.allFields[f].label[lang]}</th>
              <td className="a4-num" data-testid={`ec-print-${f}`}>
                {amount(claim[f])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 className="a4-section">{t('expense.print.lines')}</h2>
      <table className="a4-table a4-lines" data-testid="ec-print-lines" data-count={lines.length}>
        <thead>
          <tr>
            {CONFIRMATION_LINE_COLUMNS.map((c) => (
              <th key={c} scope="col">
                {LINE.allFields[c].label[lang]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={String(l[LINE.primaryKey])}>
              {CONFIRMATION_LINE_COLUMNS.map((c) => (
                <td key={c} className={c === 'new_name' ? undefined : 'a4-num'}>
                  {c === 'new_name' ? String(l.new_name ?? '') : amount(l[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <h2 className="a4-section">{t('expense.print.bankInfo')}</h2>
      <dl className="a4-meta" data-testid="ec-print-bank">
        {(['new_bank', 'new_bankcode', 'new_invoiceno', 'new_invoicedate'] as const).map((f) => (
          <div key={f}>
            <dt>{CLAIM.allFields[f].label[lang]}</dt>
            <dd>{text(f)}</dd>
          </div>
        ))}
      </dl>
      <p className="a4-statement">{t('expense.print.statement')}</p>

      <SignatureAreas sides={SIGN_SIDES} testPrefix="ec-print" />
    </article>
  );
}
