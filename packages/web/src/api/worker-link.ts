import { WORKER_LINK_API, type WorkerLinkCandidates, type WorkerLinkRequest } from '@portal/model';
import { apiGet, call } from './client.ts';

/**
 * The user account ↔ personnel record link (model worker-link-api.ts). Commands resolve with the
 * server's `{ id, message }`; a refusal rejects with an ApiError carrying its text. Silent: the
 * dialog shows refusals itself.
 */
async function command(path: string, body: WorkerLinkRequest): Promise<{ id: string; message: string }> {
  const env = await call<{ id?: string; message?: string } | null>(`${WORKER_LINK_API}${path}`, { silent: true, method: 'POST', json: body });
  return { id: String(env.Data?.id ?? ''), message: String(env.Data?.message || env.Message || '') };
}

export const linkWorker = (userId: string, workerId: string) => command('/link', { userId, workerId });
export const unlinkWorker = (userId: string) => command('/unlink', { userId });
export const linkCandidates = (side: 'user' | 'worker', id: string) =>
  apiGet<WorkerLinkCandidates>(`${WORKER_LINK_API}/candidates`, { silent: true, query: side === 'user' ? { userId: id } : { workerId: id } });
