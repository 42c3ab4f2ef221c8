import { translate } from '../locales/i18n.ts';
import { ApiError, isEnvelope, trimWorkflowMessage } from './envelope.ts';
import { apiGet, apiPost, call, callBlob, type CallOptions } from './client.ts';
import { parseJson, xhrUpload } from './xhr.ts';

/** spec 000 §3 attachment, with the extra columns the server lists. */
export interface Attachment {
  Id: string;
  FileName: string;
  FileSize: number;
  ContentType?: string;
  CreatedOn?: string;
  CreatedBy?: string;
  Title?: string;
  Remark?: string;
}

export interface UploadFields {
  ModuleType: string;
  ObjectId: string;
  FileName: string;
  /** Empty for a new file; an existing Id with IsOverwrite 1 replaces it. */
  FileId?: string;
  IsOverwrite?: 0 | 1;
  Title?: string;
  Remark?: string;
}

export const listAttachments = (moduleType: string, objectId: string, opts?: CallOptions) =>
  apiGet<Attachment[]>('/api/attachment', { ...opts, query: { moduleType, objectId } }).then((d) => (Array.isArray(d) ? d : []));

function formOf(f: UploadFields, file: Blob): FormData {
  const fd = new FormData();
  fd.append('ModuleType', f.ModuleType);
  fd.append('FileId', f.FileId ?? '');
  fd.append('FileName', f.FileName);
  fd.append('ObjectId', f.ObjectId);
  fd.append('IsOverwrite', String(f.IsOverwrite ?? 0));
  fd.append('Title', f.Title ?? '');
  fd.append('Remark', f.Remark ?? '');
  fd.append('file', file, f.FileName);
  return fd;
}

/** POST /api/attachment/upload (multipart). Failures reject with the server's Message, not toasted. */
export async function uploadAttachment(
  f: UploadFields,
  file: Blob,
  onProgress?: (p: number) => void,
): Promise<{ Id: string; FileName: string; FileSize: number }> {
  if (!onProgress) {
    const env = await call<{ Id: string; FileName: string; FileSize: number }>('/api/attachment/upload', {
      method: 'POST',
      formData: formOf(f, file),
      silent: true,
    });
    return env.Data;
  }
  const r = await xhrUpload({ url: '/api/attachment/upload', body: formOf(f, file), onProgress });
  const body = parseJson(r.text);
  if (isEnvelope(body) && body.ErrorCode === 0 && r.status < 400) return body.Data as { Id: string; FileName: string; FileSize: number };
  const message = isEnvelope(body) ? trimWorkflowMessage(body.Message) : '';
  throw new ApiError(message || translate('error.upload'), r.status, isEnvelope(body) ? body.ErrorCode : -1);
}

export const downloadAttachment = (moduleType: string, id: string, opts?: CallOptions) =>
  callBlob(`/api/attachment/download/${encodeURIComponent(moduleType)}/${encodeURIComponent(id)}`, opts);

export const deleteAttachment = (moduleType: string, id: string, opts?: CallOptions) =>
  call<unknown>(`/api/attachment/delete/${encodeURIComponent(moduleType)}/${encodeURIComponent(id)}`, { method: 'GET', ...opts });

/** Direct upload to object storage (videos, large files): sign, PUT with progress, complete. */
export interface SignedUpload {
  url: string;
  method: 'PUT';
  headers?: Record<string, string>;
  expiresAt?: string;
  ticket: string;
}

export async function directUpload(
  f: { ModuleType: string; ObjectId: string },
  file: File,
  onProgress?: (p: number) => void,
): Promise<{ Id?: string; FileName?: string; url?: string }> {
  const sign = await apiPost<SignedUpload>(
    '/api/upload/sign',
    {
      ModuleType: f.ModuleType,
      ObjectId: f.ObjectId,
      FileName: file.name,
      FileSize: file.size,
      ContentType: file.type || 'application/octet-stream',
    },
    { silent: true },
  );
  const put = await xhrUpload({ url: sign.url, method: sign.method ?? 'PUT', headers: sign.headers, body: file, onProgress });
  if (put.status < 200 || put.status >= 300) {
    const body = parseJson(put.text);
    throw new ApiError((isEnvelope(body) && body.Message) || translate('error.upload'), put.status);
  }
  onProgress?.(100);
  const done = await apiPost<{ Id?: string; FileName?: string; url?: string } | null>(
    '/api/upload/complete',
    { ticket: sign.ticket },
    { silent: true },
  );
  return done ?? {};
}
