import { useLocation } from 'react-router';
import { ApprovalDocumentPage } from '../../widgets/approval/ApprovalDocumentPage.tsx';
import { cancelDefaults } from './delay-cancel-defaults.ts';

/** /delaycancle/create and /delaycancle/detail/:id: a cancellation of a warranty extension, through the approval engine. */
export default function DelayCancelPage() {
  const { search } = useLocation();
  return (
    <ApprovalDocumentPage
      entity="new_srv_delaycancel"
      testIdPrefix="delaycancel"
      writePrivilege="workorder.write"
      backTo="/delaycancle/list"
      editPath={(newId) => `/delaycancle/detail/${encodeURIComponent(newId)}`}
      defaults={() => cancelDefaults(search)}
    />
  );
}
