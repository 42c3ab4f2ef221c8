import { APPROVAL_FIELD_NAMES, approvalFields } from './approval-field-defs.ts';
import { approvalStatus } from './option-sets/approval.ts';
import { dateTime, int, label, lookup, type FieldDef, type Label } from './define-fields.ts';
import type { DocumentInput } from './document.ts';
import type { MessageKey } from './messages/index.ts';
import type { EntityScreens } from './screens.ts';
import type { Privilege } from './security/privileges.ts';

export * from './define-fields.ts';

// The metadata engine: every entity, field and option set is declared once with these helpers.
// Schema, API allow-lists, labels and generic screens are derived from the declarations.

/**
 * Who may see a row. `station`: rows belong to a service station (field names the station);
 * `businessUnit`: rows belong to a unit of the head-office/branch tree; `user`: rows belong to
 * their owner; `global`: catalogue data every signed-in user may read; `system`: never served
 * by the generic record service (identity, security).
 *
 * `parties` (station and businessUnit scopes): further business-unit lookups of the row whose unit
 * also reaches it. A document between two parties (a delivery from a central warehouse to a
 * station) is owned by one and visible to both: the caller's subtree must hold the owning unit or
 * any party unit.
 *
 * `assignee` (station scope): the engineer's narrower reach. A caller who does not hold `wide`
 * sees, of the rows their station owns, only the rows assigned to them: `worker` names the row's
 * new_srv_worker lookup, matched against the worker record of the caller's account
 * (systemuser.new_worker_id). What hangs off such rows follows their reach:
 * - `via` names a lookup to a parent row whose assignee scope applies (an order's lines and
 *   history); the parent may itself follow `via` or `referencedBy`, so chains are hops declared on
 *   each entity (a cancellation → its warranty extension → the order);
 * - `referencedBy` reaches the rows that a row in reach of `entity` names by its lookup `field`
 *   (a customer case: the orders name it by new_case_id).
 * A row whose link is empty is reached by no one narrowed. Holding the root's `wide` adds the whole
 * scope back (rights only add up); party units (`parties`) keep their own reach.
 * A businessUnit scope narrows the same way by `owner` (a systemuser lookup, usually `ownerid`): a
 * salesman reaches the leads he owns and what hangs off them, his unit's managers (`wide`) the unit's.
 */
export type AssigneeScope =
  | { worker: string; wide: Privilege }
  | { owner: string; wide: Privilege }
  | { via: string }
  | { referencedBy: { entity: string; field: string } };

/**
 * `published` (station scope): rows whose option-set `field` holds `value` are READ by every caller
 * who may read the entity (an approved excellent case, published to every station). Reading only:
 * writes, attachments and commands keep the station scope (records/scope.ts, mode 'read').
 */
export type StationPublishedScope = { field: string; value: number };

/**
 * A global entity whose rows readers see only once published (download centre, technical files):
 * a caller without `wide` sees the rows whose `field` equals `value` and, with `audience`, whose
 * audience option is `all` or one that a privilege the caller holds grants. Rights add up.
 */
export interface PublishedScope {
  field: string;
  value: number;
  wide: Privilege;
  audience?: { field: string; all: number; grants: Partial<Record<Privilege, number>> };
}

export type Scope =
  | { kind: 'station'; field: string; parties?: string[]; assignee?: AssigneeScope; published?: StationPublishedScope }
  | { kind: 'businessUnit'; field: string; parties?: string[]; assignee?: AssigneeScope }
  | { kind: 'user'; field: string }
  | { kind: 'global'; published?: PublishedScope }
  | { kind: 'system' };

export interface ViewDef {
  label: Label;
  columns: string[];
  orderBy: [string, 'asc' | 'desc'][];
  /** Fixed filter of the view: field = value pairs. */
  filter?: Record<string, string | number | boolean | null | readonly number[]>;
  /**
   * `assignee`: offered only to callers whose reach is the entity's assignee scope (their rows are
   * already only their own, so the view needs no filter); declared first, it is their default.
   */
  audience?: 'assignee';
  /**
   * Columns offered in the list's column settings but not shown at first, so the shown ones fit a
   * 1440 px window without a horizontal scroll (issue 12).
   */
  hidden?: string[];
  /**
   * The card a phone shows for a row (issue 15), only where the derived one does not fit. Derived:
   * the primary name as title, the view's shown status-like option sets (coloured options, or a
   * name ending in status/state) as tags, the next three shown columns as "label: value".
   * `tags` and `fields` (each optional) name the view's columns to use instead.
   */
  card?: { tags?: string[]; fields?: string[] };
}

export interface FormSection {
  key: string;
  label: Label;
  fields: string[];
  /**
   * `edit`: shown only once the record exists (results, costs, approval, logistics): a new
   * record's form shows what can be entered before it is saved.
   */
  on?: 'edit';
}

/**
 * When the generic record service may change and delete rows of an entity (issue 23): the row's
 * `field` (an option set, owned: readOnly) must hold one of `states` for an update and one of
 * `deleteStates` (default `states`) for a delete; a null state reads as `initial`, the state of a
 * new row. `closedBy` names a bool field that closes the row to updates while true. Everything
 * else is a command's business. `locked` / `deleteLocked` / `closedLocked` are the refusals.
 *
 * `{ parent }` (lines): the row follows the edit rule of the document its lookup `parent` names,
 * for creating, changing and deleting alike (details only while the document may be edited).
 */
export type EditRule =
  | {
      field: string;
      initial: number;
      states: readonly number[];
      deleteStates?: readonly number[];
      closedBy?: string;
      locked?: MessageKey;
      deleteLocked?: MessageKey;
      closedLocked?: MessageKey;
    }
  | { parent: string; locked?: MessageKey };

/** Privileges (action names) the record service requires to read and to write an entity. */
export interface EntityAccess {
  read: Privilege;
  /**
   * Also may read (any one of these), within the same scope: a dealer (dealer.manage) reads the
   * accounts of its own chain, which administrators (user.manage) manage (issue 27).
   */
  readAlso?: readonly Privilege[];
  write?: Privilege;
  /** Also may add and remove attachments (site photos) of rows in reach, without `write`. */
  attach?: Privilege;
  /**
   * Holders of one of `privileges` without `read` may still pick rows in lookup dialogs, limited to
   * rows whose `unit` (a business-unit lookup) is in their subtree: a dealer picks its own and its
   * stores' warehouses for a stock-in without reading the parts business's warehouse list.
   */
  lookup?: { privileges: readonly Privilege[]; unit: string };
  /**
   * Rows are made elsewhere (generated by a command), never created through the record service:
   * a create answers 403 with this text to whoever may read the entity (spec 001 §8).
   */
  notCreatedHere?: MessageKey;
}

export interface EntityInput {
  logicalName: string;
  entitySet: string;
  label: Label;
  pluralLabel?: Label;
  scope: Scope;
  /** Primary name attribute; `new_name` unless said otherwise. */
  primaryName?: string;
  /** Primary key attribute; logical name + `id` unless said otherwise. */
  primaryKey?: string;
  fields: Record<string, FieldDef>;
  views?: Record<string, ViewDef>;
  forms?: Record<string, FormSection[]>;
  /** Extra composite indexes: each entry is a list of columns. */
  indexes?: string[][];
  /** Composite unique keys (one stock row per warehouse and part). */
  uniques?: string[][];
  /**
   * Row checks kept by the database (`CHECK (…)`), named; the expression uses model field names
   * only. A backstop behind the commands' own conditional updates, never the first line of defence.
   */
  checks?: Record<string, string>;
  /** System fields this entity does without (e.g. ownership on catalogue rows). */
  noOwner?: boolean;
  /** Who may read and write through the record service; entities without it are not served. */
  access?: EntityAccess;
  /** Attachments may hang off its rows (ModuleType = logical name). */
  attachments?: boolean;
  /** Its screens and menu place (screens.ts): the web derives routes, menu and screenPath from them. */
  screens?: EntityScreens;
  /**
   * When rows may be changed and deleted through the generic record service, for an entity that
   * is not a `document` (a document's rule comes from its status declaration).
   */
  edit?: EditRule;
  /**
   * The entity is a document (docs/documents.md): number, status and editable states, lines,
   * approval, commands. Its edit rule comes from the status (then `edit` is not declared).
   */
  document?: DocumentInput;
}

export interface EntityDef
  extends Required<
    Omit<
      EntityInput,
      'pluralLabel' | 'indexes' | 'uniques' | 'checks' | 'noOwner' | 'access' | 'attachments' | 'edit' | 'screens' | 'document'
    >
  > {
  pluralLabel: Label;
  indexes: string[][];
  uniques: string[][];
  checks: Record<string, string>;
  noOwner: boolean;
  access?: EntityAccess;
  attachments: boolean;
  edit?: EditRule;
  screens?: EntityScreens;
  document?: DocumentInput;
  /** Declared fields plus the system fields, in column order. */
  allFields: Record<string, FieldDef>;
}

/** System fields every entity carries (Dataverse names). */
export function systemFields(e: { primaryKey: string; noOwner: boolean }): Record<string, FieldDef> {
  const sys: Record<string, FieldDef> = {
    [e.primaryKey]: { type: 'text', label: label('编号', 'ID'), maxLength: 36, readOnly: true },
    createdon: dateTime(label('创建时间', 'Created on'), { readOnly: true, indexed: true }),
    modifiedon: dateTime(label('修改时间', 'Modified on'), { readOnly: true }),
    createdby: lookup('systemuser', label('创建人', 'Created by'), { readOnly: true }),
    modifiedby: lookup('systemuser', label('修改人', 'Modified by'), { readOnly: true }),
    statecode: int(label('记录状态', 'Record state'), { readOnly: true }),
  };
  if (!e.noOwner) {
    sys.ownerid = lookup('systemuser', label('负责人', 'Owner'), { readOnly: true, indexed: true });
    sys.owningbusinessunit = lookup('businessunit', label('所属业务部门', 'Owning business unit'), { readOnly: true, indexed: true });
  }
  return sys;
}

export function defineEntity(input: EntityInput): EntityDef {
  const primaryKey = input.primaryKey ?? `${input.logicalName}id`;
  const noOwner = input.noOwner ?? false;
  const def: EntityDef = {
    ...input,
    primaryKey,
    primaryName: input.primaryName ?? 'new_name',
    pluralLabel: input.pluralLabel ?? input.label,
    views: approvalViews(input),
    forms: approvalForms(input),
    indexes: input.indexes ?? [],
    uniques: input.uniques ?? [],
    checks: input.checks ?? {},
    noOwner,
    attachments: input.attachments ?? false,
    allFields: {},
  };
  // An approval document brings the approval fields (one it declares itself, e.g. its own status labels, stays as declared).
  const brought = input.document?.approval ? Object.entries(approvalFields()).filter(([n]) => !Object.hasOwn(input.fields, n)) : [];
  def.fields = { ...input.fields, ...Object.fromEntries(brought) };
  def.allFields = { ...systemFields({ primaryKey, noOwner }), ...def.fields };
  return def;
}

/**
 * An approval document's main form ends with the approval section (who, which step, when; the
 * commit flag where declared), shown once the document exists, unless it declares one itself.
 */
function approvalForms(input: EntityInput): Record<string, FormSection[]> {
  const forms = input.forms ?? {};
  const approval = input.document?.approval;
  if (!approval || !forms.main || forms.main.some((s) => s.key === 'approval')) return forms;
  const fields = ['new_approvalstatus', 'new_flow_id', 'new_stepname', 'new_stepuser_id', 'new_submitter_id', 'new_submittime'];
  fields.push('new_approvedtime', ...(approval.commit ? [approval.commit] : []));
  return { ...forms, main: [...forms.main, { key: 'approval', label: label('审批信息', 'Approval'), fields, on: 'edit' }] };
}

/**
 * An approval document's list offers "under review" (审批中) after its declared views, unless it
 * declares `toApprove` itself: the first view's leading columns, then the step, its approver and
 * the submit time, newest submission first.
 */
function approvalViews(input: EntityInput): Record<string, ViewDef> {
  const views = input.views ?? {};
  const first = Object.values(views)[0];
  if (!input.document?.approval || !first || views.toApprove) return views;
  const own = first.columns.filter((c) => !APPROVAL_FIELD_NAMES.includes(c) && c !== 'createdon' && c !== input.document?.approval?.commit);
  return {
    ...views,
    toApprove: {
      label: label('审批中', 'Under review'),
      columns: [...own.slice(0, 4), 'new_stepname', 'new_stepuser_id', 'new_submittime'],
      orderBy: [['new_submittime', 'desc']],
      filter: { new_approvalstatus: approvalStatus.underReview },
    },
  };
}

/** The unit lookups whose subtree membership makes a row visible, besides its owning unit. */
export function partyFields(e: Pick<EntityDef, 'scope'>): string[] {
  return e.scope.kind === 'station' || e.scope.kind === 'businessUnit' ? (e.scope.parties ?? []) : [];
}

/** Snake-safe SQL identifier check: model names are the only identifiers that reach SQL. */
export const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;
