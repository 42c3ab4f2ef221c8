import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { loadConfig } from '../config.ts';
import { loadS3Sdk, type S3Storage } from '../files/s3-storage.ts';
import { createStorage } from '../files/storage.ts';

/**
 * A real S3-compatible server (s3rver, from npm) on 127.0.0.1, its objects in a temporary folder,
 * with a bucket created through the S3 API. `env`: the settings an app instance is started with;
 * `storage`: the server's own adapter on it, to look into the bucket; `requests`: every request the
 * store received (method, URL, Range header), to see which calls a process made
 * (`callsFor`).
 * s3rver checks the access key but not SigV4 signatures, so it does not refuse a presigned PUT of
 * another size or type as AWS does: the server's own checks on completion are what tests prove.
 */
export async function startS3(bucket = 'portal-files') {
  const dir = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const handle = new S3rver({ silent: true, directory: dir }).callback();
  const requests: { method: string; url: string; range?: string }[] = [];
  const http = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', range: req.headers.range });
    handle(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    S3_REGION: 'us-east-1',
    // s3rver's built-in account.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  };
  const storage = (await createStorage(loadConfig(env as NodeJS.ProcessEnv).files)) as S3Storage;
  const sdk = await loadS3Sdk();
  await storage.client.send(new sdk.s3.CreateBucketCommand({ Bucket: bucket }));
  return {
    env,
    storage,
    requests,
    /**
     * The calls made on one object key since request number `from`, in the order received:
     * put, get (`get bytes=0-99` when ranged), head, delete, and a multipart upload's create,
     * part <n>, complete, abort.
     */
    callsFor(key: string, from = 0): string[] {
      const path = `/${bucket}/${key}`;
      return requests.slice(from).flatMap(({ method, url, range }) => {
        const u = new URL(url, 'http://s3');
        if (u.pathname !== path) return [];
        const q = u.searchParams;
        if (q.has('uploads')) return ['create'];
        if (q.has('partNumber')) return [`part ${q.get('partNumber')}`];
        if (q.has('uploadId')) return [method === 'DELETE' ? 'abort' : 'complete'];
        return [range ? `${method.toLowerCase()} ${range}` : method.toLowerCase()];
      });
    },
    async stop() {
      storage.client.destroy();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
