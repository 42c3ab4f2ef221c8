import { getEntity } from '@portal/model';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { literal } from '../../entity-ui/odata.ts';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';
import { receiptPath } from './delivery-paths.ts';

const ORDER = getEntity('new_stockoutorder')!;

/**
 * /partsSign/list (kept, parts.receive): deliveries the user's side receives (views to be received,
 * received, shipped) — those to the user's station, or to the user's unit (a central warehouse
 * receiving a transfer) — not what the same warehouse sends out; rows open the receipt screen.
 * Read-only: receipts are made there.
 */
export default function ReceiptListPage() {
  const t = useT();
  const user = useSession((s) => s.user);
  const station = user.userType === STATION_USER;
  const field = station ? 'new_station_id' : 'new_tounit_id';
  const mine = user.departId ? `${field} eq ${literal(ORDER.allFields[field], user.departId)}` : undefined;
  return (
    <EntityListPage
      entity={ORDER.logicalName}
      routeBase=""
      title={t('menu.partsSign')}
      views={['toReceive', 'received', 'shipped']}
      extraFilter={mine}
      paths={{ edit: receiptPath, view: receiptPath }}
      canWrite={false}
      allowCreate={false}
      allowImport={false}
      allowDelete={false}
    />
  );
}
