import { contentAudience, contentState, downloadCategory, techFileType } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { seedContentDemo } from '../demo/content.ts';
import { multipart, SAMPLES, tempStorage } from '../files/testing.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { done, refused } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';

let p: Portal;
let store: Awaited<ReturnType<typeof tempStorage>>;
const tok: Record<string, string> = {};
type Who = 'station1' | 'store1' | 'hq' | 'engineer1';

// store1 signs in on the store portal's host.
const STORE = { host: 'store.test:8080' };
const api = (who: Who, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang, ...(who === 'store1' ? STORE : {}) } });
const enc = encodeURIComponent;
const names = async (who: Who, set: string, filter?: string) => {
  const res = await api(who, 'GET', `/api/crmdata/Retrieve/${set}?$select=new_name&$top=500${filter ? `&$filter=${enc(filter)}` : ''}`);
  return done<{ value: { new_name: string }[] }>(res).value.map((r) => r.new_name);
};
const count = async (id: string) =>
  (await p.db.one<{ n: number }>('SELECT new_downloadcount AS n FROM new_filedownload WHERE new_filedownloadid = $1', [id]))!.n;

/** A new draft of head office with `file` attached. */
async function draft(name: string, audience: number = contentAudience.all, file?: { name: string; content: Buffer }) {
  const id = done<{ id: string }>(
    await api('hq', 'POST', '/api/crmdata/create/new_filedownloads', {
      new_name: name,
      new_category: downloadCategory.manual,
      new_audience: audience,
      new_version: 'V1.0',
    }),
  ).id;
  if (file) {
    const body = multipart(
      { ModuleType: 'new_filedownload', ObjectId: id, FileName: file.name, IsOverwrite: '0' },
      { name: file.name, content: file.content },
    );
    const up = await p.app.inject({
      method: 'POST',
      url: '/api/attachment/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(tok.hq) },
    });
    expect(up.statusCode, up.body).toBe(200);
  }
  return id;
}
const publish = (id: string, who: Who = 'hq') => api(who, 'POST', `/api/content/filedownload/${id}/publish`);

beforeAll(async () => {
  store = await tempStorage();
  p = await testPortal({ ...store.cfg, storeHosts: ['store.test'] });
  await seedContentDemo(p.db, p.services.storage);
  for (const u of ['station1', 'store1', 'hq', 'engineer1'] as const)
    tok[u] = (await signIn(p.app, u, u === 'store1' ? STORE : {})).access_token;
});
afterAll(async () => {
  await p?.close();
  await store?.remove();
});

describe('download centre and technical files', () => {
  it('the demo has published documents of every category, a draft and a retired one, and technical files over several product lines', async () => {
    const { rows } = await p.db.query<{ state: number; n: number }>(
      'SELECT new_state AS state, count(*)::int AS n FROM new_filedownload GROUP BY 1 ORDER BY 1',
    );
    expect(rows.find((r) => r.state === contentState.published)!.n).toBeGreaterThanOrEqual(10);
    expect(rows.map((r) => r.state)).toEqual([contentState.draft, contentState.published, contentState.retired]);
    const lines = await p.db.one<{ n: number; files: number }>(
      `SELECT count(DISTINCT new_productline_id)::int AS n, count(*)::int AS files FROM new_techfile WHERE new_state = ${contentState.published}`,
    );
    expect(lines!.n).toBeGreaterThanOrEqual(4);
    expect(lines!.files).toBeGreaterThanOrEqual(7);
  });

  it('a station sees published documents for the network or everyone; a store those for stores or everyone; head office all, drafts included', async () => {
    const station = await names('station1', 'new_filedownloads');
    const stores = await names('store1', 'new_filedownloads');
    const hq = await names('hq', 'new_filedownloads');
    expect(station).toContain('华辰 HC-75 螺杆空压机安装手册');
    expect(station).toContain('2026 年配件价格表（服务站版）');
    expect(station).not.toContain('2026 年门店零售价格表');
    expect(station).not.toContain('2027 年配件价格表（征求意见稿）');
    expect(station).not.toContain('2025 年配件价格表');
    expect(stores).toContain('2026 年门店零售价格表');
    expect(stores).toContain('华辰 HC-75 螺杆空压机安装手册');
    expect(stores).not.toContain('2026 年配件价格表（服务站版）');
    expect(hq).toEqual(expect.arrayContaining(['2027 年配件价格表（征求意见稿）', '2025 年配件价格表', '2026 年门店零售价格表']));
    // A draft by id, its attachments and its download: not found for a station.
    const d = (await p.db.one<{ id: string }>(
      `SELECT new_filedownloadid AS id FROM new_filedownload WHERE new_state = ${contentState.draft} LIMIT 1`,
    ))!.id;
    expect((await api('station1', 'GET', `/api/crmdata/Retrieve/new_filedownloads(${d})`)).statusCode).toBe(404);
    expect((await api('station1', 'GET', `/api/attachment?moduleType=new_filedownload&objectId=${d}`)).statusCode).toBe(404);
    expect((await api('station1', 'GET', `/api/content/filedownload/${d}/download`)).statusCode).toBe(404);
    expect((await api('hq', 'GET', `/api/crmdata/Retrieve/new_filedownloads(${d})`)).statusCode).toBe(200);
  });

  it('technical files filter by product line; an engineer sees the published ones only', async () => {
    const line = (await p.db.one<{ id: string }>(`SELECT new_productlineid AS id FROM new_productline WHERE new_code = 'PL-HYD'`))!.id;
    const hyd = await names('engineer1', 'new_techfiles', `new_productline_id eq ${line}`);
    expect(hyd.sort()).toEqual(['柱塞变量泵结构图纸', '液压油缸维修手册'].sort());
    const all = await names('engineer1', 'new_techfiles');
    expect(all).not.toContain('电气控制系统升级说明（草稿）');
    expect(await names('engineer1', 'new_techfiles', `new_filetype eq ${techFileType.wiring}`)).toEqual(['PLC 控制柜电气原理图']);
  });

  it('a station may not create, publish or retire (403); nothing changes', async () => {
    const id = await draft('安装手册（待发布）', contentAudience.all, { name: '安装手册.pdf', content: SAMPLES.pdf });
    expect(
      (await api('station1', 'POST', '/api/crmdata/create/new_filedownloads', { new_name: 'x', new_category: 1, new_audience: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await publish(id, 'station1')).statusCode).toBe(403);
    expect((await api('station1', 'POST', `/api/content/filedownload/${id}/retire`)).statusCode).toBe(403);
    expect((await p.db.one<{ s: number }>('SELECT new_state AS s FROM new_filedownload WHERE new_filedownloadid = $1', [id]))!.s).toBe(
      contentState.draft,
    );
  });

  it('head office publishes a draft only with its file; the station then sees and downloads it; retired it is gone again', async () => {
    const bare = await draft('无文件的资料');
    refused(await publish(bare), '请先在“附件”中上传文件，再发布');
    refused(
      await api('hq', 'POST', `/api/content/filedownload/${bare}/publish`, undefined, 'en-US'),
      'Upload the file under Attachments before publishing',
    );
    const id = await draft('华辰 HC-90 空压机安装手册', contentAudience.network, { name: 'HC-90 安装手册.pdf', content: SAMPLES.pdf });
    expect(await names('station1', 'new_filedownloads', "new_name eq '华辰 HC-90 空压机安装手册'")).toEqual([]);
    done(await publish(id), '已发布');
    refused(await publish(id), '只有草稿或已下架的资料可以发布');
    const row = (await p.db.one<Record<string, unknown>>('SELECT * FROM new_filedownload WHERE new_filedownloadid = $1', [id]))!;
    expect(row).toMatchObject({
      new_state: contentState.published,
      new_filename: 'HC-90 安装手册.pdf',
      new_filesize: `${SAMPLES.pdf.length} B`,
      new_contenttype: 'application/pdf',
      new_downloadcount: 0,
    });
    expect(row.new_publishedon).toBeTruthy();
    expect(await names('station1', 'new_filedownloads', "new_name eq '华辰 HC-90 空压机安装手册'")).toEqual(['华辰 HC-90 空压机安装手册']);
    // A station cannot delete it; head office cannot delete a published one either.
    expect((await api('station1', 'POST', `/api/crmdata/delete/new_filedownloads(${id})`)).statusCode).toBe(403);
    refused(await api('hq', 'POST', `/api/crmdata/delete/new_filedownloads(${id})`), '只有草稿可以删除');
    done(await api('hq', 'POST', `/api/content/filedownload/${id}/retire`), '已下架');
    expect((await api('station1', 'GET', `/api/content/filedownload/${id}/download`)).statusCode).toBe(404);
    expect(await names('station1', 'new_filedownloads', "new_name eq '华辰 HC-90 空压机安装手册'")).toEqual([]);
  });

  it('a download answers the file as an attachment with its type and counts exactly one; a preview is inline and not counted', async () => {
    const id = await draft('延保服务申请表（测试）', contentAudience.all, { name: '延保服务申请表.pdf', content: SAMPLES.pdf });
    done(await publish(id));
    const before = await count(id);
    const dl = await api('station1', 'GET', `/api/content/filedownload/${id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="_______.pdf"; filename*=UTF-8''${enc('延保服务申请表.pdf')}`);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    expect(await count(id)).toBe(before + 1);
    const pv = await api('store1', 'GET', `/api/content/filedownload/${id}/preview`);
    expect(pv.statusCode).toBe(200);
    expect(pv.headers['content-disposition']).toMatch(/^inline; /);
    expect(pv.headers['content-type']).toBe('application/pdf');
    expect(await count(id)).toBe(before + 1);
  });

  it('five downloads at once count five', async () => {
    const id = (await p.db.one<{ id: string }>(
      `SELECT new_filedownloadid AS id FROM new_filedownload WHERE new_name = '华辰 HC-75 螺杆空压机安装手册'`,
    ))!.id;
    const before = await count(id);
    const all = await Promise.all(Array.from({ length: 5 }, () => api('station1', 'GET', `/api/content/filedownload/${id}/download`)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(all.every((r) => r.rawPayload.subarray(0, 5).toString() === '%PDF-')).toBe(true);
    expect(await count(id)).toBe(before + 5);
  });

  it("a spreadsheet is never previewed (refused in the user's language), only downloaded; a technical file downloads and counts too", async () => {
    const xlsx = (await p.db.one<{ id: string }>(
      `SELECT new_filedownloadid AS id FROM new_filedownload WHERE new_name = '2026 年配件价格表（服务站版）'`,
    ))!.id;
    refused(await api('station1', 'GET', `/api/content/filedownload/${xlsx}/preview`), '此类文件不能在线预览，请下载后查看');
    refused(
      await api('station1', 'GET', `/api/content/filedownload/${xlsx}/preview`, undefined, 'en-US'),
      'This kind of file cannot be previewed; download it to open it',
    );
    const dl = await api('station1', 'GET', `/api/content/filedownload/${xlsx}/download`);
    expect(dl.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(dl.headers['content-disposition']).toMatch(/^attachment; /);
    const tf = (await p.db.one<{ id: string; n: number }>(
      `SELECT new_techfileid AS id, new_downloadcount AS n FROM new_techfile WHERE new_name = 'PLC 控制柜电气原理图'`,
    ))!;
    expect((await api('engineer1', 'GET', `/api/content/file/${tf.id}/download`)).statusCode).toBe(200);
    expect((await p.db.one<{ n: number }>('SELECT new_downloadcount AS n FROM new_techfile WHERE new_techfileid = $1', [tf.id]))!.n).toBe(
      tf.n + 1,
    );
    const draftTf = (await p.db.one<{ id: string }>(
      `SELECT new_techfileid AS id FROM new_techfile WHERE new_state = ${contentState.draft} LIMIT 1`,
    ))!.id;
    expect((await api('engineer1', 'GET', `/api/content/file/${draftTf}/preview`)).statusCode).toBe(404);
  });
});
