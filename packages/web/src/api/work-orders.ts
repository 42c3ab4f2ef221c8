import {
  WORK_ORDER_API,
  type AppointmentRequest,
  type AuditRequest,
  type CancelRequest,
  type CommandResult,
  type CompleteRequest,
  type DispatchRequest,
  type LineKind,
  type ProgressRequest,
  type RevisitRequest,
  type SettlementRequest,
  type SuperviseRequest,
  type WorkOrderPartOption,
} from '@portal/model';
import { call, type CallOptions } from './client.ts';
import { commandCall } from './command.ts';
import type { RecordRow } from './records.ts';

/**
 * The work-order commands of the model's contract (`work-order-api.ts`). Each resolves with the
 * command's result and the server's display message; a refusal rejects with an ApiError carrying
 * the server's text. Calls are silent: the screens show the messages themselves (in the dialog).
 */
export interface CommandAnswer extends CommandResult {
  message: string;
}

const base = (id: string) => `${WORK_ORDER_API}/${encodeURIComponent(id)}`;

/** Parts for the order's part line, each with the available stock of the order's station warehouse. */
export async function orderParts(id: string, q: string, opts?: CallOptions): Promise<WorkOrderPartOption[]> {
  const env = await call<WorkOrderPartOption[]>(`${base(id)}/parts?q=${encodeURIComponent(q)}&limit=20`, {
    silent: true,
    ...opts,
    method: 'GET',
  });
  return env.Data ?? [];
}

/** The answer may come enveloped ({ErrorCode, Message, Data}) or bare; the message is in either. */
async function command(path: string, method: 'POST' | 'PATCH' | 'DELETE', body: unknown, opts?: CallOptions): Promise<CommandAnswer> {
  const { data, message } = await commandCall<CommandResult>(path, body, { ...opts, method });
  return { id: String(data.id ?? ''), status: Number(data.status ?? 0), dealstatus: Number(data.dealstatus ?? 0), message };
}

export const dispatchOrder = (id: string, body: DispatchRequest) => command(`${base(id)}/dispatch`, 'POST', body);
export const setAppointment = (id: string, body: AppointmentRequest) => command(`${base(id)}/appointment`, 'POST', body);
export const recordProgress = (id: string, body: ProgressRequest) => command(`${base(id)}/progress`, 'POST', body);
export const completeOrder = (id: string, body: CompleteRequest) => command(`${base(id)}/complete`, 'POST', body);
export const cancelOrder = (id: string, body: CancelRequest) => command(`${base(id)}/cancel`, 'POST', body);
export const auditOrder = (id: string, body: AuditRequest) => command(`${base(id)}/audit`, 'POST', body);
export const revisitOrder = (id: string, body: RevisitRequest) => command(`${base(id)}/revisit`, 'POST', body);
export const settleOrder = (id: string, body: SettlementRequest) => command(`${base(id)}/settlement`, 'POST', body);
export const superviseOrder = (id: string, body: SuperviseRequest) => command(`${base(id)}/supervise`, 'POST', body);

export const addLine = (id: string, kind: LineKind, body: RecordRow) => command(`${base(id)}/lines/${kind}`, 'POST', body);
export const updateLine = (id: string, kind: LineKind, lineId: string, body: RecordRow) =>
  command(`${base(id)}/lines/${kind}/${encodeURIComponent(lineId)}`, 'PATCH', body);
export const deleteLine = (id: string, kind: LineKind, lineId: string) =>
  command(`${base(id)}/lines/${kind}/${encodeURIComponent(lineId)}`, 'DELETE', undefined);
