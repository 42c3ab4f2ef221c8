import { getEntity } from '@portal/model';
import type { RecordRow } from '../../api/records.ts';
import { screenPath } from '../../app/screen-path.ts';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { SignedQty } from './SignedQty.tsx';

const TX = getEntity('new_srv_stocktransaction')!;
const signed = (field: string) => (row: RecordRow) => <SignedQty value={row[field]} testId={`tx-${field}`} />;
const RENDER = { new_quantity: signed('new_quantity'), new_frozen: signed('new_frozen'), new_intransit: signed('new_intransit') };

/** /partStockTransaction/list — the stock ledger's moves (written only by postings), signed changes in colour. */
export default function StockTransactionListPage() {
  const t = useT();
  const view = (id: string) => screenPath(TX.logicalName, 'view', id) ?? '';
  return (
    <EntityListPage
      entity={TX.logicalName}
      routeBase=""
      title={t('menu.partStockTransaction')}
      paths={{ edit: view, view }}
      canWrite={false}
      allowCreate={false}
      allowImport={false}
      allowDelete={false}
      renderCell={RENDER}
    />
  );
}
