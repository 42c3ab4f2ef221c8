import { CASE_API, type CaseCloseRequest } from '@portal/model';
import { sendCommand } from './command.ts';

/**
 * The customer case commands (model `case-api.ts`): respond, resolve, close, link a work order.
 * Each resolves with the server's `{ id, message }`; a refusal rejects with an ApiError carrying
 * the server's text. Silent: the screen shows the messages itself.
 */
const command = (id: string, action: string, body: unknown) => sendCommand(`${CASE_API}/${encodeURIComponent(id)}/${action}`, body);

export const respondCase = (id: string, response: string) => command(id, 'respond', { response });
export const resolveCase = (id: string, resolution: string) => command(id, 'resolve', { resolution });
export const closeCase = (id: string, body: CaseCloseRequest) => command(id, 'close', body);
export const linkCaseWorkOrder = (id: string, workOrderId: string) => command(id, 'link', { workOrderId });
