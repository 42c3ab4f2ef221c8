import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FilesConfig, S3Config } from '../config.ts';

/** Where attachment bytes live. Keys are made by the server (uuids), never from a user's file name. */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Consumes `body` completely into `key`; a failing body leaves nothing behind. */
  put(key: string, body: Readable, contentType?: string): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Size of the object, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The first `n` bytes (content sniffing after a direct upload). */
  head(key: string, n: number): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** A URL the browser may PUT the file to directly (S3 only; the local store signs its own). */
  signedPutUrl?(
    key: string,
    o: { contentType: string; contentLength: number; expiresInSec: number },
  ): Promise<{ url: string; headers: Record<string, string> }>;
}

/** A fresh storage key: `att/2026/11/<uuid>`. Nothing of the user's input goes into it. */
export function newStorageKey(now = new Date()): string {
  const y = now.getUTCFullYear();
  const m = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `att/${y}/${m}/${randomUUID()}`;
}

const KEY = /^[a-z0-9]+(\/[a-z0-9-]+)*$/;

/** Refuses anything that is not a key this server made (no `..`, no absolute paths, no odd bytes). */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.length > 200) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** Files under one folder (STORAGE_DIR); written to a temporary name and renamed when complete. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file path of a key, proven to lie inside the root. */
  path(key: string): string {
    assertKey(key);
    const p = resolve(join(this.root, ...key.split('/')));
    if (!p.startsWith(this.root + sep)) throw new Error('storage key escapes the root');
    return p;
  }

  async put(key: string, body: Readable): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.part`;
    try {
      await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
      await rename(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  async get(key: string) {
    const p = this.path(key);
    const s = await stat(p).catch(() => null);
    if (!s?.isFile()) return null;
    return { stream: createReadStream(p), size: s.size };
  }

  async stat(key: string) {
    const s = await stat(this.path(key)).catch(() => null);
    return s?.isFile() ? { size: s.size } : null;
  }

  async head(key: string, n: number): Promise<Buffer> {
    const fh = await open(this.path(key), 'r');
    try {
      const buf = Buffer.alloc(n);
      const { bytesRead } = await fh.read(buf, 0, n, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

/** Builds the client for any S3-compatible store (AWS, MinIO, OSS, COS …). */
export function s3Client(c: S3Config): S3Client {
  return new S3Client({
    region: c.region,
    endpoint: c.endpoint,
    forcePathStyle: c.forcePathStyle,
    credentials: c.accessKeyId && c.secretAccessKey ? { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } : undefined,
  });
}

/** Objects in one bucket of an S3-compatible store; uploads of unknown length go as multipart. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {}

  putCommand(key: string, o: { contentType?: string; contentLength?: number } = {}): PutObjectCommand {
    assertKey(key);
    return new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: o.contentType, ContentLength: o.contentLength });
  }

  getCommand(key: string, range?: string): GetObjectCommand {
    assertKey(key);
    return new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range });
  }

  deleteCommand(key: string): DeleteObjectCommand {
    assertKey(key);
    return new DeleteObjectCommand({ Bucket: this.bucket, Key: key });
  }

  headCommand(key: string): HeadObjectCommand {
    assertKey(key);
    return new HeadObjectCommand({ Bucket: this.bucket, Key: key });
  }

  async put(key: string, body: Readable, contentType?: string): Promise<void> {
    assertKey(key);
    // lib-storage cuts the stream into 5 MB parts: the file is never held whole in memory.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      queueSize: 2,
    });
    try {
      await upload.done();
    } catch (e) {
      await upload.abort().catch(() => undefined);
      body.destroy();
      throw e;
    }
  }

  async get(key: string) {
    try {
      const r = await this.client.send(this.getCommand(key));
      if (!r.Body) return null;
      return { stream: r.Body as Readable, size: Number(r.ContentLength ?? 0) };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async stat(key: string) {
    try {
      const r = await this.client.send(this.headCommand(key));
      return { size: Number(r.ContentLength ?? 0) };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async head(key: string, n: number): Promise<Buffer> {
    const r = await this.client.send(this.getCommand(key, `bytes=0-${n - 1}`));
    const chunks: Buffer[] = [];
    for await (const c of r.Body as Readable) chunks.push(Buffer.from(c as Uint8Array));
    return Buffer.concat(chunks).subarray(0, n);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(this.deleteCommand(key));
  }

  /**
   * A presigned PUT. Content-Type and Content-Length are signed, so the store itself refuses a
   * body of another size or type than the one the server checked.
   */
  async signedPutUrl(key: string, o: { contentType: string; contentLength: number; expiresInSec: number }) {
    const url = await getSignedUrl(this.client, this.putCommand(key, { contentType: o.contentType, contentLength: o.contentLength }), {
      expiresIn: o.expiresInSec,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, headers: { 'Content-Type': o.contentType } };
  }
}

function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
}

export function createStorage(cfg: FilesConfig): Storage {
  if (cfg.s3) return new S3Storage(s3Client(cfg.s3), cfg.s3.bucket);
  return new LocalStorage(cfg.storageDir);
}

/** A readable of the given bytes (tests, small bodies). */
export const bytesStream = (b: Buffer) => Readable.from([b]);
