import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { msg } from '@portal/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { sharedSecret } from '../auth/secrets.ts';
import { cities, counties, etagOf, provinces, type Region } from '../files/address.ts';
import {
  assertNoDuplicate,
  attachableEntity,
  cleanFileName,
  contentDisposition,
  deleteAttachment,
  findAttachment,
  listAttachments,
  objectIdOf,
  saveAttachment,
  trimOrNull,
  type UploadMeta,
} from '../files/attachments.ts';
import { buildTemplate, importableEntity, importRows, type ImportTimings } from '../files/excel.ts';
import { readExcelUpload, uploadFailure } from '../files/excel-upload.ts';
import { importSlot } from '../files/import-gate.ts';
import { ATTACHMENT_LIMIT, MB } from '../files/guard.ts';
import { extOf, isPreviewExt, SERVED_TYPES } from '../files/sniff.ts';
import { checkAnnounced, completeTicket, createTicket, purgeTickets, receiveDirect } from '../files/tickets.ts';
import { previousResult } from '../domain/idempotency.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, documented, fileOf, PUBLIC, returns, XLSX } from '../http/openapi.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { requestLang, t } from '../http/request-context.ts';
import { assertCanSeeRecord, requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

// For the document. Upload-type calls check their own fields and answer `ErrorCode: -1` (spec 000 §8),
// so their inputs are described, not validated by Fastify.
const CODE = z
  .string()
  .regex(/^\d{2,12}$/)
  .max(12);
const CITIES = z.object({ province: CODE.describe('Province code') });
const COUNTIES = z.object({ city: CODE.describe('City code') });
const LIST = z.object({
  moduleType: z.string().max(64).describe('Entity of the record (logical or set name)'),
  objectId: z.string().max(64).describe('Record id (GUID)'),
});
const ATTACHMENT = z.object({ moduleType: z.string(), id: z.string().describe('Attachment id') });
const UPLOAD_FIELDS = {
  ModuleType: z.string().describe('Entity of the record'),
  ObjectId: z.string().describe('Record id (GUID)'),
  FileName: z.string().optional(),
  FileId: z.string().optional().describe('Attachment to replace'),
  IsOverwrite: z.enum(['0', '1', 'true', 'false']).optional(),
  Title: z.string().optional(),
  Remark: z.string().optional(),
};
const UPLOAD = documented(z.object({ ...UPLOAD_FIELDS, file: z.string().describe('The file (binary), after the other fields') }));
const SIGN = documented(z.object({ ...UPLOAD_FIELDS, FileSize: z.number().describe('Bytes'), ContentType: z.string().optional() }));
const COMPLETE = documented(z.object({ ticket: z.string().max(200).describe('The ticket of /api/upload/sign') }));
const ENTITY_SET = z.object({ entitySet: z.string().describe('Entity set name') });
const EXCEL = documented(z.object({ file: z.string().describe('The .xlsx file (binary)') }));
const TAGS = ['files'];
// What the reads answer (documentation).
const REGIONS = returns(z.array(z.object({ id: z.string().describe('Region code'), name: z.string() })));
const ATTACHMENTS = returns(
  z.array(
    z.object({
      Id: z.string(),
      FileName: z.string(),
      FileSize: z.number().int().describe('Bytes'),
      ContentType: z.string(),
      CreatedOn: z.string().describe('ISO date-time'),
      CreatedBy: z.string().nullable().describe('Full name'),
      Title: z.string().nullable(),
      Remark: z.string().nullable(),
    }),
  ),
);
const UPLOAD_COMMAND = 'POST /api/attachment/upload';
const doc = (summary: string, parts: object = {}, security = BEARER) => ({ schema: { summary, tags: TAGS, security, ...parts } });

/**
 * Attachments (list, upload, download, delete), direct uploads with signed URLs, Excel template
 * and import, and the address lists. Upload-type calls answer failures as `ErrorCode: -1` with the
 * Message (spec 000 §8) and a 4xx status.
 */
export function fileRoutes(app: FastifyInstance, s: Services) {
  const { db } = s;
  const { storage } = s;
  let keyPromise: Promise<Uint8Array> | undefined;
  const uploadKey = () => (keyPromise ??= sharedSecret(db, 'upload'));
  const auth = requireAuth(s.authenticate);

  const timer = setInterval(() => void purgeTickets(db, storage).catch(() => undefined), 60 * 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // ---------------------------------------------------------------- address lists (public data)
  const listCache = new Map<string, { body: string; etag: string }>();
  function sendRegions(req: FastifyRequest, reply: FastifyReply, cacheKey: string, list: Region[] | undefined) {
    if (!list) throw notFound('address.unknown');
    let c = listCache.get(cacheKey);
    if (!c) {
      const body = JSON.stringify(ok(list));
      listCache.set(cacheKey, (c = { body, etag: etagOf(body) }));
    }
    reply.header('etag', c.etag).header('cache-control', 'public, max-age=86400');
    if (req.headers['if-none-match'] === c.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(c.body);
  }
  app.get('/api/address/provinces', doc('Provinces (public, cached a day)', REGIONS, PUBLIC), async (req, reply) =>
    sendRegions(req, reply, 'p', provinces()),
  );
  app.get('/api/address/cities', doc('Cities of a province', { querystring: CITIES, ...REGIONS }, PUBLIC), async (req, reply) => {
    const { province } = CITIES.parse(req.query);
    return sendRegions(req, reply, `c:${province}`, cities(province));
  });
  app.get('/api/address/counties', doc('Counties of a city', { querystring: COUNTIES, ...REGIONS }, PUBLIC), async (req, reply) => {
    const { city } = COUNTIES.parse(req.query);
    return sendRegions(req, reply, `a:${city}`, counties(city));
  });

  // ---------------------------------------------------------------- attachments
  // preValidation: the caller is checked before the query, as when the handler parsed it.
  app.get(
    '/api/attachment',
    { preValidation: auth, ...doc('Attachments of a record', { querystring: LIST, ...ATTACHMENTS }) },
    async (req) => {
      const qy = LIST.parse(req.query);
      const e = attachableEntity(qy.moduleType);
      const objectId = objectIdOf(qy.objectId);
      await assertCanSeeRecord(db, await requestCaller(db, req), e.logicalName, objectId, 'read');
      return ok(await listAttachments(db, e.logicalName, objectId));
    },
  );

  app.get(
    '/api/attachment/download/:moduleType/:id',
    { preHandler: auth, ...doc('Download an attachment (images and PDF inline)', { params: ATTACHMENT, ...fileOf(...SERVED_TYPES) }) },
    async (req, reply) => {
      const p = req.params as { moduleType: string; id: string };
      const e = attachableEntity(p.moduleType);
      const row = await findAttachment(db, e.logicalName, p.id);
      await assertCanSeeRecord(db, await requestCaller(db, req), e.logicalName, row.object_id, 'read');
      const obj = await storage.get(row.storage_key);
      if (!obj) throw notFound('files.notFound');
      const inline = isPreviewExt(extOf(row.file_name));
      reply
        .header('content-type', row.content_type)
        .header('content-length', String(obj.size))
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', row.file_name))
        .header('x-content-type-options', 'nosniff')
        // An SVG (or anything else) opened directly runs no script and reaches nothing.
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, no-store');
      return reply.send(obj.stream);
    },
  );

  // GET per the specification; the bearer header is required, so a cross-site link cannot trigger it.
  app.get(
    '/api/attachment/delete/:moduleType/:id',
    { preHandler: auth, ...doc('Delete an attachment', { params: ATTACHMENT, ...returns(z.null()) }) },
    async (req) => {
      const p = req.params as { moduleType: string; id: string };
      const e = attachableEntity(p.moduleType);
      const row = await findAttachment(db, e.logicalName, p.id);
      await assertCanSeeRecord(db, await requestCaller(db, req), e.logicalName, row.object_id, 'attach');
      await deleteAttachment(db, storage, row);
      return ok(null, t(req, 'files.deleted'));
    },
  );

  /** Upload fields (names as the spec writes them, any case) → checked metadata; access 'attach' (write or the entity's attach privilege). */
  async function uploadMeta(req: FastifyRequest, f: Record<string, string>, partFileName: string | undefined): Promise<UploadMeta> {
    const e = attachableEntity(f.moduletype);
    const objectId = objectIdOf(f.objectid);
    const fileName = cleanFileName(f.filename || partFileName);
    if (!fileName) throw badRequest('files.fileNameRequired');
    let fileId: string | null = null;
    if (f.fileid) {
      fileId = objectIdOfField(f.fileid, 'FileId');
    }
    const overwrite = f.isoverwrite === '1' || f.isoverwrite === 'true';
    if (f.isoverwrite && !['0', '1', 'true', 'false'].includes(f.isoverwrite)) throw badRequest('files.badField', { field: 'IsOverwrite' });
    await assertCanSeeRecord(db, await requestCaller(db, req), e.logicalName, objectId, 'attach');
    const m: UploadMeta = {
      moduleType: e.logicalName,
      objectId,
      fileName,
      fileId,
      overwrite,
      title: trimOrNull(f.title, 200),
      remark: trimOrNull(f.remark, 500),
    };
    await assertNoDuplicate(db, m);
    return m;
  }
  const objectIdOfField = (v: string, field: string) => {
    try {
      return objectIdOf(v);
    } catch {
      throw badRequest('files.badField', { field });
    }
  };

  app.post(
    '/api/upload/sign',
    { preHandler: auth, ...doc('Direct upload, step 1: a signed upload URL and ticket for an announced file', { body: SIGN }) },
    async (req, reply) => {
      try {
        const b = z.record(z.string(), z.unknown()).parse(req.body ?? {});
        const f: Record<string, string> = {};
        for (const [k, v] of Object.entries(b)) if (typeof v === 'string' || typeof v === 'number') f[k.toLowerCase()] = String(v);
        const size = Number(f.filesize);
        const e = attachableEntity(f.moduletype);
        const fileName = cleanFileName(f.filename);
        if (!fileName) throw badRequest('files.fileNameRequired');
        checkAnnounced(e.logicalName, fileName, size, f.contenttype ?? '');
        const m = await uploadMeta(req, f, undefined);
        return ok(await createTicket(db, storage, await uploadKey(), req.principal!.userId, m, size));
      } catch (e) {
        return uploadFailure(req, reply, e);
      }
    },
  );

  app.post(
    '/api/upload/complete',
    { preHandler: auth, ...doc('Direct upload, step 3: check the stored file and attach it', { body: COMPLETE }) },
    async (req, reply) => {
      try {
        const b = z.object({ ticket: z.string().max(200) }).parse(req.body ?? {});
        return ok(await completeTicket(db, storage, await uploadKey(), req.principal!.userId, b.ticket), t(req, 'files.uploaded'));
      } catch (e) {
        return uploadFailure(req, reply, e instanceof z.ZodError ? badRequest('files.ticketInvalid') : e);
      }
    },
  );

  // ---------------------------------------------------------------- Excel template
  app.get(
    '/api/excel/template/:entitySet',
    { preHandler: auth, ...doc('Excel import template of an entity', { params: ENTITY_SET, ...fileOf(XLSX) }) },
    async (req, reply) => {
      const e = importableEntity((req.params as { entitySet: string }).entitySet);
      if (!req.principal!.privileges.has(e.access.write)) throw forbidden();
      const lang = requestLang(req);
      const body = await buildTemplate(e, lang);
      const name = `${e.label[lang]}${lang === 'zh-CN' ? '导入模板' : ' import template'}.xlsx`;
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition('attachment', name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  // ---------------------------------------------------------------- multipart calls
  app.register(async (inst) => {
    await inst.register(multipart, {
      limits: { fileSize: ATTACHMENT_LIMIT + MB, files: 1, fields: 20, fieldSize: 4096, parts: 25, headerPairs: 100 },
    });

    // Fields first, then the file (FormData keeps the order they are appended in): the checks run
    // before a byte of the file is stored, and the file streams through to the storage.
    inst.post(
      '/api/attachment/upload',
      {
        preHandler: auth,
        ...doc('Upload an attachment (multipart: the fields, then the file)', { consumes: ['multipart/form-data'], body: UPLOAD }),
      },
      async (req, reply) => {
        try {
          const fields: Record<string, string> = {};
          let result: { Id: string; FileName: string; FileSize: number } | undefined;
          // Idempotency-Key (the engineer app's photo queue): a replay answers the first upload's
          // result and stores nothing; the first one's row is claimed in registerAttachment's transaction.
          const header = req.headers['idempotency-key'];
          const key = typeof header === 'string' && header ? header : undefined;
          for await (const part of req.parts()) {
            if (part.type === 'field') {
              fields[part.fieldname.toLowerCase()] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
              continue;
            }
            if (result) {
              part.file.resume();
              continue;
            }
            let m: UploadMeta;
            // The fields sent before the file and its name: a replay of the same upload sends the same.
            const once = key
              ? { userId: req.principal!.userId, command: UPLOAD_COMMAND, key, payload: { ...fields, file: part.filename ?? '' } }
              : undefined;
            try {
              const earlier = once && (await previousResult<typeof result>(db, once.userId, once.command, once.key, once.payload));
              if (earlier?.result) {
                part.file.resume();
                result = earlier.result;
                continue;
              }
              m = await uploadMeta(req, fields, part.filename);
            } catch (e) {
              part.file.resume();
              throw e;
            }
            result = await saveAttachment(db, storage, m, part.file as Readable, req.principal!.userId, once);
          }
          if (!result) throw badRequest('files.noFile');
          return ok(result, t(req, 'files.uploaded'));
        } catch (e) {
          return uploadFailure(req, reply, e);
        }
      },
    );

    inst.post(
      '/api/excel/import/:entitySet',
      {
        preHandler: auth,
        ...doc('Import records from an Excel file (multipart)', { params: ENTITY_SET, consumes: ['multipart/form-data'], body: EXCEL }),
      },
      async (req, reply) => {
        try {
          const e = importableEntity((req.params as { entitySet: string }).entitySet);
          if (!req.principal!.privileges.has(e.access.write)) throw forbidden();
          const release = importSlot(req);
          const lang = requestLang(req);
          const timings: ImportTimings = {};
          try {
            const bytes = await readExcelUpload(req);
            const r = await importRows(db, e, bytes, await requestCaller(db, req), lang, timings);
            return ok(r, msg('excel.imported', lang, { count: r.imported }));
          } finally {
            release();
            reply.header(
              'server-timing',
              Object.entries(timings)
                .map(([k, v]) => `${k};dur=${v.toFixed(1)}`)
                .join(', '),
            );
          }
        } catch (e) {
          return uploadFailure(req, reply, e);
        }
      },
    );
  });

  // ---------------------------------------------------------------- direct upload (local mode)
  app.register(async (inst) => {
    // The body is the file itself, of any type: never parsed, streamed to the storage.
    inst.removeAllContentTypeParsers();
    inst.addContentTypeParser('*', (_req, _payload, done) => done(null));
    inst.put(
      '/api/upload/direct/:ticket',
      doc(
        'Direct upload, step 2 (local storage): the request body is the file itself, of any type; the signed ticket authorises it',
        {
          params: z.object({ ticket: z.string() }),
        },
        PUBLIC,
      ),
      async (req, reply) => {
        try {
          const r = await receiveDirect(db, storage, await uploadKey(), (req.params as { ticket: string }).ticket, req.raw);
          return ok(r, t(req, 'files.uploaded'));
        } catch (e) {
          return uploadFailure(req, reply, e);
        }
      },
    );
  });
}
