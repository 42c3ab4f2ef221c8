import { approvalStatus, commandGrants, documentStatus, grantPrivileges, type DocumentGrant, type EntityDef } from '@portal/model';
import type { RecordRow } from '../../api/records.ts';
import { num } from './num.ts';

/** Where a loaded document stands: its state (the declared initial one while it has none), closed, and whether it may be changed. */
export function documentStanding(e: EntityDef, row: RecordRow | null) {
  const s = documentStatus(e);
  if (!s) return { state: null, closed: false, editable: true, deletable: true };
  const state = num(row?.[s.field]) ?? s.initial ?? s.editable[0];
  const closed = !!(s.closedBy && row?.[s.closedBy]);
  return {
    state,
    closed,
    editable: !closed && s.editable.includes(state),
    deletable: !closed && (s.deletable ?? s.editable).includes(state),
  };
}

/**
 * The declared commands a caller is offered on a loaded document: one of its grants starts from the
 * current state and the caller holds its privilege; a closed document offers none. `mayRun` is the
 * business's say on what the web cannot see (the `party`: which side the caller's unit is on).
 * The server checks all of it again.
 */
export function offeredCommands(
  e: EntityDef,
  row: RecordRow | null,
  can: (p: string) => boolean,
  mayRun?: (command: string, grant: DocumentGrant, row: RecordRow) => boolean,
): string[] {
  if (!row) return [];
  const { state, closed } = documentStanding(e, row);
  if (closed || state == null) return [];
  return Object.entries(e.document?.commands ?? {})
    .filter(([name, c]) =>
      commandGrants(c).some((g) => g.from.includes(state) && grantPrivileges(g).some(can) && (!mayRun || mayRun(name, g, row))),
    )
    .map(([name]) => name);
}

/** The approval bar's buttons: submit while editable (writers), revoke by the submitter while under review, progress once saved. */
export function approvalButtons(e: EntityDef, row: RecordRow | null, writer: boolean, userId: string) {
  if (!e.document?.approval || !row) return { submit: false, revoke: false, progress: false };
  const { state, editable } = documentStanding(e, row);
  const submitter = String(row.new_submitter_id ?? '');
  return {
    submit: writer && editable,
    revoke: state === approvalStatus.underReview && !!submitter && submitter.toLowerCase() === userId.toLowerCase(),
    progress: true,
  };
}
