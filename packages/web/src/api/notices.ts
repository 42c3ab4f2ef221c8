import { apiGet, apiPost, type CallOptions } from './client.ts';

export interface NoticeItem {
  Id: string;
  Title: string;
  Sub: string;
  Type: number;
  TypeText: string;
  PublishTime: string | null;
  Publisher: string;
  NeedReply: boolean;
  IsRead: boolean;
  IsReplied: boolean;
}

export interface NoticeReply {
  Id: string;
  Content: string;
  ReplierName: string;
  UnitName: string;
  CreatedOn: string;
}

export interface NoticeDetail extends NoticeItem {
  Content: string;
  Replies: NoticeReply[];
}

export interface CarouselItem {
  title: string;
  sub: string;
  url: string;
}

export interface NoticeListQuery {
  page: number;
  count: number;
  type?: number;
  keyword?: string;
  unread?: boolean;
}

export async function listNotices(q: NoticeListQuery, opts?: CallOptions) {
  const d = await apiGet<{ items: NoticeItem[]; TotalRecordCount: number }>('/api/notice/list', {
    ...opts,
    query: { page: q.page, count: q.count, type: q.type, keyword: q.keyword || undefined, unread: q.unread ? 1 : undefined },
  });
  return { items: Array.isArray(d?.items) ? d.items : [], total: Number(d?.TotalRecordCount ?? 0) };
}

export const getNotice = (id: string, opts?: CallOptions) => apiGet<NoticeDetail>(`/api/notice/${encodeURIComponent(id)}`, opts);
export const replyNotice = (id: string, Content: string, opts?: CallOptions) =>
  apiPost<{ Id: string }>(`/api/notice/${encodeURIComponent(id)}/reply`, { Content }, opts);
export const noticeCarousel = (opts?: CallOptions) =>
  apiGet<CarouselItem[]>('/api/notice/carousel', opts).then((d) => (Array.isArray(d) ? d : []));
export const noticeUnreadCount = (opts?: CallOptions) => apiGet<number>('/api/notice/unread-count', opts).then((n) => Number(n) || 0);
