import {
  formatChinaDateTime,
  formatDeadline,
  formatMoney,
  STATEMENT_FIGURES,
  STATEMENT_LINE_COLUMNS,
  STATEMENT_PRINT_MAX,
  STATEMENT_SIGNS,
  statementDetailRoute,
  statementPdfPath,
  statementPrintPath,
  type MessageKey,
  type StatementPrint,
} from '@portal/model';
import { Result, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { PrintToolbar } from '../../widgets/print/PrintToolbar.tsx';
import { SignatureAreas } from '../../widgets/print/SignatureAreas.tsx';
import { PrintMeta, usePrintData } from '../sales/print-parts.tsx';

/**
 * /accountstatementDetail/:id/:date/print — the statement on its own page (no app chrome) with the
 * shared print toolbar (Print, Download PDF): company and title, number, dealer, period and state,
 * the figures, every line (date, type, document, remark, debit, credit, running balance) between
 * the opening and closing rows, the request to confirm and both sides' signature areas — the
 * server's PDF prints the same. Hooks `st-print-page`, `st-print-meta`, `st-print-lines`.
 */
export default function AccountStatementPrintPage() {
  const { id: unit = '', date: month = '' } = useParams();
  const t = useT();
  const d = usePrintData<StatementPrint>(statementPrintPath(unit, month));
  const back = statementDetailRoute(unit, month);

  if (d === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (d === null)
    return <Result status="404" title={t('error.notFound')} extra={<Link to={back}>{t('statement.backToStatement')}</Link>} />;
  const h = d.header;
  const money = (v: string) => (v === '' ? '' : formatMoney(v));
  const rows = [
    { date: h.from, kindText: '', docName: '', remark: t('statement.fig.opening'), debit: '', credit: '', balance: h.opening },
    ...d.lines,
    { date: h.to, kindText: '', docName: '', remark: t('statement.fig.closing'), debit: '', credit: '', balance: h.closing },
  ];
  return (
    <div className="a4-page" data-testid="st-print-page">
      <PrintToolbar
        pdfPath={statementPdfPath(unit, month)}
        fallbackName={`${h.name}.pdf`}
        backTo={back}
        backLabel={t('statement.backToStatement')}
        testPrefix="st-print"
      />
      <article className="a4-sheet" data-testid="st-print-form">
        <header>
          <div className="a4-company">{t('app.company')}</div>
          <h1 className="a4-title">{t('statement.print.title')}</h1>
          <PrintMeta
            testId="st-print-meta"
            items={[
              ['statement.number', h.name],
              ['statement.dealer', h.dealer],
              ['statement.period', `${h.from} ~ ${h.to}`],
              ['statement.state', h.confirmWayText ? `${h.stateText}（${h.confirmWayText}）` : h.stateText],
              h.confirmedOn
                ? ['statement.confirmedOn', formatChinaDateTime(h.confirmedOn)]
                : ['statement.deadline', formatDeadline(h.deadline)],
            ]}
          />
        </header>
        <h2 className="a4-section">{t('statement.check.figures')}</h2>
        <PrintMeta
          testId="st-print-figures"
          items={STATEMENT_FIGURES.map((f) => [f.label as MessageKey, formatMoney(h[f.key])] as const)}
        />
        <p className="a4-statement">{t('statement.formula')}</p>
        <h2 className="a4-section">{t('statement.lines')}</h2>
        <table className="a4-table a4-lines" data-testid="st-print-lines" data-count={d.lines.length}>
          <thead>
            <tr>
              {STATEMENT_LINE_COLUMNS.map((c) => (
                <th key={c.key} scope="col">
                  {t(c.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((l, i) => (
              // The opening and closing rows frame the lines; lines keep their (date, sequence) order.
              <tr key={i} data-testid="st-print-line" className={i === 0 || i === rows.length - 1 ? 'a4-strong' : undefined}>
                {STATEMENT_LINE_COLUMNS.map((c) => (
                  <td key={c.key} className={c.numeric ? 'a4-num' : undefined}>
                    {c.numeric ? money(l[c.key]) : l[c.key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {d.truncated && <p>{t('statement.truncated', { max: STATEMENT_PRINT_MAX })}</p>}
        <p className="a4-statement">{t('statement.print.statement')}</p>
        <SignatureAreas sides={STATEMENT_SIGNS} testPrefix="st-print" />
      </article>
    </div>
  );
}
