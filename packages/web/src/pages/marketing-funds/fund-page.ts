import { getEntity, isClientField, type DocumentGrant } from '@portal/model';
import type { RecordRow } from '../../api/records.ts';

/** A new fund document shows only what a dealer enters (number, dealer, amounts and stamps are the server's). */
export const hiddenOnCreate = (entity: string): string[] => {
  const e = getEntity(entity)!;
  return Object.keys(e.allFields).filter((n) => !isClientField(e, n));
};

const sameId = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * 核定金额 is offered to the current step's approver only (a dealer holds approval.act for its
 * stores' orders, and would be refused); the server checks it again.
 */
export const approverCuts =
  (userId: string) =>
  (command: string, _grant: DocumentGrant, row: RecordRow): boolean =>
    command !== 'cut' || sameId(row.new_stepuser_id, userId);
