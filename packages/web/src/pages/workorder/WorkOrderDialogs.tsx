import { getEntity, slotLabel, workOrderStatus, type CompleteRequest, type ProgressRequest } from '@portal/model';
import { Alert, DatePicker, Descriptions, Form, Input, Radio, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { todayUtc8 } from '../../shared/date.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { listAttachments } from '../../api/attachments.ts';
import type { RecordRow } from '../../api/records.ts';
import { displayValue } from '../../api/records.ts';
import {
  auditOrder,
  cancelOrder,
  completeOrder,
  dispatchOrder,
  recordProgress,
  revisitOrder,
  setAppointment,
  settleOrder,
  superviseOrder,
  type CommandAnswer,
} from '../../api/work-orders.ts';
import { fromWallClock, toDate, toWallClock } from '../../entity-ui/form-values.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { Picklist } from '../../widgets/Picklist.tsx';
import { NumberInput } from '../../widgets/NumberInput.tsx';
import { lengthCount, lengthRule, numberRule } from '../../widgets/typed-rules.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import {
  appointmentBody,
  appointmentInitial,
  endAfterBegin,
  isAppointmentChange,
  nextProgressStep,
  nextSettlementStatus,
  reasonForChange,
  SLOT_OPTIONS,
  WORK_ORDER,
  type ActionKind,
  type AppointmentValues,
} from './work-order-rules.ts';
import { num } from '../../entity-ui/document/num.ts';

export interface DialogProps {
  open: boolean;
  row: RecordRow;
  onClose: () => void;
  onDone: (answer: CommandAnswer) => void;
}

const E = () => getEntity(WORK_ORDER)!;
/** The model's label of a work-order field in the current language. */
function useFieldLabel() {
  const lang = useLocale();
  return (name: string) => E().allFields[name]?.label[lang] ?? name;
}
const idOf = (row: RecordRow) => String(row.new_srv_workorderid ?? '');
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const trimmed = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
/** "Now" as the picker shows it (UTC+8 wall clock). */
const nowWall = () => toWallClock(new Date().toISOString());
const notFuture = (d: Dayjs) => d.isAfter(todayUtc8().endOf('day'));
/** A required-text rule with the catalogue's message. */
const requiredText = (message: string) => ({ required: true, whitespace: true, message });

/**
 * Site photos are the order's image attachments (what the server counts): read when a dialog
 * opens, since photos may have been uploaded after the order was loaded.
 */
export function usePhotoCount(row: RecordRow, active: boolean): number {
  const [count, setCount] = useState(num(row.new_photocount) ?? 0);
  const id = idOf(row);
  useEffect(() => {
    if (!active || !id) return;
    let live = true;
    listAttachments(WORK_ORDER, id, { silent: true })
      .then(
        (list) =>
          live && setCount(list.filter((a) => (a.ContentType ? a.ContentType.startsWith('image/') : IMAGE.test(a.FileName))).length),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [active, id]);
  return count;
}
const IMAGE = /\.(png|jpe?g|gif|svg)$/i;

/* ------------------------------------------------------------------ dispatch */

interface DispatchValues {
  worker: LookupRecord | null;
  memo?: string;
}

/** 派工 / 改派: an engineer of the order's station, with their load and phone. */
export function DispatchDialog({ open, row, onClose, onDone }: DialogProps) {
  const t = useT();
  const label = useFieldLabel();
  const [form] = Form.useForm<DispatchValues>();
  const current = text(row.new_worker_id);
  const reassign = !!current;
  const stationId = text(row.new_station_id);
  const stationName = displayValue(row, 'new_station_id');
  return (
    <CommandDialog<DispatchValues>
      open={open}
      title={reassign ? t('wo.ui.reassign') : t('wo.ui.dispatch')}
      testId="wo-dispatch-dialog"
      form={form}
      onClose={onClose}
      onDone={onDone}
      send={(v) => dispatchOrder(idOf(row), { workerId: v.worker!.id, memo: trimmed(v.memo) })}
    >
      {reassign && (
        <Typography.Paragraph data-testid="wo-dispatch-current">
          {t('wo.ui.currentEngineer', { name: displayValue(row, 'new_worker_id') })}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="worker"
        label={label('new_worker_id')}
        required
        rules={[
          {
            validator: (_, v: LookupRecord | null) => {
              if (!v?.id) return Promise.reject(new Error(t('wo.workerRequired')));
              if (v.id === current) return Promise.reject(new Error(t('wo.sameWorker')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <LookupInput
          testId="wo-dispatch-worker"
          def={{
            entityName: 'new_srv_worker',
            displayFields: ['new_name', 'new_code', 'new_phone', 'new_load', 'new_job'],
            filterFields: ['new_name', 'new_code', 'new_phone'],
            orderBy: 'new_load asc',
            conditions: stationId ? [{ field: 'new_station_id', op: 'eq', value: stationId }] : [],
            title: t('wo.ui.stationEngineers', { station: stationName }),
          }}
        />
      </Form.Item>
      <Form.Item name="memo" label={t('wo.ui.memo')} rules={[lengthRule(t('wo.ui.memo'), 100, t)]}>
        <Input.TextArea data-testid="wo-dispatch-memo" count={lengthCount(100)} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </CommandDialog>
  );
}

/* --------------------------------------------------------------- appointment */

// The engineer app's appointment form applies the same rule (work-order-rules.ts).
export { isAppointmentChange };

/** 预约: date, begin and end slots (05:00–22:00), status; a change needs its reason. */
export function AppointmentDialog({ open, row, onClose, onDone }: DialogProps) {
  const t = useT();
  const label = useFieldLabel();
  const [form] = Form.useForm<AppointmentValues>();
  const had = toDate(row.new_appointmenttime);
  return (
    <CommandDialog<AppointmentValues>
      open={open}
      title={t('wo.ui.appointment')}
      testId="wo-appointment-dialog"
      form={form}
      initialValues={appointmentInitial(row)}
      onClose={onClose}
      onDone={onDone}
      send={(v) => setAppointment(idOf(row), appointmentBody(v))}
    >
      {had && (
        <Typography.Paragraph type="secondary" data-testid="wo-appointment-current">
          {t('wo.ui.currentAppointment', {
            date: had.format('YYYY-MM-DD'),
            begin: slotLabel(num(row.new_appointmentbegin) ?? 0),
            end: slotLabel(num(row.new_appointmentend) ?? 0),
          })}
        </Typography.Paragraph>
      )}
      <Form.Item name="date" label={label('new_appointmenttime')} required rules={[{ required: true, message: t('wo.dateRequired') }]}>
        <DatePicker data-testid="wo-appt-date" style={{ width: '100%' }} disabledDate={(d) => d.isBefore(todayUtc8())} />
      </Form.Item>
      <Space.Compact block>
        <Form.Item
          name="begin"
          label={label('new_appointmentbegin')}
          required
          rules={[{ required: true, message: t('wo.ui.slotRequired') }]}
          style={{ flex: 1 }}
        >
          <Select data-testid="wo-appt-begin" options={SLOT_OPTIONS} virtual={false} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item
          name="end"
          label={label('new_appointmentend')}
          required
          dependencies={['begin']}
          style={{ flex: 1, marginInlineStart: 12 }}
          rules={[{ required: true, message: t('wo.ui.slotRequired') }, endAfterBegin(t('wo.endAfterStart'))]}
        >
          <Select data-testid="wo-appt-end" options={SLOT_OPTIONS} virtual={false} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
      </Space.Compact>
      <Form.Item
        name="status"
        label={label('new_appointmentstatus')}
        required
        rules={[{ required: true, message: t('wo.ui.statusRequired') }]}
      >
        <Picklist entity={WORK_ORDER} attribute="new_appointmentstatus" testId="wo-appt-status" allowClear={false} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={label('new_appointmentreason')}
        dependencies={['date', 'begin', 'end', 'status']}
        rules={[reasonForChange(row, t('wo.reasonRequired'))]}
      >
        <Picklist entity={WORK_ORDER} attribute="new_appointmentreason" testId="wo-appt-reason" />
      </Form.Item>
      <Form.Item name="memo" label={t('wo.ui.memo')} rules={[lengthRule(t('wo.ui.memo'), 100, t)]}>
        <Input.TextArea data-testid="wo-appt-memo" count={lengthCount(100)} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </CommandDialog>
  );
}

/* ------------------------------------------------------------------ progress */

interface ProgressValues {
  time: Dayjs | null;
  address?: string;
  longitude?: number | null;
  latitude?: number | null;
  memo?: string;
}

/** 记录进度: the next step (响应 → 出发 → 到达 → 拍照) with its time, address and GPS position. */
export function ProgressDialog({ open, row, onClose, onDone }: DialogProps) {
  const t = useT();
  const [form] = Form.useForm<ProgressValues>();
  const step = nextProgressStep(num(row.new_status), num(row.new_dealstatus));
  const photos = usePhotoCount(row, open && step === 'photos');
  const needsAddress = step === 'departure' || step === 'arrival';
  return (
    <CommandDialog<ProgressValues>
      open={open}
      title={t('wo.ui.progress')}
      testId="wo-progress-dialog"
      form={form}
      initialValues={{ time: nowWall() }}
      onClose={onClose}
      onDone={onDone}
      send={(v) => {
        const body: ProgressRequest = { step: step!, time: fromWallClock(v.time!), address: trimmed(v.address), memo: trimmed(v.memo) };
        if (v.longitude !== null && v.longitude !== undefined && v.latitude !== null && v.latitude !== undefined) {
          body.longitude = v.longitude;
          body.latitude = v.latitude;
        }
        return recordProgress(idOf(row), body);
      }}
    >
      <Form.Item label={t('wo.ui.step')}>
        <Typography.Text strong data-testid="wo-progress-step" data-step={step ?? ''}>
          {step ? t(`wo.ui.step.${step}`) : t('wo.ui.progressDone')}
        </Typography.Text>
      </Form.Item>
      {step === 'photos' && (
        <Alert
          type={photos > 0 ? 'info' : 'warning'}
          showIcon
          title={t('wo.ui.photoCount', { count: photos })}
          description={t('wo.ui.photoHowTo')}
          style={{ marginBottom: 12 }}
          data-testid="wo-progress-photos"
        />
      )}
      <Form.Item name="time" label={t('wo.ui.time')} required rules={[{ required: true, message: t('wo.ui.timeRequired') }]}>
        <DatePicker
          data-testid="wo-progress-time"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
          disabledDate={notFuture}
        />
      </Form.Item>
      <Form.Item
        name="address"
        label={t('wo.ui.address')}
        required={needsAddress}
        rules={[
          ...(needsAddress ? [requiredText(t(step === 'departure' ? 'wo.needDepartureAddress' : 'wo.needArrivalAddress'))] : []),
          lengthRule(t('wo.ui.address'), 200, t),
        ]}
      >
        <Input data-testid="wo-progress-address" count={lengthCount(200, false)} />
      </Form.Item>
      <Space.Compact block>
        <Form.Item
          name="longitude"
          label={t('wo.ui.longitude')}
          style={{ flex: 1 }}
          dependencies={['latitude']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                ((v ?? null) === null) === ((getFieldValue('latitude') ?? null) === null)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('wo.ui.coordsBoth'))),
            }),
            numberRule({ field: t('wo.ui.longitude'), scale: 6, min: -180, max: 180 }, t),
          ]}
        >
          <NumberInput testId="wo-progress-lng" />
        </Form.Item>
        <Form.Item
          name="latitude"
          label={t('wo.ui.latitude')}
          style={{ flex: 1, marginInlineStart: 12 }}
          rules={[numberRule({ field: t('wo.ui.latitude'), scale: 6, min: -90, max: 90 }, t)]}
        >
          <NumberInput testId="wo-progress-lat" />
        </Form.Item>
      </Space.Compact>
      <Form.Item name="memo" label={t('wo.ui.memo')} rules={[lengthRule(t('wo.ui.memo'), 100, t)]}>
        <Input.TextArea data-testid="wo-progress-memo" count={lengthCount(100)} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </CommandDialog>
  );
}

/* ---------------------------------------------------------------- completion */

interface CompleteValues {
  departureTime: Dayjs | null;
  departureAddress: string;
  arrivalTime: Dayjs | null;
  arrivalAddress: string;
  completionTime: Dayjs | null;
  completionAddress: string;
  fixtype: number | null;
  solution: string;
  serviceResult: string;
}

/** A time no earlier than another field's (departure ≤ arrival ≤ completion). */
const notBefore =
  (other: keyof CompleteValues, message: string) =>
  ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator: (_: unknown, v: Dayjs | null) => {
      const o = getFieldValue(other) as Dayjs | null;
      return !v || !o || !v.isBefore(o) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });

/** 完工: progress times and addresses prefilled from the order, fix type, solution and result. */
export function CompleteDialog({ open, row, onClose, onDone }: DialogProps) {
  const t = useT();
  const label = useFieldLabel();
  const [form] = Form.useForm<CompleteValues>();
  const photos = usePhotoCount(row, open);
  const initial: CompleteValues = {
    departureTime: toWallClock(row.new_departuretime),
    departureAddress: text(row.new_departureaddress),
    arrivalTime: toWallClock(row.new_arrivaltime),
    arrivalAddress: text(row.new_arrivaladdress),
    completionTime: toWallClock(row.new_completiontime) ?? nowWall(),
    completionAddress: text(row.new_completionaddress) || text(row.new_arrivaladdress),
    fixtype: num(row.new_fixtype),
    solution: text(row.new_solution),
    serviceResult: text(row.new_serviceresult),
  };
  const time = (
    name: keyof CompleteValues,
    field: string,
    testId: string,
    required: string,
    extra: ReturnType<typeof notBefore>[] = [],
  ) => (
    <Form.Item
      name={name}
      label={label(field)}
      required
      rules={[{ required: true, message: required }, ...extra]}
      dependencies={extra.length ? ['departureTime', 'arrivalTime'] : undefined}
    >
      <DatePicker
        data-testid={testId}
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        style={{ width: '100%' }}
        disabledDate={notFuture}
      />
    </Form.Item>
  );
  return (
    <CommandDialog<CompleteValues>
      open={open}
      title={t('wo.ui.complete')}
      testId="wo-complete-dialog"
      form={form}
      width={720}
      initialValues={initial}
      onClose={onClose}
      onDone={onDone}
      send={(v) => {
        const body: CompleteRequest = {
          departureTime: fromWallClock(v.departureTime!),
          departureAddress: v.departureAddress.trim(),
          arrivalTime: fromWallClock(v.arrivalTime!),
          arrivalAddress: v.arrivalAddress.trim(),
          completionTime: fromWallClock(v.completionTime!),
          completionAddress: trimmed(v.completionAddress),
          fixtype: v.fixtype ?? null,
          solution: trimmed(v.solution),
          serviceResult: trimmed(v.serviceResult),
        };
        return completeOrder(idOf(row), body);
      }}
    >
      <Alert
        type={photos > 0 ? 'info' : 'warning'}
        showIcon
        title={
          <span data-testid="wo-complete-photos" data-count={photos}>
            {t('wo.ui.photoCount', { count: photos })}
          </span>
        }
        description={t('wo.ui.photoHowTo')}
        style={{ marginBottom: 12 }}
      />
      <Space.Compact block>
        <div style={{ flex: 1 }}>{time('departureTime', 'new_departuretime', 'wo-complete-departure-time', t('wo.needDepartureTime'))}</div>
        <Form.Item
          name="departureAddress"
          label={label('new_departureaddress')}
          required
          rules={[requiredText(t('wo.needDepartureAddress')), lengthRule(label('new_departureaddress'), 200, t)]}
          style={{ flex: 2, marginInlineStart: 12 }}
        >
          <Input data-testid="wo-complete-departure-address" count={lengthCount(200, false)} />
        </Form.Item>
      </Space.Compact>
      <Space.Compact block>
        <div style={{ flex: 1 }}>
          {time('arrivalTime', 'new_arrivaltime', 'wo-complete-arrival-time', t('wo.needArrivalTime'), [
            notBefore('departureTime', t('wo.endAfterStart')),
          ])}
        </div>
        <Form.Item
          name="arrivalAddress"
          label={label('new_arrivaladdress')}
          required
          rules={[requiredText(t('wo.needArrivalAddress')), lengthRule(label('new_arrivaladdress'), 200, t)]}
          style={{ flex: 2, marginInlineStart: 12 }}
        >
          <Input data-testid="wo-complete-arrival-address" count={lengthCount(200, false)} />
        </Form.Item>
      </Space.Compact>
      <Space.Compact block>
        <div style={{ flex: 1 }}>
          {time('completionTime', 'new_completiontime', 'wo-complete-completion-time', t('wo.needCompletionTime'), [
            notBefore('arrivalTime', t('wo.endAfterStart')),
            notBefore('departureTime', t('wo.endAfterStart')),
          ])}
        </div>
        <Form.Item
          name="completionAddress"
          label={label('new_completionaddress')}
          style={{ flex: 2, marginInlineStart: 12 }}
          rules={[lengthRule(label('new_completionaddress'), 200, t)]}
        >
          <Input data-testid="wo-complete-completion-address" count={lengthCount(200, false)} />
        </Form.Item>
      </Space.Compact>
      <Form.Item name="fixtype" label={label('new_fixtype')}>
        <Picklist entity={WORK_ORDER} attribute="new_fixtype" testId="wo-complete-fixtype" />
      </Form.Item>
      <Form.Item name="solution" label={label('new_solution')} rules={[lengthRule(label('new_solution'), 1000, t)]}>
        <Input.TextArea data-testid="wo-complete-solution" count={lengthCount(1000)} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="serviceResult" label={label('new_serviceresult')} rules={[lengthRule(label('new_serviceresult'), 1000, t)]}>
        <Input.TextArea data-testid="wo-complete-result" count={lengthCount(1000)} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </CommandDialog>
  );
}

/* ------------------------------------------------------------- closing steps */

/** 取消: a reason is required. */
export function CancelDialog({ open, row, onClose, onDone }: DialogProps) {
  const t = useT();
  const label = useFieldLabel();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <CommandDialog
      open={open}
      title={t('wo.ui.cancel')}
      testId="wo-cancel-dialog"
      form={form}
      onClose={onClose}
      onDone={onDone}
      send={(v) => cancelOrder(idOf(row), { reason: v.reason.trim() })}
    >
      <Form.Item
        name="reason"
        label={label('new_cancelreason')}
        required
        rules={[requiredText(t('wo.cancelReasonRequired')), lengthRule(label('new_cancelreason'), 500, t)]}
      >
        <Input.TextArea data-testid="wo-cancel-reason" count={lengthCount(500)} autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
    </CommandDialog>
  );
}

/** 审核: pass, or not pass with a memo (the station then corrects the order). */
export function AuditDialog({ open, row, onClose, onDone }: DialogProps) {
  const t = useT();
  const label = useFieldLabel();
  const [form] = Form.useForm<{ pass: boolean; memo?: string }>();
  return (
    <CommandDialog
      open={open}
      title={t('wo.ui.audit')}
      testId="wo-audit-dialog"
      form={form}
      initialValues={{ pass: true }}
      onClose={onClose}
      onDone={onDone}
      send={(v) => auditOrder(idOf(row), { pass: v.pass, memo: trimmed(v.memo) })}
    >
      <Form.Item name="pass" label={t('wo.ui.auditResult')} required>
        <Radio.Group data-testid="wo-audit-result">
          <Radio value={true} data-testid="wo-audit-pass">
            {t('wo.ui.auditPass')}
          </Radio>
          <Radio value={false} data-testid="wo-audit-fail">
            {t('wo.ui.auditFail')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="memo"
        label={label('new_auditmemo')}
        dependencies={['pass']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v?: string) =>
              getFieldValue('pass') !== false || v?.trim() ? Promise.resolve() : Promise.reject(new Error(t('wo.auditMemoRequired'))),
          }),
          lengthRule(label('new_auditmemo'), 500, t),
        ]}
      >
        <Input.TextArea data-testid="wo-audit-memo" count={lengthCount(500)} autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
    </CommandDialog>
  );
}

/** 回访: the revisit record and the sample status. */
export function RevisitDialog({ open, row, onClose, onDone }: DialogProps) {
  const t = useT();
  const label = useFieldLabel();
  const [form] = Form.useForm<{ memo: string; sampleStatus: number | null }>();
  return (
    <CommandDialog
      open={open}
      title={t('wo.ui.revisit')}
      testId="wo-revisit-dialog"
      form={form}
      initialValues={{ sampleStatus: num(row.new_samplestatus) }}
      onClose={onClose}
      onDone={onDone}
      send={(v) => revisitOrder(idOf(row), { memo: v.memo.trim(), sampleStatus: v.sampleStatus ?? null })}
    >
      <Form.Item
        name="memo"
        label={label('new_revisitmemo')}
        required
        rules={[requiredText(t('wo.revisitMemoRequired')), lengthRule(label('new_revisitmemo'), 500, t)]}
      >
        <Input.TextArea data-testid="wo-revisit-memo" count={lengthCount(500)} autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="sampleStatus" label={label('new_samplestatus')}>
        <Picklist entity={WORK_ORDER} attribute="new_samplestatus" testId="wo-revisit-sample" />
      </Form.Item>
    </CommandDialog>
  );
}

/** 结算状态: one step along the settlement sequence (已回访 → 结算已确认 → … → 已关闭); the settlement number is entered at 结算已确认. */
export function SettlementDialog({ open, row, onClose, onDone }: DialogProps) {
  const t = useT();
  const lang = useLocale();
  const label = useFieldLabel();
  const [form] = Form.useForm<{ settlementNo?: string }>();
  const status = num(row.new_status);
  const next = nextSettlementStatus(status);
  const name = (v: number | null) => workOrderStatus.options.find((o) => o.value === v)?.label[lang] ?? String(v ?? '');
  return (
    <CommandDialog
      open={open}
      title={t('wo.ui.settlement')}
      testId="wo-settlement-dialog"
      form={form}
      initialValues={{ settlementNo: text(row.new_settlementno) }}
      onClose={onClose}
      onDone={onDone}
      send={(v) => settleOrder(idOf(row), { status: next!, settlementNo: trimmed(v.settlementNo) })}
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={label('new_status')}>{t('wo.ui.settlementCurrent', { status: name(status) })}</Descriptions.Item>
        <Descriptions.Item label={t('wo.ui.settlementNext')}>
          <span data-testid="wo-settlement-next" data-status={next ?? ''}>
            {name(next)}
          </span>
        </Descriptions.Item>
      </Descriptions>
      {next === workOrderStatus.settlementConfirmed && (
        <Form.Item
          name="settlementNo"
          label={label('new_settlementno')}
          required
          rules={[
            requiredText(t('wo.ui.settlementNoRequired')),
            { max: 40, message: t('validation.maxLength', { field: label('new_settlementno'), max: 40 }) },
          ]}
        >
          <Input data-testid="wo-settlement-no" count={lengthCount(40, false)} />
        </Form.Item>
      )}
    </CommandDialog>
  );
}

/** 督办: marks an open order abnormal with a reason. */
export function SuperviseDialog({ open, row, onClose, onDone }: DialogProps) {
  const t = useT();
  const label = useFieldLabel();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <CommandDialog
      open={open}
      title={t('wo.ui.supervise')}
      testId="wo-supervise-dialog"
      form={form}
      onClose={onClose}
      onDone={onDone}
      send={(v) => superviseOrder(idOf(row), { reason: v.reason.trim() })}
    >
      <Form.Item
        name="reason"
        label={label('new_supervisereason')}
        required
        rules={[requiredText(t('wo.ui.superviseReasonRequired')), lengthRule(label('new_supervisereason'), 500, t)]}
      >
        <Input.TextArea data-testid="wo-supervise-reason" count={lengthCount(500)} autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
    </CommandDialog>
  );
}

const DIALOGS: Record<ActionKind, (p: DialogProps) => ReactNode> = {
  dispatch: DispatchDialog,
  appointment: AppointmentDialog,
  progress: ProgressDialog,
  complete: CompleteDialog,
  cancel: CancelDialog,
  audit: AuditDialog,
  revisit: RevisitDialog,
  settlement: SettlementDialog,
  supervise: SuperviseDialog,
};

/** The dialog of one action (all mounted, one open, so each keeps antd's close animation). */
export function WorkOrderActionDialogs({
  open,
  row,
  onClose,
  onDone,
}: {
  open: ActionKind | null;
  row: RecordRow | null;
  onClose: () => void;
  onDone: (a: CommandAnswer) => void;
}) {
  if (!row) return null;
  return (
    <>
      {(Object.keys(DIALOGS) as ActionKind[]).map((k) => {
        const D = DIALOGS[k];
        return <D key={k} open={open === k} row={row} onClose={onClose} onDone={onDone} />;
      })}
    </>
  );
}
