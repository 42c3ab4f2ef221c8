import { expensePdfPath, getEntity } from '@portal/model';
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { retrieveMultiple, retrieveRecord, type RecordRow } from '../../api/records.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useT } from '../../locales/i18n.ts';
import { PrintToolbar } from '../../widgets/print/PrintToolbar.tsx';
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

  useEffect(() => {
    let live = true;
    Promise.all([
      retrieveRecord(CLAIM.entitySet, id, undefined, { silent: true }),
      retrieveMultiple(
        LINE.entitySet,
        {
          select: [
            LINE.primaryKey,
            'new_name',
            'new_linetype',
            'new_workhouramount',
            'new_partsamount',
            'new_outsideamount',
            'new_otheramount',
            'new_grantsamount',
            'new_rewardamount',
            'new_fineamount',
            'new_totalamount',
          ],
          filter: `new_expenseclaim_id eq ${literal(LINE.allFields.new_expenseclaim_id, id)}`,
          orderby: 'new_linetype asc,new_name asc',
          top: 5000,
        },
        { silent: true },
      ),
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

  if (claim === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (claim === null)
    return (
      <Result status="404" title={t('expense.ui.noPeriodData')} extra={<Link to="/expenseClaim/list">{t('expense.print.back')}</Link>} />
    );
  return (
    <div className="a4-page" data-testid="ec-print-page" data-id={id}>
      <PrintToolbar
        pdfPath={expensePdfPath(id)}
        fallbackName={`${String(claim.new_name ?? id)}.pdf`}
        backTo={`/expenseClaim/edit/${encodeURIComponent(id)}`}
        backLabel={t('expense.print.back')}
        testPrefix="ec-print"
      />
      <ConfirmationForm claim={claim} lines={lines} company={t('app.company')} />
    </div>
  );
}
