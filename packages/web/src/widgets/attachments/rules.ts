import { extensionOf } from '../../shared/format.ts';

/** spec 000 §5, §9: attachments must be under 50MB. */
export const ATTACHMENT_MAX_BYTES = 50 * 1024 * 1024;
export const attachmentTooLarge = (size: number) => size >= ATTACHMENT_MAX_BYTES;

/** spec 000 §2: image preview only for these types. */
export const PREVIEW_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'svg'];
export const canPreview = (fileName: string) => PREVIEW_TYPES.includes(extensionOf(fileName));

/** spec 000 §5: video types and limits. */
export const VIDEO_TYPES = ['mp4', 'ogg', 'flv', 'avi', 'wmv', 'rmvb', 'mov'];
export const VIDEO_MAX_BYTES = 5000 * 1024 * 1024;
export const VIDEO_DEFAULT_LIMIT = 10;

export type VideoProblem = 'widgets.video.badType' | 'widgets.video.tooLarge';
export function checkVideo(file: { name: string; size: number }): VideoProblem | null {
  if (!VIDEO_TYPES.includes(extensionOf(file.name))) return 'widgets.video.badType';
  if (file.size >= VIDEO_MAX_BYTES) return 'widgets.video.tooLarge';
  return null;
}

/** spec 000 §5: Excel import takes xls or xlsx only. */
export const isExcelFile = (name: string) => ['xls', 'xlsx'].includes(extensionOf(name));
