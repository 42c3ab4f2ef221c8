import { callBlob } from './client.ts';
import { sendCommand } from './command.ts';

/** Base of the published-document calls (server routes/content.ts). */
export const CONTENT_API = '/api/content';
/** `filedownload`: the download centre; `file`: technical files. */
export type ContentKind = 'filedownload' | 'file';

const command = (kind: ContentKind, id: string, verb: 'publish' | 'retire') =>
  sendCommand(`${CONTENT_API}/${kind}/${encodeURIComponent(id)}/${verb}`);

/** POST …/{id}/publish (head office): readers see it with its file from now on. */
export const publishContent = (kind: ContentKind, id: string) => command(kind, id, 'publish');
/** POST …/{id}/retire (head office): readers no longer see it. */
export const retireContent = (kind: ContentKind, id: string) => command(kind, id, 'retire');
/** GET …/{id}/download: the file (counted once on the server). */
export const downloadContent = (kind: ContentKind, id: string) => callBlob(`${CONTENT_API}/${kind}/${encodeURIComponent(id)}/download`);
/** GET …/{id}/preview: the file inline (PDF and images only; not counted). */
export const previewContent = (kind: ContentKind, id: string) => callBlob(`${CONTENT_API}/${kind}/${encodeURIComponent(id)}/preview`);
