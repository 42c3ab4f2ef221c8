import { activityCheckResult, approvalStatus, businessUnitType, formatMoney, msg, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { CommandContext } from '../../documents/controller.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { q } from '../../records/sql.ts';
import { ValidationFailed } from '../../records/write.ts';
import { formatCents, toCents } from '../money.ts';

/*
 * What cost and activity applications share (市场费用, issue 28): the applying dealer, the period
 * (start ≤ end), the approver's cut, the amounts kept on the application as claims move
 * (written off = Σ approved claims, pending = Σ claims under review) and what is left to claim.
 */

/** The two kinds of fund application a claim may be written off against. */
export const FUND_TABLES = {
  activity: { table: 'new_activityapply', pk: 'new_activityapplyid', field: 'new_activityapply_id', theme: 'new_theme' },
  cost: { table: 'new_costapply', pk: 'new_costapplyid', field: 'new_costapply_id', theme: 'new_purpose' },
} as const;
export type FundKind = keyof typeof FUND_TABLES;

/** ¥ text of cents for a message (thousands grouped, 2 decimals; the ¥ is the message's). */
export const yuan = (c: bigint): string => formatMoney(formatCents(c), '');

/** The caller's unit, which must be a dealer: only dealers apply for and claim marketing funds. */
export async function dealerUnit(sql: Sql, caller: Caller): Promise<string> {
  const unit = caller.principal.businessUnitId;
  const {
    rows: [u],
  } = await sql.query<{ type: number | null }>('SELECT new_type AS type FROM businessunit WHERE businessunitid = $1::uuid', [unit]);
  if (Number(u?.type) !== businessUnitType.dealer) throw refuse('funds.dealerOnly');
  return unit;
}

/** Refused at the end date when a row's period ends before it starts. */
export async function checkPeriod(sql: Sql, table: string, pk: string, ids: string[], lang: Lang): Promise<void> {
  const { rowCount } = await sql.query(
    `SELECT 1 FROM ${q(table)} WHERE ${q(pk)} = ANY($1::uuid[]) AND new_enddate < new_startdate LIMIT 1`,
    [ids],
  );
  if (rowCount) throw new ValidationFailed([{ field: 'new_enddate', message: msg('funds.endBeforeStart', lang) }], lang);
}

/**
 * The approver's cut (核定金额): only the current step's approver, while the application is under
 * review, at more than zero (the field's minimum) and never above what was asked. The kernel then
 * writes the amount; final approval keeps it (else the requested amount is approved).
 */
export async function cutAmount({ sql, caller, entity, id, inputs, lang }: CommandContext) {
  const {
    rows: [a],
  } = await sql.query<{ user: string | null; amount: string | null }>(
    `SELECT new_stepuser_id AS "user", new_amount::text AS amount FROM ${q(entity.logicalName)} WHERE ${q(entity.primaryKey)} = $1::uuid`,
    [id],
  );
  if (a.user !== caller.principal.userId) throw new Refusal('funds.notCurrentApprover', undefined, undefined, 403);
  const cut = inputs.new_approvedamount;
  if (cut === undefined || cut === null)
    throw refuse('records.required', { field: entity.allFields.new_approvedamount.label[lang] }, 'new_approvedamount');
  const requested = toCents(a.amount);
  if (toCents(cut as string) > requested) throw refuse('funds.cutOverRequested', { amount: yuan(requested) }, 'new_approvedamount');
  return { message: 'funds.cutDone' as const, messageParams: { amount: yuan(toCents(cut as string)) } };
}

/** Submitting starts a new round: an amount cut in an earlier, rejected round no longer stands. */
export async function clearCut(sql: Sql, table: string, pk: string, id: string): Promise<void> {
  await sql.query(`UPDATE ${q(table)} SET new_approvedamount = NULL WHERE ${q(pk)} = $1::uuid`, [id]);
}

/** Final approval: the approver's cut, else the requested amount; nothing claimed yet. */
export async function approveAmount(sql: Sql, table: string, pk: string, id: string): Promise<void> {
  await sql.query(
    `UPDATE ${q(table)} SET new_approvedamount = COALESCE(new_approvedamount, new_amount), new_usedamount = 0, new_pendingamount = 0
      WHERE ${q(pk)} = $1::uuid`,
    [id],
  );
}

/** A fund application as a claim sees it, locked: claims against one application queue here. */
export interface Fund {
  kind: FundKind;
  id: string;
  name: string;
  theme: string;
  unit: string;
  status: number;
  check: number | null;
  approved: bigint;
  used: bigint;
  pending: bigint;
}

export async function lockFund(sql: Sql, kind: FundKind, id: string): Promise<Fund | undefined> {
  const t = FUND_TABLES[kind];
  const check = kind === 'activity' ? 'new_checkresult' : 'NULL::int';
  const {
    rows: [r],
  } = await sql.query<{
    name: string;
    theme: string;
    unit: string;
    status: number | null;
    check: number | null;
    approved: string | null;
    used: string | null;
    pending: string | null;
  }>(
    `SELECT new_name AS name, ${q(t.theme)} AS theme, owningbusinessunit AS unit, new_approvalstatus AS status, ${check} AS "check",
            new_approvedamount::text AS approved, new_usedamount::text AS used, new_pendingamount::text AS pending
       FROM ${q(t.table)} WHERE ${q(t.pk)} = $1::uuid FOR UPDATE`,
    [id],
  );
  if (!r) return undefined;
  return {
    kind,
    id,
    name: r.name,
    theme: r.theme,
    unit: r.unit,
    status: Number(r.status ?? approvalStatus.draft),
    check: r.check === null ? null : Number(r.check),
    approved: toCents(r.approved),
    used: toCents(r.used),
    pending: toCents(r.pending),
  };
}

/** What is left to claim: approved − written off − under review. */
export const available = (f: Fund): bigint => f.approved - f.used - f.pending;

/**
 * May the dealer `unit` claim against this application: its own, approved, and (an activity) not
 * found 不合格 on site. Refused at `field` with the reason.
 */
export function assertClaimable(f: Fund, unit: string, field: string, lang: Lang): void {
  if (f.unit !== unit) throw refuse('funds.useTargetForeign', undefined, field);
  if (f.status !== approvalStatus.approved) {
    const state = approvalStatus.options.find((o) => o.value === f.status)?.label[lang] ?? String(f.status);
    throw refuse('funds.useTargetNotApproved', { name: f.name, state }, field);
  }
  if (f.check === activityCheckResult.failed) throw refuse('funds.useCheckFailed', { name: f.name }, field);
}

/** A claim of `amount` must fit what is left: refused at `field` with the amount left to claim. */
export function assertFits(f: Fund, amount: bigint, field: string): void {
  const left = available(f);
  if (amount > left) throw refuse('funds.overAvailable', { left: yuan(left < 0n ? 0n : left) }, field);
}

/**
 * The record service's answer for a refusal at a field (`Data.errors`, which a form marks at the
 * field): a save's checks run here; the same checks at submit answer as the engine's refusals.
 */
export async function atFields<T>(lang: Lang, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof Refusal && e.field) throw new ValidationFailed([{ field: e.field, message: msg(e.key, lang, e.params) }], lang);
    throw e;
  }
}
