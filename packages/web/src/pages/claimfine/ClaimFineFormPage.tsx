import { AuditOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { getEntity } from '@portal/model';
import { Space } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { revokeFlow } from '../../api/approval.ts';
import type { RecordRow } from '../../api/records.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { ApprovalProgressDialog } from '../../widgets/approval/ApprovalProgressDialog.tsx';
import { ApprovalStatusTag } from '../../widgets/approval/ApprovalStatusTag.tsx';
import { FlowSubmitDialog } from '../../widgets/approval/FlowSubmitDialog.tsx';

export const CLAIMFINE = 'new_srv_claimfine';

/** Status 1 待提交 or 4 已驳回: the document can be edited and submitted. */
export const isEditableStatus = (s: number) => s === 1 || s === 4;

/**
 * /claimFine/create and /claimFine/detail/:id (create is not in the spec's table). The detail has
 * the approval status, 提交审批 (writers, status 1 or 4), 撤回 (the submitter while status 2) and
 * 审批进度; the form is read-only unless the status is 1 or 4.
 */
export default function ClaimFineFormPage() {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const userId = useSession((s) => s.user.userId);
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [submitOpen, setSubmitOpen] = useState(false);
  const [progressOpen, setProgressOpen] = useState(false);
  const writer = can('expense.write');
  const status = Number(row?.new_approvalstatus ?? 1) || 1;
  const loaded = !!id && !!row;
  const submitter = String(row?.new_submitter_id ?? '');
  const label = getEntity(CLAIMFINE)?.label[lang] ?? t('approval.claimFine');

  const reload = () => {
    setRow(null);
    setVersion((v) => v + 1);
  };

  const revoke = () =>
    confirm({
      title: t('approval.revoke'),
      content: t('approval.revokeConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await revokeFlow(id!, CLAIMFINE);
        toast.success(t('approval.revoked'));
        reload();
      },
    });

  const actions: ActionButton[] = id
    ? [
        { key: 'submit', label: t('approval.submit'), icon: <SendOutlined />, hidden: !loaded || !writer || !isEditableStatus(status), onClick: () => setSubmitOpen(true), testId: 'claimfine-submit' },
        { key: 'revoke', label: t('approval.revoke'), icon: <RollbackOutlined />, hidden: !loaded || status !== 2 || !submitter || submitter.toLowerCase() !== userId.toLowerCase(), onClick: revoke, testId: 'claimfine-revoke' },
        { key: 'progress', label: t('approval.progress'), icon: <AuditOutlined />, hidden: !loaded, onClick: () => setProgressOpen(true), testId: 'claimfine-progress' },
      ]
    : [];

  const title = id ? (
    <Space size={8}>
      <span>{label}</span>
      {row && <ApprovalStatusTag status={status} testId="claimfine-status" />}
    </Space>
  ) : undefined;

  return (
    <>
      <EntityFormPage
        key={version}
        entity={CLAIMFINE}
        id={id}
        backTo="/claimFine/list"
        editPath={(newId) => `/claimFine/detail/${encodeURIComponent(newId)}`}
        title={title}
        canWrite={id ? writer && !!row && isEditableStatus(status) : undefined}
        allowDelete={false}
        actions={actions}
        onLoaded={setRow}
      />
      {id && (
        <>
          <FlowSubmitDialog
            open={submitOpen}
            entityName={CLAIMFINE}
            entityId={id}
            canSubmit={writer && isEditableStatus(status)}
            onClose={() => setSubmitOpen(false)}
            onSubmitted={reload}
          />
          <ApprovalProgressDialog open={progressOpen} entityName={CLAIMFINE} entityId={id} onClose={() => setProgressOpen(false)} />
        </>
      )}
    </>
  );
}
