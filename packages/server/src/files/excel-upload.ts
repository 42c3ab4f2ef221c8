import { msg, type Lang } from '@portal/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { fail } from '../http/envelope.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { requestLang } from '../http/request-context.ts';
import { checkExcelFile, ImportRefused, MAX_IMPORT_BYTES } from './excel.ts';
import { importSlot } from './import-gate.ts';

/**
 * The one Excel file of a multipart request (further files are drained), at most 10 MB, checked to
 * be a safe .xlsx. The route's plugin must have registered @fastify/multipart.
 */
export async function readExcelUpload(req: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  let fileName = '';
  for await (const part of req.parts()) {
    if (part.type !== 'file') continue;
    if (bytes) {
      part.file.resume();
      continue;
    }
    fileName = part.filename ?? '';
    const chunks: Buffer[] = [];
    let n = 0;
    for await (const c of part.file as AsyncIterable<Buffer>) {
      n += c.length;
      if (n > MAX_IMPORT_BYTES) throw new AppError(413, 'excel.tooLarge');
      chunks.push(c);
    }
    bytes = Buffer.concat(chunks);
  }
  if (!bytes) throw badRequest('files.noFile');
  await checkExcelFile(fileName, bytes);
  return bytes;
}

/** Failures of the upload-type calls: ErrorCode -1 and the message (with row errors for imports). */
export function uploadFailure(req: FastifyRequest, reply: FastifyReply, e: unknown) {
  const lang = requestLang(req);
  if (e instanceof ImportRefused) {
    return reply.code(400).send({ ErrorCode: -1, Message: msg(e.key, lang, e.params), Data: { errors: e.errors, total: e.total } });
  }
  if (e instanceof AppError) return reply.code(e.status).send(fail(-1, msg(e.key, lang, e.params)));
  // A body of the wrong shape (an array, text) is the caller's mistake, not a failed upload.
  if (e instanceof ZodError) return reply.code(400).send(fail(-1, msg('error.badRequest', lang)));
  const code = (e as { code?: string }).code;
  const status = (e as { statusCode?: number }).statusCode;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send(fail(-1, msg('files.tooLarge', lang)));
  if (
    code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FIELDS_LIMIT'
  ) {
    return reply.code(400).send(fail(-1, msg('files.noFile', lang)));
  }
  if (status && status >= 400 && status < 500) return reply.code(status).send(fail(-1, msg('error.upload', lang)));
  req.log.error({ err: e }, 'upload failed');
  return reply.code(500).send(fail(-1, msg('error.upload', lang)));
}

/**
 * An Excel import route's body: the caller's import slot taken (import-gate), the uploaded file read
 * and checked, `work` run on its bytes, the slot given back; any failure answered as uploadFailure.
 */
export async function answerExcelUpload<T>(req: FastifyRequest, reply: FastifyReply, work: (bytes: Buffer, lang: Lang) => Promise<T>) {
  let release: (() => void) | undefined;
  try {
    const lang = requestLang(req);
    release = importSlot(req);
    return await work(await readExcelUpload(req), lang);
  } catch (e) {
    return uploadFailure(req, reply, e);
  } finally {
    release?.();
  }
}
