/**
 * The message centre (/message/message): the signed-in user's messages. Stored rows
 * (`portal_message`, written by the commands in their own transaction) for approvals, work orders,
 * settlement and parts; published notices joined in with their own read state (new_noticeread).
 */
export const MESSAGE_KINDS = ['approval', 'workOrder', 'settlement', 'parts', 'notice'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Where a message leads: the document's screen, its approval screen, or the notice. */
export type MessageTarget = 'document' | 'approval' | 'notice';

export interface MessageItem {
  Id: string;
  Kind: MessageKind;
  /** The text in the caller's language. */
  Text: string;
  /** ISO instant. */
  Time: string;
  Read: boolean;
  EntityName: string | null;
  RecordId: string | null;
  Target: MessageTarget;
}

export interface MessageList {
  items: MessageItem[];
  TotalRecordCount: number;
  /** Unread messages per kind (every kind present). */
  Unread: Record<MessageKind, number>;
}

/** Page sizes the list accepts. */
export const MESSAGE_PAGE_MAX = 50;
