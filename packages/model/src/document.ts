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
 * Who may run a command in which states: callers holding `privilege` (any one of several, when it
 * lists them: 关闭 of an application is the station's or the supplying warehouse's), acting for
 * `party` when one is named (a business-unit lookup of the document the caller's units must hold).
 */
export interface DocumentGrant {
  from: readonly number[];
  privilege: Privilege | readonly Privilege[];
  party?: string;
}

/** The privileges of a grant, any one of which grants it. */
export const grantPrivileges = (g: Pick<DocumentGrant, 'privilege'>): readonly Privilege[] =>
  typeof g.privilege === 'string' ? [g.privilege] : g.privilege;

interface DocumentCommandCommon {
  /** The button's text (the catalogue's, as the document's page already says it). */
  label: MessageKey;
  to?: number;
  inputs?: readonly string[];
  confirm?: MessageKey;
  path?: string;
  /** The refusal in any other state (default `documents.commandState`, naming the state and the command). */
  refused?: MessageKey;
  /** The refusal while the document is closed (`status.closedBy`; default `parts.closed`). */
  closed?: MessageKey;
  /**
   * A quantity per line (a shipment's shipped or signed quantities): the dialog lists the document's
   * lines with one integer input each, from 0 to the line's `max` field less its `done` field, starting at that,
   * and sends `lines: [{ lineId, qty }]` in the body (its controller checks them again).
   */
  lineQuantities?: { max: string; done?: string; label: MessageKey };
}

/**
 * A command on the document: allowed in the `from` states to callers holding `privilege` (and the
 * document in their reach, acting for its `party` when one is named), moving it to `to` when it says
 * so (else to where its controller says). Where who may run it depends on the state (the station
 * closes its draft, the receiving warehouse what is on the way), it lists `grants` instead.
 * `inputs` are fields of the document the command's dialog asks for; `confirm` is asked before it
 * runs. `path` keeps a route the specification names (relative to /api) besides the derived
 * /api/documents/<entitySet>/:id/<name>. A closed document runs no command.
 */
export type DocumentCommand = DocumentCommandCommon &
  ((DocumentGrant & { grants?: never }) | { grants: readonly DocumentGrant[]; from?: never; privilege?: never; party?: never });

/** A command's grants (its one `from`/`privilege`/`party`, or its `grants`). */
export function commandGrants(c: DocumentCommand): readonly DocumentGrant[] {
  if (c.grants) return c.grants;
  return [{ from: c.from, privilege: c.privilege, ...(c.party ? { party: c.party } : {}) }];
}

/** Every state a command may run in (for any caller). */
export const commandStates = (c: DocumentCommand): number[] => [...new Set(commandGrants(c).flatMap((g) => g.from))];

/**
 * A printable page of the document: a web route (`:id` the document's id) opened by the document
 * page's print button, for callers holding `privilege` (default the entity's read privilege).
 */
export interface DocumentPrint {
  path: string;
  /** The button's text (default `documents.print`, 打印). */
  label?: MessageKey;
  privilege?: Privilege;
}

export interface DocumentInput {
  number?: DocumentNumber;
  /** Required unless the document declares `approval` (its status is then the approval status, `APPROVAL_STATUS`). */
  status?: DocumentStatus;
  lines?: readonly DocumentLine[];
  approval?: DocumentApproval;
  commands?: Record<string, DocumentCommand>;
  print?: DocumentPrint;
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
