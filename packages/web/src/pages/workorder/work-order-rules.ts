import { APPOINTMENT_SLOTS, EDITABLE_STATUSES, PROGRESS_STEPS, SETTLEMENT_SEQUENCE, slotLabel, WORK_ORDER_COMMAND_PRIVILEGES, type AppointmentRequest, type ProgressStep, type WorkOrderCommand } from '@portal/model';
import type { RecordRow } from '../../api/records.ts';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { toDate } from '../../entity-ui/form-values.ts';

/*
 * What the edit screen offers, mirroring the server's rules (the server decides; these only hide
 * buttons that would be refused).
 */

export const WORK_ORDER = 'new_srv_workorder';

/** The order's fields may be edited and its details changed: status 1–5 or 7 (not cancelled, not audited; the model's rule). */
export const isEditable = (status: number) => EDITABLE_STATUSES.includes(status);

/** Still being serviced (the open statuses). */
export const isOpen = (status: number) => status >= 1 && status <= 5;

/**
 * spec 001 §4: dispatch only for unassigned (1), dispatched (2), or dispatched but unserviceable
 * orders (3 with appointment status 4 could not contact / 7 reject).
 */
export function canDispatchStatus(status: number, appointmentStatus: number | null): boolean {
  return status === 1 || status === 2 || (status === 3 && (appointmentStatus === 4 || appointmentStatus === 7));
}

/**
 * The next progress step as the server counts it: by status (2 → response, 3 → departure,
 * 4 → arrival, 5 → photos unless already photographed, dealstatus 6), or null.
 */
export function nextProgressStep(status: number, dealstatus: number): ProgressStep | null {
  if (status === 5) return dealstatus >= 6 ? null : 'photos';
  return status >= 2 && status <= 4 ? PROGRESS_STEPS[status - 2] : null;
}

/** The next settlement state after `status` (11→12→…→16), or null. */
export function nextSettlementStatus(status: number): number | null {
  const i = (SETTLEMENT_SEQUENCE as readonly number[]).indexOf(status);
  return i >= 0 && i < SETTLEMENT_SEQUENCE.length - 1 ? SETTLEMENT_SEQUENCE[i + 1] : null;
}

export const num = (v: unknown): number | null => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

export interface OrderState {
  status: number;
  dealstatus: number;
  appointmentStatus: number | null;
  hasWorker: boolean;
}
export const orderState = (row: RecordRow | null): OrderState => ({
  status: num(row?.new_status) ?? 1,
  dealstatus: num(row?.new_dealstatus) ?? 1,
  appointmentStatus: num(row?.new_appointmentstatus),
  hasWorker: !!row?.new_worker_id,
});

export type ActionKind = 'dispatch' | 'appointment' | 'progress' | 'complete' | 'cancel' | 'audit' | 'revisit' | 'settlement' | 'supervise';

/** Whether the user may run a command: any one of its privileges (the server's table). */
export const mayRun = (command: WorkOrderCommand, can: (p: string) => boolean) => WORK_ORDER_COMMAND_PRIVILEGES[command].some((p) => can(p));

/**
 * The actions offered for an order's state and the user's privileges, in header order. An
 * engineer (workorder.service) gets appointment, progress and completion of their own orders only.
 */
export function availableActions(s: OrderState, can: (p: string) => boolean): ActionKind[] {
  const out: ActionKind[] = [];
  const may = (c: WorkOrderCommand) => mayRun(c, can);
  if (may('dispatch') && canDispatchStatus(s.status, s.appointmentStatus)) out.push('dispatch');
  // Appointments are made with the customer once an engineer is on the order.
  if (may('appointment') && s.hasWorker && s.status >= 2 && s.status <= 5) out.push('appointment');
  if (may('progress') && s.status >= 2 && s.status <= 5 && nextProgressStep(s.status, s.dealstatus)) out.push('progress');
  if (may('complete') && s.status >= 2 && s.status <= 5) out.push('complete');
  if (may('audit') && s.status === 7) out.push('audit');
  if (may('revisit') && s.status === 10) out.push('revisit');
  if (may('settlement') && nextSettlementStatus(s.status) !== null) out.push('settlement');
  if (may('supervise') && isOpen(s.status)) out.push('supervise');
  if (may('cancel') && isOpen(s.status)) out.push('cancel');
  return out;
}

/** Whether an appointment request changes the order's existing one (the change reason is then required; the server's rule). */
export function isAppointmentChange(row: RecordRow, v: { date: Dayjs | null; begin: number | null; end: number | null; status: number | null }): boolean {
  // 改约 and 再次预约 are changes by definition.
  if (v.status === 2 || v.status === 3) return true;
  const had = toDate(row.new_appointmenttime);
  if (!had) return false;
  return !!v.date && (!v.date.isSame(had, 'day') || v.begin !== num(row.new_appointmentbegin) || v.end !== num(row.new_appointmentend));
}

/** An appointment's end slot comes after its start slot (the form's `begin`); desktop and engineer app. */
export const endAfterBegin = (message: string): FormRule => ({ getFieldValue }) => ({
  validator: (_, v: number | null) => {
    const b = getFieldValue('begin') as number | null;
    return v === null || v === undefined || b === null || b === undefined || b < v ? Promise.resolve() : Promise.reject(new Error(message));
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

/** The form starts from the order's appointment, or empty with status 1 when it has none. */
export function appointmentInitial(row: RecordRow): AppointmentValues {
  const had = toDate(row.new_appointmenttime);
  return had
    ? { date: had, begin: num(row.new_appointmentbegin), end: num(row.new_appointmentend), status: num(row.new_appointmentstatus) ?? 1, reason: null }
    : { date: null, begin: null, end: null, status: 1, reason: null };
}

/** The command's body from the checked form (an empty note is no note). */
export const appointmentBody = (v: AppointmentValues): AppointmentRequest => ({
  date: v.date!.format('YYYY-MM-DD'), begin: v.begin!, end: v.end!, status: v.status!, reason: v.reason ?? null, memo: v.memo?.trim() || undefined,
});

/** The reason is required when the request changes the order's appointment (isAppointmentChange). */
export const reasonForChange = (row: RecordRow, message: string): FormRule => ({ getFieldsValue }) => ({
  validator: (_, v: number | null) => (v || !isAppointmentChange(row, getFieldsValue(['date', 'begin', 'end', 'status']) as AppointmentValues) ? Promise.resolve() : Promise.reject(new Error(message))),
});
