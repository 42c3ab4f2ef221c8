import { APPROVAL_EDIT } from './approval-fields.ts';
import type { EditRule, EntityDef, OptionSetDef } from './define.ts';
import type { MessageKey } from './messages/index.ts';
import { approvalStatus } from './option-sets/approval.ts';
import type { Privilege } from './security/privileges.ts';

/*
 * The document life an entity declares (issue 26, docs/documents.md): its number, its status and
 * the states it may be edited in, its lines, its approval terms and its commands. The edit rule
 * (edit-rules.ts), the approval terms and lines (approvable.ts), the server's document kernel
 * (server/src/documents/) and the generic document page are derived from it: nothing is said twice.
 */

/** The status field, its named option set and the states the record service may change (and delete) the document in. */
export interface DocumentStatus {
  field: string;
  set: OptionSetDef;
  /** The state of a new document (and of a null state); default the first editable state. */
  initial?: number;
  editable: readonly number[];
  /** Default `editable`. */
  deletable?: readonly number[];
  /** A bool field that closes the document to updates while true. */
  closedBy?: string;
  locked?: MessageKey;
  deleteLocked?: MessageKey;
  closedLocked?: MessageKey;
}

/**
 * The number in the primary name: `<prefix><period>-0001` (`ED202611-0001` per month, `TH20261127-0001`
 * per day, China time), allocated by the server on create, consecutive, never reused in a period.
 */
export interface DocumentNumber {
  prefix: string;
  period: 'month' | 'day';
}

/** A kind of line: the line entity, its lookup naming the document, and sums kept on the document ({ document field: line field }). */
export interface DocumentLine {
  entity: string;
  parent: string;
  totals?: Record<string, string>;
}

/**
 * Approval (spec 001 §3): what the approver weighs. `amount` is compared with a flow's amount condition
 * and shown first; `meaning` is the option set saying what the amount is (奖励 / 处罚, 增加 / 减少);
 * `commit` is the flag kept true while the document is submitted. Declaring it registers the document
 * with the approval engine; its status is the approval status unless the document declares its own.
 */
export interface DocumentApproval {
  amount?: string;
  meaning?: string;
  commit?: string;
}

/**
 * A command on the document: allowed in the `from` states to callers holding `privilege` (and the
 * document in their reach, acting for its `party` when one is named), moving it to `to` when it says so. `inputs` are fields of the document
 * the command's dialog asks for; `confirm` is asked before it runs. `path` keeps a route the
 * specification names (relative to /api) besides the derived /api/documents/<entitySet>/:id/<name>.
 */
export interface DocumentCommand {
  /** The button's text (the catalogue's, as the document's page already says it). */
  label: MessageKey;
  from: readonly number[];
  to?: number;
  privilege: Privilege;
  /** A business-unit lookup of the document naming the side the command acts for: the caller's units must hold it. */
  party?: string;
  inputs?: readonly string[];
  confirm?: MessageKey;
  path?: string;
}

export interface DocumentInput {
  number?: DocumentNumber;
  /** Required unless the document declares `approval` (its status is then the approval status, `APPROVAL_STATUS`). */
  status?: DocumentStatus;
  lines?: readonly DocumentLine[];
  approval?: DocumentApproval;
  commands?: Record<string, DocumentCommand>;
}

/**
 * The status of documents under an approval flow (issue 23, the approval edit rule `APPROVAL_EDIT`):
 * draft or rejected may be changed through the record service, only a draft deleted.
 */
export const APPROVAL_STATUS = {
  field: APPROVAL_EDIT.field,
  set: approvalStatus,
  initial: APPROVAL_EDIT.initial,
  editable: APPROVAL_EDIT.states,
  deletable: APPROVAL_EDIT.deleteStates,
  locked: APPROVAL_EDIT.locked,
  deleteLocked: APPROVAL_EDIT.deleteLocked,
} as const satisfies DocumentStatus;

/** The document's status declaration (its own, else the approval status for an approval document). */
export function documentStatus(e: Pick<EntityDef, 'document'>): DocumentStatus | undefined {
  const d = e.document;
  return d?.status ?? (d?.approval ? APPROVAL_STATUS : undefined);
}

/** The edit rule a status declaration means for the record service. */
export function statusEditRule(s: DocumentStatus): EditRule {
  return {
    field: s.field,
    initial: s.initial ?? s.editable[0],
    states: s.editable,
    ...(s.deletable ? { deleteStates: s.deletable } : {}),
    ...(s.closedBy ? { closedBy: s.closedBy } : {}),
    ...(s.locked ? { locked: s.locked } : {}),
    ...(s.deleteLocked ? { deleteLocked: s.deleteLocked } : {}),
    ...(s.closedLocked ? { closedLocked: s.closedLocked } : {}),
  };
}
