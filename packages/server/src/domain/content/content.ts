import { contentState, getEntity, type EntityDef, type Lang, type PartsCommandResult } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { badRequest, refuse } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { Params, q } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';
import { serverDefaults, writeHooks } from '../../records/write.ts';
import { assertMay, lockDocument } from '../../documents/access.ts';
import { answer } from '../../documents/result.ts';

/**
 * Published documents: the download centre (资料下载, `new_filedownload`) and technical files
 * (技术资料, `new_techfile`). Head office (kb.write) creates a draft, attaches its file and publishes
 * it; readers see published rows only (the entity's `published` scope). The file is the row's newest
 * attachment; publishing records its name, size and type. Each command is one transaction.
 */
export const FILE_DOWNLOAD = getEntity('new_filedownload')!;
export const TECH_FILE = getEntity('new_techfile')!;
export const CONTENT_ENTITIES = [FILE_DOWNLOAD, TECH_FILE] as const;
const WRITE = 'kb.write' as const;

/** Content types shown inline (preview): PDF and raster images. Anything else, SVG included, is downloaded. */
export const PREVIEW_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** `2.4 MB`, `356 KB`, `812 B`: the size as the list shows it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export type ContentFile = { attachmentId: string; fileName: string; size: number; contentType: string; storageKey: string };

/** The newest attachment of a row: its file. */
export async function currentFile(sql: Sql, e: EntityDef, id: string): Promise<ContentFile | undefined> {
  const {
    rows: [f],
  } = await sql.query<{ id: string; file_name: string; file_size: string; content_type: string; storage_key: string }>(
    `SELECT id, file_name, file_size, content_type, storage_key FROM file_attachment
      WHERE module_type = $1 AND object_id = $2::uuid ORDER BY modified_on DESC, created_on DESC, id LIMIT 1`,
    [e.logicalName, id],
  );
  return (
    f && { attachmentId: f.id, fileName: f.file_name, size: Number(f.file_size), contentType: f.content_type, storageKey: f.storage_key }
  );
}

/** Publishes a draft or retired row with its file; refused without a file. */
export async function publishContent(sql: Sql, caller: Caller, e: EntityDef, id: string, lang: Lang): Promise<PartsCommandResult> {
  assertMay(caller, WRITE);
  const doc = await lockDocument<{ state: number }>(sql, caller, e, id, `COALESCE(t.new_state, ${contentState.draft}) AS state`);
  if (doc.state === contentState.published) throw refuse('content.notPublishable');
  const file = await currentFile(sql, e, doc.id);
  if (!file) throw refuse('content.fileRequired');
  await sql.query(
    `UPDATE ${q(e.logicalName)} SET new_state = $2, new_publishedon = now(), new_filename = $3, new_filesize = $4, new_contenttype = $5,
            modifiedon = now(), modifiedby = $6::uuid WHERE ${q(e.primaryKey)} = $1::uuid`,
    [doc.id, contentState.published, file.fileName, sizeText(file.size), file.contentType, caller.principal.userId],
  );
  return answer(doc.id, 'content.published', lang);
}

/** Takes a published row back from the readers (retired); it may be published again. */
export async function retireContent(sql: Sql, caller: Caller, e: EntityDef, id: string, lang: Lang): Promise<PartsCommandResult> {
  assertMay(caller, WRITE);
  const doc = await lockDocument<{ state: number }>(sql, caller, e, id, `COALESCE(t.new_state, ${contentState.draft}) AS state`);
  if (doc.state !== contentState.published) throw refuse('content.notRetirable');
  await sql.query(
    `UPDATE ${q(e.logicalName)} SET new_state = $2, modifiedon = now(), modifiedby = $3::uuid WHERE ${q(e.primaryKey)} = $1::uuid`,
    [doc.id, contentState.retired, caller.principal.userId],
  );
  return answer(doc.id, 'content.retired', lang);
}

/**
 * The file of a row the caller may read (a reader: published, of their audience; else 404), for a
 * download or a preview. A download adds one to the row's count in the same statement that finds it
 * (`count = count + 1`): concurrent downloads each count once, none is lost.
 */
export async function fileForReader(sql: Sql, caller: Caller, e: EntityDef, rawId: string, count: boolean): Promise<ContentFile> {
  const id = normGuid(rawId);
  if (!id) throw recordNotFound();
  const p = new Params();
  const where = `t.${q(e.primaryKey)} = ${p.add(id, 'uuid')} AND ${p.scope(e, caller, 't')}`;
  const { rowCount } = count
    ? await sql.query(`UPDATE ${q(e.logicalName)} t SET new_downloadcount = COALESCE(t.new_downloadcount, 0) + 1 WHERE ${where}`, p.values)
    : await sql.query(`SELECT 1 FROM ${q(e.logicalName)} t WHERE ${where}`, p.values);
  if (!rowCount) throw recordNotFound();
  const file = await currentFile(sql, e, id);
  if (!file) throw refuse('content.noFile', undefined, undefined);
  return file;
}

/** New rows are drafts never downloaded; only a draft may be deleted. */
export function installContent(): void {
  for (const e of CONTENT_ENTITIES) {
    serverDefaults.set(e.logicalName, async (_sql, rows) => rows.map(() => ({ new_state: contentState.draft, new_downloadcount: 0 })));
    writeHooks.set(e.logicalName, {
      async guard(sql, id, op) {
        if (op !== 'delete') return;
        const {
          rows: [r],
        } = await sql.query<{ state: number }>(
          `SELECT COALESCE(new_state, ${contentState.draft}) AS state FROM ${q(e.logicalName)} WHERE ${q(e.primaryKey)} = $1::uuid`,
          [id],
        );
        if (r && r.state !== contentState.draft) throw badRequest('content.onlyDraftDelete');
      },
    });
  }
}
