import { useMemo } from 'react';
import { useParams } from 'react-router';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useSession } from '../../session/store.ts';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';

/** /worker/create and /worker/edit/:id. A station user's new engineer belongs to their station. */
export default function WorkerFormPage() {
  const { id } = useParams();
  const user = useSession((s) => s.user);
  const own = user.userType === STATION_USER && !!user.departId;
  const defaults = useMemo(() => (own ? { new_station_id: { id: user.departId, name: user.departName } } : undefined), [own, user.departId, user.departName]);
  return (
    <EntityFormPage
      entity="new_srv_worker"
      id={id}
      backTo="/worker/list"
      editPath={(newId) => `/worker/edit/${encodeURIComponent(newId)}`}
      defaults={defaults}
      lockedFields={own ? ['new_station_id'] : undefined}
    />
  );
}
