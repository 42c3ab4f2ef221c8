import { Transform, type TransformCallback } from 'node:stream';
import type { MessageKey } from '@portal/model';
import { AppError } from '../http/errors.ts';
import { extAgrees, sniff, SNIFF_BYTES, TextChecker, type Kind } from './sniff.ts';

export const MB = 1024 * 1024;
/** spec 000 §5 / §9: attachments under 50MB, videos under 5000MB. */
export const ATTACHMENT_LIMIT = 50 * MB;
export const VIDEO_LIMIT = 5000 * MB;
/** spec 001 §5 / §9: attachments of the service domain under 3M. */
export const SERVICE_ATTACHMENT_LIMIT = 3 * MB;

/** The size limit and its message for an attachment of an entity (videos have their own). */
export function limitFor(logicalName: string, video: boolean): { bytes: number; key: MessageKey } {
  if (video) return { bytes: VIDEO_LIMIT, key: 'files.videoTooLarge' };
  if (logicalName.startsWith('new_srv_')) return { bytes: SERVICE_ATTACHMENT_LIMIT, key: 'files.tooLargeService' };
  return { bytes: ATTACHMENT_LIMIT, key: 'files.tooLarge' };
}

export const tooLarge = (key: MessageKey) => new AppError(413, key);
export const badType = (key: MessageKey) => new AppError(415, key);

/**
 * Sits between the upload and the storage: counts bytes and fails as soon as the limit is passed,
 * holds back the first bytes until it has sniffed the type (and refuses a type the extension does
 * not agree with), and checks text files to the end (UTF-8, no NUL). Nothing is written for a
 * refused file: the storage drops its partial object when this stream fails.
 */
export class UploadGuard extends Transform {
  size = 0;
  kind: Kind | undefined;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private text: TextChecker | undefined;

  constructor(private readonly o: { ext: string; limit: { bytes: number; key: MessageKey }; maxBytes?: number; sizeKey?: MessageKey }) {
    super();
    // The storage attaches its own handlers once it is ready (after creating folders, opening an
    // upload): an error raised before that must not be an uncaught 'error' event. The storage
    // still sees it, as the stream's `errored` state.
    this.on('error', () => undefined);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.o.limit.bytes) return cb(tooLarge(this.o.limit.key));
    if (this.o.maxBytes !== undefined && this.size > this.o.maxBytes) return cb(new AppError(400, this.o.sizeKey ?? 'files.sizeMismatch'));
    try {
      if (this.kind === undefined) {
        this.held.push(chunk);
        this.heldBytes += chunk.length;
        if (this.heldBytes >= SNIFF_BYTES) this.decide();
      } else {
        this.text?.push(chunk);
        this.push(chunk);
      }
      cb();
    } catch (e) {
      cb(e instanceof AppError ? e : badType('files.notText'));
    }
  }

  override _flush(cb: TransformCallback): void {
    try {
      if (this.size === 0) throw new AppError(400, 'files.noFile');
      if (this.kind === undefined) this.decide();
      this.text?.end();
      cb();
    } catch (e) {
      cb(e instanceof AppError ? e : badType('files.notText'));
    }
  }

  private decide(): void {
    const head = Buffer.concat(this.held);
    this.held = [];
    const r = sniff(head.subarray(0, SNIFF_BYTES));
    if ('refused' in r)
      throw badType(r.refused === 'executable' ? 'files.executable' : r.refused === 'html' ? 'files.html' : 'files.badType');
    if (!extAgrees(this.o.ext, r.kind)) throw badType('files.extMismatch');
    this.kind = r.kind;
    if (r.kind === 'text' || r.kind === 'svg') {
      this.text = new TextChecker();
      try {
        this.text.push(head);
      } catch {
        throw badType('files.notText');
      }
    }
    this.push(head);
  }
}
