import { QUOTE_SHEET_COLUMNS, QUOTE_SHEET_SIGNS, quotePdfPath, quotePrintPath, type MessageKey, type QuoteSheet } from '@portal/model';
import { Result, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { PrintToolbar } from '../../widgets/print/PrintToolbar.tsx';
import { SignatureAreas } from '../../widgets/print/SignatureAreas.tsx';
import { PrintLines, PrintMeta, usePrintData } from '../sales/print-parts.tsx';

const MONEY = new Set(['price', 'discount', 'net', 'amount']);

/**
 * /quote/print/:id — a quote (报价单) on its own page (no app chrome), opened by the quote page's
 * 打印报价单, with the shared print toolbar (Print, Download PDF): the company header, a draft marked
 * as one, number and revision, state, customer with phone and address, who quotes, validity, subject
 * and activation time; the lines (no., part number, name, model, unit, quantity, list price, discount,
 * net price, amount; a configured line's configuration under it) with totals; terms, the statement and
 * both sides' signature areas — the server's PDF prints the same. Hooks `quote-print-page`,
 * `quote-print-form`, `quote-print-meta`, `quote-print-lines`, `quote-print-amount`, `quote-print-draft`.
 */
export default function QuotePrintPage() {
  const { id = '' } = useParams();
  const t = useT();
  const sheet = usePrintData<QuoteSheet>(quotePrintPath(id));

  if (sheet === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (sheet === null)
    return <Result status="404" title={t('error.notFound')} extra={<Link to="/quote/list">{t('quote.printBack')}</Link>} />;
  const amount = formatAmount(sheet.totals.amount);
  const items: (readonly [MessageKey, string])[] = [
    ['quote.printNumber', `${sheet.name}  V${sheet.revision}`],
    ['sales.print.state', sheet.state],
    ['quote.printCustomer', sheet.customer],
    ['quote.printPhone', sheet.customerPhone],
    ['quote.printSeller', sheet.seller],
    ['quote.printValidity', sheet.validFrom || sheet.validTo ? `${sheet.validFrom} ~ ${sheet.validTo}` : ''],
    ['quote.printSubject', sheet.subject],
    ['quote.printActivatedOn', sheet.activatedOn],
  ];
  return (
    <div className="a4-page" data-testid="quote-print-page" data-id={id}>
      <PrintToolbar
        pdfPath={quotePdfPath(id)}
        fallbackName={`${sheet.name || id}-V${sheet.revision}.pdf`}
        backTo={`/quote/view/${encodeURIComponent(id)}`}
        backLabel={t('quote.printBack')}
        testPrefix="quote-print"
      />
      <article className="a4-sheet" data-testid="quote-print-form">
        <header>
          <div className="a4-company">{t('app.company')}</div>
          <h1 className="a4-title">{t('quote.printTitle')}</h1>
          {sheet.draft && (
            <p className="a4-statement" style={{ color: '#cf1322', textAlign: 'center' }} data-testid="quote-print-draft">
              {t('quote.printDraft')}
            </p>
          )}
          <PrintMeta testId="quote-print-meta" items={items} />
          {sheet.customerAddress && <PrintMeta testId="quote-print-address" wide items={[['quote.printAddress', sheet.customerAddress]]} />}
        </header>
        <h2 className="a4-section">{t('quote.printLines')}</h2>
        <PrintLines
          columns={QUOTE_SHEET_COLUMNS}
          lines={sheet.lines}
          cell={(k, v) => (MONEY.has(k) ? formatAmount(v) : String(v))}
          totals={{
            qty: String(sheet.totals.qty),
            price: formatAmount(sheet.totals.list),
            discount: formatAmount(sheet.totals.discount),
            amount,
          }}
          testPrefix="quote-print"
        />
        {sheet.lines
          .filter((l) => l.config)
          .map((l) => (
            <p key={l.no} className="a4-statement" data-testid="quote-print-config">
              {l.no}. {t('quote.printConfig')}：{l.config}
            </p>
          ))}
        <p className="a4-statement">
          {t('quote.printTotal')}：<strong data-testid="quote-print-amount">{amount}</strong>
        </p>
        {sheet.description && (
          <>
            <h2 className="a4-section">{t('quote.printTerms')}</h2>
            <p className="a4-statement" style={{ whiteSpace: 'pre-wrap' }}>
              {sheet.description}
            </p>
          </>
        )}
        <p className="a4-statement">{t('quote.printStatement')}</p>
        <SignatureAreas sides={QUOTE_SHEET_SIGNS} testPrefix="quote-print" />
      </article>
    </div>
  );
}
