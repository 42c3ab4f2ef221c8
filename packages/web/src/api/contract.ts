import { CONTRACT_API, type TerminateContractRequest } from '@portal/model';
import { sendCommand } from './command.ts';

/**
 * The maintenance contract commands (model `contract-api.ts`): activate and terminate. Each
 * resolves with the server's `{ id, message }`; a refusal rejects with an ApiError carrying the
 * server's text. Silent: the screen shows the messages itself.
 */
const command = (path: string, body: unknown) => sendCommand(`${CONTRACT_API}${path}`, body);

export const activateContract = (id: string) => command(`/${encodeURIComponent(id)}/activate`, {});
export const terminateContract = (id: string, body: TerminateContractRequest) => command(`/${encodeURIComponent(id)}/terminate`, body);
