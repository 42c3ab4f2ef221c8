import { getEntity, type MessageKey } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { q } from '../../records/sql.ts';
import { notify, type NewMessage } from './messages.ts';

export const OUTCOME: Record<number, MessageKey> = { 3: 'message.text.approved', 4: 'message.text.rejected', 5: 'message.text.vetoed' };

/** The outcome of a parts application or transfer is a parts event for its submitter; other outcomes are approval events. */
export const outcomeKind = (entity: string): NewMessage['kind'] =>
  entity === 'new_srv_partsapply' || entity === 'new_srv_parttransorder' ? 'parts' : 'approval';

/**
 * After an approval action (flow/engine.ts), in its transaction: a document under review (2) tells
 * its current step's approver it waits for them (opens the approval screen); an approved (3),
 * rejected (4) or vetoed (5) one tells its submitter (opens the document).
 */
export async function notifyApproval(sql: Sql, entity: string, id: string, actorId: string, status: number): Promise<void> {
  const e = getEntity(entity);
  if (!e || (status !== 2 && !OUTCOME[status])) return;
  const { rows } = await sql.query<{ name: string | null; stepuser: string | null; stepname: string | null; submitter: string | null }>(
    `SELECT t.${q(e.primaryName)}::text AS name, t.new_stepuser_id AS stepuser, t.new_stepname AS stepname, t.new_submitter_id AS submitter
       FROM ${q(e.logicalName)} t WHERE t.${q(e.primaryKey)} = $1::uuid`,
    [id],
  );
  const d = rows[0];
  if (!d) return;
  if (status === 2) {
    await notify(sql, actorId, { users: [d.stepuser], privilege: 'approval.act' }, {
      kind: 'approval', key: 'message.text.approvalWaiting', params: { name: d.name, step: d.stepname }, entity, recordId: id, target: 'approval',
    });
  } else {
    await notify(sql, actorId, { users: [d.submitter] }, { kind: outcomeKind(entity), key: OUTCOME[status], params: { name: d.name }, entity, recordId: id });
  }
}
