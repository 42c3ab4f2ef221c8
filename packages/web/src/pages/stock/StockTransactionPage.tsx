import { getEntity, stockDocumentType } from '@portal/model';
import { Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import { screenPath } from '../../app/screen-path.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { documentPath } from './document-link.ts';

const TX = getEntity('new_srv_stocktransaction')!;

/** The document behind a move: a link to its screen, its number as text when the app has none, or nothing for opening stock. */
export function MoveDocument({ row }: { row: RecordRow }) {
  const t = useT();
  const lang = useLocale();
  const type = Number(row.new_doctype);
  const number = String(row.new_name ?? '');
  const typeText = cellText(row, 'new_doctype', TX.allFields.new_doctype, lang);
  if (!row.new_doctype || type === stockDocumentType.opening) {
    return (
      <Typography.Text type="secondary" data-testid="tx-document-none">
        {t('stock.ui.noDocument')}
      </Typography.Text>
    );
  }
  const to = documentPath(type, row.new_docid);
  return (
    <Space size={8} data-testid="tx-document" data-doctype={type} data-docid={String(row.new_docid ?? '')}>
      <span>{typeText}</span>
      {to ? (
        <Link to={to} data-testid="tx-document-link">
          {number}
        </Link>
      ) : (
        <Typography.Text data-testid="tx-document-text">{number}</Typography.Text>
      )}
    </Space>
  );
}

/** /partStockTransaction/line/:id — one move of the stock ledger, read-only, and the document that caused it. */
export default function StockTransactionPage() {
  const { id } = useParams();
  const t = useT();
  const [row, setRow] = useState<RecordRow | null>(null);
  return (
    <div data-testid="tx-page" data-id={id}>
      <EntityFormPage
        entity={TX.logicalName}
        id={id}
        backTo={screenPath(TX.logicalName, 'list') ?? '/partStockTransaction/list'}
        canWrite={false}
        allowDelete={false}
        onLoaded={setRow}
      />
      {row && (
        <Card size="small" title={t('stock.ui.document')} style={{ marginTop: 16 }}>
          <MoveDocument row={row} />
        </Card>
      )}
    </div>
  );
}
