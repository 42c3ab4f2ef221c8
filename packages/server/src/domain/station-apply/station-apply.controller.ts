import { APPROVAL_PENDING, getEntity, STATION_CHANGE_FIELDS, stationApplyType, stationState } from '@portal/model';
import { forgetCachedUsers } from '../../auth/principal.ts';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';

/*
 * Station applications (服务站申请): change (变更), continuation (续约) and exit (退出), through the
 * approval engine. The rules run on create, again on submit and again on the final approval, each
 * inside the caller's one transaction with the station row locked; the final approval applies the
 * application to the station in the approving transaction:
 * - change: the station's fields take the proposed values that differ from its current ones;
 * - continuation: the station's contract term end moves to the new date;
 * - exit: the station becomes inactive (statecode 1) and every user of the station is disabled,
 *   their sessions ended (sign-in refused from then on, as for any disabled user).
 * Rejected, vetoed or revoked applications change nothing.
 */

type Station = Record<string, unknown> & { statecode: number; term: string | null };

/**
 * The station row, locked against other applications' checks and the station's writes. NO KEY UPDATE:
 * a write's lookup check holds the station FOR KEY SHARE (records/write.ts), which FOR UPDATE would
 * wait on — two concurrent filings would deadlock. Taken after the document number (same order everywhere).
 */
async function lockStation(sql: Sql, stationId: string): Promise<Station> {
  const cols = STATION_CHANGE_FIELDS.map((f) => f.station).join(', ');
  const {
    rows: [s],
  } = await sql.query<Station>(
    `SELECT ${cols}, statecode, to_char(new_termenddate, 'YYYY-MM-DD') AS term FROM new_srv_station WHERE new_srv_stationid = $1::uuid FOR NO KEY UPDATE`,
    [stationId],
  );
  if (!s) throw refuse('parts.relatedNotFound', undefined, 'new_station_id');
  if (s.statecode !== stationState.active) throw refuse('stationApply.stationInactive', undefined, 'new_station_id');
  return s;
}

/** One pending application (draft, under review or rejected: a rejected one is fixed and resubmitted) per station and type. */
async function assertNoOtherOpen(sql: Sql, stationId: string, type: number, exceptId: string | null): Promise<void> {
  const {
    rows: [o],
  } = await sql.query<{ name: string }>(
    `SELECT new_name AS name FROM new_srv_stationapply
      WHERE new_station_id = $1::uuid AND new_applytype = $2 AND new_approvalstatus = ANY($3::int[]) AND statecode = 0
        AND ($4::uuid IS NULL OR new_srv_stationapplyid <> $4::uuid) ORDER BY createdon LIMIT 1`,
    [stationId, type, APPROVAL_PENDING, exceptId],
  );
  if (o) throw refuse('stationApply.openExists', { name: o.name }, 'new_applytype');
}

const OPTION_FIELDS = new Set(['new_type', 'new_level']);
const blank = (v: unknown) => v == null || String(v).trim() === '';
/** A proposed value counts when given and different from the station's (blank = keep as is). */
const differs = (proposed: unknown, current: unknown) => !blank(proposed) && String(proposed).trim() !== String(current ?? '').trim();

type Apply = Record<string, unknown> & { type: number; station: string; newterm: string | null; exitdate: string | null };

async function loadApply(sql: Sql, id: string): Promise<Apply> {
  const cols = STATION_CHANGE_FIELDS.map((f) => f.proposed).join(', ');
  const {
    rows: [a],
  } = await sql.query<Apply>(
    `SELECT new_applytype AS type, new_station_id AS station, ${cols}, to_char(new_newtermenddate, 'YYYY-MM-DD') AS newterm,
            to_char(new_exitdate, 'YYYY-MM-DD') AS exitdate
       FROM new_srv_stationapply WHERE new_srv_stationapplyid = $1::uuid FOR UPDATE`,
    [id],
  );
  if (!a) throw refuse('parts.relatedNotFound');
  return a;
}

async function assertTermLater(sql: Sql, current: string | null, requested: string | null): Promise<void> {
  if (!requested) throw refuse('stationApply.termRequired', undefined, 'new_newtermenddate');
  if (!current) return;
  const {
    rows: [r],
  } = await sql.query<{ ok: boolean }>(`SELECT $1::date > $2::date AS ok`, [requested, current]);
  if (!r.ok) throw refuse('stationApply.termNotLater', { date: current }, 'new_newtermenddate');
}

/**
 * The checks of a submitted (or finally approved) application, with its station locked; the
 * snapshot of the station's current values is refreshed (what the approver compares with).
 * Returns the station's fields to change (change) — empty for the other types.
 */
async function check(sql: Sql, id: string): Promise<{ a: Apply; s: Station; changes: Record<string, unknown> }> {
  const a = await loadApply(sql, id);
  const s = await lockStation(sql, a.station);
  await assertNoOtherOpen(sql, a.station, a.type, id);
  const changes: Record<string, unknown> = {};
  if (a.type === stationApplyType.change) {
    for (const f of STATION_CHANGE_FIELDS)
      if (differs(a[f.proposed], s[f.station]))
        changes[f.station] = OPTION_FIELDS.has(f.station) ? Number(a[f.proposed]) : String(a[f.proposed]).trim();
    const snap = STATION_CHANGE_FIELDS.map((f, i) => `${f.current} = $${i + 2}`).join(', ');
    await sql.query(`UPDATE new_srv_stationapply SET ${snap} WHERE new_srv_stationapplyid = $1::uuid`, [
      id,
      ...STATION_CHANGE_FIELDS.map((f) => s[f.station] ?? null),
    ]);
    if (!Object.keys(changes).length) throw refuse('stationApply.noChange');
  } else if (a.type === stationApplyType.continue) {
    await sql.query(`UPDATE new_srv_stationapply SET new_oldtermenddate = $2::date WHERE new_srv_stationapplyid = $1::uuid`, [id, s.term]);
    await assertTermLater(sql, s.term, a.newterm);
  } else if (a.type === stationApplyType.exit) {
    if (!a.exitdate) throw refuse('stationApply.exitDateRequired', undefined, 'new_exitdate');
  }
  return { a, s, changes };
}

/** Final approval: the application takes effect on the station (see the module comment). */
async function applyStationApply(sql: Sql, id: string): Promise<void> {
  const { a, changes } = await check(sql, id);
  if (a.type === stationApplyType.change) {
    const names = Object.keys(changes);
    await sql.query(
      `UPDATE new_srv_station SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, modifiedon = now() WHERE new_srv_stationid = $1::uuid`,
      [a.station, ...names.map((n) => changes[n])],
    );
  } else if (a.type === stationApplyType.continue) {
    await sql.query(`UPDATE new_srv_station SET new_termenddate = $2::date, modifiedon = now() WHERE new_srv_stationid = $1::uuid`, [
      a.station,
      a.newterm,
    ]);
  } else if (a.type === stationApplyType.exit) {
    await sql.query(`UPDATE new_srv_station SET statecode = $2, modifiedon = now() WHERE new_srv_stationid = $1::uuid`, [
      a.station,
      stationState.inactive,
    ]);
    const { rows } = await sql.query<{ id: string }>(
      `UPDATE systemuser SET isdisabled = true WHERE new_station_id = $1::uuid AND NOT COALESCE(isdisabled, false) RETURNING systemuserid AS id`,
      [a.station],
    );
    // Their sessions end with the commit (the database announces both to every instance: auth/session-cache.ts).
    if (rows.length) {
      await sql.query(
        `UPDATE auth_session SET ended_at = now(), end_reason = 'station_exit' WHERE user_id = ANY($1::uuid[]) AND ended_at IS NULL`,
        [rows.map((r) => r.id)],
      );
    }
    forgetCachedUsers();
  }
}

const str = (v: unknown) => (blank(v) ? null : String(v).slice(0, 10));

/** The snapshot of the station's current values and the rules a new application must meet (number and draft: the declaration). */
export const stationApplyController: DocumentController = {
  entity: getEntity('new_srv_stationapply')!,
  async defaults(sql, rows) {
    const out: Record<string, unknown>[] = [];
    for (const r of rows) {
      const station = String(r.new_station_id);
      const type = Number(r.new_applytype);
      const s = await lockStation(sql, station);
      await assertNoOtherOpen(sql, station, type, null);
      const row: Record<string, unknown> = {};
      if (type === stationApplyType.change) {
        // The current values beside the proposed ones; a proposed value not given starts as the current one.
        for (const f of STATION_CHANGE_FIELDS) {
          row[f.current] = s[f.station] ?? null;
          row[f.proposed] = r[f.proposed] === undefined ? (s[f.station] ?? null) : r[f.proposed];
        }
      } else if (type === stationApplyType.continue) {
        row.new_oldtermenddate = s.term;
        if (!blank(r.new_newtermenddate)) await assertTermLater(sql, s.term, str(r.new_newtermenddate));
      }
      out.push(row);
    }
    return out;
  },
  write: {
    // The type and station are what the one-open rule and the snapshot hang on: fixed once filed.
    async guard(sql, id, op, values) {
      if (op !== 'update' || !('new_applytype' in values || 'new_station_id' in values)) return;
      const {
        rows: [a],
      } = await sql.query<{ type: number; station: string }>(
        `SELECT new_applytype AS type, new_station_id AS station FROM new_srv_stationapply WHERE new_srv_stationapplyid = $1::uuid`,
        [id],
      );
      const same = (k: string, v: unknown) => !(k in values) || String(values[k] ?? '').toLowerCase() === String(v ?? '').toLowerCase();
      if (!same('new_applytype', a.type) || !same('new_station_id', a.station))
        throw refuse('stationApply.fixed', undefined, 'new_applytype');
    },
  },
  flow: { submit: async (sql, id) => void (await check(sql, id)), approved: applyStationApply },
};
