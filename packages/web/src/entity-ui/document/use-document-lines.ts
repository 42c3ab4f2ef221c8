import { getEntity } from '@portal/model';
import { useCallback, useEffect, useState } from 'react';
import { retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { literal } from '../odata.ts';

/** Lines of a document are few (a delivery may reach 1,000); one call reads them all. */
const MAX_LINES = 5000;

/**
 * The lines of one document: rows of `entity` whose lookup `field` names `parentId`, with the
 * columns and order of its `byDocument` view (plus `select`, and `expand` for the parent's fields).
 * Reloads when `version` changes; no parent (a document not saved yet) means no call. A failed
 * load leaves no rows and its message in `error`.
 */
export function useDocumentLines(
  entityName: string,
  field: string,
  parentId: string | undefined,
  version = 0,
  more: { select?: string[]; expand?: string } = {},
) {
  const e = getEntity(entityName)!;
  const view = e.views.byDocument;
  const [rows, setRows] = useState<RecordRow[]>([]);
  const [loading, setLoading] = useState(!!parentId);
  const [own, setOwn] = useState(0);
  // A failed load is said as such (with a retry), never shown as a document without lines.
  const [error, setError] = useState<string | null>(null);
  const selectKey = (more.select ?? []).join(',');
  const expand = more.expand;
  useEffect(() => {
    if (!parentId) {
      setRows([]);
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    setError(null);
    const select = [...new Set([e.primaryKey, e.primaryName, ...(view?.columns ?? []), ...selectKey.split(',').filter(Boolean)])];
    retrieveMultiple(
      e.entitySet,
      {
        select,
        filter: `${field} eq ${literal(e.allFields[field], parentId)}`,
        orderby: (view?.orderBy ?? [['createdon', 'asc']]).map(([f, d]) => `${f} ${d}`).join(','),
        top: MAX_LINES,
        expand,
      },
      { silent: true },
    )
      .then((r) => live && setRows(r.rows))
      .catch((err: Error) => {
        if (!live) return;
        setRows([]);
        setError(err.message || 'error');
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [e, view, field, parentId, version, own, selectKey, expand]);
  const reload = useCallback(() => setOwn((n) => n + 1), []);
  return { rows, loading, error, reload, columns: view?.columns ?? [e.primaryName], entity: e };
}
