import { DELIVERY_NOTE_COLUMNS, DELIVERY_NOTE_SIGNS, shipmentPdfPath, shipmentPrintPath, type DeliveryNote } from '@portal/model';
import { Result, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { PrintToolbar } from '../../widgets/print/PrintToolbar.tsx';
import { SignatureAreas } from '../../widgets/print/SignatureAreas.tsx';
import { PrintLines, PrintMeta, PrintParties, usePrintData } from './print-parts.tsx';

/**
 * /shipment/print/:id — a shipment's delivery note (送货单) on its own page (no app chrome), opened
 * by the shipment page's 打印送货单, with the shared print toolbar (Print, Download PDF): company and
 * title, shipment and order numbers, ship date and logistics, the shipper and the receiver (unit,
 * warehouse, address, contact, phone), the lines (part number, name, model, unit, planned, shipped,
 * signed) with totals, and both sides' signature areas — the server's PDF prints the same. Hooks
 * `sn-print-page`, `sn-print-form`, `sn-print-meta`, `sn-print-party-from|to`, `sn-print-lines`.
 */
export default function ShipmentPrintPage() {
  const { id = '' } = useParams();
  const t = useT();
  const note = usePrintData<DeliveryNote>(shipmentPrintPath(id));

  if (note === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (note === null)
    return <Result status="404" title={t('error.notFound')} extra={<Link to="/shipment/list">{t('sales.print.backToShipment')}</Link>} />;
  return (
    <div className="a4-page" data-testid="sn-print-page" data-id={id}>
      <PrintToolbar
        pdfPath={shipmentPdfPath(id)}
        fallbackName={`${note.name || id}.pdf`}
        backTo={`/shipment/view/${encodeURIComponent(id)}`}
        backLabel={t('sales.print.backToShipment')}
        testPrefix="sn-print"
      />
      <article className="a4-sheet" data-testid="sn-print-form">
        <header>
          <div className="a4-company">{t('app.company')}</div>
          <h1 className="a4-title">{t('sales.print.noteTitle')}</h1>
          <PrintMeta
            testId="sn-print-meta"
            items={[
              ['sales.print.shipmentNo', note.name],
              ['sales.print.orderNo', note.orderName],
              ['sales.print.shipDate', note.shipDate],
              ['sales.print.state', note.state],
              ['sales.print.logisticsCorp', note.logisticsCorp],
              ['sales.print.trackingNo', note.trackingNo],
              ...(note.memo ? [['sales.print.memo', note.memo] as const] : []),
            ]}
          />
        </header>
        <PrintParties
          testPrefix="sn-print"
          sides={[
            ['from', 'sales.print.from', note.from],
            ['to', 'sales.print.to', note.to],
          ]}
        />
        <h2 className="a4-section">{t('sales.print.noteLines')}</h2>
        <PrintLines
          columns={DELIVERY_NOTE_COLUMNS}
          lines={note.lines}
          totals={{
            planned: String(note.totals.planned),
            shipped: String(note.totals.shipped),
            signed: String(note.totals.signed),
          }}
          testPrefix="sn-print"
        />
        <p className="a4-statement">{t('sales.print.noteStatement')}</p>
        <SignatureAreas sides={DELIVERY_NOTE_SIGNS} testPrefix="sn-print" />
      </article>
    </div>
  );
}
