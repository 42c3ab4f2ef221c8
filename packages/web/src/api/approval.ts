import { apiGet, apiPost, type CallOptions } from './client.ts';

/** The approval engine's calls (spec 000 §3, /api/CrmFlow). Failures carry the trimmed WorkflowException text. */
export interface FlowOption {
  new_flowid: string;
  new_name: string;
}
export interface StepUser {
  systemuserid: string;
  fullname: string;
}
export interface FlowStepOption {
  new_flowstepsid: string;
  new_name: string;
  new_sequence: number;
  new_stepusers: StepUser[];
}
export interface ApproveItem {
  StepId: string;
  ApproveUserId: string;
}
/** 0 submitted | 1 approving | 2 approved | 3 rejected | 4 vetoed. */
export type ProgressStatus = 0 | 1 | 2 | 3 | 4;
export interface ProgressStep {
  StepId: string;
  StepName: string;
  Sequence: number;
  Status: ProgressStatus;
  UserName: string;
  Date: string | null;
}
export interface ApproveLog {
  LogId: string;
  Date: string | null;
  ActionName: string;
  StepName: string;
  UserName: string;
  Memo: string;
}
export interface MyApprovalItem {
  EntityName: string;
  EntityLabel: string;
  EntityId: string;
  DocumentName: string;
  StepName: string;
  SubmitterName: string;
  SubmitTime: string | null;
}
export type ApproveAction = 'approve' | 'reject' | 'veto';

const BASE = '/api/CrmFlow';
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export const getFlowList = (entityName: string, entityId: string, opts?: CallOptions) =>
  apiGet<FlowOption[]>(`${BASE}/GetFlowList`, { ...opts, query: { entityName, entityId } }).then(list<FlowOption>);

export const getFlowStepList = (flowId: string, entityName: string, entityId: string, opts?: CallOptions) =>
  apiGet<FlowStepOption[]>(`${BASE}/GetFlowStepList`, { ...opts, query: { flowId, entityName, entityId } }).then((d) =>
    list<FlowStepOption>(d).map((s) => ({ ...s, new_stepusers: list<StepUser>(s.new_stepusers) })),
  );

export const submitFlow = (EntityId: string, EntityTypeName: string, FlowId: string, ApproveList: ApproveItem[], opts?: CallOptions) =>
  apiPost<unknown>(`${BASE}/submit`, { EntityId, EntityTypeName, FlowId, ApproveList }, opts);

export const approveFlow = (EntityId: string, EntityTypeName: string, Action: ApproveAction, Memo: string, opts?: CallOptions) =>
  apiPost<unknown>(`${BASE}/approve`, { EntityId, EntityTypeName, Action, Memo }, opts);

export const revokeFlow = (EntityId: string, EntityTypeName: string, opts?: CallOptions) =>
  apiPost<unknown>(`${BASE}/revoke`, { EntityId, EntityTypeName }, opts);

export const getProgress = (entityName: string, entityId: string, opts?: CallOptions) =>
  apiGet<ProgressStep[]>(`${BASE}/GetFlowApproveProgressList`, { ...opts, query: { entityName, entityId } }).then(list<ProgressStep>);

export const getApproveLog = (entityName: string, entityId: string, opts?: CallOptions) =>
  apiGet<ApproveLog[]>(`${BASE}/GetFlowApproveLogList`, { ...opts, query: { entityName, entityId } }).then(list<ApproveLog>);

export async function myApprovalList(page: number, count: number, opts?: CallOptions) {
  const d = await apiGet<{ items: MyApprovalItem[]; TotalRecordCount: number }>(`${BASE}/MyApprovalList`, {
    ...opts,
    query: { page, count },
  });
  return { items: list<MyApprovalItem>(d?.items), total: Number(d?.TotalRecordCount ?? 0) };
}

export const myApprovalCount = (opts?: CallOptions) => apiGet<number>(`${BASE}/MyApprovalCount`, opts).then((n) => Number(n) || 0);
