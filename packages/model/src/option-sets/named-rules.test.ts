import { describe, expect, it } from 'vitest';
import { approvalStatus, isApprovalEditable, APPROVAL_DECLINED, APPROVAL_PENDING, approvalStepStatus, STEP_OPEN } from './approval.ts';
import {
  appointmentStatus,
  APPOINTMENT_CHANGES,
  AUDITED_STATUSES,
  EDITABLE_STATUSES,
  IN_SERVICE_STATUSES,
  mayDispatchStatus,
  OPEN_DEAL_STATUSES,
  workOrderDealStatus,
  workOrderStatus,
} from './work-order.ts';
import type { OptionSetDef } from '../define.ts';

/*
 * The named rules read in the specification's words (the zh-CN labels): a rule that changes
 * meaning fails here, whatever its constants are called.
 */
const labelsWhere = (set: OptionSetDef<number>, keep: (v: number) => boolean) =>
  set.options.filter((o) => keep(o.value)).map((o) => o.label['zh-CN']);
const labelsIn = (set: OptionSetDef<number>, values: readonly number[]) => labelsWhere(set, (v) => values.includes(v));

describe('approval rules', () => {
  it('lets only a draft or a rejected document be changed or submitted again; no state yet is a draft', () => {
    expect(labelsWhere(approvalStatus, isApprovalEditable)).toEqual(['待提交', '已驳回']);
    expect(isApprovalEditable(null)).toBe(true);
  });

  it('counts an application as pending until approved or vetoed, and declined when rejected or vetoed', () => {
    expect(labelsIn(approvalStatus, APPROVAL_PENDING)).toEqual(['待提交', '审批中', '已驳回']);
    expect(labelsIn(approvalStatus, APPROVAL_DECLINED)).toEqual(['已驳回', '已否决']);
  });

  it('treats the submitted and the approving steps of a round as not yet acted on', () => {
    expect(labelsIn(approvalStepStatus, STEP_OPEN)).toEqual(['已提交', '审批中']);
  });
});

describe('work-order rules', () => {
  it('dispatches unassigned and dispatched orders, and responded ones only when the appointment found them unserviceable', () => {
    const dispatchable = (appointment: number | null) => labelsWhere(workOrderStatus, (s) => mayDispatchStatus(s, appointment));
    expect(dispatchable(null)).toEqual(['未派工', '已派工']);
    expect(dispatchable(appointmentStatus.booked)).toEqual(['未派工', '已派工']);
    expect(labelsWhere(appointmentStatus, (a) => mayDispatchStatus(workOrderStatus.responded, a))).toEqual(['无法联系', '拒绝']);
  });

  it('keeps an order in service from dispatch to arrival, editable until audited, and audited through the settlement', () => {
    expect(labelsIn(workOrderStatus, IN_SERVICE_STATUSES)).toEqual(['已派工', '已响应', '已出发', '已到达']);
    expect(labelsIn(workOrderStatus, EDITABLE_STATUSES)).toEqual(['未派工', '已派工', '已响应', '已出发', '已到达', '已完工']);
    expect(labelsIn(workOrderStatus, AUDITED_STATUSES)).toEqual([
      '已审核',
      '已回访',
      '结算已确认',
      '销售已确认',
      '结算中',
      '已付款',
      '已关闭',
    ]);
  });

  it('counts an engineer loaded from dispatch until completion, and asks a reason for a date change or another reservation', () => {
    expect(labelsIn(workOrderDealStatus, OPEN_DEAL_STATUSES)).toEqual(['已派工', '已响应', '已出发', '已到达', '已拍照']);
    expect(labelsIn(appointmentStatus, APPOINTMENT_CHANGES)).toEqual(['改约', '再次预约']);
  });
});
