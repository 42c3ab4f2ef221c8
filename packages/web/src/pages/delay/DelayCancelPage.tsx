import { useLocation } from 'react-router';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { cancelDefaults } from './delay-cancel-defaults.ts';

/** /delaycancle/create and /delaycancle/detail/:id: a cancellation of a warranty extension, through the approval engine. */
export default function DelayCancelPage() {
  const { search } = useLocation();
  return (
    <DocumentPage
      entity="new_srv_delaycancel"
      testIdPrefix="delaycancel"
      backTo="/delaycancle/list"
      editPath={(newId) => `/delaycancle/detail/${encodeURIComponent(newId)}`}
      defaults={() => cancelDefaults(search)}
    />
  );
}
