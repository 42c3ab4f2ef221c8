import { Alert, Form, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { lineStock, type RequestKind } from '../../api/parts.ts';
import { useT } from '../../locales/i18n.ts';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import type { LineValues } from './LineFields.tsx';

/**
 * Inside a line dialog: what the document's warehouse has available of the chosen part (asked of
 * the server once per part) and, while the quantity is above it, the shortfall as a warning. It
 * does not stop the save: an application's missing quantity is back-ordered (docs/decisions.md);
 * the other documents' commands refuse what they cannot take. Hook: `doc-line-stock`
 * (`data-available`, `data-short`).
 */
export function LineStockHint({ kind, docId, form }: { kind: RequestKind; docId: string; form: FormInstance<LineValues> }) {
  const t = useT();
  const part = Form.useWatch('productId', form) as LookupRecord | null | undefined;
  const qty = Form.useWatch('qty', form) as number | null | undefined;
  const [stock, setStock] = useState<{ part: string; available: number | null } | null>(null);
  const partId = part?.id ?? '';

  useEffect(() => {
    if (!partId) return;
    const ask = new AbortController();
    lineStock(kind, docId, partId, ask.signal)
      .then((s) => setStock({ part: partId, available: s.available }))
      .catch(() => undefined); // no hint is shown when it cannot be had; the save still answers
    return () => ask.abort();
  }, [kind, docId, partId]);

  const available = stock && stock.part === partId ? stock.available : null;
  if (available === null) return null;
  const short = typeof qty === 'number' && Number.isFinite(qty) ? Math.max(0, qty - available) : 0;
  return short > 0 ? (
    <Alert
      type="warning"
      showIcon
      title={t('parts.ui.shortfallHint', { short, available })}
      description={kind === 'applications' ? t('parts.ui.backOrderNote') : undefined}
      data-testid="doc-line-stock"
      data-available={available}
      data-short={short}
    />
  ) : (
    <div className="ant-form-item-extra" data-testid="doc-line-stock" data-available={available} data-short={0}>
      {t('parts.ui.stockAvailable', { available })}
    </div>
  );
}
