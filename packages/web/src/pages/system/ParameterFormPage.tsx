import { useParams } from 'react-router';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';

/** /systemparameter/create and /systemparameter/edit/:id. */
export default function ParameterFormPage() {
  const { id } = useParams();
  return (
    <EntityFormPage
      entity="new_systemparameter"
      id={id}
      backTo="/systemparameter/list"
      editPath={(newId) => `/systemparameter/edit/${encodeURIComponent(newId)}`}
    />
  );
}
