import { Card } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import { screenPath } from '../../app/screen-path.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { StockMoves } from './StockMoves.tsx';

/**
 * /siteInv/line/:id — one stock row (a part in a warehouse), read-only: balances are written only
 * by postings. Below it the moves of that part in that warehouse, newest first.
 */
export default function StockRowPage() {
  const { id } = useParams();
  const t = useT();
  const [row, setRow] = useState<RecordRow | null>(null);
  const warehouseId = typeof row?.new_warehouse_id === 'string' ? row.new_warehouse_id : '';
  const productId = typeof row?.new_product_id === 'string' ? row.new_product_id : '';
  return (
    <div data-testid="si-page" data-id={id}>
      <EntityFormPage
        entity="new_srv_siteinv"
        id={id}
        backTo={screenPath('new_srv_siteinv', 'list') ?? '/siteInv/list'}
        canWrite={false}
        allowDelete={false}
        onLoaded={setRow}
      />
      {warehouseId && productId && (
        <Card size="small" title={t('stock.ui.moves')} style={{ marginTop: 16 }}>
          <StockMoves warehouseId={warehouseId} productId={productId} />
        </Card>
      )}
    </div>
  );
}
