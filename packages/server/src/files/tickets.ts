import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../db/db.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { deleteQuietly, registerAttachment, type UploadMeta } from './attachments.ts';
import { badType, limitFor, tooLarge, UploadGuard } from './guard.ts';
import { contentTypeOf, extAgrees, extOf, isAllowedExt, isVideoExt, sniff, SNIFF_BYTES, VIDEO_EXTS } from './sniff.ts';
import { newStorageKey, type Storage } from './storage.ts';

/**
 * Direct uploads (spec 000 §7: "files and videos are sent directly to a cloud object storage
 * service with progress reporting"). The server checks access, type and size, then hands out a
 * ticket: with S3 a presigned PUT to the bucket, in local mode a short-lived, single-use URL of
 * this app. Tickets are HMAC-signed (key `upload` in app_secret) and kept in file_upload_ticket.
 */

export const TICKET_TTL_SEC = 10 * 60;

export type TicketRow = {
  id: string;
  user_id: string;
  module_type: string;
  object_id: string;
  file_name: string;
  file_size: string;
  content_type: string;
  storage_key: string;
  overwrite: boolean;
  file_id: string | null;
  title: string | null;
  remark: string | null;
  expires_at: Date;
  used_at: Date | null;
  attachment_id: string | null;
};

const mac = (key: Uint8Array, id: string) => createHmac('sha256', key).update(`upload:${id}`).digest('base64url');

export const ticketToken = (key: Uint8Array, id: string) => `${id}.${mac(key, id)}`;

/** The ticket id of a token whose signature holds, else null. */
export function verifyToken(key: Uint8Array, token: unknown): string | null {
  if (typeof token !== 'string') return null;
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(mac(key, m[1]));
  const got = Buffer.from(m[2]);
  return want.length === got.length && timingSafeEqual(want, got) ? m[1] : null;
}

export const ticketInvalid = () => new AppError(400, 'files.ticketInvalid');

/**
 * Checks type and size from the name and the announced size (spec 000 §5): a video (a video
 * extension or a video/* Content-Type) must be mp4, ogg, flv, avi, wmv, rmvb or mov and at most
 * 5000MB; any other file an allowed type within the 50MB (3M for the service domain) limit.
 */
export function checkAnnounced(moduleType: string, fileName: string, size: number, contentType: string): { ext: string; video: boolean } {
  const ext = extOf(fileName);
  const video = isVideoExt(ext) || /^video\//i.test(contentType);
  if (video && !(VIDEO_EXTS as readonly string[]).includes(ext)) throw badType('files.videoType');
  if (!video && !isAllowedExt(ext)) throw badType('files.badType');
  if (!Number.isSafeInteger(size) || size <= 0) throw badRequest('files.badField', { field: 'FileSize' });
  const limit = limitFor(moduleType, video);
  if (size > limit.bytes) throw tooLarge(limit.key);
  return { ext, video };
}

export async function createTicket(
  db: Db,
  storage: Storage,
  key: Uint8Array,
  userId: string,
  m: UploadMeta,
  size: number,
): Promise<{ url: string; method: 'PUT'; headers: Record<string, string>; expiresAt: string; ticket: string }> {
  const ext = extOf(m.fileName);
  const contentType = contentTypeOf(ext);
  const id = randomUUID();
  const storageKey = newStorageKey();
  const expires = new Date(Date.now() + TICKET_TTL_SEC * 1000);
  await db.query(
    `INSERT INTO file_upload_ticket (id, user_id, module_type, object_id, file_name, file_size, content_type, storage_key, overwrite, file_id, title, remark, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [id, userId, m.moduleType, m.objectId, m.fileName, size, contentType, storageKey, m.overwrite, m.fileId, m.title, m.remark, expires],
  );
  const token = ticketToken(key, id);
  if (storage.signedPutUrl) {
    const signed = await storage.signedPutUrl(storageKey, { contentType, contentLength: size, expiresInSec: TICKET_TTL_SEC });
    return { url: signed.url, method: 'PUT', headers: signed.headers, expiresAt: expires.toISOString(), ticket: token };
  }
  return {
    url: `/api/upload/direct/${token}`,
    method: 'PUT',
    headers: { 'Content-Type': contentType },
    expiresAt: expires.toISOString(),
    ticket: token,
  };
}

const metaOf = (t: TicketRow): UploadMeta => ({
  moduleType: t.module_type,
  objectId: t.object_id,
  fileName: t.file_name,
  fileId: t.file_id,
  overwrite: t.overwrite,
  title: t.title,
  remark: t.remark,
});

const answer = (t: TicketRow, attachmentId: string, size: number) => ({ Id: attachmentId, FileName: t.file_name, FileSize: size });

/**
 * Local mode: `PUT /api/upload/direct/{ticket}`. The ticket is spent first (single use, not
 * expired); the body streams through the guard (announced size and limit enforced while
 * streaming, type sniffed on the first bytes) into the storage, and the attachment is registered.
 */
export async function receiveDirect(db: Db, storage: Storage, key: Uint8Array, token: unknown, body: Readable) {
  const id = verifyToken(key, token);
  const t = id
    ? (
        await db.query<TicketRow>(
          'UPDATE file_upload_ticket SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING *',
          [id],
        )
      ).rows[0]
    : undefined;
  if (!t) {
    body.resume();
    throw ticketInvalid();
  }
  const ext = extOf(t.file_name);
  const size = Number(t.file_size);
  const guard = new UploadGuard({ ext, limit: limitFor(t.module_type, isVideoExt(ext)), maxBytes: size });
  body.on('error', (e) => guard.destroy(e));
  body.pipe(guard);
  await storage.put(t.storage_key, guard, t.content_type);
  try {
    if (guard.size !== size) throw badRequest('files.sizeMismatch');
    const reg = await registerAttachment(db, metaOf(t), { size, contentType: t.content_type, key: t.storage_key }, t.user_id);
    await db.query('UPDATE file_upload_ticket SET attachment_id = $2 WHERE id = $1', [t.id, reg.id]);
    await deleteQuietly(storage, reg.orphanKeys);
    return answer(t, reg.id, size);
  } catch (e) {
    await deleteQuietly(storage, [t.storage_key]);
    throw e;
  }
}

/**
 * `POST /api/upload/complete { ticket }` by the user who asked for it. S3: the object must be
 * there with the announced size and a type its extension agrees with; then it is registered (once).
 * Local: the PUT registered it already, so this answers the same attachment again (idempotent).
 */
export async function completeTicket(db: Db, storage: Storage, key: Uint8Array, userId: string, token: unknown) {
  const id = verifyToken(key, token);
  const t = id
    ? (await db.query<TicketRow>('SELECT * FROM file_upload_ticket WHERE id = $1 AND user_id = $2', [id, userId])).rows[0]
    : undefined;
  if (!t) throw ticketInvalid();
  if (t.attachment_id) {
    const a = (
      await db.query<{ id: string; file_size: string }>('SELECT id, file_size FROM file_attachment WHERE id = $1', [t.attachment_id])
    ).rows[0];
    if (!a) throw ticketInvalid();
    return answer(t, a.id, Number(a.file_size));
  }
  if (storage.kind === 'local') {
    if (t.used_at) throw ticketInvalid(); // the PUT was refused: the ticket is spent
    throw badRequest('files.notUploaded');
  }
  const st = await storage.stat(t.storage_key);
  if (!st) throw badRequest('files.notUploaded');
  // Spend the ticket now; the presigned URL itself expired with it (grace: completion may lag the PUT).
  const claimed = (
    await db.query(
      "UPDATE file_upload_ticket SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() - interval '10 minutes'",
      [t.id],
    )
  ).rowCount;
  if (!claimed) throw ticketInvalid();
  try {
    if (st.size !== Number(t.file_size)) throw badRequest('files.sizeMismatch');
    const ext = extOf(t.file_name);
    const limit = limitFor(t.module_type, isVideoExt(ext));
    if (st.size > limit.bytes) throw tooLarge(limit.key);
    const r = sniff(await storage.head(t.storage_key, SNIFF_BYTES));
    if ('refused' in r)
      throw badType(r.refused === 'executable' ? 'files.executable' : r.refused === 'html' ? 'files.html' : 'files.badType');
    if (!extAgrees(ext, r.kind)) throw badType('files.extMismatch');
    const reg = await registerAttachment(db, metaOf(t), { size: st.size, contentType: t.content_type, key: t.storage_key }, userId);
    await db.query('UPDATE file_upload_ticket SET attachment_id = $2 WHERE id = $1', [t.id, reg.id]);
    await deleteQuietly(storage, reg.orphanKeys);
    return answer(t, reg.id, st.size);
  } catch (e) {
    await deleteQuietly(storage, [t.storage_key]);
    throw e;
  }
}

/** Forgets tickets expired more than a day ago (and, for S3, any object never completed). */
export async function purgeTickets(db: Db, storage: Storage): Promise<void> {
  const { rows } = await db.query<{ storage_key: string; attachment_id: string | null }>(
    "DELETE FROM file_upload_ticket WHERE expires_at < now() - interval '1 day' RETURNING storage_key, attachment_id",
  );
  if (storage.kind === 's3')
    await deleteQuietly(
      storage,
      rows.filter((r) => !r.attachment_id).map((r) => r.storage_key),
    );
}
