import { msg, workOrderAction, type Lang, type OptionSetDef } from '@portal/model';
import type { Sql } from '../../db/db.ts';

/** What a history entry records (new_srv_workorderlog.new_action), by name: the model's option set. */
export const ACTION = workOrderAction;

/** The label of an option value in `lang` (the value itself when unknown). */
export function optionText(set: OptionSetDef<number>, value: number | null | undefined, lang: Lang): string {
  if (value == null) return '';
  return set.options.find((o) => o.value === value)?.label[lang] ?? String(value);
}

/** The entry's one-line summary, stored in Chinese (the history is read in the portal's first language). */
export function logSummary(action: number, names: { worker?: string | null; fromWorker?: string | null } = {}): string {
  if (action === ACTION.dispatched && names.worker) return msg('wo.log.dispatch', 'zh-CN', { worker: names.worker });
  if (action === ACTION.reassigned && names.worker)
    return msg('wo.log.reassign', 'zh-CN', { from: names.fromWorker ?? '', worker: names.worker });
  return optionText(workOrderAction as OptionSetDef<number>, action, 'zh-CN');
}

export interface LogEntry {
  orderId: string;
  stationId: string;
  unitId: string;
  action: number;
  from: number | null;
  to: number | null;
  workerId?: string | null;
  memo?: string | null;
  appointment?: { date: string; begin: number; end: number; status: number; reason: number | null };
  summary: string;
}

/** Appends one history entry, owned by the acting user and the order's owning unit. */
export async function appendLog(sql: Sql, userId: string, e: LogEntry): Promise<void> {
  const a = e.appointment;
  await sql.query(
    `INSERT INTO new_srv_workorderlog (new_name, new_workorder_id, new_station_id, new_action, new_fromstatus, new_tostatus, new_worker_id,
       new_appointmenttime, new_appointmentbegin, new_appointmentend, new_appointmentstatus, new_appointmentreason, new_memo,
       createdby, modifiedby, ownerid, owningbusinessunit)
     VALUES ($1, $2::uuid, $3::uuid, $4, $5, $6, $7::uuid, $8::date, $9, $10, $11, $12, $13, $14::uuid, $14::uuid, $14::uuid, $15::uuid)`,
    [
      e.summary.slice(0, 200),
      e.orderId,
      e.stationId,
      e.action,
      e.from,
      e.to,
      e.workerId ?? null,
      a?.date ?? null,
      a?.begin ?? null,
      a?.end ?? null,
      a?.status ?? null,
      a?.reason ?? null,
      e.memo ?? null,
      userId,
      e.unitId,
    ],
  );
}
