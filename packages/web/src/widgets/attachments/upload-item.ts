import { randomId } from '../../shared/format.ts';
import { charCount } from '../typed-rules.ts';

/** spec 000 §3: uploaded file list item (url, name, size, title, remark, uploadPercent). */
export interface UploadItem {
  uid: string;
  file?: File;
  name: string;
  size: number;
  title: string;
  remark: string;
  /** 0–100, capped at 100. */
  uploadPercent: number;
  /** Set once the upload succeeded. */
  url?: string;
  status: 'ready' | 'uploading' | 'done' | 'error';
  error?: string;
}

/** A required field left empty (its prompt), or `tooLong`: over its limit in UPLOAD_LIMITS. */
export type UploadProblem =
  | 'widgets.upload.fileNameRequired'
  | 'widgets.upload.titleRequired'
  | 'widgets.upload.remarkRequired'
  | 'tooLong';

/** The attachment's limits (file name and title 100, remark 200): a longer text is kept and refused, never cut. */
export const UPLOAD_LIMITS = { name: 100, title: 100, remark: 200 } as const;

export function newUploadItem(file: File): UploadItem {
  const dot = file.name.lastIndexOf('.');
  return {
    uid: randomId(),
    file,
    name: file.name,
    size: file.size,
    title: dot > 0 ? file.name.slice(0, dot) : file.name,
    remark: '',
    uploadPercent: 0,
    status: 'ready',
  };
}

export const capPercent = (p: number) => Math.min(100, Math.max(0, Math.round(Number(p) || 0)));

/** Progress moves forward to at most 100; on success the url is set (spec 000 §4). */
export function withProgress(item: UploadItem, percent: number): UploadItem {
  return { ...item, status: 'uploading', uploadPercent: Math.max(item.uploadPercent, capPercent(percent)) };
}
export const uploaded = (item: UploadItem, url: string): UploadItem => ({
  ...item,
  status: 'done',
  uploadPercent: 100,
  url,
  error: undefined,
});
export const failed = (item: UploadItem, error?: string): UploadItem => ({ ...item, status: 'error', error });

/** The editable fields each need a value: file name and title (remark: `requireRemark`); none may pass its limit. */
export function checkUploadItem(item: UploadItem, requireRemark = false): Partial<Record<'name' | 'title' | 'remark', UploadProblem>> {
  const out: Partial<Record<'name' | 'title' | 'remark', UploadProblem>> = {};
  if (!item.name.trim()) out.name = 'widgets.upload.fileNameRequired';
  if (!item.title.trim()) out.title = 'widgets.upload.titleRequired';
  if (requireRemark && !item.remark.trim()) out.remark = 'widgets.upload.remarkRequired';
  for (const key of ['name', 'title', 'remark'] as const)
    if (!out[key] && charCount(item[key].trim()) > UPLOAD_LIMITS[key]) out[key] = 'tooLong';
  return out;
}
