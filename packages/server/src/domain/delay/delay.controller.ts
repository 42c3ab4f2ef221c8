import { approvalStatus, delayStatus, getEntity } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';

/*
 * Warranty extensions (延保申请) and their cancellations (延保取消), through the approval engine.
 * The rules run where the engine calls them, each inside the engine's one transaction: on submit
 * (refuse early) and again on final approval (another extension or cancellation may have been
 * approved meanwhile). Approval of an extension puts its new end date in force; approval of a
 * cancellation withdraws it and restores the date the extension started from.
 */

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

type Delay = { serial: string; station: string; current: string; requested: string; approval: number | null; status: number | null };

async function loadDelay(sql: Sql, id: string, lock = false): Promise<Delay> {
  const {
    rows: [d],
  } = await sql.query<Delay>(
    `SELECT new_serialnumber AS serial, new_station_id AS station, to_char(new_currentenddate, 'YYYY-MM-DD') AS current, to_char(new_newenddate, 'YYYY-MM-DD') AS requested,
            new_approvalstatus AS approval, new_delaystatus AS status
       FROM new_srv_delayproduct WHERE new_srv_delayproductid = $1::uuid${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  if (!d) throw refuse('parts.relatedNotFound');
  return d;
}

/** Final approval of an extension: the new end date is in force. */
async function applyExtension(sql: Sql, id: string): Promise<void> {
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
async function applyCancellation(sql: Sql, cancelId: string): Promise<void> {
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

/** A new extension must go beyond the warranty end; it is pending until approved (number, draft: the declaration). */
export const delayController: DocumentController = {
  entity: getEntity('new_srv_delayproduct')!,
  async defaults(sql, rows) {
    for (const r of rows) await assertLater(sql, String(r.new_serialnumber), str(r.new_currentenddate), str(r.new_newenddate), null);
    return rows.map(() => ({ new_delaystatus: delayStatus.pending }));
  },
  flow: {
    submit: async (sql, id) => {
      const d = await loadDelay(sql, id);
      await assertLater(sql, d.serial, d.current, d.requested, id);
    },
    approved: applyExtension,
  },
};

/** A cancellation names an extension in force; its station and machine are the extension's, whatever the form sent. */
export const delayCancelController: DocumentController = {
  entity: getEntity('new_srv_delaycancel')!,
  async defaults(sql, rows) {
    const out: Record<string, unknown>[] = [];
    for (const r of rows) {
      const d = await assertCancellable(sql, String(r.new_delayproduct_id), null);
      out.push({ new_station_id: d.station, new_serialnumber: d.serial });
    }
    return out;
  },
  flow: { submit: async (sql, id) => void (await cancellable(sql, id)), approved: applyCancellation },
};
