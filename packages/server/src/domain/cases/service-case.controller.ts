import { z } from 'zod';
import { getEntity, msg, type Lang } from '@portal/model';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import { Params } from '../../records/sql.ts';
import { normGuid, parseInteger } from '../../records/validate.ts';

/*
 * Customer service cases' business (客诉咨询, `new_srv_case`; its life is declared on the entity:
 * number KS<month>, state, respond/resolve/close/link under /api/cases/:id/*). The kernel has checked
 * the privilege, the reach (404 outside it) and the state under the case's lock, and writes the new state.
 */
export const CASE = getEntity('new_srv_case')!;
const WORK_ORDER = getEntity('new_srv_workorder')!;
const NOTE_MAX = 1000;

/** A required note of at most 1000 characters, refused naming the field in the caller's language. */
function note(v: unknown, key: 'case.responseNote' | 'case.resolutionNote', field: string, lang: Lang): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw refuse('records.required', { field: msg(key, lang) }, field);
  if (s.length > NOTE_MAX) throw refuse('validation.maxLength', { field: msg(key, lang), max: NOTE_MAX }, field);
  return s;
}

export const serviceCaseController: DocumentController = {
  entity: CASE,
  bodies: {
    respond: z.object({ response: z.string().max(NOTE_MAX) }),
    resolve: z.object({ resolution: z.string().max(NOTE_MAX) }),
    close: z.object({ satisfaction: z.number().int().min(1).max(5).nullish() }),
    link: z.object({ workOrderId: z.uuid() }),
  },
  write: {
    // The states are the declaration's; a case that has orders stays (their history names it).
    async guard(sql, id, op) {
      if (op !== 'delete') return;
      const {
        rows: [c],
      } = await sql.query<{ orders: number }>(`SELECT count(*)::int AS orders FROM new_srv_workorder w WHERE w.new_case_id = $1::uuid`, [
        id,
      ]);
      if (c.orders > 0) throw refuse('case.onlyOpenDelete');
    },
  },
  commands: {
    /** → in progress, the response noted (the first response time kept). */
    async respond({ sql, id, body, lang }) {
      const response = note(body.response, 'case.responseNote', 'response', lang);
      await sql.query(
        `UPDATE new_srv_case SET new_response = $2, new_respondedon = COALESCE(new_respondedon, now()) WHERE new_srv_caseid = $1::uuid`,
        [id, response],
      );
      return { message: 'case.responded' };
    },
    /** → resolved, with a resolution note (required). */
    async resolve({ sql, id, body, lang }) {
      const resolution = note(body.resolution, 'case.resolutionNote', 'resolution', lang);
      await sql.query(
        `UPDATE new_srv_case SET new_resolution = $2, new_resolvedon = now(), new_respondedon = COALESCE(new_respondedon, now()) WHERE new_srv_caseid = $1::uuid`,
        [id, resolution],
      );
      return { message: 'case.resolvedDone' };
    },
    /** → closed, with the customer's satisfaction (1–5) when given. */
    async close({ sql, id, body, lang }) {
      const raw = body.satisfaction;
      const given = raw !== undefined && raw !== null && raw !== '';
      const digits = given ? parseInteger(raw) : null;
      const satisfaction = digits !== null && digits.length === 1 ? Number(digits) : null;
      if (given && !(satisfaction !== null && satisfaction >= 1 && satisfaction <= 5)) {
        throw refuse('records.option', { field: msg('case.satisfaction', lang), value: String(raw).slice(0, 20) }, 'satisfaction');
      }
      await sql.query(`UPDATE new_srv_case SET new_satisfaction = $2, new_closedon = now() WHERE new_srv_caseid = $1::uuid`, [
        id,
        satisfaction,
      ]);
      return { message: 'case.closedDone' };
    },
    /**
     * Links a work order: the order must be in the caller's reach and of the case's handling
     * station, and not linked to another case (the state stays).
     */
    async link({ sql, caller, id, body, lang }) {
      const woId = normGuid(body.workOrderId);
      if (!woId) throw refuse('records.required', { field: msg('case.workOrder', lang) }, 'workOrderId');
      const p = new Params();
      const {
        rows: [wo],
      } = await sql.query<{ id: string; name: string; station: string; own: string; linked: string | null }>(
        `SELECT t.new_srv_workorderid AS id, t.new_name AS name, t.new_station_id AS station, c.new_station_id AS own, k.new_name AS linked
           FROM new_srv_workorder t JOIN new_srv_case c ON c.new_srv_caseid = ${p.add(id, 'uuid')}
           LEFT JOIN new_srv_case k ON k.new_srv_caseid = t.new_case_id AND k.new_srv_caseid <> c.new_srv_caseid
          WHERE t.new_srv_workorderid = ${p.add(woId, 'uuid')} AND ${p.scope(WORK_ORDER, caller, 't')} FOR UPDATE OF t`,
        p.values,
      );
      if (!wo) throw recordNotFound();
      if (wo.station !== wo.own) throw refuse('case.otherStation', { order: wo.name }, 'workOrderId');
      if (wo.linked) throw refuse('case.linkedElsewhere', { order: wo.name, case: wo.linked }, 'workOrderId');
      await sql.query(
        `UPDATE new_srv_workorder SET new_case_id = $2::uuid, modifiedon = now(), modifiedby = $3::uuid WHERE new_srv_workorderid = $1::uuid`,
        [wo.id, id, caller.principal.userId],
      );
      return { message: 'case.linked' };
    },
  },
};
