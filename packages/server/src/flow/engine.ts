import {
  APPROVAL_DECLINED,
  approvalStatus,
  approvalStepStatus,
  flowApproverType,
  isApprovalEditable,
  msg,
  STEP_OPEN,
  type Lang,
  type MessageKey,
} from '@portal/model';
import type { Sql } from '../db/db.ts';
import { q } from '../records/sql.ts';
import { flowDocument, flowDocuments, type FlowDocument } from './documents.ts';
import { flowBad, flowForbidden, flowNotFound } from './errors.ts';
import { onApproved, onEnded, onSubmit } from './hooks.ts';
import { notifyApproval, removeWaiting } from '../domain/message/approval.ts';
import { approvalSource, emitEvent } from '../integration/webhooks/emit.ts';
import { momentEventType } from '../integration/webhooks/events.ts';

/**
 * The approval state machine (spec 000 §3, §7; spec 001 §4). Document status: `approvalStatus`
 * (draft, under review, approved, rejected, vetoed). Each submission is a round of
 * `new_approvalstep` rows (`approvalStepStatus`: submitted, approving, approved, rejected, vetoed);
 * every action writes one `new_approvallog` row. Every write runs in the caller's transaction with
 * the document row locked, and the step moves by a conditional update, so concurrent actions
 * produce exactly one transition.
 */

export type FlowAction = 'submit' | 'approve' | 'reject' | 'veto' | 'revoke';
export const ACTION_KEYS: Record<FlowAction, MessageKey> = {
  submit: 'flow.action.submit',
  approve: 'flow.action.approve',
  reject: 'flow.action.reject',
  veto: 'flow.action.veto',
  revoke: 'flow.action.revoke',
};

export function requireDocument(entityName: string): FlowDocument {
  const d = flowDocument(entityName);
  if (!d) throw flowNotFound('flow.notApprovable');
  return d;
}

type DocRow = {
  id: string;
  name: string | null;
  status: number;
  unit: string | null;
  amount: string | null;
  flow: string | null;
  submitter: string | null;
  stepuser: string | null;
};

/** The document's approval state; `lock` takes the row lock that serialises every action on it. */
async function loadDoc(sql: Sql, d: FlowDocument, id: string, lock: boolean): Promise<DocRow> {
  const e = d.entity;
  const amount = d.amountField ? `t.${q(d.amountField)}::text` : 'NULL';
  const { rows } = await sql.query<DocRow>(
    `SELECT t.${q(e.primaryKey)} AS id, t.${q(e.primaryName)} AS name, COALESCE(t.new_approvalstatus, ${approvalStatus.draft}) AS status,
            t.owningbusinessunit AS unit, ${amount} AS amount, t.new_flow_id AS flow, t.new_submitter_id AS submitter,
            t.new_stepuser_id AS stepuser
       FROM ${q(e.logicalName)} t WHERE t.${q(e.primaryKey)} = $1::uuid${lock ? ' FOR UPDATE OF t' : ''}`,
    [id],
  );
  if (!rows[0]) throw flowNotFound('records.notFound');
  return rows[0];
}

/** Active flows of the document's entity whose amount condition holds, by new_order. */
export async function flowList(sql: Sql, d: FlowDocument, id: string): Promise<{ new_flowid: string; new_name: string }[]> {
  const doc = await loadDoc(sql, d, id, false);
  const { rows } = await sql.query<{ new_flowid: string; new_name: string }>(
    `SELECT f.new_flowid, f.new_name FROM new_flow f
      WHERE f.new_entityname = $1 AND COALESCE(f.new_isactive, false) AND f.statecode = 0
        AND (f.new_condition_min IS NULL OR $2::numeric IS NULL OR $2::numeric >= f.new_condition_min)
        AND (f.new_condition_max IS NULL OR $2::numeric IS NULL OR $2::numeric <= f.new_condition_max)
      ORDER BY f.new_order NULLS LAST, f.new_name, f.new_flowid`,
    [d.entity.logicalName, doc.amount],
  );
  return rows;
}

type StepRow = { id: string; name: string; sequence: number; type: number; role: string | null };

async function flowSteps(sql: Sql, flowId: string): Promise<StepRow[]> {
  const { rows } = await sql.query<StepRow>(
    `SELECT new_flowstepsid AS id, new_name AS name, new_sequence AS sequence, new_approvertype AS type, new_flowrole_id AS role
       FROM new_flowsteps WHERE new_flow_id = $1::uuid AND statecode = 0 ORDER BY new_sequence, new_flowstepsid`,
    [flowId],
  );
  return rows;
}

type Candidate = { systemuserid: string; fullname: string; inscope: boolean; canact: boolean };

/**
 * The step's users (or its flow role's members), each with whether the user may act
 * (active, holds approval.act) and covers the document (the user's unit is the document's
 * owning unit or one above it, i.e. the user's subtree contains the document).
 */
async function candidates(sql: Sql, step: StepRow, docUnit: string | null): Promise<Candidate[]> {
  const { rows } = await sql.query<Candidate>(
    `WITH RECURSIVE up AS (
       SELECT businessunitid AS id, parentbusinessunitid AS parent, 0 AS level FROM businessunit WHERE businessunitid = $1::uuid
       UNION ALL SELECT b.businessunitid, b.parentbusinessunitid, up.level + 1 FROM businessunit b JOIN up ON b.businessunitid = up.parent
     )
     SELECT u.systemuserid, u.fullname,
            u.businessunitid IN (SELECT id FROM up) AS inscope,
            (NOT COALESCE(u.isdisabled, false) AND EXISTS (
               SELECT 1 FROM systemuserroles ur JOIN new_roleprivilege rp ON rp.new_role_id = ur.roleid
                WHERE ur.systemuserid = u.systemuserid AND rp.new_name = 'approval.act')) AS canact
       FROM systemuser u
      WHERE u.systemuserid IN (
              SELECT su.new_systemuser_id FROM new_flowstepuser su WHERE su.new_flowstep_id = $2::uuid AND $3::int = $5::int
              UNION SELECT ru.new_systemuser_id FROM new_flowroleuser ru WHERE ru.new_flowrole_id = $4::uuid AND $3::int = $6::int)
      ORDER BY (SELECT min(level) FROM up WHERE up.id = u.businessunitid) NULLS LAST, u.fullname COLLATE "C", u.systemuserid`,
    [docUnit, step.id, step.type, step.role, flowApproverType.users, flowApproverType.role],
  );
  return rows;
}

async function activeFlow(sql: Sql, d: FlowDocument, id: string, flowId: string): Promise<{ allowself: boolean }> {
  const applicable = await flowList(sql, d, id);
  if (!applicable.some((f) => f.new_flowid === flowId)) throw flowBad('flow.flowNotFound');
  const { rows } = await sql.query<{ allowself: boolean }>(
    `SELECT COALESCE(new_allowselfapprove, false) AS allowself FROM new_flow WHERE new_flowid = $1::uuid`,
    [flowId],
  );
  return rows[0];
}

/**
 * The flow's steps with the approvers the caller (the would-be submitter) may choose for this
 * document, nearest to the document first (a branch approver before head office); the caller is
 * left out unless the flow allows self-approval.
 */
export async function flowStepList(sql: Sql, d: FlowDocument, id: string, flowId: string, userId: string) {
  const doc = await loadDoc(sql, d, id, false);
  const { allowself } = await activeFlow(sql, d, id, flowId);
  const out = [];
  for (const s of await flowSteps(sql, flowId)) {
    const users = (await candidates(sql, s, doc.unit)).filter((c) => c.inscope && c.canact && (allowself || c.systemuserid !== userId));
    out.push({
      new_flowstepsid: s.id,
      new_name: s.name,
      new_sequence: s.sequence,
      new_stepusers: users.map((u) => ({ systemuserid: u.systemuserid, fullname: u.fullname })),
    });
  }
  return out;
}

async function log(
  sql: Sql,
  d: FlowDocument,
  id: string,
  action: FlowAction,
  stepName: string | null,
  userId: string,
  memo: string | null,
): Promise<void> {
  await sql.query(
    `INSERT INTO new_approvallog (new_name, new_entityname, new_recordid, new_action, new_stepname, new_user_id, new_memo, createdby, modifiedby, ownerid)
     VALUES ($1, $2, $3, $4, $5, $6::uuid, $7, $6::uuid, $6::uuid, $6::uuid)`,
    [msg(ACTION_KEYS[action], 'zh-CN'), d.entity.logicalName, id, action, stepName, userId, memo],
  );
}

const docTable = (d: FlowDocument) => q(d.entity.logicalName);
const docKey = (d: FlowDocument) => q(d.entity.primaryKey);

export interface SubmitInput {
  flowId: string;
  approvers: { StepId: string; ApproveUserId: string }[];
}

/** Submits a draft or rejected document into a new round of the chosen flow. */
export async function submit(sql: Sql, d: FlowDocument, id: string, userId: string, input: SubmitInput): Promise<void> {
  const doc = await loadDoc(sql, d, id, true);
  if (!isApprovalEditable(doc.status)) throw flowBad('flow.notDraft');
  await onSubmit(d.entity.logicalName)(sql, id, userId);
  const { allowself } = await activeFlow(sql, d, id, input.flowId);
  const steps = await flowSteps(sql, input.flowId);
  if (!steps.length) throw flowBad('flow.noSteps');
  const stepIds = new Set(steps.map((s) => s.id));
  const chosen = new Map<string, string>();
  for (const a of input.approvers) {
    if (!stepIds.has(a.StepId) || chosen.has(a.StepId) || !a.ApproveUserId) throw flowBad('flow.approverRequired');
    chosen.set(a.StepId, a.ApproveUserId);
  }
  if (chosen.size !== steps.length) throw flowBad('flow.approverRequired');
  const plan: { step: StepRow; user: string }[] = [];
  for (const s of steps) {
    const user = chosen.get(s.id)!;
    const c = (await candidates(sql, s, doc.unit)).find((x) => x.systemuserid === user);
    if (!c) throw flowBad('flow.approverNotCandidate');
    if (!c.inscope) throw flowBad('flow.approverOutOfScope');
    if (!c.canact) throw flowBad('flow.approverNotCandidate');
    if (user === userId && !allowself) throw flowBad('flow.selfApprove');
    plan.push({ step: s, user });
  }
  const { rows: r } = await sql.query<{ n: number }>(
    `SELECT COALESCE(max(new_round), 0)::int AS n FROM new_approvalstep WHERE new_recordid = $1 AND new_entityname = $2`,
    [id, d.entity.logicalName],
  );
  const round = r[0].n + 1;
  for (const [i, p] of plan.entries()) {
    await sql.query(
      `INSERT INTO new_approvalstep (new_entityname, new_recordid, new_round, new_flowstep_id, new_sequence, new_name, new_approver_id, new_status, createdby, modifiedby, ownerid)
       VALUES ($1, $2, $3, $4::uuid, $5, $6, $7::uuid, $8, $9::uuid, $9::uuid, $9::uuid)`,
      [
        d.entity.logicalName,
        id,
        round,
        p.step.id,
        p.step.sequence,
        p.step.name,
        p.user,
        i === 0 ? approvalStepStatus.approving : approvalStepStatus.submitted,
        userId,
      ],
    );
  }
  const first = plan[0];
  const commit = d.commitField ? `, ${q(d.commitField)} = true` : '';
  await sql.query(
    `UPDATE ${docTable(d)} SET new_approvalstatus = $8, new_flow_id = $2::uuid, new_currentstep_id = $3::uuid, new_laststep_id = NULL,
            new_stepname = $4, new_stepuser_id = $5::uuid, new_stepsequence = $6, new_submitter_id = $7::uuid, new_submittime = now(),
            new_approvedtime = NULL, modifiedon = now(), modifiedby = $7::uuid${commit}
      WHERE ${docKey(d)} = $1::uuid`,
    [id, input.flowId, first.step.id, first.step.name, first.user, first.step.sequence, userId, approvalStatus.underReview],
  );
  await log(sql, d, id, 'submit', first.step.name, userId, null);
  await notifyApproval(sql, d.entity.logicalName, id, userId, approvalStatus.underReview);
  await emitEvent(sql, d.entity, id, momentEventType(d.entity, 'submitted'), userId, approvalSource);
}

type RoundStep = { rowid: string; step: string; name: string; sequence: number; approver: string; status: number };

async function latestRound(sql: Sql, d: FlowDocument, id: string): Promise<RoundStep[]> {
  const { rows } = await sql.query<RoundStep>(
    `SELECT s.new_approvalstepid AS rowid, s.new_flowstep_id AS step, s.new_name AS name, s.new_sequence AS sequence,
            s.new_approver_id AS approver, s.new_status AS status
       FROM new_approvalstep s
      WHERE s.new_recordid = $1 AND s.new_entityname = $2
        AND s.new_round = (SELECT max(new_round) FROM new_approvalstep WHERE new_recordid = $1 AND new_entityname = $2)
      ORDER BY s.new_sequence, s.new_approvalstepid`,
    [id, d.entity.logicalName],
  );
  return rows;
}

/** The webhook moment of a round's end (integration/webhooks/events.ts FLOW_MOMENTS). */
const MOMENT_OF = new Map<number, 'approved' | 'rejected' | 'vetoed'>([
  [approvalStatus.approved, 'approved'],
  [approvalStatus.rejected, 'rejected'],
  [approvalStatus.vetoed, 'vetoed'],
]);

/** The step's status after its approver's action. */
const STEP_AFTER = { approve: approvalStepStatus.approved, reject: approvalStepStatus.rejected, veto: approvalStepStatus.vetoed } as const;

/** approve / reject / veto by the approver of the current step. */
export async function act(
  sql: Sql,
  d: FlowDocument,
  id: string,
  userId: string,
  action: 'approve' | 'reject' | 'veto',
  memo: string | null,
): Promise<number> {
  const doc = await loadDoc(sql, d, id, true);
  const round = await latestRound(sql, d, id);
  const actedBefore = round.some((s) => s.approver === userId && !STEP_OPEN.includes(s.status));
  if (doc.status !== approvalStatus.underReview) throw flowBad(actedBefore ? 'flow.conflict' : 'flow.notUnderReview');
  const cur = round.find((s) => s.status === approvalStepStatus.approving);
  if (!cur || cur.approver !== userId || doc.stepuser !== userId) {
    if (actedBefore) throw flowBad('flow.conflict');
    throw flowForbidden('flow.notCurrentApprover');
  }
  const moved = await sql.query(
    `UPDATE new_approvalstep SET new_status = $2, new_actedon = now(), modifiedon = now(), modifiedby = $3::uuid
      WHERE new_approvalstepid = $1::uuid AND new_status = $4`,
    [cur.rowid, STEP_AFTER[action], userId, approvalStepStatus.approving],
  );
  if (moved.rowCount !== 1) throw flowBad('flow.conflict');
  let status: number = approvalStatus.underReview;
  if (action === 'approve') {
    const next = round.find((s) => s.sequence > cur.sequence && s.status === approvalStepStatus.submitted);
    if (next) {
      await sql.query(
        `UPDATE new_approvalstep SET new_status = $2, modifiedon = now() WHERE new_approvalstepid = $1::uuid AND new_status = $3`,
        [next.rowid, approvalStepStatus.approving, approvalStepStatus.submitted],
      );
      await sql.query(
        `UPDATE ${docTable(d)} SET new_currentstep_id = $2::uuid, new_laststep_id = $3::uuid, new_stepname = $4, new_stepuser_id = $5::uuid,
                new_stepsequence = $6, modifiedon = now(), modifiedby = $7::uuid
          WHERE ${docKey(d)} = $1::uuid`,
        [id, next.step, cur.step, next.name, next.approver, next.sequence, userId],
      );
    } else {
      status = approvalStatus.approved;
    }
  } else {
    status = action === 'reject' ? approvalStatus.rejected : approvalStatus.vetoed;
  }
  if (status !== approvalStatus.underReview) {
    // A rejected document goes back to its submitter to be changed: no longer committed.
    const commit = d.commitField && status === approvalStatus.rejected ? `, ${q(d.commitField)} = false` : '';
    await sql.query(
      `UPDATE ${docTable(d)} SET new_approvalstatus = $2, new_laststep_id = $3::uuid, new_currentstep_id = NULL, new_stepuser_id = NULL,
              new_approvedtime = CASE WHEN $2::int = $5::int THEN now() ELSE new_approvedtime END, modifiedon = now(), modifiedby = $4::uuid${commit}
        WHERE ${docKey(d)} = $1::uuid`,
      [id, status, cur.step, userId, approvalStatus.approved],
    );
  }
  await log(sql, d, id, action, cur.name, userId, memo);
  await notifyApproval(sql, d.entity.logicalName, id, userId, status, memo);
  if (status === approvalStatus.approved) await onApproved(d.entity.logicalName)(sql, id, userId);
  else if (APPROVAL_DECLINED.includes(status)) await onEnded(d.entity.logicalName)(sql, id, userId);
  // A round's end is a webhook event (an intermediate step's approval is not).
  const moment = MOMENT_OF.get(status);
  if (moment) await emitEvent(sql, d.entity, id, momentEventType(d.entity, moment), userId, approvalSource);
  return status;
}

/** The submitter takes a document under review back to draft; the round's pending steps are closed. */
export async function revoke(sql: Sql, d: FlowDocument, id: string, userId: string): Promise<void> {
  const doc = await loadDoc(sql, d, id, true);
  if (doc.status !== approvalStatus.underReview) throw flowBad('flow.notUnderReview');
  if (doc.submitter !== userId) throw flowForbidden('flow.notSubmitter');
  const round = await latestRound(sql, d, id);
  const cur = round.find((s) => s.status === approvalStepStatus.approving);
  await sql.query(
    `DELETE FROM new_approvalstep WHERE new_recordid = $1 AND new_entityname = $2 AND new_status = ANY($3::int[])
        AND new_round = (SELECT max(new_round) FROM new_approvalstep WHERE new_recordid = $1 AND new_entityname = $2)`,
    [id, d.entity.logicalName, STEP_OPEN],
  );
  const commit = d.commitField ? `, ${q(d.commitField)} = false` : '';
  await sql.query(
    `UPDATE ${docTable(d)} SET new_approvalstatus = $3, new_currentstep_id = NULL, new_stepuser_id = NULL, new_stepname = NULL,
            new_stepsequence = NULL, modifiedon = now(), modifiedby = $2::uuid${commit}
      WHERE ${docKey(d)} = $1::uuid`,
    [id, userId, approvalStatus.draft],
  );
  await log(sql, d, id, 'revoke', cur?.name ?? null, userId, null);
  await removeWaiting(sql, d.entity.logicalName, id);
  await onEnded(d.entity.logicalName)(sql, id, userId);
  await emitEvent(sql, d.entity, id, momentEventType(d.entity, 'revoked'), userId, approvalSource);
}

/** The latest round's steps (empty when never submitted). */
export async function progress(sql: Sql, d: FlowDocument, id: string) {
  const { rows } = await sql.query<{
    step: string | null;
    name: string | null;
    sequence: number;
    status: number;
    username: string | null;
    actedon: Date | null;
  }>(
    `SELECT s.new_flowstep_id AS step, s.new_name AS name, s.new_sequence AS sequence, s.new_status AS status, u.fullname AS username, s.new_actedon AS actedon
       FROM new_approvalstep s LEFT JOIN systemuser u ON u.systemuserid = s.new_approver_id
      WHERE s.new_recordid = $1 AND s.new_entityname = $2
        AND s.new_round = (SELECT max(new_round) FROM new_approvalstep WHERE new_recordid = $1 AND new_entityname = $2)
      ORDER BY s.new_sequence, s.new_approvalstepid`,
    [id, d.entity.logicalName],
  );
  return rows.map((r) => ({
    StepId: r.step,
    StepName: r.name ?? '',
    Sequence: r.sequence,
    Status: r.status,
    UserName: r.username ?? '',
    Date: r.actedon?.toISOString() ?? null,
  }));
}

/** Every action on the document, oldest first; ActionName in the caller's language. */
export async function logList(sql: Sql, d: FlowDocument, id: string, lang: Lang) {
  const { rows } = await sql.query<{
    id: string;
    createdon: Date;
    action: string;
    stepname: string | null;
    username: string | null;
    memo: string | null;
  }>(
    `SELECT l.new_approvallogid AS id, l.createdon, l.new_action AS action, l.new_stepname AS stepname, u.fullname AS username, l.new_memo AS memo
       FROM new_approvallog l LEFT JOIN systemuser u ON u.systemuserid = l.new_user_id
      WHERE l.new_recordid = $1 AND l.new_entityname = $2
      ORDER BY l.createdon, l.new_approvallogid`,
    [id, d.entity.logicalName],
  );
  return rows.map((r) => ({
    LogId: r.id,
    Date: r.createdon.toISOString(),
    ActionName: Object.hasOwn(ACTION_KEYS, r.action) ? msg(ACTION_KEYS[r.action as FlowAction], lang) : r.action,
    StepName: r.stepname ?? '',
    UserName: r.username ?? '',
    Memo: r.memo ?? '',
  }));
}

function myApprovalUnion(params: unknown[]): string {
  const me = `$${params.length}`;
  return flowDocuments()
    .map((d) => {
      const i = params.push(d.entity.logicalName);
      return `SELECT $${i}::text AS entityname, t.${docKey(d)}::text AS id, t.${q(d.entity.primaryName)}::text AS name, t.new_stepname AS stepname,
                   t.new_submitter_id AS submitterid, t.new_submittime AS submittime
              FROM ${docTable(d)} t WHERE t.new_approvalstatus = ${approvalStatus.underReview} AND t.new_stepuser_id = ${me}::uuid`;
    })
    .join(' UNION ALL ');
}

/** Documents waiting for the caller's approval, newest submission first. */
export async function myApprovals(sql: Sql, userId: string, page: number, count: number, lang: Lang) {
  const params: unknown[] = [userId];
  const union = myApprovalUnion(params);
  const total = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${union}) x`, params);
  const lim = params.push(count);
  const off = params.push((page - 1) * count);
  const { rows } = await sql.query<{
    entityname: string;
    id: string;
    name: string | null;
    stepname: string | null;
    submitter: string | null;
    submittime: Date | null;
  }>(
    `SELECT x.*, u.fullname AS submitter FROM (${union}) x LEFT JOIN systemuser u ON u.systemuserid = x.submitterid
      ORDER BY x.submittime DESC NULLS LAST, x.id LIMIT $${lim} OFFSET $${off}`,
    params,
  );
  return {
    items: rows.map((r) => ({
      EntityName: r.entityname,
      EntityLabel: flowDocument(r.entityname)?.entity.label[lang] ?? r.entityname,
      EntityId: r.id,
      DocumentName: r.name ?? '',
      StepName: r.stepname ?? '',
      SubmitterName: r.submitter ?? '',
      SubmitTime: r.submittime?.toISOString() ?? null,
    })),
    TotalRecordCount: total.rows[0].n,
  };
}

export async function myApprovalCount(sql: Sql, userId: string): Promise<number> {
  const params: unknown[] = [userId];
  const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${myApprovalUnion(params)}) x`, params);
  return rows[0].n;
}
