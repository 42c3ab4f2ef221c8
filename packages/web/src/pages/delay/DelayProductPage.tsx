import { StopOutlined } from '@ant-design/icons';
import { approvalStatus, delayStatus } from '@portal/model';
import { useNavigate } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { cancelCreatePath } from './delay-cancel-defaults.ts';

const DELAY = 'new_srv_delayproduct';

/**
 * /delayproduct/create and /delayproduct/detail/:id: a warranty extension through the approval
 * engine; once approved and in force, writers may request its cancellation (opens a new 延保取消).
 */
export default function DelayProductPage() {
  const t = useT();
  const can = usePrivilege();
  const navigate = useNavigate();
  const cancelAction = (row: RecordRow) => [
    {
      key: 'requestCancel',
      label: t('delay.requestCancel'),
      icon: <StopOutlined />,
      danger: true,
      hidden:
        !can('workorder.write') ||
        Number(row.new_approvalstatus) !== approvalStatus.approved ||
        Number(row.new_delaystatus) !== delayStatus.extended,
      onClick: () => navigate(cancelCreatePath(row)),
      testId: 'delayproduct-request-cancel',
    },
  ];
  return (
    <DocumentPage
      entity={DELAY}
      testIdPrefix="delayproduct"
      backTo="/delayproduct/list"
      editPath={(newId) => `/delayproduct/detail/${encodeURIComponent(newId)}`}
      extraActions={cancelAction}
    />
  );
}
