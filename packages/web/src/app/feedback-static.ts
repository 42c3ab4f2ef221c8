import { message, Modal } from 'antd';
import type { MessageApi, ModalApi } from './feedback.ts';

/** antd's static message and modal methods, for feedback shown outside an antd <App> (./feedback.ts). */
export const staticMessage: MessageApi = message;
export const staticModal: ModalApi = Modal;
