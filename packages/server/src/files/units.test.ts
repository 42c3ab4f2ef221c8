import { deflateRawSync } from 'node:zlib';
import type { S3Client } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { s3Sources } from '../http/security-headers.ts';
import { formatCents, toCents } from '../domain/money.ts';
import { cities, counties, provinces } from './address.ts';
import { cleanFileName, contentDisposition } from './attachments.ts';
import { extAgrees, sniff } from './sniff.ts';
import { assertKey, createStorage, LocalStorage, newStorageKey } from './storage.ts';
import { loadS3Sdk, S3Storage } from './s3-storage.ts';
import { SAMPLES } from './testing.ts';
import { zipProblem } from './zip-guard.ts';

describe('content sniffing', () => {
  const kind = (b: Buffer) => {
    const r = sniff(b);
    return 'kind' in r ? r.kind : `refused:${r.refused}`;
  };
  it('knows the accepted types by their magic numbers', () => {
    expect(kind(SAMPLES.png)).toBe('png');
    expect(kind(SAMPLES.jpeg)).toBe('jpeg');
    expect(kind(Buffer.from('GIF89a....'))).toBe('gif');
    expect(kind(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(kind(SAMPLES.pdf)).toBe('pdf');
    expect(kind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]))).toBe('zip');
    expect(kind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('cfb');
    expect(kind(SAMPLES.mp4)).toBe('mp4');
    expect(kind(Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ')]))).toBe('mov');
    expect(kind(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBe('avi');
    expect(kind(Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c, 1]))).toBe(
      'wmv',
    );
    expect(kind(Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05]))).toBe('flv');
    expect(kind(Buffer.from('OggS\0\x02'))).toBe('ogg');
    expect(kind(Buffer.from('.RMF\0\0\0\x12'))).toBe('rmvb');
    expect(kind(SAMPLES.txt)).toBe('text');
    expect(kind(Buffer.from('\uFEFF编号,名称\n1,滤芯\n'))).toBe('text');
    expect(kind(SAMPLES.svg)).toBe('svg');
    expect(kind(Buffer.from('<!-- drawn by hand -->\n<svg viewBox="0 0 1 1"></svg>'))).toBe('svg');
  });
  it('refuses executables, HTML and binaries it does not know', () => {
    expect(kind(SAMPLES.exe)).toBe('refused:executable');
    expect(kind(SAMPLES.elf)).toBe('refused:executable');
    expect(kind(Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]))).toBe('refused:executable');
    expect(kind(Buffer.from('#!/bin/sh\nrm -rf /\n'))).toBe('refused:executable');
    expect(kind(SAMPLES.html)).toBe('refused:html');
    expect(kind(Buffer.from('  <html><body>hi</body></html>'))).toBe('refused:html');
    expect(kind(Buffer.from('<script>alert(1)</script>'))).toBe('refused:html');
    expect(kind(SAMPLES.binary)).toBe('refused:unknown');
    expect(kind(Buffer.from([0xc3, 0x28, 0x41]))).toBe('refused:unknown'); // invalid UTF-8
  });
  it('lets an extension carry only its own kind', () => {
    expect(extAgrees('docx', 'zip')).toBe(true);
    expect(extAgrees('xlsx', 'zip')).toBe(true);
    expect(extAgrees('xls', 'cfb')).toBe(true);
    expect(extAgrees('csv', 'text')).toBe(true);
    expect(extAgrees('jpg', 'png')).toBe(false);
    expect(extAgrees('txt', 'svg')).toBe(false);
    expect(extAgrees('exe', 'zip')).toBe(false);
  });
});

describe('file names and headers', () => {
  it('keeps a clean last segment of a file name', () => {
    expect(cleanFileName('C:\\Users\\张三\\报告.pdf')).toBe('报告.pdf');
    expect(cleanFileName('../../x.png')).toBe('x.png');
    expect(cleanFileName('a\u0000b\u001f.txt')).toBe('ab.txt');
    expect(cleanFileName('..')).toBeNull();
    expect(cleanFileName('   ')).toBeNull();
    const long = cleanFileName(`${'长'.repeat(300)}.pdf`)!;
    expect([...long].length).toBe(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });
  it('writes RFC 5987 Content-Disposition with an ASCII fallback', () => {
    expect(contentDisposition('attachment', '维修 "单".pdf')).toBe(
      `attachment; filename="__ ___.pdf"; filename*=UTF-8''%E7%BB%B4%E4%BF%AE%20%22%E5%8D%95%22.pdf`,
    );
    expect(contentDisposition('inline', "it's (1).png")).toBe(`inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`);
  });
});

describe('storage adapters', () => {
  it('makes keys from uuids only and refuses anything else', () => {
    expect(newStorageKey(new Date('2026-11-20T00:00:00Z'))).toMatch(/^att\/2026\/11\/[0-9a-f-]{36}$/);
    for (const bad of ['../etc/passwd', '/abs', 'att/../../x', 'att/名字', 'att//x', 'att/x/', 'ATT/x', 'att/x.png']) {
      expect(() => assertKey(bad), bad).toThrow();
    }
    const local = new LocalStorage('/tmp/portal-x');
    expect(local.path('att/2026/11/abc-def')).toBe('/tmp/portal-x/att/2026/11/abc-def');
    expect(() => local.path('att/../../../etc/passwd')).toThrow();
  });

  it('chooses S3 when S3_BUCKET is set, the local folder otherwise', async () => {
    const local = loadConfig({ DATA_DIR: '/srv/portal' } as NodeJS.ProcessEnv).files;
    expect(local.storageDir).toBe('/srv/portal/files');
    expect(local.s3).toBeUndefined();
    expect((await createStorage(local)).kind).toBe('local');
    const cfg = loadConfig({
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: 'https://minio.example.cn:9000',
      S3_REGION: 'cn-east-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
      STORAGE_DIR: '/data/att',
    } as NodeJS.ProcessEnv).files;
    expect(cfg.s3).toEqual({
      bucket: 'portal-files',
      endpoint: 'https://minio.example.cn:9000',
      region: 'cn-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      checksums: 'required',
    });
    expect(cfg.storageDir).toBe('/data/att');
    expect((await createStorage(cfg)).kind).toBe('s3');
  });

  // The commands and the presigned URL as built, through the configured path (createStorage); the
  // adapter against a real S3-compatible server: s3-two-instances.pg.test.ts.
  const s3 = async (checksums = 'required') =>
    (await createStorage(
      loadConfig({
        S3_BUCKET: 'portal-files',
        S3_ENDPOINT: 'https://minio.example.cn:9000',
        S3_REGION: 'cn-east-1',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
        S3_CHECKSUMS: checksums,
      } as NodeJS.ProcessEnv).files,
    )) as S3Storage;

  it('builds S3 commands for the bucket and key', async () => {
    const st = await s3();
    expect(st.putCommand('att/2026/11/k1', { contentType: 'image/png', contentLength: 12 }).input).toEqual({
      Bucket: 'portal-files',
      Key: 'att/2026/11/k1',
      ContentType: 'image/png',
      ContentLength: 12,
    });
    expect(st.getCommand('att/2026/11/k1', 'bytes=0-4095').input).toEqual({
      Bucket: 'portal-files',
      Key: 'att/2026/11/k1',
      Range: 'bytes=0-4095',
    });
    expect(st.deleteCommand('att/2026/11/k1').input).toEqual({ Bucket: 'portal-files', Key: 'att/2026/11/k1' });
    expect(st.headCommand('att/2026/11/k1').input).toEqual({ Bucket: 'portal-files', Key: 'att/2026/11/k1' });
    expect(() => st.putCommand('../x')).toThrow();
  });

  it('presigns a PUT with Content-Type and Content-Length signed', async () => {
    const { url, headers } = await (await s3()).signedPutUrl('att/2026/11/k2', {
      contentType: 'video/mp4',
      contentLength: 1234,
      expiresInSec: 600,
    });
    const u = new URL(url);
    expect(u.origin).toBe('https://minio.example.cn:9000');
    expect(u.pathname).toBe('/portal-files/att/2026/11/k2');
    expect(u.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(u.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/cn-east-1\/s3\/aws4_request$/);
    expect(u.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect(u.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(headers).toEqual({ 'Content-Type': 'video/mp4' });
  });

  it('presigns without a request checksum, whatever S3_CHECKSUMS says (the body is not known yet)', async () => {
    for (const checksums of ['required', 'supported']) {
      const { url } = await (await s3(checksums)).signedPutUrl('att/2026/11/k3', {
        contentType: 'image/png',
        contentLength: 9,
        expiresInSec: 60,
      });
      // The SDK's default signs the CRC32 of an empty body (AAAAAA==) here, refused by the store for any real file.
      const names = [...new URL(url).searchParams.keys()].map((k) => k.toLowerCase());
      expect(
        names.filter((k) => k.startsWith('x-amz-checksum') || k === 'x-amz-sdk-checksum-algorithm'),
        checksums,
      ).toEqual([]);
    }
  });

  it('presigns on S3_PUBLIC_ENDPOINT when the servers reach the store at another address (an internal endpoint)', async () => {
    const cfg = loadConfig({
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: 'https://s3.oss-cn-hangzhou-internal.aliyuncs.com',
      S3_PUBLIC_ENDPOINT: 'https://s3.oss-cn-hangzhou.aliyuncs.com',
      S3_REGION: 'cn-hangzhou',
      S3_ACCESS_KEY_ID: 'LTAIEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    } as NodeJS.ProcessEnv).files;
    const st = (await createStorage(cfg)) as S3Storage;
    const { url } = await st.signedPutUrl('att/2026/11/k4', { contentType: 'image/png', contentLength: 9, expiresInSec: 60 });
    expect(new URL(url).origin).toBe('https://portal-files.s3.oss-cn-hangzhou.aliyuncs.com');
    expect(s3Sources(cfg.s3)).toContain('https://portal-files.s3.oss-cn-hangzhou.aliyuncs.com');
    expect((await st.client.config.endpoint!()).hostname).toBe('s3.oss-cn-hangzhou-internal.aliyuncs.com');
  });

  it('reads, stats and deletes through the client (a stand-in client records the commands)', async () => {
    const sent: { name: string; input: unknown }[] = [];
    const client = {
      async send(cmd: { constructor: { name: string }; input: { Key: string; Range?: string } }) {
        sent.push({ name: cmd.constructor.name, input: cmd.input });
        if (cmd.input.Key.endsWith('missing'))
          throw Object.assign(new Error('nf'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
        if (cmd.constructor.name === 'HeadObjectCommand') return { ContentLength: 42 };
        if (cmd.constructor.name === 'GetObjectCommand')
          return {
            ContentLength: 3,
            Body: (async function* () {
              yield Buffer.from('abc');
            })(),
          };
        return {};
      },
    } as unknown as S3Client;
    const st = new S3Storage(client, 'b', await loadS3Sdk());
    expect(await st.stat('att/x/ok')).toEqual({ size: 42 });
    expect(await st.stat('att/x/missing')).toBeNull();
    expect(await st.get('att/x/missing')).toBeNull();
    expect((await st.head('att/x/ok', 4096)).toString()).toBe('abc');
    await st.delete('att/x/ok');
    expect(sent.map((s) => s.name)).toEqual([
      'HeadObjectCommand',
      'HeadObjectCommand',
      'GetObjectCommand',
      'GetObjectCommand',
      'DeleteObjectCommand',
    ]);
    expect(sent[3].input).toEqual({ Bucket: 'b', Key: 'att/x/ok', Range: 'bytes=0-4095' });
  });
});

/** A zip with one entry, built by hand (deflated). */
function zipOf(name: string, data: Buffer, opts: { declared?: number } = {}): Buffer {
  const comp = deflateRawSync(data);
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(comp.length, 18);
  local.writeUInt32LE(opts.declared ?? data.length, 22);
  local.writeUInt16LE(n.length, 26);
  const cd = Buffer.alloc(46);
  cd.writeUInt32LE(0x02014b50, 0);
  cd.writeUInt16LE(20, 4);
  cd.writeUInt16LE(20, 6);
  cd.writeUInt16LE(8, 10);
  cd.writeUInt32LE(comp.length, 20);
  cd.writeUInt32LE(opts.declared ?? data.length, 24);
  cd.writeUInt16LE(n.length, 28);
  cd.writeUInt32LE(0, 42);
  const cdOffset = 30 + n.length + comp.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(46 + n.length, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, n, comp, cd, n, eocd]);
}

describe('zip guard', () => {
  it('accepts a real xlsx', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    for (let i = 0; i < 2000; i++) ws.addRow([`工程师${i}`, `W${i}`, 13800000000 + i]);
    expect(await zipProblem(Buffer.from(await wb.xlsx.writeBuffer()))).toBeNull();
  });
  it('refuses a bomb even when it lies about its size', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024); // deflates ~1000:1
    expect(await zipProblem(zipOf('xl/worksheets/sheet1.xml', zeros))).toBe('compression ratio');
    expect(await zipProblem(zipOf('xl/worksheets/sheet1.xml', zeros, { declared: 1000 }))).toBe('inflates past the limit');
  });
  it('refuses a total over the limit and garbage', async () => {
    const noise = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const small = { maxTotal: 2 * 1024 * 1024, maxRatio: 100, maxEntries: 10, ratioGrace: 1024 };
    expect(await zipProblem(zipOf('a', noise), small)).toBe('total size');
    expect(await zipProblem(zipOf('a', noise, { declared: 100 }), small)).toBe('inflates past the limit');
    expect(await zipProblem(Buffer.from('PK\x03\x04 not really a zip'))).toBe('no end of central directory');
  });
});

describe('money and addresses', () => {
  it('computes in cents', () => {
    expect(formatCents(toCents('168.00') * 3n)).toBe('504.00');
    expect(formatCents(toCents('0.1') + toCents('0.2'))).toBe('0.30');
    expect(formatCents(toCents('412.5') * 99999n)).toBe('41249587.50');
    expect(toCents(12.5)).toBe(1250n);
    expect(toCents('-3.07')).toBe(-307n);
  });
  it('lists provinces, cities and counties with national codes', () => {
    const p = provinces();
    expect(p.length).toBe(31);
    expect(p).toContainEqual({ id: '31', name: '上海市' });
    expect(cities('31')).toEqual([{ id: '3101', name: '上海市' }]);
    expect(cities('33')).toContainEqual({ id: '3301', name: '杭州市' });
    expect(counties('3101')).toContainEqual({ id: '310115', name: '浦东新区' });
    expect(cities('99')).toBeUndefined();
    expect(counties('9999')).toBeUndefined();
  });
});
