import { getEntity } from '@portal/model';
import { useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';
import { STATION_AMOUNT_FIELDS } from './station-amount.ts';

const STATION = 'new_srv_station';

/**
 * /stationAmount/edit?id=: a station's quota — quota limited and opening quota are edited by
 * holders of quota.adjust (the server posts a changed opening quota to the ledger); the current
 * quota is the ledger's balance. Without an id a station user opens their own station.
 */
export default function StationAmountEditPage() {
  const [query] = useSearchParams();
  const user = useSession((s) => s.user);
  const can = usePrivilege();
  const hidden = useMemo(() => Object.keys(getEntity(STATION)!.fields).filter((f) => !STATION_AMOUNT_FIELDS.includes(f)), []);
  const id = query.get('id') ?? (user.userType === STATION_USER && user.departId ? user.departId : null);
  if (!id) return <Navigate to="/stationAmount/list" replace />;
  return (
    <EntityFormPage
      entity={STATION}
      id={id}
      backTo="/stationAmount/list"
      hiddenFields={hidden}
      lockedFields={['new_code', 'new_name']}
      canWrite={can('quota.adjust')}
      canAttach={false}
      allowDelete={false}
    />
  );
}
