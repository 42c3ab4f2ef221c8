/**
 * Toasts and blocking questions for code outside React (the API client, offline sync). No antd
 * import here: the engineer app's entry (engineer-main.tsx) reaches this module through the API
 * client and must not carry antd's message and modal code; they load on first use instead.
 */

/** spec 000 §9: toasts last 3000 ms (antd counts in seconds). */
export const TOAST_SECONDS = 3;

type Show = (o: { content: string; duration: number }) => unknown;
/** What this module needs of antd's message API (antd's `App.useApp().message` is one). */
export interface MessageApi {
  error: Show;
  success: Show;
  info: Show;
  warning: Show;
}
/** What this module needs of antd's modal API. */
export interface ModalApi {
  confirm(o: ConfirmOptions & { centered: boolean }): unknown;
  error(o: { title?: string; content: string; centered: boolean }): unknown;
}

let messageApi: MessageApi | null = null;
let modalApi: ModalApi | null = null;

/**
 * Called by <FeedbackBridge> inside antd's <App>: toasts then follow the current theme and locale
 * instead of antd's context-less static methods.
 */
export function bindFeedback(message: MessageApi | null, modal: ModalApi | null): void {
  messageApi = message;
  modalApi = modal;
}

/** antd's context-less methods, loaded when something is shown before (or without) a bridge. */
const statics = () => import('./feedback-static.ts');

function withMessage(fn: (api: MessageApi) => unknown): void {
  if (messageApi) void fn(messageApi);
  else void statics().then((s) => fn(s.staticMessage));
}
function withModal(fn: (api: ModalApi) => unknown): void {
  if (modalApi) void fn(modalApi);
  else void statics().then((s) => fn(s.staticModal));
}

export const toast = {
  error: (text: string) => withMessage((m) => m.error({ content: text, duration: TOAST_SECONDS })),
  success: (text: string) => withMessage((m) => m.success({ content: text, duration: TOAST_SECONDS })),
  info: (text: string) => withMessage((m) => m.info({ content: text, duration: TOAST_SECONDS })),
  warning: (text: string) => withMessage((m) => m.warning({ content: text, duration: TOAST_SECONDS })),
};

/** A blocking message the user dismisses (spec 000 §8: an upload answer with ErrorCode -1 is alerted). */
export function alertBox(content: string, title?: string): void {
  withModal((m) => m.error({ title, content, centered: true }));
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
  withModal((m) => m.confirm({ ...opts, centered: true }));
}
