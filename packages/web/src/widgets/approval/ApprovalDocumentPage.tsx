import { AuditOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { getEntity } from '@portal/model';
import { Space } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { confirmRevoke } from './confirm-revoke.ts';
import type { RecordRow } from '../../api/records.ts';
import { EntityFormPage, type EntityFormPageProps } from '../../entity-ui/EntityFormPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../ButtonGroup.tsx';
import { ApprovalProgressDialog } from './ApprovalProgressDialog.tsx';
import { ApprovalStatusTag } from './ApprovalStatusTag.tsx';
import { FlowSubmitDialog } from './FlowSubmitDialog.tsx';

/** Status 1 待提交 or 4 已驳回: the document can be edited and submitted. */
const isEditableStatus = (s: number) => s === 1 || s === 4;

export interface ApprovalDocumentProps {
  /** The entity registered with the approval engine. */
  entity: string;
  /** Prefix of the test ids (`<prefix>-submit`, `-revoke`, `-progress`, `-status`). */
  testIdPrefix: string;
  /** Who may edit and submit. */
  writePrivilege: string;
  backTo: string;
  /** Where a newly created document opens (a screen that also serves create). */
  editPath?: (id: string) => string;
  /** Values a new document starts with (read when the create form opens). */
  defaults?: () => Record<string, unknown>;
  /** Buttons of the document's own (after the approval ones), given the loaded record. */
  extraActions?: (row: RecordRow) => ActionButton[];
  /** Tabs beside the form's (e.g. the document's lines). */
  extraTabs?: EntityFormPageProps['extraTabs'];
  /** Passed to the form: fields left out, fields shown but not editable. */
  hiddenFields?: string[];
  lockedFields?: string[];
  /** Called with the loaded record (after the page keeps it). */
  onLoaded?: (row: RecordRow) => void;
}

/**
 * The record screen of a document that goes through the approval engine (route param `:id`; none
 * = create): the generic form with the approval status in its title, read-only unless the status is
 * 1 or 4, and 提交审批 (writers, status 1 or 4), 撤回 (the submitter while status 2), 审批进度.
 */
export function ApprovalDocumentPage({
  entity,
  testIdPrefix,
  writePrivilege,
  backTo,
  editPath,
  defaults,
  extraActions,
  extraTabs,
  hiddenFields,
  lockedFields,
  onLoaded,
}: ApprovalDocumentProps) {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const userId = useSession((s) => s.user.userId);
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [submitOpen, setSubmitOpen] = useState(false);
  const [progressOpen, setProgressOpen] = useState(false);
  const writer = can(writePrivilege);
  const status = Number(row?.new_approvalstatus ?? 1) || 1;
  const loaded = !!id && !!row;
  const submitter = String(row?.new_submitter_id ?? '');

  const reload = () => {
    setRow(null);
    setVersion((v) => v + 1);
  };
  const revoke = () => confirmRevoke(t, id!, entity, reload);

  const actions: ActionButton[] = id
    ? [
        {
          key: 'submit',
          label: t('approval.submit'),
          icon: <SendOutlined />,
          hidden: !loaded || !writer || !isEditableStatus(status),
          onClick: () => setSubmitOpen(true),
          testId: `${testIdPrefix}-submit`,
        },
        {
          key: 'revoke',
          label: t('approval.revoke'),
          icon: <RollbackOutlined />,
          hidden: !loaded || status !== 2 || !submitter || submitter.toLowerCase() !== userId.toLowerCase(),
          onClick: revoke,
          testId: `${testIdPrefix}-revoke`,
        },
        {
          key: 'progress',
          label: t('approval.progress'),
          icon: <AuditOutlined />,
          hidden: !loaded,
          onClick: () => setProgressOpen(true),
          testId: `${testIdPrefix}-progress`,
        },
        ...(row && extraActions ? extraActions(row) : []),
      ]
    : [];

  const title = id ? (
    <Space size={8}>
      <span>{getEntity(entity)?.label[lang]}</span>
      {row && <ApprovalStatusTag status={status} testId={`${testIdPrefix}-status`} />}
    </Space>
  ) : undefined;

  return (
    <>
      <EntityFormPage
        key={version}
        entity={entity}
        id={id}
        backTo={backTo}
        editPath={editPath}
        defaults={id || !defaults ? undefined : defaults()}
        title={title}
        canWrite={id ? writer && !!row && isEditableStatus(status) : undefined}
        allowDelete={false}
        actions={actions}
        extraTabs={extraTabs}
        hiddenFields={hiddenFields}
        lockedFields={lockedFields}
        onLoaded={(r) => {
          setRow(r);
          onLoaded?.(r);
        }}
      />
      {id && (
        <>
          <FlowSubmitDialog
            open={submitOpen}
            entityName={entity}
            entityId={id}
            canSubmit={writer && isEditableStatus(status)}
            onClose={() => setSubmitOpen(false)}
            onSubmitted={reload}
          />
          <ApprovalProgressDialog open={progressOpen} entityName={entity} entityId={id} onClose={() => setProgressOpen(false)} />
        </>
      )}
    </>
  );
}
