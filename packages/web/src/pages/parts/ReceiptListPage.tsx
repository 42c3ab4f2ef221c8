import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { receiptPath } from './delivery-paths.ts';

/**
 * /partsSign/list (kept, parts.receive): deliveries the user's side receives (views to be received,
 * received, shipped); rows open the receipt screen. Read-only: receipts are made there.
 */
export default function ReceiptListPage() {
  const t = useT();
  return (
    <EntityListPage
      entity="new_stockoutorder"
      routeBase=""
      title={t('menu.partsSign')}
      views={['toReceive', 'received', 'shipped']}
      paths={{ edit: receiptPath, view: receiptPath }}
      canWrite={false}
      allowCreate={false}
      allowImport={false}
      allowDelete={false}
    />
  );
}
