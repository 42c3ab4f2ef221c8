import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FilesConfig } from '../config.ts';

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

/** The configured store: an S3-compatible one when S3_BUCKET is set (its SDK loaded then), else the local folder. */
export async function createStorage(cfg: FilesConfig): Promise<Storage> {
  if (cfg.s3) {
    const { loadS3Sdk, s3Client, S3Storage } = await import('./s3-storage.ts');
    const sdk = await loadS3Sdk();
    const client = s3Client(sdk, cfg.s3);
    const ownPresigner = cfg.s3.checksums === 'supported' || !!cfg.s3.publicEndpoint;
    return new S3Storage(client, cfg.s3.bucket, sdk, ownPresigner ? s3Client(sdk, cfg.s3, { presign: true }) : client);
  }
  return new LocalStorage(cfg.storageDir);
}

/** A readable of the given bytes (tests, small bodies). */
export const bytesStream = (b: Buffer) => Readable.from([b]);
