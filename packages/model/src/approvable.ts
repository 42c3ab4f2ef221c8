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

/**
 * What an approver weighs, per approvable document (issue 24: the approval screen showed no amount,
 * or an amount without saying whether it is a reward or a punishment): `amount` is compared with a
 * flow's amount condition and shown first; `meaning` is the option set saying what the amount is
 * (奖励 / 处罚, 增加 / 减少); `commit` is the flag kept true while the document is submitted.
 * The document's reason and other fields come from its form, its lines from `documentLines`.
 */
export interface ApprovalTerms {
  amount?: string;
  meaning?: string;
  commit?: string;
}

const TERMS: Record<string, ApprovalTerms> = {
  new_srv_claimfine: { amount: 'new_amount', meaning: 'new_finetype', commit: 'new_iscommit' },
  new_srv_partsapply: { amount: 'new_totalamount', commit: 'new_iscommit' },
  new_srv_parttransorder: { amount: 'new_totalamount' },
  new_srv_amountadjustment: { amount: 'new_amount', meaning: 'new_amounttype', commit: 'new_iscommit' },
  new_srv_delayproduct: { commit: 'new_iscommit' },
  new_srv_delaycancel: { commit: 'new_iscommit' },
  new_srv_productreturn: { commit: 'new_iscommit' },
  new_srv_stationapply: { commit: 'new_iscommit' },
  new_srv_excellentcase: { commit: 'new_iscommit' },
  new_srv_accountapply: { commit: 'new_iscommit' },
};

/** The approval terms of a document the flow engine serves (undefined for anything else). */
export function approvalTerms(logicalName: string): ApprovalTerms | undefined {
  return Object.hasOwn(TERMS, logicalName) ? TERMS[logicalName] : undefined;
}

/** Documents with approval terms, in declaration order. */
export const APPROVAL_TERM_DOCUMENTS = Object.keys(TERMS);

/**
 * The lines of a document, from the model: entities with a `byDocument` view (the lines' columns)
 * and a required lookup naming the document.
 */
export function documentLines(e: EntityDef): { entity: EntityDef; field: string }[] {
  const out: { entity: EntityDef; field: string }[] = [];
  for (const x of ENTITIES) {
    if (!x.views.byDocument) continue;
    const field = Object.entries(x.fields).find(([, f]) => f.type === 'lookup' && f.target === e.logicalName && f.required)?.[0];
    if (field) out.push({ entity: x, field });
  }
  return out;
}
