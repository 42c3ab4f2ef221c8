import { flowDocument } from '../flow/documents.ts';
import { act, submit } from '../flow/engine.ts';
import type { Sql } from '../db/db.ts';
import type { DemoContext } from './service.ts';
import { insert } from './insert.ts';

/** A demo approval flow of one step, approved by head office (hq or admin, or the logins given: the sales side's hqsales, hqfinance). */
export interface HeadOfficeFlow {
  entity: string;
  flow: string;
  step: string;
}

export async function seedHeadOfficeFlow(
  sql: Sql,
  ctx: DemoContext,
  entity: string,
  names: { flow: string; description: string; step: string },
  approvers: readonly string[] = ['hq', 'admin'],
): Promise<HeadOfficeFlow> {
  const sys = { createdby: ctx.adminId, modifiedby: ctx.adminId, ownerid: ctx.adminId, owningbusinessunit: ctx.hqUnitId };
  const flow = await insert(
    sql,
    'new_flow',
    {
      new_name: names.flow,
      new_entityname: entity,
      new_description: names.description,
      new_isactive: true,
      new_allowselfapprove: false,
      new_order: 1,
      ...sys,
    },
    'new_flowid',
  );
  const step = await insert(
    sql,
    'new_flowsteps',
    { new_name: names.step, new_flow_id: flow, new_sequence: 1, new_approvertype: 1, ...sys },
    'new_flowstepsid',
  );
  for (const login of approvers)
    await insert(
      sql,
      'new_flowstepuser',
      { new_name: login, new_flowstep_id: step, new_systemuser_id: ctx.userIds.get(login)!, ...sys },
      'new_flowstepuserid',
    );
  return { entity, flow, step };
}

/**
 * Takes a demo document through the approval engine as its users would: submitted to the approver,
 * who approves, rejects or vetoes it (the domain's approval hooks apply it); 'review' leaves it waiting.
 */
export async function fileForApproval(
  sql: Sql,
  f: HeadOfficeFlow,
  id: string,
  by: { submitter: string; approver: string },
  outcome: 'review' | 'approve' | 'reject' | 'veto',
  memo = '同意',
): Promise<void> {
  const d = flowDocument(f.entity)!;
  await submit(sql, d, id, by.submitter, { flowId: f.flow, approvers: [{ StepId: f.step, ApproveUserId: by.approver }] });
  if (outcome !== 'review') await act(sql, d, id, by.approver, outcome, memo);
}
