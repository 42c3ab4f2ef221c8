import { WORKER_LINK_API, type WorkerLinkCandidates, type WorkerLinkRequest } from '@portal/model';
import { apiGet } from './client.ts';
import { sendCommand } from './command.ts';

/**
 * The user account ↔ personnel record link (model worker-link-api.ts). Commands resolve with the
 * server's `{ id, message }`; a refusal rejects with an ApiError carrying its text. Silent: the
 * dialog shows refusals itself.
 */
const command = (path: string, body: WorkerLinkRequest) => sendCommand(`${WORKER_LINK_API}${path}`, body);

export const linkWorker = (userId: string, workerId: string) => command('/link', { userId, workerId });
export const unlinkWorker = (userId: string) => command('/unlink', { userId });
export const linkCandidates = (side: 'user' | 'worker', id: string) =>
  apiGet<WorkerLinkCandidates>(`${WORKER_LINK_API}/candidates`, {
    silent: true,
    query: side === 'user' ? { userId: id } : { workerId: id },
  });
