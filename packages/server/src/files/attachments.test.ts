import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { generated, multipart, SAMPLES, tempStorage, testWorker, type FilePart } from './testing.ts';

const MB = 1024 * 1024;

describe('attachments', () => {
  let portal: Portal;
  let store: Awaited<ReturnType<typeof tempStorage>>;
  let tok: Record<'station1' | 'station2' | 'admin', string>;
  let worker1: string; // a worker of station SH001 (station1)
  let worker2: string; // a worker of station ZJ001 (station2)
  let station1: string;
  let productId: string;

  beforeAll(async () => {
    store = await tempStorage();
    portal = await testPortal(store.cfg);
    const { db } = portal;
    station1 = (await db.one<{ id: string }>("SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = 'SH001'"))!.id;
    worker1 = await testWorker(db, 'SH001', 'T-ATT-001');
    worker2 = await testWorker(db, 'ZJ001', 'T-ATT-002');
    productId = (await db.one<{ id: string }>(
      `INSERT INTO product (name, productnumber, new_state, price) VALUES ('测试附件产品', 'T-ATT-P1', 0, 10) RETURNING productid AS id`,
    ))!.id;
    tok = {
      station1: (await signIn(portal.app, 'station1')).access_token,
      station2: (await signIn(portal.app, 'station2')).access_token,
      admin: (await signIn(portal.app, 'admin')).access_token,
    };
  });
  afterAll(async () => {
    await portal?.close();
    await store?.remove();
  });

  const upload = (who: keyof typeof tok, fields: Record<string, string>, file?: FilePart, lang = 'zh-CN') => {
    const body = multipart(fields, file);
    return portal.app.inject({
      method: 'POST',
      url: '/api/attachment/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(tok[who]), 'accept-language': lang },
    });
  };
  const get = (who: keyof typeof tok, url: string) => portal.app.inject({ method: 'GET', url, headers: bearer(tok[who]) });
  const list = (who: keyof typeof tok, moduleType: string, objectId: string) =>
    get(who, `/api/attachment?moduleType=${moduleType}&objectId=${objectId}`);
  const fields = (objectId: string, fileName: string, extra: Record<string, string> = {}) => ({
    ModuleType: 'new_srv_worker',
    FileId: '',
    FileName: fileName,
    ObjectId: objectId,
    IsOverwrite: '0',
    ...extra,
  });
  const rowCount = async () => (await portal.db.one<{ n: number }>('SELECT count(*)::int AS n FROM file_attachment'))!.n;

  it('uploads, lists and downloads a file of my own record; the bytes are in the storage folder under a uuid key', async () => {
    const res = await upload(
      'station1',
      { ...fields(worker1, '维修现场.png'), Title: '现场照片', Remark: '更换滤芯前' },
      { name: 'ignored.png', content: SAMPLES.png, type: 'image/png' },
    );
    expect(res.statusCode).toBe(200);
    const d = res.json().Data;
    expect(res.json().ErrorCode).toBe(0);
    expect(d).toEqual({ Id: expect.any(String), FileName: '维修现场.png', FileSize: SAMPLES.png.length });

    const l = await list('station1', 'new_srv_worker', worker1);
    expect(l.statusCode).toBe(200);
    expect(l.json().Data).toEqual([
      expect.objectContaining({
        Id: d.Id,
        FileName: '维修现场.png',
        FileSize: SAMPLES.png.length,
        ContentType: 'image/png',
        Title: '现场照片',
        Remark: '更换滤芯前',
        CreatedBy: '陈志强',
        CreatedOn: expect.any(String),
      }),
    ]);

    const dl = await get('station1', `/api/attachment/download/new_srv_worker/${d.Id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(SAMPLES.png)).toBe(true);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-disposition']).toBe(`inline; filename="____.png"; filename*=UTF-8''${encodeURIComponent('维修现场.png')}`);

    const files = await store.files();
    expect(files.length).toBe(1);
    expect(files[0]).toMatch(/att\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(files[0]).not.toContain('维修');
  });

  it('sends other types as attachments, with the Chinese name in filename*', async () => {
    const res = await upload('station1', fields(worker1, '保养报告 2026.pdf'), { name: 'x.pdf', content: SAMPLES.pdf });
    expect(res.statusCode).toBe(200);
    const dl = await get('station1', `/api/attachment/download/new_srv_worker/${res.json().Data.Id}`);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="____ 2026.pdf"; filename*=UTF-8''%E4%BF%9D%E5%85%BB%E6%8A%A5%E5%91%8A%202026.pdf`,
    );
  });

  it('another station cannot list, download, upload to or delete attachments of my record', async () => {
    const mine = (await list('station1', 'new_srv_worker', worker1)).json().Data as { Id: string }[];
    expect(mine.length).toBeGreaterThan(0);
    const id = mine[0].Id;
    expect((await list('station2', 'new_srv_worker', worker1)).statusCode).toBe(404);
    expect((await get('station2', `/api/attachment/download/new_srv_worker/${id}`)).statusCode).toBe(404);
    expect((await get('station2', `/api/attachment/delete/new_srv_worker/${id}`)).statusCode).toBe(404);
    const up = await upload('station2', fields(worker1, 'x.png'), { name: 'x.png', content: SAMPLES.png });
    expect(up.statusCode).toBe(404);
    expect(up.json().ErrorCode).toBe(-1);
    // …while their own record works, and the file is still mine.
    expect((await upload('station2', fields(worker2, 'x.png'), { name: 'x.png', content: SAMPLES.png })).statusCode).toBe(200);
    expect((await list('station1', 'new_srv_worker', worker1)).json().Data.length).toBe(mine.length);
    // Without a bearer token nothing is served.
    expect((await portal.app.inject({ method: 'GET', url: `/api/attachment/download/new_srv_worker/${id}` })).statusCode).toBe(401);
  });

  it('head office reads attachments of any station; a station user cannot write a record type it may only read', async () => {
    expect((await list('admin', 'new_srv_worker', worker1)).json().Data.length).toBeGreaterThan(0);
    // station1 holds station.read but not station.write: listing works, uploading is refused.
    expect((await list('station1', 'new_srv_station', station1)).statusCode).toBe(200);
    const up = await upload(
      'station1',
      { ...fields(station1, 'a.png'), ModuleType: 'new_srv_station' },
      { name: 'a.png', content: SAMPLES.png },
    );
    expect(up.statusCode).toBe(403);
    expect(up.json()).toMatchObject({ ErrorCode: -1, Message: '您没有权限访问该资源.' });
  });

  it('refuses entities without attachments and unknown module types', async () => {
    const r = await upload('admin', { ...fields(worker1, 'a.png'), ModuleType: 'new_cartitem' }, { name: 'a.png', content: SAMPLES.png });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorCode: -1, Message: '该类单据不支持附件：new_cartitem' });
    expect((await list('admin', 'systemuser', worker1)).statusCode).toBe(400);
    expect((await list('admin', 'nothing', worker1)).statusCode).toBe(400);
  });

  it('limits service-domain attachments to 3M while streaming: nothing is kept', async () => {
    const before = await store.files();
    const rows = await rowCount();
    const ok3 = await upload('station1', fields(worker1, 'exactly-3m.pdf'), { name: 'a.pdf', content: generated(SAMPLES.pdf, 3 * MB) });
    expect(ok3.statusCode).toBe(200);
    expect(ok3.json().Data.FileSize).toBe(3 * MB);
    const r = await upload('station1', fields(worker1, 'big.pdf'), { name: 'big.pdf', content: generated(SAMPLES.pdf, 3 * MB + 1) });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ ErrorCode: -1, Message: '附件大小不能超过 3M', Data: null });
    const en = await upload('station1', fields(worker1, 'big.pdf'), { name: 'big.pdf', content: generated(SAMPLES.pdf, 4 * MB) }, 'en-US');
    expect(en.json().Message).toBe('Attachment must be under 3M');
    expect(await rowCount()).toBe(rows + 1);
    expect((await store.files()).length).toBe(before.length + 1);
    expect((await store.files()).some((f) => f.endsWith('.part'))).toBe(false);
  });

  it('limits other attachments to 50MB (streamed, never held whole)', async () => {
    const before = (await store.files()).length;
    const big = await upload(
      'admin',
      { ModuleType: 'product', ObjectId: productId, FileName: '产品手册.pdf', IsOverwrite: '0' },
      { name: 'm.pdf', content: generated(SAMPLES.pdf, 50 * MB + 1) },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ ErrorCode: -1, Message: '上传文件大小不能超过 50MB!', Data: null });
    expect((await store.files()).length).toBe(before);
    // 5 MB is fine on a product (the 3M rule is for the service domain only).
    const ok = await upload(
      'admin',
      { ModuleType: 'product', ObjectId: productId, FileName: '产品手册.pdf', IsOverwrite: '0' },
      { name: 'm.pdf', content: generated(SAMPLES.pdf, 5 * MB) },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('checks the type by content: lies, executables, HTML and unknown binaries are refused', async () => {
    const rows = await rowCount();
    const cases: [string, Buffer, number, string][] = [
      ['photo.png', SAMPLES.pdf, 415, '文件扩展名与文件内容不符'],
      ['report.pdf', SAMPLES.png, 415, '文件扩展名与文件内容不符'],
      ['setup.pdf', SAMPLES.exe, 415, '不允许上传可执行文件'],
      ['tool.png', SAMPLES.elf, 415, '不允许上传可执行文件'],
      ['page.txt', SAMPLES.html, 415, '不允许上传网页（HTML）文件'],
      ['data.txt', SAMPLES.binary, 415, '不支持的文件类型，请上传图片、PDF、Office 文档、文本、压缩包或视频文件'],
      ['page.html', SAMPLES.html, 415, '不支持的文件类型，请上传图片、PDF、Office 文档、文本、压缩包或视频文件'],
      ['run.exe', SAMPLES.exe, 415, '不支持的文件类型，请上传图片、PDF、Office 文档、文本、压缩包或视频文件'],
      ['noext', SAMPLES.png, 415, '不支持的文件类型，请上传图片、PDF、Office 文档、文本、压缩包或视频文件'],
    ];
    for (const [name, content, status, message] of cases) {
      const r = await upload('station1', fields(worker1, name), { name, content, type: 'image/png' });
      expect(r.statusCode, name).toBe(status);
      expect(r.json(), name).toEqual({ ErrorCode: -1, Message: message, Data: null });
    }
    // A text file that turns binary after the sniffed head is caught at the end.
    const sneaky = Buffer.concat([Buffer.alloc(8192, 0x41), Buffer.from([0, 1, 2])]);
    const r = await upload('station1', fields(worker1, 'late.txt'), { name: 'late.txt', content: sneaky });
    expect(r.json().Message).toBe('文本文件须为 UTF-8 编码且不含二进制内容');
    expect(await rowCount()).toBe(rows);
    expect((await upload('station1', fields(worker1, '记录.txt'), { name: 'a.txt', content: SAMPLES.txt })).statusCode).toBe(200);
  });

  it('refuses a second file of the same name unless IsOverwrite=1, which replaces it (same Id, old bytes gone)', async () => {
    const first = await upload('station1', fields(worker1, 'nameplate.jpg'), { name: 'a.jpg', content: SAMPLES.jpeg });
    const id = first.json().Data.Id;
    const dup = await upload('station1', fields(worker1, 'nameplate.jpg'), { name: 'a.jpg', content: SAMPLES.jpeg });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().Message).toBe('请勿重复上传同一文件：nameplate.jpg');
    const filesBefore = await store.files();
    const bigger = Buffer.concat([SAMPLES.jpeg, Buffer.alloc(500, 9)]);
    const over = await upload('station1', fields(worker1, 'nameplate.jpg', { IsOverwrite: '1', Title: '铭牌' }), {
      name: 'a.jpg',
      content: bigger,
    });
    expect(over.statusCode).toBe(200);
    expect(over.json().Data).toEqual({ Id: id, FileName: 'nameplate.jpg', FileSize: bigger.length });
    const filesAfter = await store.files();
    expect(filesAfter.length).toBe(filesBefore.length);
    expect(filesAfter).not.toEqual(filesBefore);
    const dl = await get('station1', `/api/attachment/download/new_srv_worker/${id}`);
    expect(dl.rawPayload.length).toBe(bigger.length);
    const listed = (await list('station1', 'new_srv_worker', worker1)).json().Data as { Id: string; FileName: string; Title: string }[];
    expect(listed.filter((a) => a.FileName === 'nameplate.jpg')).toEqual([expect.objectContaining({ Id: id, Title: '铭牌' })]);
    // FileId names the attachment to replace, whatever the new name.
    const byId = await upload('station1', fields(worker1, 'nameplate-v2.png', { FileId: id }), { name: 'b.png', content: SAMPLES.png });
    expect(byId.json().Data).toEqual({ Id: id, FileName: 'nameplate-v2.png', FileSize: SAMPLES.png.length });
  });

  it('serves SVG inline but sandboxed, so scripts in it cannot run', async () => {
    const r = await upload('station1', fields(worker1, 'diagram.svg'), { name: 'diagram.svg', content: SAMPLES.svg });
    expect(r.statusCode).toBe(200);
    const dl = await get('station1', `/api/attachment/download/new_srv_worker/${r.json().Data.Id}`);
    expect(dl.headers['content-type']).toBe('image/svg+xml');
    expect(dl.headers['content-disposition']).toMatch(/^inline;/);
    expect(String(dl.headers['content-security-policy'])).toMatch(/\bsandbox\b/);
    expect(String(dl.headers['content-security-policy'])).toMatch(/default-src 'none'/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
  });

  it('deletes (GET, bearer required): row and bytes gone; a second delete is 404', async () => {
    const r = await upload('station1', fields(worker1, 'to-delete.txt'), { name: 'd.txt', content: SAMPLES.txt });
    const id = r.json().Data.Id;
    const key = (await portal.db.one<{ k: string }>('SELECT storage_key AS k FROM file_attachment WHERE id = $1', [id]))!.k;
    const path = `${store.dir}/${key}`;
    expect(existsSync(path)).toBe(true);
    expect((await portal.app.inject({ method: 'GET', url: `/api/attachment/delete/new_srv_worker/${id}` })).statusCode).toBe(401);
    const del = await get('station1', `/api/attachment/delete/new_srv_worker/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().ErrorCode).toBe(0);
    expect(existsSync(path)).toBe(false);
    expect((await get('station1', `/api/attachment/delete/new_srv_worker/${id}`)).statusCode).toBe(404);
    expect((await get('station1', `/api/attachment/download/new_srv_worker/${id}`)).statusCode).toBe(404);
    // The module type is part of the address: the same id under another type is not found.
    const other = (await upload('station1', fields(worker1, 'kept.txt'), { name: 'k.txt', content: SAMPLES.txt })).json().Data.Id;
    expect((await get('admin', `/api/attachment/download/product/${other}`)).statusCode).toBe(404);
  });

  it('answers upload mistakes with ErrorCode -1 and a message', async () => {
    const noFile = await upload('station1', fields(worker1, 'x.png'));
    expect(noFile.json()).toEqual({ ErrorCode: -1, Message: '请选择文件', Data: null });
    const empty = await upload('station1', fields(worker1, 'empty.txt'), { name: 'e.txt', content: Buffer.alloc(0) });
    expect(empty.json()).toMatchObject({ ErrorCode: -1, Message: '请选择文件' });
    const badId = await upload('station1', fields('not-a-guid', 'x.png'), { name: 'x.png', content: SAMPLES.png });
    expect(badId.json()).toMatchObject({ ErrorCode: -1, Message: '上传参数不正确：ObjectId' });
    const notMultipart = await portal.app.inject({
      method: 'POST',
      url: '/api/attachment/upload',
      payload: { a: 1 },
      headers: bearer(tok.station1),
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().ErrorCode).toBe(-1);
    // A path in the name is only a label: the last segment is kept.
    const path = await upload('station1', fields(worker1, '../../etc/passwd.txt'), { name: 'p.txt', content: SAMPLES.txt });
    expect(path.json().Data.FileName).toBe('passwd.txt');
  });
});

describe('direct uploads with signed URLs (local storage)', () => {
  let portal: Portal;
  let store: Awaited<ReturnType<typeof tempStorage>>;
  let token: string;
  let worker: string;

  beforeAll(async () => {
    store = await tempStorage();
    portal = await testPortal(store.cfg);
    worker = await testWorker(portal.db, 'SH001', 'T-VID-001', '视频测试');
    token = (await signIn(portal.app, 'station1')).access_token;
  });
  afterAll(async () => {
    await portal?.close();
    await store?.remove();
  });

  const sign = (body: Record<string, unknown>) =>
    portal.app.inject({
      method: 'POST',
      url: '/api/upload/sign',
      payload: { ModuleType: 'new_srv_worker', ObjectId: worker, ContentType: 'video/mp4', ...body },
      headers: bearer(token),
    });
  const put = (url: string, body: Buffer, type = 'video/mp4') =>
    portal.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': type } });
  const complete = (ticket: string) =>
    portal.app.inject({ method: 'POST', url: '/api/upload/complete', payload: { ticket }, headers: bearer(token) });

  it('signs, takes the PUT once, registers the attachment; complete is idempotent', async () => {
    const s = await sign({ FileName: '故障现象.mp4', FileSize: SAMPLES.mp4.length });
    expect(s.statusCode).toBe(200);
    const d = s.json().Data;
    expect(d).toEqual({
      url: `/api/upload/direct/${d.ticket}`,
      method: 'PUT',
      headers: { 'Content-Type': 'video/mp4' },
      expiresAt: expect.any(String),
      ticket: expect.any(String),
    });
    const ttl = new Date(d.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    const r = await put(d.url, SAMPLES.mp4);
    expect(r.statusCode).toBe(200);
    const att = r.json().Data;
    expect(att).toEqual({ Id: expect.any(String), FileName: '故障现象.mp4', FileSize: SAMPLES.mp4.length });
    // Single use.
    const again = await put(d.url, SAMPLES.mp4);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ ErrorCode: -1, Message: '上传链接无效、已使用或已过期，请重新上传', Data: null });
    expect((await complete(d.ticket)).json().Data).toEqual(att);
    expect((await complete(d.ticket)).json().Data).toEqual(att);
    const listed = (
      await portal.app.inject({
        method: 'GET',
        url: `/api/attachment?moduleType=new_srv_worker&objectId=${worker}`,
        headers: bearer(token),
      })
    ).json().Data;
    expect(listed).toEqual([expect.objectContaining({ Id: att.Id, ContentType: 'video/mp4' })]);
  });

  it('refuses expired and forged tickets, sizes other than announced and content that lies', async () => {
    const s1 = (await sign({ FileName: 'a.mp4', FileSize: SAMPLES.mp4.length })).json().Data;
    await portal.db.query("UPDATE file_upload_ticket SET expires_at = now() - interval '1 second'");
    expect((await put(s1.url, SAMPLES.mp4)).statusCode).toBe(400);

    const s2 = (await sign({ FileName: 'b.mp4', FileSize: SAMPLES.mp4.length })).json().Data;
    const forged = s2.ticket.replace(/\.(.)/, (_m: string, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    expect((await put(`/api/upload/direct/${forged}`, SAMPLES.mp4)).statusCode).toBe(400);
    expect((await put(`/api/upload/direct/${s2.ticket.split('.')[0]}`, SAMPLES.mp4)).statusCode).toBe(400);

    const s3 = (await sign({ FileName: 'c.mp4', FileSize: 100 })).json().Data;
    const tooBig = await put(s3.url, SAMPLES.mp4);
    expect(tooBig.json().Message).toBe('文件大小与申请上传时不符');

    const s4 = (await sign({ FileName: 'd.mp4', FileSize: SAMPLES.pdf.length })).json().Data;
    const lie = await put(s4.url, SAMPLES.pdf);
    expect(lie.statusCode).toBe(415);
    expect(lie.json().Message).toBe('文件扩展名与文件内容不符');
    expect(
      (await portal.db.one<{ n: number }>(
        "SELECT count(*)::int AS n FROM file_attachment WHERE file_name IN ('a.mp4','b.mp4','c.mp4','d.mp4')",
      ))!.n,
    ).toBe(0);
    expect((await store.files()).length).toBe(1);
    // A ticket of another user cannot be completed by me, nor a made-up one.
    expect((await complete(`00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`)).statusCode).toBe(400);
  });

  it('applies the video rules: formats and 5000MB; other files the 3M/50MB rule', async () => {
    const bad = await sign({ FileName: 'clip.mkv', FileSize: 1000, ContentType: 'video/x-matroska' });
    expect(bad.statusCode).toBe(415);
    expect(bad.json()).toEqual({ ErrorCode: -1, Message: '请上传正确的视频格式', Data: null });
    for (const ext of ['mp4', 'ogg', 'flv', 'avi', 'wmv', 'rmvb', 'mov']) {
      expect((await sign({ FileName: `clip.${ext}`, FileSize: 5000 * 1024 * 1024 })).statusCode, ext).toBe(200);
    }
    const huge = await sign({ FileName: 'clip.mp4', FileSize: 5000 * 1024 * 1024 + 1 });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().Message).toBe('视频大小不能超过5000MB');
    const doc = await sign({ FileName: 'manual.pdf', FileSize: 3 * 1024 * 1024 + 1, ContentType: 'application/pdf' });
    expect(doc.json().Message).toBe('附件大小不能超过 3M');
    const exe = await sign({ FileName: 'setup.exe', FileSize: 10, ContentType: 'application/octet-stream' });
    expect(exe.statusCode).toBe(415);
  });

  it('signing needs write access to the record', async () => {
    const t2 = (await signIn(portal.app, 'station2')).access_token;
    const r = await portal.app.inject({
      method: 'POST',
      url: '/api/upload/sign',
      headers: bearer(t2),
      payload: { ModuleType: 'new_srv_worker', ObjectId: worker, FileName: 'x.mp4', FileSize: 10, ContentType: 'video/mp4' },
    });
    expect(r.statusCode).toBe(404);
    expect(r.json().ErrorCode).toBe(-1);
  });
});
