import { expensePdfPath, getEntity } from '@portal/model';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { callBlob } from '../../api/client.ts';
import { retrieveMultiple, retrieveRecord, type RecordRow } from '../../api/records.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useT } from '../../locales/i18n.ts';
import { saveBlob } from '../../shared/download.ts';
import { ConfirmationForm } from './ConfirmationForm.tsx';

const CLAIM = getEntity('new_srv_expense_claim')!;
const LINE = getEntity('new_srv_expense_claimline')!;

/**
 * /expenseClaim/print/:id — the settlement confirmation form on its own page (no app chrome), with
 * Print (the browser's A4 print, toolbar hidden by the print stylesheet) and Download PDF (the
 * server's rendering of the same form).
 */
export default function ExpenseConfirmationPage() {
  const { id = '' } = useParams();
  const t = useT();
  const [claim, setClaim] = useState<RecordRow | null | undefined>(undefined);
  const [lines, setLines] = useState<RecordRow[]>([]);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([
      retrieveRecord(CLAIM.entitySet, id, undefined, { silent: true }),
      retrieveMultiple(LINE.entitySet, {
        select: [LINE.primaryKey, 'new_name', 'new_linetype', 'new_workhouramount', 'new_partsamount', 'new_outsideamount', 'new_otheramount', 'new_grantsamount', 'new_rewardamount', 'new_fineamount', 'new_totalamount'],
        filter: `new_expenseclaim_id eq ${literal(LINE.allFields.new_expenseclaim_id, id)}`,
        orderby: 'new_linetype asc,new_name asc', top: 5000,
      }, { silent: true }),
    ])
      .then(([c, l]) => {
        if (!live) return;
        setClaim(c ?? null);
        setLines(l.rows);
      })
      .catch(() => live && setClaim(null));
    return () => {
      live = false;
    };
  }, [id]);

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, filename } = await callBlob(expensePdfPath(id));
      saveBlob(blob, filename || `${String(claim?.new_name ?? id)}.pdf`);
    } catch {
      /* the client already showed the server's message */
    } finally {
      setDownloading(false);
    }
  };

  if (claim === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (claim === null) return <Result status="404" title={t('expense.ui.noPeriodData')} extra={<Link to="/expenseClaim/list">{t('expense.print.back')}</Link>} />;
  return (
    <div className="ec-print-page" data-testid="ec-print-page" data-id={id}>
      <div className="ec-print-toolbar">
        <Button type="primary" onClick={() => window.print()} data-testid="ec-print-print">{t('expense.print.print')}</Button>
        <Button onClick={download} loading={downloading} data-testid="ec-print-pdf">{t('expense.print.pdf')}</Button>
        <Link to={`/expenseClaim/edit/${encodeURIComponent(id)}`} style={{ alignSelf: 'center' }}>{t('expense.print.back')}</Link>
      </div>
      <ConfirmationForm claim={claim} lines={lines} company={t('app.company')} />
    </div>
  );
}
