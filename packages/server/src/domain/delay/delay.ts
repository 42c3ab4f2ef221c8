import { approvalStatus, delayStatus } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { registerFlowHooks } from '../../flow/hooks.ts';
import { refuse } from '../../http/errors.ts';
import { serverDefaults } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';

/**
 * Warranty extensions (延保申请) and their cancellations (延保取消), through the approval engine.
 * The rules run where the engine calls them, each inside the engine's one transaction: on submit
 * (refuse early) and again on final approval (another extension or cancellation may have been
 * approved meanwhile). Approval of an extension puts its new end date in force; approval of a
 * cancellation withdraws it and restores the date the extension started from.
 */
export const DELAY = 'new_srv_delayproduct';
export const DELAY_CANCEL = 'new_srv_delaycancel';

const month = (now: Date) => chinaDate(now).slice(0, 7).replace('-', '');
/** `YB202611-0001` per month (China time). */
export const delayNumbers = (sql: Sql, n: number, now = new Date()) => nextDocumentNumbers(sql, DELAY, `YB${month(now)}`, n);
/** `YBQX202611-0001` per month (China time). */
export const delayCancelNumbers = (sql: Sql, n: number, now = new Date()) => nextDocumentNumbers(sql, DELAY_CANCEL, `YBQX${month(now)}`, n);

/**
 * The warranty end a new extension of `serial` must go beyond: the later of the date the request
 * states and any extension of the same machine already in force (other than `exceptId`).
 */
async function floorDate(sql: Sql, serial: string, stated: string, exceptId: string | null): Promise<string> {
  const {
    rows: [r],
  } = await sql.query<{ d: string }>(
    `SELECT to_char(GREATEST($2::date, (SELECT max(new_effectiveenddate) FROM new_srv_delayproduct
        WHERE new_serialnumber = $1 AND new_delaystatus = $4 AND ($3::uuid IS NULL OR new_srv_delayproductid <> $3::uuid))), 'YYYY-MM-DD') AS d`,
    [serial, stated, exceptId, delayStatus.extended],
  );
  return r.d;
}

async function assertLater(sql: Sql, serial: string, current: string, requested: string, exceptId: string | null): Promise<void> {
  const floor = await floorDate(sql, serial, current, exceptId);
  const {
    rows: [r],
  } = await sql.query<{ ok: boolean }>(`SELECT $1::date > $2::date AS ok`, [requested, floor]);
  if (!r.ok) throw refuse('delay.dateNotLater', { date: floor }, 'new_newenddate');
}

type Delay = { serial: string; current: string; requested: string; approval: number | null; status: number | null };

async function loadDelay(sql: Sql, id: string, lock = false): Promise<Delay> {
  const {
    rows: [d],
  } = await sql.query<Delay>(
    `SELECT new_serialnumber AS serial, to_char(new_currentenddate, 'YYYY-MM-DD') AS current, to_char(new_newenddate, 'YYYY-MM-DD') AS requested,
            new_approvalstatus AS approval, new_delaystatus AS status
       FROM new_srv_delayproduct WHERE new_srv_delayproductid = $1::uuid${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  if (!d) throw refuse('parts.relatedNotFound');
  return d;
}

/** Final approval of an extension: the new end date is in force. */
export async function applyExtension(sql: Sql, id: string): Promise<void> {
  const d = await loadDelay(sql, id, true);
  if (d.status === delayStatus.extended) return;
  await assertLater(sql, d.serial, d.current, d.requested, id);
  await sql.query(
    `UPDATE new_srv_delayproduct SET new_delaystatus = $2, new_effectiveenddate = new_newenddate, new_cancelledon = NULL WHERE new_srv_delayproductid = $1::uuid`,
    [id, delayStatus.extended],
  );
}

/** The extension a cancellation names, locked: it must be approved and in force, with no other cancellation under review. */
async function cancellable(sql: Sql, cancelId: string): Promise<string> {
  const {
    rows: [c],
  } = await sql.query<{ delay: string }>(
    `SELECT new_delayproduct_id AS delay FROM new_srv_delaycancel WHERE new_srv_delaycancelid = $1::uuid`,
    [cancelId],
  );
  if (!c) throw refuse('parts.relatedNotFound');
  await assertCancellable(sql, c.delay, cancelId);
  return c.delay;
}

async function assertCancellable(sql: Sql, delayId: string, exceptCancelId: string | null): Promise<Delay> {
  const d = await loadDelay(sql, delayId, true);
  if (d.approval !== approvalStatus.approved || d.status !== delayStatus.extended)
    throw refuse('delay.notCancellable', undefined, 'new_delayproduct_id');
  const {
    rows: [o],
  } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM new_srv_delaycancel WHERE new_delayproduct_id = $1::uuid AND new_approvalstatus = $2 AND ($3::uuid IS NULL OR new_srv_delaycancelid <> $3::uuid)`,
    [delayId, approvalStatus.underReview, exceptCancelId],
  );
  if (o.n > 0) throw refuse('delay.cancelPending', undefined, 'new_delayproduct_id');
  return d;
}

/** Final approval of a cancellation: the extension is withdrawn, the warranty end back to where it started. */
export async function applyCancellation(sql: Sql, cancelId: string): Promise<void> {
  const delay = await cancellable(sql, cancelId);
  const {
    rows: [d],
  } = await sql.query<{ restored: string }>(
    `UPDATE new_srv_delayproduct SET new_delaystatus = $2, new_effectiveenddate = new_currentenddate, new_cancelledon = now()
      WHERE new_srv_delayproductid = $1::uuid RETURNING to_char(new_currentenddate, 'YYYY-MM-DD') AS restored`,
    [delay, delayStatus.cancelled],
  );
  await sql.query(`UPDATE new_srv_delaycancel SET new_restoredenddate = $2::date WHERE new_srv_delaycancelid = $1::uuid`, [
    cancelId,
    d.restored,
  ]);
}

const str = (v: unknown) => (v == null ? '' : String(v).slice(0, 10));

/** Numbers, draft status and the rules a new request must meet; the hooks of both documents. */
export function installDelay(): void {
  serverDefaults.set(DELAY, async (sql, rows) => {
    for (const r of rows) await assertLater(sql, String(r.new_serialnumber), str(r.new_currentenddate), str(r.new_newenddate), null);
    return (await delayNumbers(sql, rows.length)).map((n) => ({
      new_name: n,
      new_approvalstatus: approvalStatus.draft,
      new_iscommit: false,
      new_delaystatus: delayStatus.pending,
    }));
  });
  serverDefaults.set(DELAY_CANCEL, async (sql, rows) => {
    const out: Record<string, unknown>[] = [];
    const numbers = await delayCancelNumbers(sql, rows.length);
    for (const [i, r] of rows.entries()) {
      const d = await assertCancellable(sql, String(r.new_delayproduct_id), null);
      // The station and machine are the extension's, whatever the form sent.
      const {
        rows: [s],
      } = await sql.query<{ st: string }>(`SELECT new_station_id AS st FROM new_srv_delayproduct WHERE new_srv_delayproductid = $1::uuid`, [
        r.new_delayproduct_id,
      ]);
      out.push({
        new_name: numbers[i],
        new_approvalstatus: approvalStatus.draft,
        new_iscommit: false,
        new_station_id: s.st,
        new_serialnumber: d.serial,
      });
    }
    return out;
  });
  registerFlowHooks(DELAY, {
    submit: async (sql, id) => {
      const d = await loadDelay(sql, id);
      await assertLater(sql, d.serial, d.current, d.requested, id);
    },
    approved: (sql, id) => applyExtension(sql, id),
  });
  registerFlowHooks(DELAY_CANCEL, {
    submit: async (sql, id) => void (await cancellable(sql, id)),
    approved: (sql, id) => applyCancellation(sql, id),
  });
}
