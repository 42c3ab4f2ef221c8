import { noticeStatus } from '@portal/model';
import { useParams } from 'react-router';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';

/** /dmsnotice/manage/create and /dmsnotice/manage/edit/:id. A new notice starts as a draft. */
export default function NoticeManageFormPage() {
  const { id } = useParams();
  return (
    <EntityFormPage
      entity="new_notice"
      id={id}
      backTo="/dmsnotice/manage"
      editPath={(newId) => `/dmsnotice/manage/edit/${encodeURIComponent(newId)}`}
      defaults={id ? undefined : { new_status: noticeStatus.draft, new_needreply: false }}
    />
  );
}
