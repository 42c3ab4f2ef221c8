import type { EditRule, EntityDef, FieldGrant } from './define.ts';
import { documentStatus, statusEditRule } from './document.ts';
import type { MessageKey } from './messages/index.ts';
import { ENTITIES, getEntity } from './registry.ts';

/*
 * Who may write what through the generic record service, and when (issue 23). The server enforces
 * it (records/write.ts) and the web's generic form shows it (read-only where it cannot be
 * changed), both from these functions over the model's declarations.
 */

/** Fields every entity carries that only the server sets (Dataverse names). */
export const SYSTEM_FIELD_NAMES: ReadonlySet<string> = new Set([
  'createdon',
  'modifiedon',
  'createdby',
  'modifiedby',
  'statecode',
  'ownerid',
  'owningbusinessunit',
]);

/**
 * The entity's edit rule: its own, else its document status's (docs/documents.md), else — for a
 * document's declared line — its document's, else none (always editable).
 */
export function editRuleOf(e: EntityDef): EditRule | undefined {
  if (e.edit) return e.edit;
  const status = documentStatus(e);
  if (status) return statusEditRule(status);
  const parent = lineParent(e);
  return parent ? { parent } : undefined;
}

/** The lookup by which a line names its document, when a document declares the entity among its lines. */
function lineParent(e: EntityDef): string | undefined {
  for (const d of ENTITIES) {
    const line = d.document?.lines?.find((l) => l.entity === e.logicalName);
    if (line) return line.parent;
  }
  return undefined;
}

export type StateRule = Extract<EditRule, { field: string }>;

/**
 * The rule that decides a row's state: its own, or — for a line — its document's (through the
 * `parent` lookups), with the lookup that leads there.
 */
export function stateRuleOf(e: EntityDef): { rule: StateRule; document: EntityDef; via?: string } | undefined {
  const rule = editRuleOf(e);
  if (!rule) return undefined;
  if ('field' in rule) return { rule, document: e };
  const f = e.allFields[rule.parent];
  const parent = f?.type === 'lookup' ? getEntity(f.target) : undefined;
  const up = parent ? stateRuleOf(parent) : undefined;
  return up && { rule: up.rule, document: up.document, via: rule.parent };
}

/** The fields of a row the rule reads: its state field and closing flag (for the document itself). */
export function stateFields(e: EntityDef): string[] {
  const s = stateRuleOf(e);
  if (!s || s.via) return [];
  return [s.rule.field, ...(s.rule.closedBy ? [s.rule.closedBy] : [])];
}

/** A row's state as the rule reads it: null is the initial state. */
export function stateOf(rule: StateRule, row: Record<string, unknown> | null | undefined): number {
  const v = row?.[rule.field];
  return v === null || v === undefined || v === '' ? rule.initial : Number(v);
}

/**
 * May a row in this state (the document's row, for a line) be changed ('update', also a line's
 * create) or deleted? Undefined row state = a new row. Answers the refusal's message key when not.
 */
export function rowLock(e: EntityDef, documentRow: Record<string, unknown> | null | undefined, op: 'update' | 'delete'): MessageKey | null {
  const s = stateRuleOf(e);
  if (!s) return null;
  const { rule } = s;
  const state = stateOf(rule, documentRow);
  const lineRule = editRuleOf(e);
  const lineLocked = lineRule && 'parent' in lineRule ? lineRule.locked : undefined;
  if (s.via) return rule.states.includes(state) && !closed(rule, documentRow) ? null : (lineLocked ?? 'parts.linesLocked');
  if (op === 'delete') return (rule.deleteStates ?? rule.states).includes(state) ? null : (rule.deleteLocked ?? 'parts.onlyDraftDelete');
  if (!rule.states.includes(state)) return rule.locked ?? 'parts.onlyDraftModify';
  return closed(rule, documentRow) ? (rule.closedLocked ?? rule.locked ?? 'parts.onlyDraftModify') : null;
}

const closed = (rule: StateRule, row: Record<string, unknown> | null | undefined) => !!rule.closedBy && row?.[rule.closedBy] === true;

export function grantsOf(e: EntityDef, name: string): readonly FieldGrant[] | undefined {
  const g = Object.hasOwn(e.allFields, name) ? e.allFields[name].edit : undefined;
  return g === undefined ? undefined : Array.isArray(g) ? (g as readonly FieldGrant[]) : [g as FieldGrant];
}

/** A declared field a client may see named at all (not secret, not the key, not a system field). */
function declaredForClients(e: EntityDef, name: string): boolean {
  const f = Object.hasOwn(e.allFields, name) ? e.allFields[name] : undefined;
  return !!f && !f.secret && name !== e.primaryKey && !SYSTEM_FIELD_NAMES.has(name);
}

/** Is the field one a client may ever write (declared, not owned by the server, not secret, not a system field)? */
export function isClientField(e: EntityDef, name: string): boolean {
  return declaredForClients(e, name) && !e.allFields[name].readOnly;
}

export type FieldRefusal = 'unknown' | 'owned' | 'state' | 'privilege';

/**
 * Why this caller may not write this field of a row in `state` (the document's edit state, the
 * initial one for a new row), or null when it may: unknown or secret fields and system fields
 * are 'unknown', server-owned ones 'owned', fields whose grants none match 'state' (no grant for
 * this state) or 'privilege' (a grant for this state needs a privilege the caller lacks).
 * The row-level rule (rowLock) is checked separately.
 */
export function fieldRefusal(e: EntityDef, name: string, state: number | null, can: (p: string) => boolean): FieldRefusal | null {
  if (!declaredForClients(e, name)) return 'unknown';
  if (e.allFields[name].readOnly) return 'owned';
  const grants = grantsOf(e, name);
  if (!grants) return null;
  const inState = grants.filter((g) => !g.states || state === null || g.states.includes(state));
  if (!inState.length) return 'state';
  return inState.some((g) => !g.privilege || can(g.privilege)) ? null : 'privilege';
}

/** The catalogue key of a field refusal (the field's label is its `field` parameter). */
export const FIELD_REFUSAL_KEY: Record<FieldRefusal, MessageKey> = {
  unknown: 'validation.unknownField',
  owned: 'records.fieldOwned',
  state: 'records.fieldState',
  privilege: 'records.fieldPrivilege',
};

/**
 * The fields of `fields` a caller may change on this row now (for a form: the rest show read-only).
 * `row` null = a new record. A line's document is not this row: its state is the document page's
 * to show, and the line is read here as in an editable document.
 */
export function editableFields(
  e: EntityDef,
  fields: readonly string[],
  row: Record<string, unknown> | null,
  can: (p: string) => boolean,
): Set<string> {
  const s = stateRuleOf(e);
  const doc = s?.via ? undefined : row;
  if (row && rowLock(e, doc, 'update')) return new Set();
  const state = s ? stateOf(s.rule, doc) : null;
  return new Set(fields.filter((n) => fieldRefusal(e, n, state, can) === null));
}
