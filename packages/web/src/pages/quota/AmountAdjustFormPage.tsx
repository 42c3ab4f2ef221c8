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

export const ADJUSTMENT = 'new_srv_amountadjustment';

/** Status 1 待提交 or 4 已驳回: the adjustment can be edited and submitted. */
const editable = (s: number) => s === 1 || s === 4;

/**
 * /amountAdjust/edit/:id: the quota adjustment with its approval status, 提交审批 (quota.adjust,
 * status 1 or 4), 撤回 (the submitter while under review) and 审批进度. The quota before and after
 * are filled when the final approval posts it to the station's quota ledger.
 */
export default function AmountAdjustFormPage() {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const userId = useSession((s) => s.user.userId);
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [submitOpen, setSubmitOpen] = useState(false);
  const [progressOpen, setProgressOpen] = useState(false);
  const writer = can('quota.adjust');
  const status = Number(row?.new_approvalstatus ?? 1) || 1;
  const loaded = !!row;
  const submitter = String(row?.new_submitter_id ?? '');

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
        await revokeFlow(id!, ADJUSTMENT);
        toast.success(t('approval.revoked'));
        reload();
      },
    });

  const actions: ActionButton[] = [
    { key: 'submit', label: t('approval.submit'), icon: <SendOutlined />, hidden: !loaded || !writer || !editable(status), onClick: () => setSubmitOpen(true), testId: 'amountadjust-submit' },
    { key: 'revoke', label: t('approval.revoke'), icon: <RollbackOutlined />, hidden: !loaded || status !== 2 || !submitter || submitter.toLowerCase() !== userId.toLowerCase(), onClick: revoke, testId: 'amountadjust-revoke' },
    { key: 'progress', label: t('approval.progress'), icon: <AuditOutlined />, hidden: !loaded, onClick: () => setProgressOpen(true), testId: 'amountadjust-progress' },
  ];
  const title = (
    <Space size={8}>
      <span>{getEntity(ADJUSTMENT)!.label[lang]}</span>
      {row && <ApprovalStatusTag status={status} testId="amountadjust-status" />}
    </Space>
  );

  return (
    <>
      <EntityFormPage
        key={version}
        entity={ADJUSTMENT}
        id={id}
        backTo="/amountAdjust/list"
        title={title}
        canWrite={writer && !!row && editable(status)}
        allowDelete={false}
        actions={actions}
        onLoaded={setRow}
      />
      <FlowSubmitDialog open={submitOpen} entityName={ADJUSTMENT} entityId={id!} canSubmit={writer && editable(status)} onClose={() => setSubmitOpen(false)} onSubmitted={reload} />
      <ApprovalProgressDialog open={progressOpen} entityName={ADJUSTMENT} entityId={id!} onClose={() => setProgressOpen(false)} />
    </>
  );
}
