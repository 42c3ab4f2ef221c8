import { MESSAGE_KINDS, type MessageItem, type MessageKind, type MessageList } from '@portal/model/message-api.ts';
import { apiGet, apiPost, call, type CallOptions } from './client.ts';

export interface MessageQuery {
  page: number;
  count: number;
  kind?: MessageKind;
}

const noUnread = () => Object.fromEntries(MESSAGE_KINDS.map((k) => [k, 0])) as Record<MessageKind, number>;

/** The signed-in user's messages (unread first), with the unread count per kind. */
export async function listMessages(q: MessageQuery, opts?: CallOptions): Promise<MessageList> {
  const d = await apiGet<MessageList>('/api/message/list', { ...opts, query: { page: q.page, count: q.count, kind: q.kind } });
  return {
    items: Array.isArray(d?.items) ? d.items : [],
    TotalRecordCount: Number(d?.TotalRecordCount ?? 0),
    Unread: { ...noUnread(), ...(d?.Unread ?? {}) },
  };
}

export const messageUnreadCount = (opts?: CallOptions) => apiGet<number>('/api/message/unread-count', opts).then((n) => Number(n) || 0);

/** Opens a stored message: marks it read and answers it. */
export const readMessage = (id: string, opts?: CallOptions) =>
  apiPost<MessageItem>(`/api/message/${encodeURIComponent(id)}/read`, {}, opts);

/** Marks every unread message read (of a kind, or all); answers the confirmation text and what stays unread. */
export async function readAllMessages(kind?: MessageKind, opts?: CallOptions): Promise<{ message: string; unread: number }> {
  const r = await call<number>('/api/message/read-all', { ...opts, method: 'POST', json: kind ? { kind } : {} });
  return { message: r.Message, unread: Number(r.Data) || 0 };
}
