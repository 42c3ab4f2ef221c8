import type { EntityDef } from '@portal/model';
import { Alert, Skeleton } from 'antd';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/envelope.ts';
import { retrieveMultiple, retrieveRecord, type RecordRow } from '../../api/records.ts';
import { screenPath } from '../../app/screen-path.ts';
import { useKeptEffect } from '../../app/use-kept-effect.ts';
import { fieldText, RecordDescriptions } from '../../entity-ui/RecordDescriptions.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { PrintToolbar } from '../../widgets/print/PrintToolbar.tsx';
import '../../widgets/print/a4-print.css';
import { documentEntity, documentLines, documentSections, lineColumns } from './document-lines.ts';

type Lines = { entity: EntityDef; field: string; columns: string[]; rows: RecordRow[] };

/**
 * /seltable/view/:id?entity=<logical name>: a read-only, printable view (A4) of any document the
 * user may read — the fields of its main form and its lines. The entity comes from the query (the
 * model's logical names, checked against the registry); the record and its lines are read through
 * the record service, so scope applies as everywhere (another station's id is not found).
 */
export default function DocumentViewPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const t = useT();
  const lang = useLocale();
  const e = documentEntity(search.get('entity'));
  const [row, setRow] = useState<RecordRow | null>(null);
  const [lines, setLines] = useState<Lines[]>([]);
  const [error, setError] = useState('');

  useKeptEffect(() => {
    if (!e || !id) return;
    setRow(null);
    setError('');
    void (async () => {
      try {
        const sections = documentSections(e);
        const select = [...new Set([e.primaryKey, e.primaryName, ...sections.flatMap((s) => s.fields)])].filter((f) => e.allFields[f]);
        const r = await retrieveRecord(e.entitySet, id, select, { silent: true });
        const found: Lines[] = [];
        for (const l of documentLines(e)) {
          const columns = lineColumns(l.entity, l.field);
          const res = await retrieveMultiple(
            l.entity.entitySet,
            {
              select: [l.entity.primaryKey, ...columns],
              filter: `${l.field} eq ${id}`,
              orderby: 'createdon asc',
              top: 500,
            },
            { silent: true },
          ).catch(() => null);
          if (res?.rows.length) found.push({ ...l, columns, rows: res.rows });
        }
        setLines(found);
        setRow(r);
      } catch (err) {
        setError(err instanceof ApiError && err.message ? err.message : t('widgets.form.notFound'));
      }
    })();
  }, [e?.logicalName, id]);

  if (!e) {
    return (
      <div className="a4-page">
        <Alert
          type="error"
          showIcon
          title={t('selTable.unknownEntity')}
          data-testid="seltable-unknown"
          style={{ width: '210mm', margin: '0 auto' }}
        />
      </div>
    );
  }
  const title = `${e.label[lang]}${row ? ` ${String(row[e.primaryName] ?? '')}` : ''}`;
  const back =
    screenPath(e.logicalName, 'edit', id) ?? screenPath(e.logicalName, 'view', id) ?? screenPath(e.logicalName, 'list') ?? '/servicehome';
  return (
    <div className="a4-page" data-testid="seltable-view" data-entity={e.logicalName}>
      <PrintToolbar backTo={back} backLabel={t('common.back')} testPrefix="seltable" />
      <div className="a4-sheet">
        <div className="a4-company">{t('app.company')}</div>
        <h1 className="a4-title" data-testid="seltable-title">
          {title}
        </h1>
        {error && <Alert type="error" showIcon title={error} data-testid="seltable-error" />}
        {!row && !error && <Skeleton active paragraph={{ rows: 10 }} />}
        {row && (
          <>
            <RecordDescriptions
              e={e}
              row={row}
              lang={lang}
              sections={documentSections(e).map((s) => ({ key: s.key, label: s.label[lang], fields: s.fields }))}
            />
            {lines.map((l) => (
              <section key={`${l.entity.logicalName}.${l.field}`} data-testid={`seltable-lines-${l.entity.logicalName}`}>
                <h2 className="a4-section">
                  {l.entity.pluralLabel[lang]}（{l.rows.length}）
                </h2>
                <table className="a4-table a4-lines">
                  <thead>
                    <tr>
                      <th>#</th>
                      {l.columns.map((c) => (
                        <th key={c}>{l.entity.allFields[c].label[lang]}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {l.rows.map((r, i) => (
                      <tr key={String(r[l.entity.primaryKey] ?? i)}>
                        <td className="a4-num">{i + 1}</td>
                        {l.columns.map((c) => (
                          <td key={c}>{fieldText(l.entity, r, c, lang) || '-'}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
            <p style={{ marginTop: 12, textAlign: 'right', fontSize: '9pt' }}>
              {t('selTable.printedAt', { time: formatUtc8(Date.now(), 'YYYY-MM-DD HH:mm') })}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
