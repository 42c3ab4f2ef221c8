import { WORK_ORDER_API } from '@portal/model/work-order-api.ts';
import { call } from '../api/client.ts';
import type { QueueItem } from './queue.ts';

const base = (id: string) => `${WORK_ORDER_API}/${encodeURIComponent(id)}`;

/**
 * Sends one queued action to the same server commands the desktop screens call, with the action's
 * Idempotency-Key (a replay answers the first result and changes nothing). Silent: the queue shows
 * refusals itself.
 */
export async function sendQueued(item: QueueItem): Promise<unknown> {
  const headers = { 'Idempotency-Key': item.key };
  const json = (path: string, method: 'POST' | 'DELETE', body?: unknown) =>
    call<unknown>(path, { method, json: body ?? {}, headers, silent: true });
  switch (item.kind) {
    case 'progress':
      return json(`${base(item.orderId)}/progress`, 'POST', item.body);
    case 'complete':
      return json(`${base(item.orderId)}/complete`, 'POST', item.body);
    case 'appointment':
      return json(`${base(item.orderId)}/appointment`, 'POST', item.body);
    case 'lineAdd':
      return json(`${base(item.orderId)}/lines/${item.lineKind}`, 'POST', item.body);
    case 'lineDelete':
      return json(`${base(item.orderId)}/lines/${item.lineKind}/${encodeURIComponent(item.lineId ?? '')}`, 'DELETE');
    case 'upload': {
      const f = item.file!;
      const fd = new FormData();
      fd.append('ModuleType', 'new_srv_workorder');
      fd.append('FileId', '');
      fd.append('FileName', f.name);
      fd.append('ObjectId', item.orderId);
      fd.append('IsOverwrite', '0');
      fd.append('Title', '');
      fd.append('Remark', '');
      fd.append('file', new Blob([f.data], { type: f.type }), f.name);
      return call<unknown>('/api/attachment/upload', { method: 'POST', formData: fd, headers, silent: true });
    }
  }
}
