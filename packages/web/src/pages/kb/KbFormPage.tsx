import { kbState } from '@portal/model';
import { useParams } from 'react-router';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';

/** /kb/create and /kb/edit/:id (knowledge-base editors). */
export default function KbFormPage() {
  const { id } = useParams();
  return (
    <EntityFormPage
      entity="new_kbarticle"
      id={id}
      backTo="/kb/list"
      editPath={(newId) => `/kb/edit/${encodeURIComponent(newId)}`}
      defaults={id ? undefined : { new_state: kbState.draft }}
    />
  );
}
