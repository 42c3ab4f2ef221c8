import { LinkOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { StaffPanel } from '../user-centre/StaffPanel.tsx';
import { LINKERS } from '../worker/WorkerFormPage.tsx';
import { WorkerLinkDialog } from '../worker/WorkerLinkDialog.tsx';

/**
 * /usercenter/userview/:id: a user account. Administrators edit it; 关联服务人员 links it to the personnel
 * record whose dispatched orders are its 我的工单 (shown in 对应服务人员, which only that command sets).
 * A dealer reads its staff here and changes them through the staff panel (roles, portal, disable).
 */
export default function UserFormPage() {
  const { id } = useParams();
  const t = useT();
  const can = usePrivilege();
  const [linking, setLinking] = useState(false);
  const [version, setVersion] = useState(0);
  const actions: ActionButton[] =
    id && LINKERS.some((p) => can(p))
      ? [{ key: 'link', label: t('workerLink.ui.userButton'), icon: <LinkOutlined />, onClick: () => setLinking(true), testId: 'wl-open' }]
      : [];
  return (
    <>
      <EntityFormPage
        entity="systemuser"
        id={id}
        backTo="/usercenter/userlist"
        allowDelete={false}
        actions={actions}
        reloadSignal={version}
      />
      {id && <StaffPanel id={id} onChanged={() => setVersion((v) => v + 1)} />}
      {id && (
        <WorkerLinkDialog open={linking} side="user" id={id} onClose={() => setLinking(false)} onChanged={() => setVersion((v) => v + 1)} />
      )}
    </>
  );
}
