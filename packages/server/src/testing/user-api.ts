import { expect } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer } from './auth-helpers.ts';

export type Res = Awaited<ReturnType<Portal['app']['inject']>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Calls the API as a signed-in test user: `who` names the token, `lang` the Accept-Language (zh-CN). */
export type UserApi = (who: string, method: Method, url: string, payload?: object, lang?: string) => Promise<Res>;

/** A suite's API caller over its portal (read when called: the portal starts in beforeAll) and its users' tokens. */
export function userApi(portal: () => Portal, tokens: Record<string, string>): UserApi {
  return (who, method, url, payload, lang = 'zh-CN') =>
    portal().app.inject({ method, url, payload, headers: { ...bearer(tokens[who]), 'accept-language': lang } });
}

/** The envelope's Data of an answer that must be 200 (its body is shown when it is not). */
export function okData(res: Res) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data;
}

export interface FlowStep {
  new_flowstepsid: string;
  new_stepusers: { systemuserid: string; fullname: string }[];
}

/**
 * Submits a document through its entity's first flow, as the approval screen does: each step's
 * approver is the step's first candidate unless `approver` picks another (by step and index).
 */
export async function submitFirstFlow(
  api: UserApi,
  who: string,
  entity: string,
  id: string,
  o: { approver?: (step: FlowStep, index: number) => string; lang?: string } = {},
): Promise<Res> {
  const flows = okData(await api(who, 'GET', `/api/CrmFlow/GetFlowList?entityName=${entity}&entityId=${id}`)) as { new_flowid: string }[];
  const flowId = flows[0].new_flowid;
  const steps = okData(
    await api(who, 'GET', `/api/CrmFlow/GetFlowStepList?flowId=${flowId}&entityName=${entity}&entityId=${id}`),
  ) as FlowStep[];
  const pick = o.approver ?? ((s: FlowStep) => s.new_stepusers[0].systemuserid);
  const list = steps.map((s, i) => ({ StepId: s.new_flowstepsid, ApproveUserId: pick(s, i) }));
  return api(who, 'POST', '/api/CrmFlow/submit', { EntityId: id, EntityTypeName: entity, FlowId: flowId, ApproveList: list }, o.lang);
}
