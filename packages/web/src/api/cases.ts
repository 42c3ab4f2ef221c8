import { CASE_API, type CaseCloseRequest, type PartsCommandResult } from '@portal/model';
import { call } from './client.ts';

/**
 * The customer case commands (model `case-api.ts`): respond, resolve, close, link a work order.
 * Each resolves with the server's `{ id, message }`; a refusal rejects with an ApiError carrying
 * the server's text. Silent: the screen shows the messages itself.
 */
async function command(id: string, action: string, body: unknown): Promise<PartsCommandResult> {
  const env = await call<Partial<PartsCommandResult> | null>(`${CASE_API}/${encodeURIComponent(id)}/${action}`, { silent: true, method: 'POST', json: body ?? {} });
  const data = (env.Data && typeof env.Data === 'object' ? env.Data : {}) as Partial<PartsCommandResult>;
  return { id: String(data.id ?? ''), message: String(data.message || env.Message || '') };
}

export const respondCase = (id: string, response: string) => command(id, 'respond', { response });
export const resolveCase = (id: string, resolution: string) => command(id, 'resolve', { resolution });
export const closeCase = (id: string, body: CaseCloseRequest) => command(id, 'close', body);
export const linkCaseWorkOrder = (id: string, workOrderId: string) => command(id, 'link', { workOrderId });
