import { Readable } from 'node:stream';
import type { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { assertKey, type Storage } from './storage.ts';

/** The AWS SDK's pieces the store uses, imported only when S3 is configured (~250 ms of CPU at every start otherwise). */
export interface S3Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  Upload: typeof import('@aws-sdk/lib-storage').Upload;
  getSignedUrl: typeof import('@aws-sdk/s3-request-presigner').getSignedUrl;
}

let loading: Promise<S3Sdk> | undefined;
export function loadS3Sdk(): Promise<S3Sdk> {
  loading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage'), import('@aws-sdk/s3-request-presigner')]).then(
    ([s3, lib, presigner]) => ({ s3, Upload: lib.Upload, getSignedUrl: presigner.getSignedUrl }),
  );
  return loading;
}

/**
 * Builds the client for any S3-compatible store (AWS, MinIO, OSS, COS …). Since 3.729 the SDK adds a
 * CRC32 checksum to every request it can by default; `checksums: 'required'` (S3_CHECKSUMS) keeps
 * them to the calls that need one, which stores other than AWS accept. `presign`: always so — a
 * presigned PUT has no body yet, and the SDK would sign the checksum of an empty one into the URL
 * (`x-amz-checksum-crc32=AAAAAA==`), which AWS, MinIO and R2 then refuse for any real file
 * (aws-sdk-js-v3#6994). A presigning client also uses the public endpoint (S3_PUBLIC_ENDPOINT), if any.
 */
export function s3Client(sdk: S3Sdk, c: S3Config, o: { presign?: boolean } = {}): S3Client {
  const when = c.checksums === 'supported' && !o.presign ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED';
  return new sdk.s3.S3Client({
    region: c.region,
    endpoint: (o.presign && c.publicEndpoint) || c.endpoint,
    forcePathStyle: c.forcePathStyle,
    credentials: c.accessKeyId && c.secretAccessKey ? { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } : undefined,
    requestChecksumCalculation: when,
    responseChecksumValidation: when,
  });
}

/** Objects in one bucket of an S3-compatible store; uploads of unknown length go as multipart. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    private readonly sdk: S3Sdk,
    /** The client presigned URLs are made with (no request checksums: see s3Client). */
    readonly presigner: S3Client = client,
  ) {}

  putCommand(key: string, o: { contentType?: string; contentLength?: number } = {}): PutObjectCommand {
    assertKey(key);
    return new this.sdk.s3.PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: o.contentType, ContentLength: o.contentLength });
  }

  getCommand(key: string, range?: string): GetObjectCommand {
    assertKey(key);
    return new this.sdk.s3.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range });
  }

  deleteCommand(key: string): DeleteObjectCommand {
    assertKey(key);
    return new this.sdk.s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key });
  }

  headCommand(key: string): HeadObjectCommand {
    assertKey(key);
    return new this.sdk.s3.HeadObjectCommand({ Bucket: this.bucket, Key: key });
  }

  async put(key: string, body: Readable, contentType?: string): Promise<void> {
    assertKey(key);
    // The reason an upload fails is the body's when it has one (the guard refusing a file past its
    // limit): aborting the multipart upload may fail too (s3rver has no AbortMultipartUpload), and
    // lib-storage then throws that instead.
    let bodyError: unknown;
    body.once('error', (e) => (bodyError = e));
    // lib-storage takes a body's `size`, `length` or `byteLength` for its total length: the upload
    // guard's `size` (bytes so far: 0 at the start) made it expect no part and refuse every file
    // longer than one part (5 MB). A plain stream of the same bytes says nothing of its length.
    const stream = Readable.from(body, { objectMode: false });
    // lib-storage cuts the stream into 5 MB parts: the file is never held whole in memory.
    const upload = new this.sdk.Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: stream, ContentType: contentType },
      queueSize: 2,
    });
    try {
      await upload.done();
    } catch (e) {
      await upload.abort().catch(() => undefined);
      body.destroy();
      throw bodyError ?? body.errored ?? e;
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
    const url = await this.sdk.getSignedUrl(
      this.presigner,
      this.putCommand(key, { contentType: o.contentType, contentLength: o.contentLength }),
      {
        expiresIn: o.expiresInSec,
        signableHeaders: new Set(['content-type', 'content-length']),
      },
    );
    return { url, headers: { 'Content-Type': o.contentType } };
  }
}

function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
}
