import { ACCOUNT_CHANGE_FIELDS, APPROVAL_PENDING, getEntity } from '@portal/model';
import { forgetCachedUsers } from '../../auth/principal.ts';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { documentNumbers } from '../../documents/numbers.ts';
import { refuse } from '../../http/errors.ts';

/*
 * Account change applications (账户信息变更申请, /edit/apply): a user asks head office to change
 * their own name, mobile phone, e-mail or job title through the approval engine. As station change
 * applications (domain/station-apply): the user's current values are kept beside the proposed ones
 * (refreshed on submit and on the final approval), nothing changed → refused, and the final
 * approval writes the changed values to the user in the approving transaction. The applicant is
 * always the caller, one open application per user, and only the applicant edits or submits it.
 */
const ACCOUNT_APPLY = getEntity('new_srv_accountapply')!;

const blank = (v: unknown) => v == null || String(v).trim() === '';
/** A proposed value counts when given and different from the user's (blank = keep as is). */
const differs = (proposed: unknown, current: unknown) => !blank(proposed) && String(proposed).trim() !== String(current ?? '').trim();

type User = Record<string, unknown>;

/** The user row, locked against a concurrent approval of another application. */
async function lockUser(sql: Sql, userId: string): Promise<User> {
  const cols = ACCOUNT_CHANGE_FIELDS.map((f) => f.target).join(', ');
  const {
    rows: [u],
  } = await sql.query<User>(`SELECT ${cols} FROM systemuser WHERE systemuserid = $1::uuid FOR NO KEY UPDATE`, [userId]);
  if (!u) throw refuse('parts.relatedNotFound');
  return u;
}

async function assertNoOtherOpen(sql: Sql, userId: string, exceptId: string | null): Promise<void> {
  const {
    rows: [o],
  } = await sql.query<{ name: string }>(
    `SELECT new_name AS name FROM new_srv_accountapply
      WHERE new_user_id = $1::uuid AND new_approvalstatus = ANY($2::int[]) AND statecode = 0
        AND ($3::uuid IS NULL OR new_srv_accountapplyid <> $3::uuid) ORDER BY createdon LIMIT 1`,
    [userId, APPROVAL_PENDING, exceptId],
  );
  if (o) throw refuse('accountApply.openExists', { name: o.name });
}

type Apply = Record<string, unknown> & { applicant: string };

async function loadApply(sql: Sql, id: string): Promise<Apply> {
  const cols = ACCOUNT_CHANGE_FIELDS.map((f) => f.proposed).join(', ');
  const {
    rows: [a],
  } = await sql.query<Apply>(
    `SELECT new_user_id AS applicant, ${cols} FROM new_srv_accountapply WHERE new_srv_accountapplyid = $1::uuid FOR UPDATE`,
    [id],
  );
  if (!a) throw refuse('parts.relatedNotFound');
  return a;
}

/**
 * The checks of a submitted (or finally approved) application with the user locked; the snapshot
 * of the user's current values is refreshed. Returns the user's fields to change.
 */
async function check(sql: Sql, id: string): Promise<{ a: Apply; changes: Record<string, string> }> {
  const a = await loadApply(sql, id);
  const u = await lockUser(sql, a.applicant);
  await assertNoOtherOpen(sql, a.applicant, id);
  const snap = ACCOUNT_CHANGE_FIELDS.map((f, i) => `${f.current} = $${i + 2}`).join(', ');
  await sql.query(`UPDATE new_srv_accountapply SET ${snap} WHERE new_srv_accountapplyid = $1::uuid`, [
    id,
    ...ACCOUNT_CHANGE_FIELDS.map((f) => u[f.target] ?? null),
  ]);
  const changes: Record<string, string> = {};
  for (const f of ACCOUNT_CHANGE_FIELDS) if (differs(a[f.proposed], u[f.target])) changes[f.target] = String(a[f.proposed]).trim();
  if (!Object.keys(changes).length) throw refuse('stationApply.noChange');
  if (changes.mobilephone) {
    const {
      rows: [taken],
    } = await sql.query(`SELECT 1 FROM systemuser WHERE mobilephone = $1 AND systemuserid <> $2::uuid LIMIT 1`, [
      changes.mobilephone,
      a.applicant,
    ]);
    if (taken) throw refuse('accountApply.mobileTaken', { mobile: changes.mobilephone }, 'new_newmobilephone');
  }
  return { a, changes };
}

/** Final approval: the changed values go onto the user (the next principal load shows them). */
async function applyAccountApply(sql: Sql, id: string): Promise<void> {
  const { a, changes } = await check(sql, id);
  const names = Object.keys(changes);
  await sql.query(
    `UPDATE systemuser SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, modifiedon = now() WHERE systemuserid = $1::uuid`,
    [a.applicant, ...names.map((n) => changes[n])],
  );
  forgetCachedUsers();
}

/** The applicant's current values beside the proposed ones and the one-open rule (number and draft: the declaration). */
export const accountApplyController: DocumentController = {
  entity: ACCOUNT_APPLY,
  async defaults(sql, rows, caller) {
    const me = caller.principal.userId;
    const u = await lockUser(sql, me);
    await assertNoOtherOpen(sql, me, null);
    // One at a time: a second row of the same create would be a second open application (the first one's number: the same query).
    if (rows.length > 1) throw refuse('accountApply.openExists', { name: (await documentNumbers(sql, ACCOUNT_APPLY, 1))[0] });
    return rows.map((r) => {
      const row: Record<string, unknown> = { new_user_id: me };
      // A proposed value not given starts as the current one.
      for (const f of ACCOUNT_CHANGE_FIELDS) {
        row[f.current] = u[f.target] ?? null;
        row[f.proposed] = r[f.proposed] === undefined ? (u[f.target] ?? null) : r[f.proposed];
      }
      return row;
    });
  },
  write: {
    // Colleagues of the same unit can read an application (and head office approves it); only the applicant changes it.
    async guard(sql, id, _op, _values, caller) {
      await assertApplicant(sql, id, caller.principal.userId);
    },
  },
  flow: {
    async submit(sql, id, userId) {
      await assertApplicant(sql, id, userId);
      await check(sql, id);
    },
    approved: applyAccountApply,
  },
};

async function assertApplicant(sql: Sql, id: string, userId: string): Promise<void> {
  const {
    rows: [a],
  } = await sql.query<{ applicant: string }>(
    `SELECT new_user_id AS applicant FROM new_srv_accountapply WHERE new_srv_accountapplyid = $1::uuid`,
    [id],
  );
  if (a && String(a.applicant).toLowerCase() !== userId.toLowerCase()) throw refuse('accountApply.notOwn');
}
