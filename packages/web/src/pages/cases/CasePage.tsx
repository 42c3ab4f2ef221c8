import { caseSatisfaction, caseType, getEntity, isClientField } from '@portal/model';
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { closeCase, linkCaseWorkOrder, resolveCase, respondCase } from '../../api/cases.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { DocumentPage, type CommandSlot } from '../../entity-ui/document/DocumentPage.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { literal } from '../../entity-ui/odata.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { lengthCount, lengthRule } from '../../widgets/typed-rules.ts';
import { forDialog } from '../parts/dialog-answer.ts';

const CASE = getEntity('new_srv_case')!;
const WORK_ORDER = getEntity('new_srv_workorder')!;
/** A new case shows only what a user enters (number, state and notes are the commands'). */
const HIDDEN_ON_CREATE = Object.keys(CASE.allFields).filter((n) => !isClientField(CASE, n));

type Command = 'respond' | 'resolve' | 'close' | 'link';
type Values = { note?: string; satisfaction?: number; workOrder?: LookupRecord | null };
const TITLE = { respond: 'case.respond', resolve: 'case.resolve', close: 'case.close', link: 'case.linkWorkOrder' } as const;

/** A case command's dialog (the spec's /api/cases/:id/<command> body: a note, the satisfaction or the work order). */
function CaseDialog({ command, id, row, onClose, onDone }: Parameters<CommandSlot>[0] & { command: Command }) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Values>();
  const noteLabel = command === 'resolve' ? t('case.resolutionNote') : t('case.responseNote');
  const station = typeof row.new_station_id === 'string' ? row.new_station_id : '';
  const send = (v: Values) => {
    if (command === 'respond') return respondCase(id, (v.note ?? '').trim());
    if (command === 'resolve') return resolveCase(id, (v.note ?? '').trim());
    if (command === 'close') return closeCase(id, { satisfaction: v.satisfaction ?? null });
    return linkCaseWorkOrder(id, v.workOrder?.id ?? '');
  };
  return (
    <CommandDialog<Values>
      open
      title={t(TITLE[command])}
      testId="case-dialog"
      form={form}
      initialValues={{ note: '', satisfaction: undefined, workOrder: null }}
      onClose={onClose}
      onDone={onDone}
      send={(v) => forDialog(send(v))}
    >
      {(command === 'respond' || command === 'resolve') && (
        <Form.Item
          name="note"
          label={noteLabel}
          rules={[
            { required: true, whitespace: true, message: t('records.required', { field: noteLabel }) },
            lengthRule(noteLabel, 1000, t),
          ]}
        >
          <Input.TextArea data-testid="case-note" count={lengthCount(1000)} autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
      )}
      {command === 'close' && (
        <Form.Item name="satisfaction" label={t('case.satisfaction')}>
          <Select
            data-testid="case-satisfaction"
            allowClear
            options={caseSatisfaction.options.map((o) => ({ value: o.value, label: o.label[lang] }))}
          />
        </Form.Item>
      )}
      {command === 'link' && (
        <Form.Item
          name="workOrder"
          label={t('case.workOrder')}
          rules={[{ required: true, message: t('records.required', { field: t('case.workOrder') }) }]}
        >
          <LookupInput
            testId="case-workorder"
            def={{ entityName: WORK_ORDER.logicalName, conditions: station ? [{ field: 'new_station_id', op: 'eq', value: station }] : [] }}
          />
        </Form.Item>
      )}
    </CommandDialog>
  );
}

const slot =
  (command: Command): CommandSlot =>
  (p) => <CaseDialog command={command} {...p} />;
const DIALOGS = { respond: slot('respond'), resolve: slot('resolve'), close: slot('close'), link: slot('link') };

/**
 * /case/create and /case/CaseViewDetail/:id: a customer case (客诉咨询) on the document page: its
 * declared commands (响应, 解决, 关闭, 关联工单) each with its dialog; the work-order tab is the
 * work-order list filtered by the case (read again after each command). Hooks: `case-*` of the
 * document page, `case-type`, `case-dialog` (`-ok`, `-error`), `case-note`, `case-satisfaction`,
 * `case-workorder`, `case-tab-orders`.
 */
export default function CasePage() {
  const { id } = useParams();
  const t = useT();
  const [loads, setLoads] = useState(0);
  const orders = {
    key: 'orders',
    label: <span data-testid="case-tab-orders">{t('case.ui.workOrders')}</span>,
    children: (
      <EntityListPage
        key={loads}
        entity={WORK_ORDER.logicalName}
        routeBase=""
        views={['all']}
        extraFilter={`new_case_id eq ${literal(WORK_ORDER.allFields.new_case_id, id ?? '')}`}
        paths={{ edit: (orderId) => `/workOrder/edit/${encodeURIComponent(orderId)}` }}
        canWrite={false}
        allowCreate={false}
        allowDelete={false}
        allowImport={false}
        settingsKey="/case/CaseViewDetail/:id/workorders"
      />
    ),
  };
  return (
    <DocumentPage
      entity={CASE}
      testIdPrefix="case"
      backTo="/case/caseviewlist"
      editPath={(newId) => `/case/CaseViewDetail/${encodeURIComponent(newId)}`}
      hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
      readOnlyText="case.ui.readOnly"
      // Deleted from the list (the server keeps cases that moved on or have orders): four header buttons at most.
      allowDelete={false}
      commandDialogs={DIALOGS}
      extraTags={(row) => <OptionTag set={caseType} value={row.new_casetype} testId="case-type" dataName="type" />}
      extraTabs={id ? [orders] : undefined}
      onLoaded={() => setLoads((n) => n + 1)}
    />
  );
}
