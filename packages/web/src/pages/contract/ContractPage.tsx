import { contractStatus, getEntity, isClientField } from '@portal/model';
import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useParams } from 'react-router';
import { runCommand } from '../../api/command.ts';
import type { RecordRow } from '../../api/records.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { DocumentPage, type CommandSlot } from '../../entity-ui/document/DocumentPage.tsx';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { literal } from '../../entity-ui/odata.ts';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { todayUtc8 } from '../../shared/date.ts';
import { lengthCount, lengthRule } from '../../widgets/typed-rules.ts';

const CONTRACT = getEntity('new_srv_contract')!;
const LINE = getEntity('new_srv_contractline')!;
/** A new contract shows only what a user enters (number, status and dates of the commands are the server's). */
const HIDDEN_ON_CREATE = Object.keys(CONTRACT.allFields).filter((n) => !isClientField(CONTRACT, n));

/** 终止合同: a date (today by default) and a reason, sent as the command's `date` and `reason`. */
const TerminateDialog: CommandSlot = ({ id, open, onClose, onDone }) => {
  const t = useT();
  const [form] = Form.useForm<{ date: Dayjs; reason: string }>();
  return (
    <CommandDialog<{ date: Dayjs; reason: string }>
      open={open}
      title={t('contract.terminate')}
      testId="ct-terminate-dialog"
      form={form}
      initialValues={{ date: todayUtc8(), reason: '' }}
      onClose={onClose}
      onDone={onDone}
      send={(v) => runCommand(CONTRACT, id, 'terminate', { date: v.date.format('YYYY-MM-DD'), reason: v.reason.trim() })}
    >
      <Form.Item
        name="date"
        label={t('contract.terminateDate')}
        rules={[{ required: true, message: t('records.required', { field: t('contract.terminateDate') }) }]}
      >
        <DatePicker data-testid="ct-terminate-date" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('contract.terminateReason')}
        rules={[
          { required: true, whitespace: true, message: t('records.required', { field: t('contract.terminateReason') }) },
          lengthRule(t('contract.terminateReason'), 500, t),
        ]}
      >
        <Input.TextArea data-testid="ct-terminate-reason" count={lengthCount(500)} autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
    </CommandDialog>
  );
};

/**
 * /contract/create and /contract/edit/:id: a maintenance contract on the generic document page (its
 * declaration: number, status, lines, activate, terminate; the server reads an active contract past
 * its end as 已到期). While draft, writers change the header and its lines (the lines tab: the line
 * entity's generic list; new and opened lines go to /contractline/…) and 生效 activates it; an
 * active contract is read-only and 终止合同 ends it with a date and a reason. Hooks: `ct-form`,
 * `ct-state`, `ct-activate`, `ct-terminate`, `ct-terminate-dialog` (`-ok`), `ct-terminate-date`,
 * `ct-terminate-reason`, `ct-refusal`, `ct-readonly`, `ct-tab-lines`.
 */
export default function ContractPage() {
  const { id } = useParams();
  const t = useT();
  const can = usePrivilege();
  const [row, setRow] = useState<RecordRow | null>(null);
  const editable = can(CONTRACT.access!.write!) && Number(row?.new_status) === contractStatus.draft;
  return (
    <DocumentPage
      entity={CONTRACT.logicalName}
      testIdPrefix="ct"
      backTo="/contract/list"
      editPath={(newId) => `/contract/edit/${encodeURIComponent(newId)}`}
      hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
      readOnlyText="contract.ui.readOnly"
      commandDialogs={{ terminate: TerminateDialog }}
      onLoaded={setRow}
      ownLinesTab={
        id
          ? {
              key: 'lines',
              label: <span data-testid="ct-tab-lines">{t('contract.ui.lines')}</span>,
              children: (
                <EntityListPage
                  entity={LINE.logicalName}
                  routeBase=""
                  views={['byContract']}
                  extraFilter={`new_contract_id eq ${literal(LINE.allFields.new_contract_id, id)}`}
                  paths={{
                    create: `/contractline/create/${encodeURIComponent(id)}`,
                    edit: (lineId) => `/contractline/edit/${encodeURIComponent(lineId)}/${encodeURIComponent(id)}`,
                  }}
                  canWrite={editable}
                  allowCreate={editable}
                  allowDelete={editable}
                  allowImport={false}
                  settingsKey="/contract/edit/:id/lines"
                />
              ),
            }
          : undefined
      }
    />
  );
}
