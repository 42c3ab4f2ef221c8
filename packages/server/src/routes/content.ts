import type { EntityDef, PartsCommandResult } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/authenticate.ts';
import { fileForReader, FILE_DOWNLOAD, PREVIEW_TYPES, publishContent, retireContent, TECH_FILE } from '../domain/content/content.ts';
import { SERVED_TYPES } from '../files/sniff.ts';
import { contentDisposition } from '../files/attachments.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { commandRoute } from '../http/command-route.ts';
import { refuse, notFound } from '../http/errors.ts';
import { BEARER, fileOf, pathParams } from '../http/openapi.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

/** Base of the published-document calls (the web app's api/content.ts): `/api/content/filedownload`, `/api/content/file`. */
export const CONTENT_API = '/api/content';
const KINDS: [string, EntityDef][] = [
  ['filedownload', FILE_DOWNLOAD],
  ['file', TECH_FILE],
];

/**
 * Download centre and technical files: publish and retire (head office, kb.write, one transaction
 * each), and the file of a row through the server — `download` counts it (attachment), `preview`
 * does not and answers PDF and raster images only (inline). Readers reach published rows only.
 */
export function contentRoutes(app: FastifyInstance, s: Services): void {
  const { db, storage } = s;
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    for (const [kind, e] of KINDS) {
      const base = `${CONTENT_API}/${kind}`;
      const command = (verb: string, summary: string, run: typeof publishContent) =>
        commandRoute<PartsCommandResult>(r, s, {
          method: 'POST',
          url: `${base}/:id/${verb}`,
          privilege: 'kb.write',
          schema: { summary, tags: ['content'], params: pathParams('/:id'), security: BEARER },
          run: (sql, c, req, lang) => run(sql, c, e, req.params.id, lang),
        });
      command('publish', `${e.label['en-US']}: publish (its newest attachment is the file)`, publishContent);
      command('retire', `${e.label['en-US']}: retire (readers no longer see it)`, retireContent);

      for (const mode of ['download', 'preview'] as const) {
        r.get<{ Params: { id: string } }>(
          `${base}/:id/${mode}`,
          {
            preValidation: requireAuth(s.authenticate, e.access!.read),
            schema: {
              summary:
                mode === 'download'
                  ? `${e.label['en-US']}: download the file (counted)`
                  : `${e.label['en-US']}: preview the file inline (PDF, images; not counted)`,
              tags: ['content'],
              params: pathParams('/:id'),
              security: BEARER,
              ...fileOf(...(mode === 'preview' ? PREVIEW_TYPES : SERVED_TYPES)),
            },
          },
          async (req, reply) => {
            const caller = await requestCaller(db, req);
            // Count and stored object in one transaction: a missing file counts nothing.
            const { file, obj } = await db.tx(async (sql) => {
              const f = await fileForReader(sql, caller, e, req.params.id, mode === 'download');
              if (mode === 'preview' && !PREVIEW_TYPES.has(f.contentType)) throw refuse('content.noPreview');
              const o = await storage.get(f.storageKey);
              if (!o) throw notFound('files.notFound');
              return { file: f, obj: o };
            });
            return reply
              .header('content-type', file.contentType)
              .header('content-length', String(obj.size))
              .header('content-disposition', contentDisposition(mode === 'preview' ? 'inline' : 'attachment', file.fileName))
              .header('x-content-type-options', 'nosniff')
              .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
              .header('cache-control', 'private, no-store')
              .send(obj.stream);
          },
        );
      }
    }
  });
}
