import { flowDocument } from '../../flow/documents.ts';
import { flowList, flowStepList, submit } from '../../flow/engine.ts';
import type { Sql } from '../../db/db.ts';

/**
 * Submits a new order into the approval engine as its buyer would, without asking: the first
 * applicable flow (by its order) and, for each step, the approver nearest the order's unit (the
 * engine lists them nearest first: a branch before head office). An order no flow applies to, or
 * with a step nobody can approve, stays to be submitted (its page offers 提交审批). Inside the
 * caller's transaction; answers whether it went.
 */
export async function submitOrderAuto(sql: Sql, orderId: string, userId: string): Promise<boolean> {
  const d = flowDocument('salesorder');
  if (!d) return false;
  const [flow] = await flowList(sql, d, orderId);
  if (!flow) return false;
  const steps = await flowStepList(sql, d, orderId, flow.new_flowid, userId);
  if (!steps.length || steps.some((s) => !s.new_stepusers.length)) return false;
  await submit(sql, d, orderId, userId, {
    flowId: flow.new_flowid,
    approvers: steps.map((s) => ({ StepId: s.new_flowstepsid, ApproveUserId: s.new_stepusers[0].systemuserid })),
  });
  return true;
}
