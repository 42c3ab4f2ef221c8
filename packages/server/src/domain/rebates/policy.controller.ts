import { getEntity, type Lang, type MessageKey, msg, rebatePolicyState } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import { ValidationFailed } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { accrualMessage, accrueRebates } from './accrual.ts';

/*
 * A rebate policy (返利政策, packages/model/src/entities/rebates.ts): head office's sales
 * administrators keep it while a draft and put it in force; one product line has one policy in
 * force on any day (a period overlapping another in force or stopped is refused at save and when
 * put in force); finance runs the monthly accrual (accrual.ts); stopping ends its period today.
 */

const POLICY = getEntity('new_rebatepolicy')!;
const LIVE: number[] = [rebatePolicyState.active, rebatePolicyState.stopped];

/** What is wrong with the policy's period (the first thing), or null. */
async function fault(sql: Sql, id: string): Promise<{ key: MessageKey; params?: Record<string, string>; field: string } | null> {
  const {
    rows: [p],
  } = await sql.query<{ from: string | null; to: string | null }>(
    'SELECT new_validfrom::text AS from, new_validto::text AS to FROM new_rebatepolicy WHERE new_rebatepolicyid = $1::uuid',
    [id],
  );
  if (!p) throw refuse('parts.relatedNotFound');
  if (p.from && p.to && p.to < p.from) return { key: 'rebate.policy.period', field: 'new_validto' };
  const { rows } = await sql.query<{ line: string; name: string }>(
    `SELECT l.new_name AS line, o.new_name AS name
       FROM new_rebatepolicy t
       JOIN new_rebatepolicy o ON o.new_productline_id = t.new_productline_id AND o.new_rebatepolicyid <> t.new_rebatepolicyid
                              AND o.new_state = ANY($2::int[]) AND o.statecode = 0
       JOIN new_productline l ON l.new_productlineid = t.new_productline_id
      WHERE t.new_rebatepolicyid = $1::uuid AND daterange(t.new_validfrom, t.new_validto, '[]') && daterange(o.new_validfrom, o.new_validto, '[]')
      LIMIT 1`,
    [id, LIVE],
  );
  return rows[0] ? { key: 'rebate.policy.overlap', params: rows[0], field: 'new_validfrom' } : null;
}

async function afterWrite(sql: Sql, ids: string[], lang: Lang): Promise<void> {
  for (const id of ids) {
    const f = await fault(sql, id);
    if (f) throw new ValidationFailed([{ field: f.field, message: msg(f.key, lang, f.params) }], lang);
  }
}

export const policyController: DocumentController = {
  entity: POLICY,
  defaults: async (_sql, rows) => rows.map(() => ({ new_accruedamount: '0' })),
  write: { after: (sql, ids, _op, lang) => afterWrite(sql, ids, lang) },
  commands: {
    async activate({ sql, id }) {
      const f = await fault(sql, id);
      if (f) throw refuse(f.key, f.params, f.field);
    },
    async accrue({ sql, caller, id, inputs, state }) {
      const run = await accrueRebates(sql, caller.principal.userId, id, inputs.new_runmonth);
      return { to: state, ...accrualMessage(run) };
    },
    // The period ends today (a policy not yet started keeps only its first day): later months accrue nothing.
    async stop({ sql, id }) {
      await sql.query(
        `UPDATE new_rebatepolicy SET new_validto = GREATEST(new_validfrom, LEAST(COALESCE(new_validto, $2::date), $2::date)) WHERE new_rebatepolicyid = $1::uuid`,
        [id, chinaDate()],
      );
    },
  },
};
