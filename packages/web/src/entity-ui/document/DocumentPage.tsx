import { AuditOutlined, PrinterOutlined, RollbackOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { approvalStatus, documentStatus, getEntity, type DocumentGrant, type EntityDef, type MessageKey } from '@portal/model';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Alert, Tag, type TabsProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { runCommand, type CommandAnswer } from '../../api/command.ts';
import { screenPath } from '../../app/screen-path.ts';
import type { LookupCondition } from '../../api/lookup.ts';
import type { RecordRow } from '../../api/records.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { confirmCommand } from '../../widgets/confirm-command.ts';
import { DocumentTitle } from '../../widgets/DocumentTitle.tsx';
import { ApprovalProgressDialog } from '../../widgets/approval/ApprovalProgressDialog.tsx';
import { confirmRevoke } from '../../widgets/approval/confirm-revoke.ts';
import { FlowSubmitDialog } from '../../widgets/approval/FlowSubmitDialog.tsx';
import { EntityFormPage } from '../EntityFormPage.tsx';
import { DocumentLines, type DocumentLinesProps } from './DocumentLines.tsx';
import { approvalButtons, documentStanding, offeredCommands } from './document-rules.ts';
import { documentKey, documentQueries, useDocumentRecord } from './document-query.ts';
import { InputsDialog } from './InputsDialog.tsx';
import { OptionTag } from './OptionTag.tsx';

/** A business dialog standing in for a command's generic one (e.g. a receipt with a quantity per line). */
export type CommandSlot = (p: { id: string; row: RecordRow; open: boolean; onClose: () => void; onDone: () => void }) => ReactNode;

export interface DocumentPageProps {
  /** The entity (a fixture's definition in tests: its form is the registered entity of the same name). */
  entity: string | EntityDef;
  /** Prefix of the test ids: `<p>-form`, `-header`, `-state` (`-status` under approval), `-<command>`, `-submit`, `-revoke`, `-progress`, `-refusal`, `-readonly`, `-tab-lines`. */
  testIdPrefix: string;
  backTo: string;
  editPath?: (id: string) => string;
  /** Values a new document starts with (read when the create form opens). */
  defaults?: () => Record<string, unknown>;
  hiddenFields?: string[];
  lockedFields?: string[];
  /** Conditions on the form's lookups, by field (a supplying warehouse: central ones only). */
  lookupConditions?: Record<string, LookupCondition[]>;
  /** Shown while a loaded document may not be changed (default the catalogue's generic text). */
  readOnlyText?: MessageKey;
  /** The business's say on a command the web cannot fully judge (the party a grant acts for). */
  mayRun?: (command: string, grant: DocumentGrant, row: RecordRow) => boolean;
  /** Dialogs of the business standing in for the generic confirm or inputs dialog, by command. */
  commandDialogs?: Record<string, CommandSlot>;
  /** The lines tab's line commands (add, edit, delete) while the document is editable; its dialog is `lineDialog`. */
  lines?: Pick<DocumentLinesProps, 'onAdd' | 'onEdit' | 'onDelete' | 'totals' | 'shortfall'>;
  /** The lines tab's title (default the catalogue's generic 明细). */
  linesLabel?: MessageKey;
  lineDialog?: (reload: () => void) => ReactNode;
  /** A lines tab of the business's own in place of the generic one (the contract's: its lines' list, opened on their own pages). */
  ownLinesTab?: NonNullable<TabsProps['items']>[number];
  /** Business buttons after the declared ones; tabs after the lines tab. */
  extraActions?: (row: RecordRow, reload: () => void) => ActionButton[];
  extraTabs?: TabsProps['items'];
  /** Tags after the status tag. */
  extraTags?: (row: RecordRow) => ReactNode;
  onLoaded?: (row: RecordRow) => void;
  /** The form's delete button (default: outside approval, in the declared deletable states). */
  allowDelete?: boolean;
  /** Whether this account writes the document at all, where the model's write privilege says too much (head office reads a dealer's forecast, only the dealer changes it). */
  canWrite?: boolean;
}

/**
 * THE document page (issue 26): the entity's form with, from its `document` declaration, the number
 * and status in the title (and the favourite star), read-only outside the editable states, a
 * button per declared command the caller may run in the current state (a confirmation, a dialog of
 * its inputs, or the business's own dialog), the lines tab, and the approval bar (submit, revoke,
 * progress) for an approval document, and 打印 when it declares a print page. Data comes through
 * the document query cache; a command invalidates the document's key, which reloads the form, the
 * title and the lines.
 */
export function DocumentPage(props: DocumentPageProps) {
  return (
    <QueryClientProvider client={documentQueries}>
      <DocumentScreen {...props} />
    </QueryClientProvider>
  );
}

function DocumentScreen({
  entity: given,
  testIdPrefix: p,
  backTo,
  editPath,
  defaults,
  hiddenFields,
  lockedFields,
  lookupConditions,
  readOnlyText,
  mayRun,
  commandDialogs = {},
  lines,
  linesLabel = 'parts.ui.lines',
  lineDialog,
  ownLinesTab,
  extraActions,
  extraTabs,
  extraTags,
  onLoaded,
  allowDelete,
  canWrite,
}: DocumentPageProps) {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const userId = useSession((s) => s.user.userId);
  const queries = useQueryClient();
  const navigate = useNavigate();
  const e = typeof given === 'string' ? getEntity(given)! : given;
  const entity = e.logicalName;
  const status = documentStatus(e);
  const print = e.document?.print;
  const record = useDocumentRecord(entity, id);
  const row = id ? (record.data ?? null) : null;
  const [open, setOpen] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const writer = (canWrite ?? true) && !!e.access?.write && can(e.access.write);
  const standing = documentStanding(e, row);
  const approval = approvalButtons(e, row, writer, userId);
  const reload = () => void queries.invalidateQueries({ queryKey: documentKey(entity, id) });
  // A command that made a document (a shipment from an order) opens it.
  const follow = <A extends CommandAnswer | null | undefined>(a: A): A => {
    const to = a?.opens && (screenPath(a.opens.entity, 'edit', a.opens.id) ?? screenPath(a.opens.entity, 'view', a.opens.id));
    if (to) navigate(to);
    return a;
  };
  const done = (a?: CommandAnswer) => {
    setOpen(null);
    reload();
    follow(a);
  };

  const run = (name: string) => {
    const c = e.document!.commands![name];
    if (commandDialogs[name] || c.inputs?.length || c.lineQuantities) return setOpen(name);
    const go = () => runCommand(e, id!, name).then(follow);
    if (c.confirm) return confirmCommand(t, { title: t(c.label), content: t(c.confirm), run: go, refused: setRefusal, after: reload });
    setRefusal(null);
    go()
      .then(
        (a: CommandAnswer) => a,
        (err: Error) => (setRefusal(err.message), null),
      )
      .finally(reload);
  };

  const actions: ActionButton[] =
    id && row
      ? [
          ...offeredCommands(e, row, can, mayRun).map(
            (name, i): ActionButton => ({
              key: name,
              label: t(e.document!.commands![name].label),
              icon: <ThunderboltOutlined />,
              type: i === 0 ? 'primary' : undefined,
              testId: `${p}-${name}`,
              onClick: () => run(name),
            }),
          ),
          {
            key: 'submit',
            label: t('approval.submit'),
            type: 'primary',
            hidden: !approval.submit,
            onClick: () => setOpen('submit'),
            testId: `${p}-submit`,
          },
          {
            key: 'revoke',
            label: t('approval.revoke'),
            icon: <RollbackOutlined />,
            hidden: !approval.revoke,
            onClick: () => confirmRevoke(t, id, entity, reload),
            testId: `${p}-revoke`,
          },
          {
            key: 'progress',
            label: t('approval.progress'),
            icon: <AuditOutlined />,
            hidden: !approval.progress,
            onClick: () => setOpen('progress'),
            testId: `${p}-progress`,
          },
          ...(extraActions ? extraActions(row, reload) : []),
          {
            key: 'print',
            label: t(print?.label ?? 'documents.print'),
            icon: <PrinterOutlined />,
            hidden: !print || !can(print.privilege ?? e.access?.read ?? []),
            // In the same tab, as the print pages were reached before; they lead back to the document.
            onClick: () => navigate(print!.path.replace(':id', encodeURIComponent(id))),
            testId: `${p}-print`,
          },
        ]
      : [];

  // Under approval the tag says the approval status (data-status), else the document's state (data-state).
  const underApproval = status?.set === approvalStatus;
  const title = id ? (
    <DocumentTitle testId={`${p}-header`} label={e.label[lang]} number={row?.[e.primaryName]}>
      {row && status && standing.state != null && (
        <OptionTag
          set={status.set}
          value={standing.state}
          testId={underApproval ? `${p}-status` : `${p}-state`}
          dataName={underApproval ? 'status' : 'state'}
        />
      )}
      {row && standing.closed && status?.closedBy ? (
        <Tag data-testid={`${p}-closed`}>{e.allFields[status.closedBy].label[lang]}</Tag>
      ) : null}
      {row && extraTags?.(row)}
    </DocumentTitle>
  ) : undefined;

  const line = e.document?.lines?.[0];
  const linesTab =
    line && id
      ? [
          {
            key: 'lines',
            label: <span data-testid={`${p}-tab-lines`}>{t(linesLabel)}</span>,
            children: (
              <DocumentLines
                entity={line.entity}
                parentField={line.parent}
                parentId={id}
                version={record.dataUpdatedAt}
                editable={writer && standing.editable}
                {...lines}
                onChanged={reload}
              />
            ),
          },
        ]
      : [];

  const Slot = open ? commandDialogs[open] : undefined;
  return (
    <div data-testid={`${p}-form`} data-editable={standing.editable ? 'true' : 'false'}>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable
          title={refusal}
          onClose={() => setRefusal(null)}
          style={{ marginBottom: 12 }}
          data-testid={`${p}-refusal`}
        />
      )}
      {row && !standing.editable && (
        <Alert
          type="info"
          showIcon
          title={t(readOnlyText ?? 'parts.ui.readOnly')}
          style={{ marginBottom: 12 }}
          data-testid={`${p}-readonly`}
        />
      )}
      <EntityFormPage
        entity={entity}
        id={id}
        backTo={backTo}
        editPath={editPath}
        defaults={id || !defaults ? undefined : defaults()}
        title={title}
        hiddenFields={hiddenFields}
        lockedFields={lockedFields}
        lookupConditions={lookupConditions}
        canWrite={id ? writer && !!row && standing.editable : undefined}
        allowDelete={(allowDelete ?? !e.document?.approval) && standing.deletable}
        actions={actions}
        extraTabs={[...(ownLinesTab ? [ownLinesTab] : linesTab), ...(extraTabs ?? [])]}
        reloadSignal={record.dataUpdatedAt}
        onLoaded={(r) => onLoaded?.(r)}
      />
      {id && row && Slot && <Slot id={id} row={row} open onClose={() => setOpen(null)} onDone={done} />}
      {id && row && open && !Slot && (e.document?.commands?.[open]?.inputs?.length || e.document?.commands?.[open]?.lineQuantities) ? (
        <InputsDialog
          entity={e}
          id={id}
          command={open}
          row={row}
          testId={`${p}-${open}-dialog`}
          open
          onClose={() => setOpen(null)}
          onDone={done}
        />
      ) : null}
      {id && e.document?.approval && (
        <>
          <FlowSubmitDialog
            open={open === 'submit'}
            entityName={entity}
            entityId={id}
            canSubmit={approval.submit}
            onClose={() => setOpen(null)}
            onSubmitted={done}
          />
          <ApprovalProgressDialog open={open === 'progress'} entityName={entity} entityId={id} onClose={() => setOpen(null)} />
        </>
      )}
      {id && lineDialog?.(reload)}
    </div>
  );
}
