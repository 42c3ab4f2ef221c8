import { APPROVAL_FIELD_NAMES } from './approval-fields.ts';
import type { EntityDef } from './define.ts';
import { ENTITIES } from './registry.ts';

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
