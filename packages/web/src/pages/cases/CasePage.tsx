import { CheckCircleOutlined, LinkOutlined, MessageOutlined, StopOutlined } from '@ant-design/icons';
import { caseSatisfaction, caseState, caseType, getEntity, isClientField } from '@portal/model';
import { Alert, Form, Input, Select } from 'antd';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { closeCase, linkCaseWorkOrder, resolveCase, respondCase } from '../../api/cases.ts';
import type { RecordRow } from '../../api/records.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { literal } from '../../entity-ui/odata.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import type { ActionButton } from '../../widgets/ButtonGroup.tsx';
import { DocumentTitle } from '../../widgets/DocumentTitle.tsx';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { forDialog } from '../parts/dialog-answer.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { lengthCount, lengthRule } from '../../widgets/typed-rules.ts';

const CASE = getEntity('new_srv_case')!;
const WORK_ORDER = getEntity('new_srv_workorder')!;
const WRITE = CASE.access!.write!;
/** A new case shows only what a user enters (number, state and notes are the commands'). */
const HIDDEN_ON_CREATE = Object.keys(CASE.allFields).filter((n) => !isClientField(CASE, n));
const OPEN: number[] = [caseState.open, caseState.inProgress];

type Command = 'respond' | 'resolve' | 'close' | 'link';
type Values = { note?: string; satisfaction?: number; workOrder?: LookupRecord | null };

/**
 * /case/create and /case/CaseViewDetail/:id: a customer case (客诉咨询). While open or in progress,
 * writers change it, 响应 (note → in progress) and 解决 (resolution required → resolved); a resolved
 * case is 关闭 with the customer's satisfaction; 关联工单 links a work order of the case's station
 * (until closed). The work-order tab is the work-order list filtered by the case. Hooks: `case-header`,
 * `case-state`, `case-respond`, `case-resolve`, `case-close`, `case-link`, `case-dialog` (`-ok`, `-error`),
 * `case-note`, `case-satisfaction`, `case-workorder`, `case-tab-orders`, `case-readonly`.
 */
export default function CasePage() {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const [row, setRow] = useState<RecordRow | null>(null);
  const [version, setVersion] = useState(0);
  const [command, setCommand] = useState<Command | null>(null);
  const [form] = Form.useForm<Values>();
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  const writer = can(WRITE);
  const state = Number(row?.new_casestate ?? caseState.open) || caseState.open;
  const open = !!row && OPEN.includes(state);
  const station = typeof row?.new_station_id === 'string' ? row.new_station_id : '';

  const actions: ActionButton[] = [];
  if (id && row && writer) {
    if (open) {
      actions.push({
        key: 'respond',
        label: t('case.respond'),
        icon: <MessageOutlined />,
        onClick: () => setCommand('respond'),
        testId: 'case-respond',
      });
      actions.push({
        key: 'resolve',
        label: t('case.resolve'),
        icon: <CheckCircleOutlined />,
        onClick: () => setCommand('resolve'),
        testId: 'case-resolve',
      });
    }
    if (state === caseState.resolved)
      actions.push({
        key: 'close',
        label: t('case.close'),
        icon: <StopOutlined />,
        onClick: () => setCommand('close'),
        testId: 'case-close',
      });
    if (state !== caseState.closed)
      actions.push({
        key: 'link',
        label: t('case.linkWorkOrder'),
        icon: <LinkOutlined />,
        onClick: () => setCommand('link'),
        testId: 'case-link',
      });
  }

  const title = id ? (
    <DocumentTitle testId="case-header" label={CASE.label[lang]} number={row?.new_name}>
      {row && <OptionTag set={caseType} value={row.new_casetype} testId="case-type" dataName="type" />}
      {row && <OptionTag set={caseState} value={state} testId="case-state" />}
    </DocumentTitle>
  ) : undefined;

  const orders = {
    key: 'orders',
    label: <span data-testid="case-tab-orders">{t('case.ui.workOrders')}</span>,
    children: id ? (
      <EntityListPage
        key={version}
        entity={WORK_ORDER.logicalName}
        routeBase=""
        views={['all']}
        extraFilter={`new_case_id eq ${literal(WORK_ORDER.allFields.new_case_id, id)}`}
        paths={{ edit: (orderId) => `/workOrder/edit/${encodeURIComponent(orderId)}` }}
        canWrite={false}
        allowCreate={false}
        allowDelete={false}
        allowImport={false}
        settingsKey="/case/CaseViewDetail/:id/workorders"
      />
    ) : null,
  };

  const send = (v: Values) => {
    switch (command) {
      case 'respond':
        return respondCase(id!, (v.note ?? '').trim());
      case 'resolve':
        return resolveCase(id!, (v.note ?? '').trim());
      case 'close':
        return closeCase(id!, { satisfaction: v.satisfaction ?? null });
      default:
        return linkCaseWorkOrder(id!, v.workOrder?.id ?? '');
    }
  };
  const noteLabel = command === 'resolve' ? t('case.resolutionNote') : t('case.responseNote');
  const dialogTitle =
    command === 'respond'
      ? t('case.respond')
      : command === 'resolve'
        ? t('case.resolve')
        : command === 'close'
          ? t('case.close')
          : t('case.linkWorkOrder');

  return (
    <div data-testid="case-form" data-state={row ? state : ''}>
      {id && row && !open && (
        <Alert type="info" showIcon title={t('case.ui.readOnly')} style={{ marginBottom: 12 }} data-testid="case-readonly" />
      )}
      <EntityFormPage
        entity={CASE.logicalName}
        id={id}
        backTo="/case/caseviewlist"
        editPath={(newId) => `/case/CaseViewDetail/${encodeURIComponent(newId)}`}
        title={title}
        hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
        canWrite={id ? writer && open : undefined}
        // Deleted from the list (the server keeps cases that moved on or have orders): four header buttons at most.
        allowDelete={false}
        actions={actions}
        extraTabs={id ? [orders] : undefined}
        onLoaded={setRow}
        reloadSignal={version}
      />
      {id && (
        <CommandDialog<Values>
          open={command !== null}
          title={dialogTitle}
          testId="case-dialog"
          form={form}
          initialValues={{ note: '', satisfaction: undefined, workOrder: null }}
          onClose={() => setCommand(null)}
          onDone={() => {
            setCommand(null);
            refresh();
          }}
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
                def={{
                  entityName: WORK_ORDER.logicalName,
                  conditions: station ? [{ field: 'new_station_id', op: 'eq', value: station }] : [],
                }}
              />
            </Form.Item>
          )}
        </CommandDialog>
      )}
    </div>
  );
}
