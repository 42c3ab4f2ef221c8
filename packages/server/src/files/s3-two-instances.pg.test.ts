import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_STEPS } from '../db/data-steps.ts';
import { DEMO_DOWNLOADS } from '../demo/content.ts';
import { DEMO_LANGUAGES, DEMO_PASSWORD, DEMO_UNITS } from '../demo/data.ts';
import { startMain } from '../testing/main-process.ts';
import { adminQuery, databaseOn } from '../testing/pg-admin.ts';
import { startS3 } from '../testing/s3-server.ts';
import { SAMPLES } from './testing.ts';

type Main = Awaited<ReturnType<typeof startMain>>;
type S3 = Awaited<ReturnType<typeof startS3>>;

/**
 * Past one machine: two real app processes (`node main.ts`, as an operator runs them behind a
 * balancer) started AT ONCE on one fresh PostgreSQL database, attachments in a real S3-compatible
 * store (s3rver on 127.0.0.1). Real processes rather than two in-process instances: they start,
 * migrate and seed concurrently as deployments do, and each has its own module state (caches,
 * timers); they cost ~11 s of start-up together, most of it the one demo seed both need anyway.
 */
describe('two app processes on one PostgreSQL with files in an S3-compatible store', () => {
  let s3: S3;
  let a: Main;
  let b: Main;
  let sql: pg.Client;
  let dbName: string;
  let startMs = 0;
  let admin = '';

  beforeAll(async () => {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error('this suite needs DATABASE_URL (npm run test:pg)');
    s3 = await startS3();
    dbName = `portal_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE ${dbName}`);
    const env = { ...s3.env, DATABASE_URL: databaseOn(base, dbName), SEED_DEMO: 'yes' };
    const t0 = performance.now();
    const started = await Promise.allSettled([startMain(env), startMain(env)]);
    startMs = performance.now() - t0;
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) {
      for (const s of started) if (s.status === 'fulfilled') await s.value.stop();
      throw failed.reason;
    }
    [a, b] = started.map((s) => (s as PromiseFulfilledResult<Main>).value);
    sql = new pg.Client({ connectionString: env.DATABASE_URL });
    await sql.connect();
    admin = await signIn(a, 'admin');
  });
  afterAll(async () => {
    await sql?.end();
    await a?.stop();
    await b?.stop();
    await s3?.stop();
    if (dbName && process.env.DATABASE_URL) await adminQuery(process.env.DATABASE_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  // ------------------------------------------------------------------ HTTP, as a browser calls it
  const url = (p: Main, path: string) => `http://127.0.0.1:${p.port}${path}`;
  const call = (p: Main, path: string, token: string, init: RequestInit = {}) =>
    fetch(url(p, path), { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
  const json = async (r: Response) => ({ status: r.status, body: (await r.json()) as { Data: never; Message: string } });

  /** Password and captcha (test mode reads the captcha back), as the sign-in page does. */
  async function signIn(p: Main, username: string): Promise<string> {
    const { captchaId } = (await (await fetch(url(p, '/api/captcha'))).json()) as { captchaId: string };
    const answer = ((await (await fetch(url(p, `/api/dev/captcha/${captchaId}`))).json()) as { Data: string }).Data;
    const form = { grant_type: 'password', username, password: DEMO_PASSWORD, captcha1: captchaId, captcha2: answer };
    const r = await fetch(url(p, '/token'), { method: 'POST', body: new URLSearchParams(form) });
    if (r.status !== 200) throw new Error(`sign-in of ${username}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { access_token: string }).access_token;
  }

  const me = async (p: Main, token: string) => (await call(p, '/api/portaluser/me', token)).status;

  /** Calls `p` until it answers `status` (bounded: 2 s); how long that took. */
  async function refusedAfter(p: Main, token: string, status: number) {
    const t0 = performance.now();
    let got = await me(p, token);
    while (got !== status && performance.now() - t0 < 2000) {
      await new Promise((r) => setTimeout(r, 5));
      got = await me(p, token);
    }
    return { got, ms: performance.now() - t0 };
  }

  const count = async (q: string) => Number((await sql.query<{ n: string }>(q)).rows[0].n);
  const keyOf = async (id: string) =>
    (await sql.query<{ k: string }>('SELECT storage_key AS k FROM file_attachment WHERE id = $1', [id])).rows[0].k;
  const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');
  const product = async () =>
    (await sql.query<{ id: string }>('SELECT productid AS id FROM product WHERE new_state = 0 ORDER BY productnumber LIMIT 1')).rows[0].id;
  const download = (p: Main, id: string) => call(p, `/api/attachment/download/product/${id}`, admin);
  const listed = async (p: Main, objectId: string) =>
    ((await json(await call(p, `/api/attachment?moduleType=product&objectId=${objectId}`, admin))).body.Data as { Id: string }[]).map(
      (x) => x.Id,
    );

  /** The fields, then the file (FormData keeps the order), as the web app's upload sends them. */
  function uploadForm(objectId: string, name: string, bytes: Buffer) {
    const f = new FormData();
    f.append('ModuleType', 'product');
    f.append('ObjectId', objectId);
    f.append('FileName', name);
    f.append('file', new Blob([bytes]), name);
    return f;
  }

  // ------------------------------------------------------------------ start-up
  it('started at once on a fresh database, migrates, runs the data steps and seeds exactly once', async () => {
    console.log(`two app processes started at once on a fresh database (migrate + demo seed + S3 demo files): ${startMs.toFixed(0)} ms`);
    for (const p of [a, b]) expect((await fetch(url(p, '/healthz'))).status).toBe(200);
    expect(await count('SELECT count(*) AS n FROM schema_state')).toBe(1);
    expect(await count('SELECT count(*) AS n FROM portal_data_step')).toBe(DATA_STEPS.length);
    expect(await count('SELECT count(*) AS n FROM new_language')).toBe(DEMO_LANGUAGES.length);
    expect(await count('SELECT count(*) AS n FROM businessunit')).toBe(DEMO_UNITS.length);
    expect(await count('SELECT count(*) AS n FROM new_filedownload')).toBe(DEMO_DOWNLOADS.length);
    // Each app secret made once (the upload tickets of one instance verify on the other).
    expect(await count('SELECT count(*) - count(DISTINCT name) AS n FROM app_secret')).toBe(0);
    // The demo files both instances wrote into the bucket (downloads, technical files, product
    // pictures, bank slips and activity photos): every one there with the size its row says.
    const { rows } = await sql.query<{ k: string; size: string }>(
      "SELECT DISTINCT storage_key AS k, file_size AS size FROM file_attachment WHERE storage_key LIKE 'att/demo/%'",
    );
    expect(rows.length).toBeGreaterThan(DEMO_DOWNLOADS.length);
    for (const r of rows) expect((await s3.storage.stat(r.k))?.size, r.k).toBe(Number(r.size));
  });

  // ------------------------------------------------------------------ files
  let uploaded = '';
  let objectId = '';
  const big = Buffer.concat([SAMPLES.pdf, randomBytes(6 * 1024 * 1024 + 123)]);

  it('stores a file uploaded through one instance in the store (multipart, length unknown) and serves it byte-identical through the other', async () => {
    objectId = await product();
    const from = s3.requests.length;
    const up = await json(
      await call(a, '/api/attachment/upload', admin, { method: 'POST', body: uploadForm(objectId, '安装手册.pdf', big) }),
    );
    expect(up.status, `${up.body.Message}\n${a.out().slice(-3000)}`).toBe(200);
    const data = up.body.Data as { Id: string; FileSize: number };
    expect(data.FileSize).toBe(big.length);
    uploaded = data.Id;
    // The request's file streamed to the store in 5 MB parts (its length is not known ahead).
    const calls = s3.callsFor(await keyOf(uploaded), from);
    expect([calls[0], calls.at(-1), ...calls.slice(1, -1).sort()]).toEqual(['create', 'complete', 'part 1', 'part 2']);
    expect(await s3.storage.stat(await keyOf(uploaded))).toEqual({ size: big.length });
    expect(await listed(b, objectId)).toContain(uploaded);
    const res = await download(b, uploaded);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(big));
  });

  it('direct upload: a presigned PUT straight to the store, completed through the other instance, which reads its first bytes (ranged GET)', async () => {
    const png = Buffer.concat([SAMPLES.png, randomBytes(2000)]);
    const sign = async (name: string, size: number) =>
      (
        await json(
          await call(b, '/api/upload/sign', admin, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ModuleType: 'product', ObjectId: objectId, FileName: name, FileSize: size, ContentType: 'image/png' }),
          }),
        )
      ).body.Data as { url: string; headers: Record<string, string>; ticket: string };
    const complete = async (ticket: string) =>
      json(
        await call(a, '/api/upload/complete', admin, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ticket }),
        }),
      );

    const t = await sign('现场照片.png', png.length);
    expect(t.url.startsWith(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/att/`)).toBe(true);
    expect((await fetch(t.url, { method: 'PUT', headers: t.headers, body: png })).status).toBe(200);
    const done = await complete(t.ticket);
    expect(done.status, done.body.Message).toBe(200);
    const id = (done.body.Data as { Id: string }).Id;
    const res = await download(b, id);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(png));

    // An executable put under an image's name: the completing instance sniffs the stored bytes,
    // refuses it and removes the object from the store.
    const exe = Buffer.concat([SAMPLES.exe, randomBytes(500)]);
    const bad = await sign('伪装.png', exe.length);
    expect((await fetch(bad.url, { method: 'PUT', headers: bad.headers, body: exe })).status).toBe(200);
    const key = new URL(bad.url).pathname.slice(`/${s3.env.S3_BUCKET}/`.length);
    expect(await s3.storage.stat(key)).toEqual({ size: exe.length });
    const from = s3.requests.length;
    const refused = await complete(bad.ticket);
    // The completing instance read only the first bytes (a ranged GET), then removed the object.
    expect(s3.callsFor(key, from)).toEqual(['head', 'get bytes=0-4095', 'delete']);
    expect(refused.status).toBe(415);
    expect(refused.body.Message).toBe('不允许上传可执行文件');
    expect(await s3.storage.stat(key)).toBeNull();
  });

  it('a file deleted through one instance is gone through the other and from the store', async () => {
    const key = await keyOf(uploaded);
    const del = await json(await call(b, `/api/attachment/delete/product/${uploaded}`, admin));
    expect(del.status, del.body.Message).toBe(200);
    expect((await download(a, uploaded)).status).toBe(404);
    expect(await listed(a, objectId)).not.toContain(uploaded);
    expect(await s3.storage.stat(key)).toBeNull();
  });

  // ------------------------------------------------------------------ sessions
  it('a session signed out on one instance is refused on the other at once', async () => {
    const t = await signIn(a, 'hq');
    // Both serve it (and keep it in their session caches).
    expect(await me(a, t)).toBe(200);
    expect(await me(b, t)).toBe(200);
    expect((await call(a, '/api/portaluser/logout', t, { method: 'POST' })).status).toBe(200);
    const { got, ms } = await refusedAfter(b, t, 401);
    console.log(`signed out on A, refused on B after ${ms.toFixed(1)} ms`);
    expect(got).toBe(401);
    expect(ms).toBeLessThan(1000); // the database's notice, not the 30 s cache bound
  });

  it('a user an administrator disables through one instance is refused on the other at once', async () => {
    const t = await signIn(b, 'engineer1');
    expect(await me(b, t)).toBe(200);
    expect(await me(a, t)).toBe(200);
    const id = (await sql.query<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'engineer1'")).rows[0].id;
    const off = await json(
      await call(a, `/api/crmdata/Update/systemusers(${id})`, admin, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ isdisabled: true }),
      }),
    );
    expect(off.status, off.body.Message).toBe(200);
    const { got, ms } = await refusedAfter(b, t, 401);
    console.log(`disabled on A, refused on B after ${ms.toFixed(1)} ms`);
    expect(got).toBe(401);
    expect(ms).toBeLessThan(1000);
    expect(await me(a, t)).toBe(401);
  });
});
