import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { startS3 } from '../testing/s3-server.ts';
import { limitFor, MB, UploadGuard } from './guard.ts';
import { SAMPLES } from './testing.ts';

type S3 = Awaited<ReturnType<typeof startS3>>;

// The S3 adapter against a real S3-compatible server (s3rver on 127.0.0.1, a bucket made by the
// test). The two-instance walk through the app: s3-two-instances.pg.test.ts.
describe('S3Storage on a real S3-compatible store', () => {
  let s3: S3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const chunks = (b: Buffer) =>
    Readable.from(
      (function* () {
        for (let i = 0; i < b.length; i += 64 * 1024) yield b.subarray(i, i + 64 * 1024);
      })(),
    );
  const read = async (key: string) => {
    const o = await s3.storage.get(key);
    const parts: Buffer[] = [];
    for await (const c of o!.stream) parts.push(Buffer.from(c as Uint8Array));
    return { size: o!.size, bytes: Buffer.concat(parts) };
  };

  it('streams an upload of unknown length through the guard in 5 MB parts; reads it back whole and by range', async () => {
    const file = Buffer.concat([SAMPLES.pdf, randomBytes(6 * MB)]);
    const guard = new UploadGuard({ ext: 'pdf', limit: limitFor('product', false) });
    chunks(file).pipe(guard);
    // The guard counts bytes in `size` (0 at the start), which lib-storage once took for the total.
    const from = s3.requests.length;
    await s3.storage.put('att/2026/11/multipart', guard, 'application/pdf');
    const calls = s3.callsFor('att/2026/11/multipart', from);
    // Two parts at a time: they may arrive in either order.
    expect([calls[0], calls.at(-1), ...calls.slice(1, -1).sort()]).toEqual(['create', 'complete', 'part 1', 'part 2']);
    const head = await s3.storage.client.send(s3.storage.headCommand('att/2026/11/multipart'));
    expect(head.ContentType).toBe('application/pdf');
    const back = await read('att/2026/11/multipart');
    expect(back.size).toBe(file.length);
    expect(sha(back.bytes)).toBe(sha(file));
    expect((await s3.storage.head('att/2026/11/multipart', 8)).toString('latin1')).toBe('%PDF-1.7');
    expect(await s3.storage.stat('att/2026/11/multipart')).toEqual({ size: file.length });
  });

  it("fails with the body's own error when it fails after the first part, and leaves no object", async () => {
    const file = Buffer.concat([SAMPLES.pdf, randomBytes(7 * MB)]);
    // A direct upload's announced size as the cap: refused once the body passes it (past one part).
    const guard = new UploadGuard({ ext: 'pdf', limit: limitFor('product', false), maxBytes: 6 * MB });
    chunks(file).pipe(guard);
    const err = await s3.storage.put('att/2026/11/refused', guard, 'application/pdf').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).key).toBe('files.sizeMismatch');
    expect(await s3.storage.stat('att/2026/11/refused')).toBeNull();
  });

  it('stores a small file in one PUT, and after delete answers it is not there', async () => {
    await s3.storage.put('att/2026/11/small', Readable.from([SAMPLES.png]), 'image/png');
    expect((await read('att/2026/11/small')).bytes.equals(SAMPLES.png)).toBe(true);
    await s3.storage.delete('att/2026/11/small');
    expect(await s3.storage.get('att/2026/11/small')).toBeNull();
    expect(await s3.storage.stat('att/2026/11/small')).toBeNull();
  });
});
