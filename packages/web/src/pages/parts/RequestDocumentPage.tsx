import { AuditOutlined, EditOutlined, RollbackOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { approvalStatus, getEntity, isClientField, type OptionSetField } from '@portal/model';
import { Alert, Tag, type TabsProps } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { confirmRevoke } from '../../widgets/approval/confirm-revoke.ts';
import type { LookupCondition } from '../../api/lookup.ts';
import { deleteRequestLine } from '../../api/parts.ts';
import type { RecordRow } from '../../api/records.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { ApprovalProgressDialog } from '../../widgets/approval/ApprovalProgressDialog.tsx';
import { DOC_STATUS_COLOR } from '../../widgets/approval/ApprovalStatusTag.tsx';
import { FlowSubmitDialog } from '../../widgets/approval/FlowSubmitDialog.tsx';
import { ApprovedQtyDialog } from './ApprovedQtyDialog.tsx';
import { CloseDialog } from './CloseDialog.tsx';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import type { RequestDocument } from './request-documents.ts';
import { isEditable, requestActions, requestState, type RequestAction } from './request-rules.ts';
import { RequestLineDialog } from './RequestLineDialog.tsx';
import { DocumentTitle } from '../../widgets/DocumentTitle.tsx';

/** Read-only fields are set by the server: a new document shows only what a user enters. */
const createHidden = new Map<string, string[]>();
function hiddenOnCreate(entity: string): string[] {
  if (!createHidden.has(entity)) {
    const e = getEntity(entity)!;
    createHidden.set(
      entity,
      Object.keys(e.allFields).filter((n) => !isClientField(e, n)),
    );
  }
  return createHidden.get(entity)!;
}

const ICONS: Record<RequestAction, ReactNode> = {
  submit: <SendOutlined />,
  revoke: <RollbackOutlined />,
  approved: <EditOutlined />,
  close: <StopOutlined />,
  progress: <AuditOutlined />,
};

export interface RequestDocumentPageProps {
  doc: RequestDocument;
  /** The document; none = a new one. */
  id?: string;
  /** Initial values of a new document and fields shown but locked (a station user's station). */
  defaults?: Record<string, unknown>;
  lockedFields?: string[];
  lookupConditions?: Record<string, LookupCondition[]>;
  /** Tags after the approval status (the document's own states). */
  tags?: (row: RecordRow) => ReactNode;
  /** Tabs after the lines (e.g. the deliveries of an application). */
  extraTabs?: (row: RecordRow, version: number) => NonNullable<TabsProps['items']>;
  /** The loaded document (a page that derives lookups or defaults from it). */
  onLoaded?: (row: RecordRow) => void;
}

/**
 * The screen of an application or a transfer (create and edit): the header form (read-only unless
 * draft or rejected and not closed), the number with its approval status, states and closed tag, the lines tab
 * (add / edit / delete while editable; 请先保存主单据再添加明细 before the first save), and the
 * actions the rules offer: 提交审批, 撤回, 修改审批数量, 关闭, 审批进度. After every command the
 * document and its lines reload in place.
 */
export function RequestDocumentPage({
  doc,
  id,
  defaults,
  lockedFields,
  lookupConditions,
  tags,
  extraTabs,
  onLoaded,
}: RequestDocumentPageProps) {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const userId = useSession((s) => s.user.userId);
  const e = getEntity(doc.entity)!;
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState<RequestAction | null>(null);
  const [line, setLine] = useState<RecordRow | 'new' | null>(null);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const state = requestState(row);
  const writer = can(doc.write);
  const editable = !!row && isEditable(state);
  const linesEditable = writer && editable;
  const p = doc.prefix;

  const loaded = (r: RecordRow) => {
    setRow(r);
    onLoaded?.(r);
  };

  const done = () => {
    setDialog(null);
    refresh();
  };

  const revoke = () => confirmRevoke(t, id!, doc.entity, refresh);

  const label = (k: RequestAction) =>
    ({
      submit: t('approval.submit'),
      revoke: t('approval.revoke'),
      approved: t('parts.ui.approvedQty'),
      close: t('parts.ui.close'),
      progress: t('approval.progress'),
    })[k];
  const actions: ActionButton[] =
    id && row
      ? requestActions(doc, row, can, userId).map((k) => ({
          key: k,
          label: label(k),
          icon: ICONS[k],
          danger: k === 'close',
          onClick: () => (k === 'revoke' ? revoke() : setDialog(k)),
          testId: `${p}-${k}`,
        }))
      : [];

  const approval = e.allFields.new_approvalstatus as OptionSetField;
  const closeField = e.allFields.new_isclose;
  const closedLabel = closeField?.type === 'bool' ? closeField.trueLabel?.[lang] : '';
  const option = approval.optionSet.options.find((o) => o.value === state.status);
  const title = id ? (
    <DocumentTitle testId={`${p}-header`} label={e.label[lang]} number={row?.new_name}>
      {row && (
        // The entity's own labels: a transfer reads 制单中/审批中/…, an application 待提交/审批中/….
        <Tag color={DOC_STATUS_COLOR[state.status] ?? 'default'} data-testid={`${p}-approvalstatus`} data-status={state.status}>
          {option?.label[lang] ?? String(state.status)}
        </Tag>
      )}
      {row && tags?.(row)}
      {state.closed && <Tag data-testid={`${p}-closed`}>{closedLabel}</Tag>}
    </DocumentTitle>
  ) : undefined;

  const tab = (key: string, text: string, children: ReactNode) => ({
    key,
    label: <span data-testid={`${p}-tab-${key}`}>{text}</span>,
    children,
  });
  const tabs = [
    tab(
      'lines',
      t('parts.ui.lines'),
      <DocumentLines
        entity={doc.lineEntity}
        parentField={doc.parentField}
        parentId={id}
        version={version}
        editable={linesEditable}
        onAdd={() => setLine('new')}
        onEdit={(r) => setLine(r)}
        onDelete={(r) => deleteRequestLine(doc.kind, id!, String(r[getEntity(doc.lineEntity)!.primaryKey]))}
        onChanged={refresh}
        // Back-ordered quantities of an application show while it can still be changed (the stock is taken when a line is written and on submit).
        shortfall={doc.kind === 'applications' && editable}
      />,
    ),
    ...(id && row && extraTabs ? extraTabs(row, version) : []),
  ];

  return (
    <div data-testid={`${p}-form`} data-editable={editable ? 'true' : 'false'}>
      {id && row && !editable && (
        <Alert type="info" showIcon title={t('parts.ui.readOnly')} style={{ marginBottom: 12 }} data-testid={`${p}-readonly`} />
      )}
      <EntityFormPage
        entity={doc.entity}
        id={id}
        backTo={doc.listPath}
        editPath={doc.editPath}
        title={title}
        defaults={defaults}
        lockedFields={lockedFields}
        lookupConditions={lookupConditions}
        hiddenFields={id ? undefined : hiddenOnCreate(doc.entity)}
        canWrite={id ? writer && editable : undefined}
        // Only a draft goes away; a rejected document stays on record.
        allowDelete={state.status === approvalStatus.draft && !state.closed}
        actions={actions}
        extraTabs={tabs}
        onLoaded={loaded}
        reloadSignal={version}
      />
      {id && (
        <>
          <RequestLineDialog
            doc={doc}
            docId={id}
            editing={line}
            onClose={() => setLine(null)}
            onDone={() => {
              setLine(null);
              refresh();
            }}
          />
          <FlowSubmitDialog
            open={dialog === 'submit'}
            entityName={doc.entity}
            entityId={id}
            canSubmit={writer && editable}
            onClose={() => setDialog(null)}
            onSubmitted={refresh}
          />
          <ApprovalProgressDialog open={dialog === 'progress'} entityName={doc.entity} entityId={id} onClose={() => setDialog(null)} />
          <CloseDialog doc={doc} docId={id} open={dialog === 'close'} onClose={() => setDialog(null)} onDone={done} />
          {doc.kind === 'applications' && (
            <ApprovedQtyDialog docId={id} open={dialog === 'approved'} onClose={() => setDialog(null)} onDone={done} />
          )}
        </>
      )}
    </div>
  );
}
