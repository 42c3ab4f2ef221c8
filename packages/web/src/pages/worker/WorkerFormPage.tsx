import { useParams } from 'react-router';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';

/** /worker/create and /worker/edit/:id. A station user's new engineer belongs to their station (the generic form presets it). */
export default function WorkerFormPage() {
  const { id } = useParams();
  return <EntityFormPage entity="new_srv_worker" id={id} backTo="/worker/list" editPath={(newId) => `/worker/edit/${encodeURIComponent(newId)}`} />;
}
