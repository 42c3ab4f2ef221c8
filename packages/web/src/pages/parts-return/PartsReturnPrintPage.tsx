import { getEntity, partsReturnPdfPath } from '@portal/model';
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { retrieveMultiple, retrieveRecord, type RecordRow } from '../../api/records.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useT } from '../../locales/i18n.ts';
import { PrintToolbar } from '../../widgets/print/PrintToolbar.tsx';
import { RETURN_LIST_COLUMNS, ReturnListForm } from './ReturnListForm.tsx';

const RETURN = getEntity('new_srv_partsreturn')!;
const LINE = getEntity('new_srv_partsreturndetail')!;

/**
 * /partsReturn/print/:id — the service-provider old-parts return list on its own page (no app
 * chrome), with the shared print toolbar (Print, Download PDF) like the settlement confirmation form.
 */
export default function PartsReturnPrintPage() {
  const { id = '' } = useParams();
  const t = useT();
  const [doc, setDoc] = useState<RecordRow | null | undefined>(undefined);
  const [lines, setLines] = useState<RecordRow[]>([]);

  useEffect(() => {
    let live = true;
    Promise.all([
      retrieveRecord(RETURN.entitySet, id, undefined, { silent: true }),
      retrieveMultiple(
        LINE.entitySet,
        {
          select: [LINE.primaryKey, ...RETURN_LIST_COLUMNS],
          filter: `new_partsreturn_id eq ${literal(LINE.allFields.new_partsreturn_id, id)}`,
          orderby: 'createdon asc',
          top: 5000,
        },
        { silent: true },
      ),
    ])
      .then(([d, l]) => {
        if (!live) return;
        setDoc(d ?? null);
        setLines(l.rows);
      })
      .catch(() => live && setDoc(null));
    return () => {
      live = false;
    };
  }, [id]);

  const back = `/partsReturn/edit/${encodeURIComponent(id)}`;
  if (doc === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (doc === null)
    return <Result status="404" title={t('error.notFound')} extra={<Link to="/partsReturn/list">{t('partsReturn.print.back')}</Link>} />;
  return (
    <div className="a4-page" data-testid="pr-print-page" data-id={id}>
      <PrintToolbar
        pdfPath={partsReturnPdfPath(id)}
        fallbackName={`${String(doc.new_name ?? id)}.pdf`}
        backTo={back}
        backLabel={t('partsReturn.print.back')}
        testPrefix="pr-print"
      />
      <ReturnListForm doc={doc} lines={lines} company={t('app.company')} />
    </div>
  );
}
