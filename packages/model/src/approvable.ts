import { APPROVAL_FIELD_NAMES } from './approval-fields.ts';
import type { EntityDef } from './define.ts';
import type { DocumentApproval } from './document.ts';
import { ENTITIES, getEntity } from './registry.ts';

/**
 * A document goes through approval flows when it carries every approval field (`approvalFields()`):
 * the flow engine keeps its step, approver and status there. The flow editor offers exactly these,
 * and the record service refuses a flow for anything else.
 */
export function isApprovable(e: EntityDef): boolean {
  return APPROVAL_FIELD_NAMES.every((n) => Object.hasOwn(e.allFields, n));
}

/** The approvable documents, in the registry's order. */
export function approvableEntities(): EntityDef[] {
  return ENTITIES.filter(isApprovable);
}

export function isApprovableName(logicalName: string): boolean {
  return approvableEntities().some((e) => e.logicalName === logicalName);
}

/**
 * What an approver weighs, per approvable document (issue 24): the document's declared approval
 * (`document.approval`, document.ts). The document's reason and other fields come from its form,
 * its lines from `documentLines`.
 */
export type ApprovalTerms = DocumentApproval;

/** The approval terms of a document the flow engine serves (undefined for anything else). */
export function approvalTerms(logicalName: string): ApprovalTerms | undefined {
  return getEntity(logicalName)?.document?.approval;
}

/**
 * The lines of a document, from the model: its declared lines (`document.lines`), else entities
 * with a `byDocument` view (the lines' columns) and a required lookup naming the document.
 */
export function documentLines(e: EntityDef): { entity: EntityDef; field: string }[] {
  if (e.document?.lines) return e.document.lines.map((l) => ({ entity: getEntity(l.entity)!, field: l.parent }));
  const out: { entity: EntityDef; field: string }[] = [];
  for (const x of ENTITIES) {
    if (!x.views.byDocument) continue;
    const field = Object.entries(x.fields).find(([, f]) => f.type === 'lookup' && f.target === e.logicalName && f.required)?.[0];
    if (field) out.push({ entity: x, field });
  }
  return out;
}
