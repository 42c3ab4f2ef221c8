import { approvalStatus, getEntity, type MessageKey } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { q } from '../../records/sql.ts';
import { notify, type NewMessage } from './messages.ts';

export const OUTCOME: Record<number, MessageKey> = {
  [approvalStatus.approved]: 'message.text.approved',
  [approvalStatus.rejected]: 'message.text.rejected',
  [approvalStatus.vetoed]: 'message.text.vetoed',
};
/** A rejection or veto with its reason (the approver is asked for one; older rows may lack it). */
export const OUTCOME_BECAUSE: Record<number, MessageKey> = {
  [approvalStatus.rejected]: 'message.text.rejectedBecause',
  [approvalStatus.vetoed]: 'message.text.vetoedBecause',
};

const WAITING = `entity = $1 AND record_id = $2::uuid AND message_key = 'message.text.approvalWaiting'`;

/**
 * A revoked submission takes its 等待您审批 messages away: their 同意 could only answer
 * 单据不在审批中 (issue 24).
 */
export async function removeWaiting(sql: Sql, entity: string, id: string): Promise<void> {
  await sql.query(`DELETE FROM portal_message WHERE ${WAITING}`, [entity, id]);
}

/** A step acted on closes the document's earlier 等待您审批 messages (read: off the bell), kept as history. */
async function closeWaiting(sql: Sql, entity: string, id: string): Promise<void> {
  await sql.query(`UPDATE portal_message SET read_on = now() WHERE ${WAITING} AND read_on IS NULL`, [entity, id]);
}

/** The outcome of a parts application or transfer is a parts event for its submitter; other outcomes are approval events. */
export const outcomeKind = (entity: string): NewMessage['kind'] =>
  entity === 'new_srv_partsapply' || entity === 'new_srv_parttransorder' ? 'parts' : 'approval';

/**
 * After an approval action (flow/engine.ts), in its transaction: a document under review tells
 * its current step's approver it waits for them (opens the approval screen); an approved,
 * rejected or vetoed one tells its submitter (opens the document), with the approver's
 * reason for a rejection or veto. Earlier 等待您审批 messages of the document are closed first.
 */
export async function notifyApproval(
  sql: Sql,
  entity: string,
  id: string,
  actorId: string,
  status: number,
  memo?: string | null,
): Promise<void> {
  const e = getEntity(entity);
  if (!e || (status !== approvalStatus.underReview && !OUTCOME[status])) return;
  await closeWaiting(sql, entity, id);
  const { rows } = await sql.query<{ name: string | null; stepuser: string | null; stepname: string | null; submitter: string | null }>(
    `SELECT t.${q(e.primaryName)}::text AS name, t.new_stepuser_id AS stepuser, t.new_stepname AS stepname, t.new_submitter_id AS submitter
       FROM ${q(e.logicalName)} t WHERE t.${q(e.primaryKey)} = $1::uuid`,
    [id],
  );
  const d = rows[0];
  if (!d) return;
  if (status === approvalStatus.underReview) {
    await notify(
      sql,
      actorId,
      { users: [d.stepuser], privilege: 'approval.act' },
      {
        kind: 'approval',
        key: 'message.text.approvalWaiting',
        params: { name: d.name, step: d.stepname },
        entity,
        recordId: id,
        target: 'approval',
      },
    );
  } else {
    const key = memo && OUTCOME_BECAUSE[status] ? OUTCOME_BECAUSE[status] : OUTCOME[status];
    await notify(
      sql,
      actorId,
      { users: [d.submitter] },
      { kind: outcomeKind(entity), key, params: { name: d.name, reason: memo }, entity, recordId: id },
    );
  }
}
