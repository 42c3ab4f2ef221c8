import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { contractStatus, getEntity, isClientField } from '@portal/model';
import { Alert, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { activateContract, terminateContract } from '../../api/contract.ts';
import type { RecordRow } from '../../api/records.ts';
import { confirmCommand } from '../../widgets/confirm-command.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { literal } from '../../entity-ui/odata.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { todayUtc8 } from '../../shared/date.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { forDialog } from '../parts/dialog-answer.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { DocumentTitle } from '../../widgets/DocumentTitle.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { lengthCount, lengthRule } from '../../widgets/typed-rules.ts';

const CONTRACT = getEntity('new_srv_contract')!;
const LINE = getEntity('new_srv_contractline')!;
const WRITE = CONTRACT.access!.write!;
/** A new contract shows only what a user enters (number, status and dates of the commands are the server's). */
const HIDDEN_ON_CREATE = Object.keys(CONTRACT.allFields).filter((n) => !isClientField(CONTRACT, n));

/**
 * The status a reader sees: the stored one, except that an active contract whose end date has
 * passed reads as expired (the server stores it at its next contract or work-order write).
 */
export function shownStatus(row: RecordRow | null, today: string): number {
  const stored = Number(row?.new_status ?? contractStatus.draft);
  const end = typeof row?.new_enddate === 'string' ? row.new_enddate.slice(0, 10) : '';
  return stored === contractStatus.active && end && end < today ? contractStatus.expired : stored;
}

/**
 * /contract/create and /contract/edit/:id: a maintenance contract. While draft, writers change the
 * header and its lines (the lines tab: the line entity's generic list; new and opened lines go to
 * /contractline/…) and 生效 activates it; an active contract is read-only and 终止合同 ends it
 * with a date and a reason. Hooks: `ct-form`, `ct-status`, `ct-activate`, `ct-terminate`,
 * `ct-terminate-dialog` (`-ok`), `ct-terminate-date`, `ct-terminate-reason`, `ct-refusal`, `ct-tab-lines`.
 */
export default function ContractPage() {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [terminating, setTerminating] = useState(false);
  const [form] = Form.useForm<{ date: Dayjs; reason: string }>();
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  const writer = can(WRITE);
  const today = todayUtc8().format('YYYY-MM-DD');
  const status = shownStatus(row, today);
  const draft = !!row && status === contractStatus.draft;

  const activate = () =>
    confirmCommand(t, {
      title: t('contract.activate'),
      content: t('contract.activateAsk'),
      run: () => activateContract(id!),
      refused: setRefusal,
      after: refresh,
    });

  const actions: ActionButton[] = [];
  if (id && row && writer && draft)
    actions.push({
      key: 'activate',
      label: t('contract.activate'),
      icon: <CheckCircleOutlined />,
      onClick: activate,
      testId: 'ct-activate',
    });
  if (id && row && writer && status === contractStatus.active) {
    actions.push({
      key: 'terminate',
      label: t('contract.terminate'),
      icon: <StopOutlined />,
      danger: true,
      onClick: () => setTerminating(true),
      testId: 'ct-terminate',
    });
  }

  const title = id ? (
    <DocumentTitle testId="ct-header" label={CONTRACT.label[lang]} number={row?.new_name}>
      {row && <OptionTag set={contractStatus} value={status} testId="ct-status" />}
    </DocumentTitle>
  ) : undefined;

  const lines = {
    key: 'lines',
    label: <span data-testid="ct-tab-lines">{t('contract.ui.lines')}</span>,
    children: id ? (
      <EntityListPage
        key={version}
        entity={LINE.logicalName}
        routeBase=""
        views={['byContract']}
        extraFilter={`new_contract_id eq ${literal(LINE.allFields.new_contract_id, id)}`}
        paths={{
          create: `/contractline/create/${encodeURIComponent(id)}`,
          edit: (lineId) => `/contractline/edit/${encodeURIComponent(lineId)}/${encodeURIComponent(id)}`,
        }}
        canWrite={writer && draft}
        allowCreate={writer && draft}
        allowDelete={writer && draft}
        allowImport={false}
        settingsKey="/contract/edit/:id/lines"
      />
    ) : null,
  };

  return (
    <div data-testid="ct-form" data-editable={draft ? 'true' : 'false'}>
      {refusal && draft && (
        <Alert
          type="error"
          showIcon
          closable
          title={refusal}
          onClose={() => setRefusal(null)}
          style={{ marginBottom: 12 }}
          data-testid="ct-refusal"
        />
      )}
      {id && row && !draft && (
        <Alert type="info" showIcon title={t('contract.ui.readOnly')} style={{ marginBottom: 12 }} data-testid="ct-readonly" />
      )}
      <EntityFormPage
        entity={CONTRACT.logicalName}
        id={id}
        backTo="/contract/list"
        editPath={(newId) => `/contract/edit/${encodeURIComponent(newId)}`}
        title={title}
        hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
        canWrite={id ? writer && draft : undefined}
        allowDelete={draft}
        actions={actions}
        extraTabs={id ? [lines] : undefined}
        onLoaded={setRow}
        reloadSignal={version}
      />
      {id && (
        <CommandDialog<{ date: Dayjs; reason: string }>
          open={terminating}
          title={t('contract.terminate')}
          testId="ct-terminate-dialog"
          form={form}
          initialValues={{ date: todayUtc8(), reason: '' }}
          onClose={() => setTerminating(false)}
          onDone={() => {
            setTerminating(false);
            refresh();
          }}
          send={(v) => forDialog(terminateContract(id, { date: v.date.format('YYYY-MM-DD'), reason: v.reason.trim() }))}
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
      )}
    </div>
  );
}
