import { ORDER_SHEET_COLUMNS, ORDER_SHEET_SIGNS, orderPdfPath, orderPrintPath, type OrderSheet } from '@portal/model';
import { Result, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { PrintToolbar } from '../../widgets/print/PrintToolbar.tsx';
import { SignatureAreas } from '../../widgets/print/SignatureAreas.tsx';
import { PrintLines, PrintMeta, usePrintData } from './print-parts.tsx';

const MONEY = new Set(['price', 'amount']);

/**
 * /order/print/:id — a sales order (销售订单) on its own page (no app chrome), opened by the order
 * page's 打印订单, with the shared print toolbar (Print, Download PDF): number, state, buyer and
 * supplier, consignee, phone and address, submit and price-lock times; the lines (part number,
 * name, model, unit, quantity, unit price, amount, shipped, signed) with totals in yuan (2 decimals,
 * thousands grouped), and both sides' signature areas — the server's PDF prints the same. Hooks
 * `so-print-page`, `so-print-form`, `so-print-meta`, `so-print-lines`, `so-print-amount`.
 */
export default function OrderPrintPage() {
  const { id = '' } = useParams();
  const t = useT();
  const sheet = usePrintData<OrderSheet>(orderPrintPath(id));

  if (sheet === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (sheet === null)
    return <Result status="404" title={t('error.notFound')} extra={<Link to="/order/list">{t('sales.print.backToOrder')}</Link>} />;
  const amount = formatAmount(sheet.totals.amount);
  return (
    <div className="a4-page" data-testid="so-print-page" data-id={id}>
      <PrintToolbar
        pdfPath={orderPdfPath(id)}
        fallbackName={`${sheet.name || id}.pdf`}
        backTo={`/order/${encodeURIComponent(id)}/detail`}
        backLabel={t('sales.print.backToOrder')}
        testPrefix="so-print"
      />
      <article className="a4-sheet" data-testid="so-print-form">
        <header>
          <div className="a4-company">{t('app.company')}</div>
          <h1 className="a4-title">{t('sales.print.orderTitle')}</h1>
          <PrintMeta
            testId="so-print-meta"
            items={[
              ['sales.print.orderNo', sheet.name],
              ['sales.print.state', sheet.state],
              ['sales.print.buyer', sheet.buyer],
              ['sales.print.supplier', sheet.supplier],
              ['sales.print.consignee', sheet.contact],
              ['sales.print.phone', sheet.phone],
              ['sales.print.submittedOn', sheet.submittedOn],
              ['sales.print.pricedOn', sheet.pricedOn],
            ]}
          />
          <PrintMeta
            testId="so-print-delivery"
            wide
            items={[
              ['sales.print.deliveryAddress', sheet.address],
              ...(sheet.remark ? [['sales.print.remark', sheet.remark] as const] : []),
            ]}
          />
        </header>
        <h2 className="a4-section">{t('sales.print.orderLines')}</h2>
        <PrintLines
          columns={ORDER_SHEET_COLUMNS}
          lines={sheet.lines}
          cell={(k, v) => (MONEY.has(k) ? formatAmount(v) : String(v))}
          totals={{
            qty: String(sheet.totals.qty),
            amount,
            shipped: String(sheet.totals.shipped),
            signed: String(sheet.totals.signed),
          }}
          testPrefix="so-print"
        />
        <p className="a4-statement">
          {t('sales.print.totalAmount')}：<strong data-testid="so-print-amount">{amount}</strong>
        </p>
        <p className="a4-statement">{t('sales.print.orderStatement')}</p>
        <SignatureAreas sides={ORDER_SHEET_SIGNS} testPrefix="so-print" />
      </article>
    </div>
  );
}
