import { CONTRACT_API, type PartsCommandResult, type TerminateContractRequest } from '@portal/model';
import { call } from './client.ts';

/**
 * The maintenance contract commands (model `contract-api.ts`): activate and terminate. Each
 * resolves with the server's `{ id, message }`; a refusal rejects with an ApiError carrying the
 * server's text. Silent: the screen shows the messages itself.
 */
async function command(path: string, body: unknown): Promise<PartsCommandResult> {
  const env = await call<Partial<PartsCommandResult> | null>(`${CONTRACT_API}${path}`, { silent: true, method: 'POST', json: body ?? {} });
  const data = (env.Data && typeof env.Data === 'object' ? env.Data : {}) as Partial<PartsCommandResult>;
  return { id: String(data.id ?? ''), message: String(data.message || env.Message || '') };
}

export const activateContract = (id: string) => command(`/${encodeURIComponent(id)}/activate`, {});
export const terminateContract = (id: string, body: TerminateContractRequest) => command(`/${encodeURIComponent(id)}/terminate`, body);
