import { CONFIRMATION_LINE_COLUMNS, CONFIRMATION_TOTALS, getEntity } from '@portal/model';
import type { RecordRow } from '../../api/records.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import './confirmation-print.css';

const CLAIM = getEntity('new_srv_expense_claim')!;
const LINE = getEntity('new_srv_expense_claimline')!;
/** ¥12,345.60; a deduction as -¥45.60, as the server's PDF prints it. */
const amount = (v: unknown) => {
  const n = Number(typeof v === 'number' || typeof v === 'string' ? v : 0) || 0;
  return n < 0 ? `-${formatAmount(-n)}` : formatAmount(n);
};
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
  const period = t('expense.print.periodText', { year: String(claim.new_year ?? ''), month: String(claim.new_month ?? ''), section: text('new_section') });
  const head: [string, string][] = [
    [CLAIM.allFields.new_station_id.label[lang], text('new_station_id')],
    [t('expense.print.period'), period],
    [CLAIM.allFields.new_name.label[lang], text('new_name')],
    [CLAIM.allFields.new_workordercount.label[lang], text('new_workordercount')],
  ];
  return (
    <article className="ec-print-sheet" data-testid="ec-print-form">
      <header className="ec-print-head">
        <div className="ec-print-company" data-testid="ec-print-company">{company}</div>
        <h1 className="ec-print-title">{t('expense.print.title')}</h1>
        <dl className="ec-print-meta">
          {head.map(([k, v]) => (
            <div key={k}><dt>{k}</dt><dd>{v}</dd></div>
          ))}
        </dl>
      </header>

      <h2 className="ec-print-section">{t('expense.print.totals')}</h2>
      <table className="ec-print-table ec-print-totals" data-testid="ec-print-totals">
        <tbody>
          {CONFIRMATION_TOTALS.map((f) => (
            <tr key={f} data-field={f} data-value={String(claim[f] ?? 0)} className={f === 'new_approvalamount' ? 'ec-print-strong' : undefined}>
              <th scope="row">{CLAIM.allFields[f].label[lang]}</th>
              <td className="ec-print-num" data-testid={`ec-print-${f}`}>{amount(claim[f])}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 className="ec-print-section">{t('expense.print.lines')}</h2>
      <table className="ec-print-table ec-print-lines" data-testid="ec-print-lines" data-count={lines.length}>
        <thead>
          <tr>{CONFIRMATION_LINE_COLUMNS.map((c) => <th key={c} scope="col">{LINE.allFields[c].label[lang]}</th>)}</tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={String(l[LINE.primaryKey])}>
              {CONFIRMATION_LINE_COLUMNS.map((c) => <td key={c} className={c === 'new_name' ? undefined : 'ec-print-num'}>{c === 'new_name' ? String(l.new_name ?? '') : amount(l[c])}</td>)}
            </tr>
          ))}
        </tbody>
      </table>

      <h2 className="ec-print-section">{t('expense.print.bankInfo')}</h2>
      <dl className="ec-print-meta" data-testid="ec-print-bank">
        {(['new_bank', 'new_bankcode', 'new_invoiceno', 'new_invoicedate'] as const).map((f) => (
          <div key={f}><dt>{CLAIM.allFields[f].label[lang]}</dt><dd>{text(f)}</dd></div>
        ))}
      </dl>
      <p className="ec-print-statement">{t('expense.print.statement')}</p>

      <section className="ec-print-signs" data-testid="ec-print-signs">
        {SIGN_SIDES.map((s) => (
          <div key={s.key} className="ec-print-sign" data-testid={`ec-print-sign-${s.key}`}>
            <div className="ec-print-sign-line">{t(s.sign)}：</div>
            <div className="ec-print-seal">{t(s.seal)}</div>
            <div className="ec-print-sign-line">{t('expense.print.date')}：　　　年　　月　　日</div>
          </div>
        ))}
      </section>
    </article>
  );
}
