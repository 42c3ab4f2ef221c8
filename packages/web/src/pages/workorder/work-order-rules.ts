import {
  APPOINTMENT_CHANGES,
  APPOINTMENT_SLOTS,
  appointmentStatus,
  EDITABLE_STATUSES,
  IN_SERVICE_STATUSES,
  mayDispatchStatus,
  OPEN_STATUSES,
  PROGRESS_STEP_STATES,
  PROGRESS_STEPS,
  SETTLEMENT_SEQUENCE,
  slotLabel,
  WORK_ORDER_COMMAND_PRIVILEGES,
  workOrderDealStatus,
  workOrderStatus,
  type AppointmentRequest,
  type ProgressStep,
  type WorkOrderCommand,
} from '@portal/model';
import type { RecordRow } from '../../api/records.ts';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { toDate } from '../../entity-ui/form-values.ts';
import { num } from '../../entity-ui/document/num.ts';

/*
 * What the edit screen offers, mirroring the server's rules (the server decides; these only hide
 * buttons that would be refused).
 */

export const WORK_ORDER = 'new_srv_workorder';

/** The order's fields may be edited and its details changed: open or completed (not cancelled, not audited; the model's rule). */
export const isEditable = (status: number) => EDITABLE_STATUSES.includes(status);

/** Still being serviced (the open statuses). */
export const isOpen = (status: number) => OPEN_STATUSES.includes(status);

/** In service: an engineer is on the order and it is not completed yet. */
const inService = (status: number) => IN_SERVICE_STATUSES.includes(status);

/** The next progress step as the server counts it (the step recorded from the order's status), or null. */
export function nextProgressStep(status: number | null, dealstatus: number | null): ProgressStep | null {
  if (status === workOrderStatus.arrived && dealstatus !== null && dealstatus >= workOrderDealStatus.photographed) return null;
  return PROGRESS_STEPS.find((s) => PROGRESS_STEP_STATES[s].from === status) ?? null;
}

/** The next settlement state after `status` (revisited → settlement confirmed → … → finished), or null. */
export function nextSettlementStatus(status: number | null): number | null {
  const i = status === null ? -1 : SETTLEMENT_SEQUENCE.indexOf(status);
  return i >= 0 && i < SETTLEMENT_SEQUENCE.length - 1 ? SETTLEMENT_SEQUENCE[i + 1] : null;
}

export interface OrderState {
  status: number;
  dealstatus: number;
  appointmentStatus: number | null;
  hasWorker: boolean;
}
export const orderState = (row: RecordRow | null): OrderState => ({
  status: num(row?.new_status) ?? workOrderStatus.notDispatched,
  dealstatus: num(row?.new_dealstatus) ?? workOrderDealStatus.unassigned,
  appointmentStatus: num(row?.new_appointmentstatus),
  hasWorker: !!row?.new_worker_id,
});

export type ActionKind = 'dispatch' | 'appointment' | 'progress' | 'complete' | 'cancel' | 'audit' | 'revisit' | 'settlement' | 'supervise';

/** Whether the user may run a command: any one of its privileges (the server's table). */
export const mayRun = (command: WorkOrderCommand, can: (p: string) => boolean) =>
  WORK_ORDER_COMMAND_PRIVILEGES[command].some((p) => can(p));

/**
 * The actions offered for an order's state and the user's privileges, in header order. An
 * engineer (workorder.service) gets appointment, progress and completion of their own orders only.
 */
export function availableActions(s: OrderState, can: (p: string) => boolean): ActionKind[] {
  const out: ActionKind[] = [];
  const may = (c: WorkOrderCommand) => mayRun(c, can);
  if (may('dispatch') && mayDispatchStatus(s.status, s.appointmentStatus)) out.push('dispatch');
  // Appointments are made with the customer once an engineer is on the order.
  if (may('appointment') && s.hasWorker && inService(s.status)) out.push('appointment');
  if (may('progress') && inService(s.status) && nextProgressStep(s.status, s.dealstatus)) out.push('progress');
  if (may('complete') && inService(s.status)) out.push('complete');
  if (may('audit') && s.status === workOrderStatus.completed) out.push('audit');
  if (may('revisit') && s.status === workOrderStatus.audited) out.push('revisit');
  if (may('settlement') && nextSettlementStatus(s.status) !== null) out.push('settlement');
  if (may('supervise') && isOpen(s.status)) out.push('supervise');
  if (may('cancel') && isOpen(s.status)) out.push('cancel');
  return out;
}

/** Whether an appointment request changes the order's existing one (the change reason is then required; the server's rule). */
export function isAppointmentChange(
  row: RecordRow,
  v: { date: Dayjs | null; begin: number | null; end: number | null; status: number | null },
): boolean {
  // 改约 and 再次预约 are changes by definition.
  if (v.status !== null && APPOINTMENT_CHANGES.includes(v.status)) return true;
  const had = toDate(row.new_appointmenttime);
  if (!had) return false;
  return !!v.date && (!v.date.isSame(had, 'day') || v.begin !== num(row.new_appointmentbegin) || v.end !== num(row.new_appointmentend));
}

/** An appointment's end slot comes after its start slot (the form's `begin`); desktop and engineer app. */
export const endAfterBegin =
  (message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, v: number | null) => {
      const b = getFieldValue('begin') as number | null;
      return v === null || v === undefined || b === null || b === undefined || b < v
        ? Promise.resolve()
        : Promise.reject(new Error(message));
    },
  });

/** The appointment form's values, on the desktop (预约) and in the engineer app (改约). */
export interface AppointmentValues {
  date: Dayjs | null;
  begin: number | null;
  end: number | null;
  status: number | null;
  reason: number | null;
  memo?: string;
}

/** The slots 05:00–22:00 as select options. */
export const SLOT_OPTIONS = APPOINTMENT_SLOTS.map((s) => ({ value: s, label: slotLabel(s) }));

/** The form starts from the order's appointment, or empty as booked (预约成功) when it has none. */
export function appointmentInitial(row: RecordRow): AppointmentValues {
  const had = toDate(row.new_appointmenttime);
  return had
    ? {
        date: had,
        begin: num(row.new_appointmentbegin),
        end: num(row.new_appointmentend),
        status: num(row.new_appointmentstatus) ?? appointmentStatus.booked,
        reason: null,
      }
    : { date: null, begin: null, end: null, status: appointmentStatus.booked, reason: null };
}

/** The command's body from the checked form (an empty note is no note). */
export const appointmentBody = (v: AppointmentValues): AppointmentRequest => ({
  date: v.date!.format('YYYY-MM-DD'),
  begin: v.begin!,
  end: v.end!,
  status: v.status!,
  reason: v.reason ?? null,
  memo: v.memo?.trim() || undefined,
});

/** The reason is required when the request changes the order's appointment (isAppointmentChange). */
export const reasonForChange =
  (row: RecordRow, message: string): FormRule =>
  ({ getFieldsValue }) => ({
    validator: (_, v: number | null) =>
      v || !isAppointmentChange(row, getFieldsValue(['date', 'begin', 'end', 'status']) as AppointmentValues)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  });
