import type { Readable } from 'node:stream';
import { getEntity, type EntityDef } from '@portal/model';
import type { Db, Sql } from '../db/db.ts';
import { once } from '../domain/idempotency.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { normGuid } from '../records/validate.ts';
import { badType, limitFor, UploadGuard } from './guard.ts';
import { contentTypeOf, extOf, isAllowedExt } from './sniff.ts';
import { newStorageKey, type Storage } from './storage.ts';

/** What an attachment row answers (spec 000 §3: Id, FileName, FileSize, plus the list's columns). */
export interface AttachmentInfo {
  Id: string;
  FileName: string;
  FileSize: number;
  ContentType: string;
  CreatedOn: string;
  CreatedBy: string | null;
  Title: string | null;
  Remark: string | null;
}

export type AttachmentRow = {
  id: string;
  module_type: string;
  object_id: string;
  file_name: string;
  file_size: string;
  content_type: string;
  storage_key: string;
};

/** The entity named by ModuleType, if its rows may carry attachments; otherwise 400. */
export function attachableEntity(moduleType: unknown): EntityDef {
  const name = typeof moduleType === 'string' ? moduleType.trim() : '';
  const e = name ? getEntity(name) : undefined;
  if (!e?.attachments) throw badRequest('files.notAttachable', { entity: name.slice(0, 64) || '-' });
  return e;
}

export function objectIdOf(v: unknown): string {
  const id = normGuid(v);
  if (!id) throw badRequest('files.badField', { field: 'ObjectId' });
  return id;
}

/**
 * A file name fit to keep and show: the last path segment, no control characters, at most 255
 * characters with the extension kept. It is only ever a label: storage keys never come from it.
 */
export function cleanFileName(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  let s = raw
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (!s || s === '.' || s === '..') return null;
  const chars = [...s];
  if (chars.length > 255) {
    const ext = extOf(s);
    s = chars.slice(0, 254 - ext.length).join('') + (ext ? `.${ext}` : '');
  }
  return s;
}

export interface UploadMeta {
  moduleType: string;
  objectId: string;
  fileName: string;
  fileId: string | null;
  overwrite: boolean;
  title: string | null;
  remark: string | null;
}

export const trimOrNull = (v: unknown, max: number): string | null => {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return s ? [...s].slice(0, max).join('') : null;
};

/** Refuses early what would be refused at registration: a second file of the same name without IsOverwrite. */
export async function assertNoDuplicate(db: Sql, m: UploadMeta): Promise<void> {
  if (m.overwrite) return;
  const row = (
    await db.query<{ id: string }>('SELECT id FROM file_attachment WHERE module_type = $1 AND object_id = $2 AND file_name = $3', [
      m.moduleType,
      m.objectId,
      m.fileName,
    ])
  ).rows[0];
  if (row && row.id !== m.fileId) throw badRequest('files.duplicate', { name: m.fileName });
}

/**
 * Registers a stored file as an attachment, in one transaction: a new row; or, with FileId, that
 * attachment replaced; or, with IsOverwrite and a file of the same name on the record, that one
 * replaced (same Id). Returns the id and the storage keys no longer referenced (deleted after commit).
 */
export async function registerAttachment(
  db: Db,
  m: UploadMeta,
  file: { size: number; contentType: string; key: string },
  userId: string,
  idem?: UploadOnce,
): Promise<{ id: string; orphanKeys: string[] }> {
  try {
    return await db.tx(async (sql) =>
      withOnce(sql, idem, m, file, async () => {
        const orphanKeys: string[] = [];
        const sameName = (
          await sql.query<{ id: string; storage_key: string }>(
            'SELECT id, storage_key FROM file_attachment WHERE module_type = $1 AND object_id = $2 AND file_name = $3 FOR UPDATE',
            [m.moduleType, m.objectId, m.fileName],
          )
        ).rows[0];
        let targetId: string | null = null;
        if (m.fileId) {
          const target = (
            await sql.query<{ id: string; storage_key: string }>(
              'SELECT id, storage_key FROM file_attachment WHERE id = $1 AND module_type = $2 AND object_id = $3 FOR UPDATE',
              [m.fileId, m.moduleType, m.objectId],
            )
          ).rows[0];
          if (!target) throw notFound('files.notFound');
          targetId = target.id;
          orphanKeys.push(target.storage_key);
        }
        if (sameName && sameName.id !== targetId) {
          if (!m.overwrite) throw badRequest('files.duplicate', { name: m.fileName });
          if (targetId) {
            // FileId names the row to keep; the other file of that name goes.
            await sql.query('DELETE FROM file_attachment WHERE id = $1', [sameName.id]);
            orphanKeys.push(sameName.storage_key);
          } else {
            targetId = sameName.id;
            orphanKeys.push(sameName.storage_key);
          }
        }
        if (targetId) {
          await sql.query(
            `UPDATE file_attachment SET file_name = $2, file_size = $3, content_type = $4, storage_key = $5,
                  title = COALESCE($6, title), remark = COALESCE($7, remark), modified_on = now(), modified_by = $8
            WHERE id = $1`,
            [targetId, m.fileName, file.size, file.contentType, file.key, m.title, m.remark, userId],
          );
          return { id: targetId, orphanKeys };
        }
        const { rows } = await sql.query<{ id: string }>(
          `INSERT INTO file_attachment (module_type, object_id, file_name, file_size, content_type, storage_key, title, remark, created_by, modified_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
          [m.moduleType, m.objectId, m.fileName, file.size, file.contentType, file.key, m.title, m.remark, userId],
        );
        return { id: rows[0].id, orphanKeys };
      }),
    );
  } catch (e) {
    // Two uploads of one name at once: the unique index keeps one; the other is a duplicate.
    if ((e as { code?: string }).code === '23505') throw badRequest('files.duplicate', { name: m.fileName });
    throw e;
  }
}

/** An upload carrying an Idempotency-Key: (user, command, key) of domain/idempotency.ts. */
export interface UploadOnce {
  userId: string;
  command: string;
  key: string;
  /** What the upload asked for (its form fields and file name; the bytes cannot be read twice). */
  payload: unknown;
}

/**
 * Registers the upload once per key, inside the registering transaction: a replay that raced the
 * first one past the route's check gets the first attachment, and the file it just stored is an orphan.
 */
async function withOnce(
  sql: Sql,
  idem: UploadOnce | undefined,
  m: UploadMeta,
  file: { size: number; key: string },
  register: () => Promise<{ id: string; orphanKeys: string[] }>,
): Promise<{ id: string; orphanKeys: string[] }> {
  if (!idem) return register();
  let fresh: { id: string; orphanKeys: string[] } | undefined;
  const answer = await once(sql, idem.userId, idem.command, idem.key, idem.payload, async () => {
    fresh = await register();
    return { Id: fresh.id, FileName: m.fileName, FileSize: file.size };
  });
  return fresh ?? { id: answer.Id, orphanKeys: [file.key] };
}

export const deleteQuietly = async (storage: Storage, keys: string[]) => {
  for (const k of keys) await storage.delete(k).catch(() => undefined);
};

/**
 * Streams an upload through the guard into the storage and registers it. A refused or failed
 * upload leaves no object and no row behind.
 */
export async function saveAttachment(
  db: Db,
  storage: Storage,
  m: UploadMeta,
  body: Readable,
  userId: string,
  idem?: UploadOnce,
): Promise<{ Id: string; FileName: string; FileSize: number }> {
  const ext = extOf(m.fileName);
  if (!isAllowedExt(ext)) {
    body.resume();
    throw badType('files.badType');
  }
  const guard = new UploadGuard({ ext, limit: limitFor(m.moduleType, false) });
  body.on('error', (e) => guard.destroy(e));
  body.pipe(guard);
  const key = newStorageKey();
  const contentType = contentTypeOf(ext);
  await storage.put(key, guard, contentType);
  let reg: { id: string; orphanKeys: string[] };
  try {
    reg = await registerAttachment(db, m, { size: guard.size, contentType, key }, userId, idem);
  } catch (e) {
    await deleteQuietly(storage, [key]);
    throw e;
  }
  await deleteQuietly(storage, reg.orphanKeys);
  return { Id: reg.id, FileName: m.fileName, FileSize: guard.size };
}

export async function listAttachments(db: Sql, moduleType: string, objectId: string): Promise<AttachmentInfo[]> {
  const { rows } = await db.query<{
    id: string;
    file_name: string;
    file_size: string;
    content_type: string;
    created_on: Date;
    created_by: string | null;
    title: string | null;
    remark: string | null;
  }>(
    `SELECT a.id, a.file_name, a.file_size, a.content_type, a.created_on, u.fullname AS created_by, a.title, a.remark
       FROM file_attachment a LEFT JOIN systemuser u ON u.systemuserid = a.created_by
      WHERE a.module_type = $1 AND a.object_id = $2
      ORDER BY a.created_on, a.file_name`,
    [moduleType, objectId],
  );
  return rows.map((r) => ({
    Id: r.id,
    FileName: r.file_name,
    FileSize: Number(r.file_size),
    ContentType: r.content_type,
    CreatedOn: r.created_on.toISOString(),
    CreatedBy: r.created_by,
    Title: r.title,
    Remark: r.remark,
  }));
}

/** The attachment row of a module type, or 404. */
export async function findAttachment(db: Sql, moduleType: string, id: unknown): Promise<AttachmentRow> {
  const gid = normGuid(id);
  if (!gid) throw notFound('files.notFound');
  const row = (
    await db.query<AttachmentRow>(
      'SELECT id, module_type, object_id, file_name, file_size, content_type, storage_key FROM file_attachment WHERE id = $1 AND module_type = $2',
      [gid, moduleType],
    )
  ).rows[0];
  if (!row) throw notFound('files.notFound');
  return row;
}

export async function deleteAttachment(db: Db, storage: Storage, row: AttachmentRow): Promise<void> {
  const gone = await db.query('DELETE FROM file_attachment WHERE id = $1 RETURNING storage_key', [row.id]);
  if (!gone.rowCount) throw notFound('files.notFound');
  await deleteQuietly(storage, [row.storage_key]);
}

/**
 * Removes the attachment rows of a record being deleted, inside the caller's transaction; the
 * caller deletes the returned storage keys once the transaction has committed.
 */
export async function removeAttachmentRows(sql: Sql, moduleType: string, objectId: string): Promise<string[]> {
  const { rows } = await sql.query<{ storage_key: string }>(
    'DELETE FROM file_attachment WHERE module_type = $1 AND object_id = $2 RETURNING storage_key',
    [moduleType, objectId],
  );
  return rows.map((r) => r.storage_key);
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
