import { activityCheckResult, getEntity, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { CommandContext, DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import { chinaDate, chinaDay } from '../china-time.ts';
import { approveAmount, checkPeriod, clearCut, cutAmount, dealerUnit } from './funds.ts';

/*
 * The activity application's business (活动申请, declared on the entity: number HD<month>, cost
 * lines summed into the requested amount, approval with the approver's cut, the on-site check).
 */

const ACTIVITY = getEntity('new_activityapply')!;
const T = ['new_activityapply', 'new_activityapplyid'] as const;

/** Submit: at least one cost line (the requested amount is their sum, so above zero); a new round drops an earlier cut. */
async function checkSubmit(sql: Sql, id: string): Promise<void> {
  const {
    rows: [r],
  } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM new_activityapplydetail WHERE new_activityapply_id = $1::uuid', [id]);
  if (!r.n) throw refuse('funds.linesRequired');
  await clearCut(sql, ...T, id);
}

const required = (ctx: CommandContext, field: string, lang: Lang) => {
  const v = ctx.inputs[field];
  if (v === undefined || v === null || v === '') throw refuse('records.required', { field: ACTIVITY.allFields[field].label[lang] }, field);
  return v;
};

/**
 * The inspector's on-site check (稽核) of an approved activity, once: result, date and remarks
 * (all required; the date between the activity's start and today, China time), after at least one
 * photo the inspector attached to the application. Who checked, when and on how many photos is stamped.
 */
async function check(ctx: CommandContext) {
  const { sql, caller, id, lang } = ctx;
  const {
    rows: [a],
  } = await sql.query<{ checked: string | null; start: string }>(
    `SELECT ${chinaDay('new_checkedon')}::text AS checked, new_startdate::text AS start FROM new_activityapply WHERE new_activityapplyid = $1::uuid`,
    [id],
  );
  if (a.checked) throw refuse('funds.alreadyChecked', { date: a.checked });
  const result = Number(required(ctx, 'new_checkresult', lang));
  const day = String(required(ctx, 'new_checkdate', lang));
  required(ctx, 'new_checkremark', lang);
  if (day < a.start || day > chinaDate()) throw refuse('funds.checkDateRange', { start: a.start }, 'new_checkdate');
  const {
    rows: [p],
  } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM file_attachment
      WHERE module_type = 'new_activityapply' AND object_id = $1::uuid AND created_by = $2::uuid AND content_type LIKE 'image/%'`,
    [id, caller.principal.userId],
  );
  if (!p.n) throw refuse('funds.photosRequired');
  await sql.query(
    `UPDATE new_activityapply SET new_checkedby_id = $2::uuid, new_checkedon = now(), new_checkphotos = $3 WHERE new_activityapplyid = $1::uuid`,
    [id, caller.principal.userId, p.n],
  );
  const shown = activityCheckResult.options.find((o) => o.value === result)?.label[lang] ?? String(result);
  return { message: 'funds.checkDone' as const, messageParams: { result: shown } };
}

export const activityApplyController: DocumentController = {
  entity: ACTIVITY,
  async defaults(sql, rows, caller) {
    const dealer = await dealerUnit(sql, caller);
    return rows.map(() => ({ new_dealer_id: dealer, new_amount: '0', new_usedamount: '0', new_pendingamount: '0' }));
  },
  write: { after: (sql, ids, _op, lang) => checkPeriod(sql, ...T, ids, lang) },
  flow: {
    submit: checkSubmit,
    approved: (sql, id) => approveAmount(sql, ...T, id),
    ended: (sql, id) => clearCut(sql, ...T, id),
  },
  commands: { cut: cutAmount, check },
};
