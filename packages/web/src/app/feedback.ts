import { message as staticMessage, Modal, type App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
type MessageInstance = AppApi['message'];
type ModalApi = AppApi['modal'];

/** spec 000 §9: toasts last 3000 ms (antd counts in seconds). */
export const TOAST_SECONDS = 3;

let messageApi: Pick<MessageInstance, 'error' | 'success' | 'info' | 'warning'> | null = null;
let modalApi: Pick<ModalApi, 'confirm' | 'error'> | null = null;

/**
 * Called by <FeedbackBridge> inside antd's <App>: code outside React (the API client) then shows
 * toasts that follow the current theme and locale instead of antd's context-less static methods.
 */
export function bindFeedback(message: typeof messageApi, modal: typeof modalApi): void {
  messageApi = message;
  modalApi = modal;
}

const api = () => messageApi ?? staticMessage;

export const toast = {
  error: (text: string) => void api().error({ content: text, duration: TOAST_SECONDS }),
  success: (text: string) => void api().success({ content: text, duration: TOAST_SECONDS }),
  info: (text: string) => void api().info({ content: text, duration: TOAST_SECONDS }),
  warning: (text: string) => void api().warning({ content: text, duration: TOAST_SECONDS }),
};

/** A blocking message the user dismisses (spec 000 §8: an upload answer with ErrorCode -1 is alerted). */
export function alertBox(content: string, title?: string): void {
  (modalApi ?? Modal).error({ title, content, centered: true });
}

export interface ConfirmOptions {
  title?: string;
  content: string;
  okText?: string;
  cancelText?: string;
  onOk: () => Promise<void> | void;
  onCancel?: () => void;
  /** e.g. a test id on a question's buttons. */
  okButtonProps?: Record<`data-${string}`, string>;
  cancelButtonProps?: Record<`data-${string}`, string>;
}

export function confirm(opts: ConfirmOptions): void {
  (modalApi ?? Modal).confirm({ ...opts, centered: true });
}
