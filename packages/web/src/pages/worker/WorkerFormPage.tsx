import { LinkOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { WorkerLinkDialog } from './WorkerLinkDialog.tsx';

/** Who may link accounts and personnel records: administrators and station principals (the server checks the reach). */
export const LINKERS = ['user.manage', 'worker.write'] as const;

/**
 * /worker/create and /worker/edit/:id. A station user's new engineer belongs to their station (the
 * generic form presets it). 关联用户账号 links the record to the account that sees its orders.
 */
export default function WorkerFormPage() {
  const { id } = useParams();
  const t = useT();
  const can = usePrivilege();
  const [linking, setLinking] = useState(false);
  const actions: ActionButton[] =
    id && LINKERS.some((p) => can(p))
      ? [{ key: 'link', label: t('workerLink.ui.button'), icon: <LinkOutlined />, onClick: () => setLinking(true), testId: 'wl-open' }]
      : [];
  return (
    <>
      <EntityFormPage
        entity="new_srv_worker"
        id={id}
        backTo="/worker/list"
        editPath={(newId) => `/worker/edit/${encodeURIComponent(newId)}`}
        actions={actions}
      />
      {id && <WorkerLinkDialog open={linking} side="worker" id={id} onClose={() => setLinking(false)} onChanged={() => undefined} />}
    </>
  );
}
