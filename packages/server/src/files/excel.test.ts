import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { multipart, WORKER_HEADER, workbook, workerRows } from './testing.ts';

let portal: Portal;
let tok: Record<'station1' | 'admin' | 'engineer1', string>;

beforeAll(async () => {
  portal = await testPortal();
  tok = {
    station1: (await signIn(portal.app, 'station1')).access_token,
    admin: (await signIn(portal.app, 'admin')).access_token,
    engineer1: (await signIn(portal.app, 'engineer1')).access_token,
  };
});
afterAll(() => portal?.close());

const importFile = (who: keyof typeof tok, bytes: Buffer, name = 'workers.xlsx', set = 'new_srv_workers', lang = 'zh-CN') => {
  const body = multipart({}, { name, content: bytes, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  return portal.app.inject({
    method: 'POST',
    url: `/api/excel/import/${set}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok[who]), 'accept-language': lang },
  });
};
const workers = async () => (await portal.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_srv_worker'))!.n;

describe('Excel template', () => {
  it('has the writable main-form fields as labelled headers and an instructions sheet', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/excel/template/new_srv_workers', headers: bearer(tok.station1) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('服务人员导入模板.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [data, help] = wb.worksheets;
    const header = (data.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['姓名', '工号', '性别', '服务站']);
    expect(header).toEqual(expect.arrayContaining(['手机号码', '技能', '岗位', '学历']));
    expect(header).not.toContain('照片'); // an image cannot be imported
    expect(header).not.toContain('当前负荷'); // read-only
    expect(data.actualRowCount).toBe(1);
    expect(help.name).toBe('说明');
    const helpText = JSON.stringify(help.getSheetValues());
    expect(helpText).toContain('1 = 男；2 = 女');
    expect(helpText).toContain('5000');
  });

  it("speaks the caller's language and needs the write privilege", async () => {
    const en = await portal.app.inject({
      method: 'GET',
      url: '/api/excel/template/new_srv_workers',
      headers: { ...bearer(tok.station1), 'accept-language': 'en-US' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1, 3)).toEqual(['Name', 'Code']);
    expect(wb.worksheets[1].name).toBe('Instructions');
    expect(
      (await portal.app.inject({ method: 'GET', url: '/api/excel/template/new_srv_workers', headers: bearer(tok.engineer1) })).statusCode,
    ).toBe(403);
    expect((await portal.app.inject({ method: 'GET', url: '/api/excel/template/nothing', headers: bearer(tok.admin) })).statusCode).toBe(
      404,
    );
  });
});

describe('Excel import', () => {
  it('imports 5000 rows in one go, on the station of the station user', async () => {
    const before = await workers();
    const bytes = await workbook(WORKER_HEADER, workerRows(5000, 'BULK'));
    const t0 = performance.now();
    const res = await importFile('station1', bytes);
    const ms = performance.now() - t0;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ErrorCode: 0, Message: '成功导入 5000 条记录', Data: { imported: 5000 } });
    expect(await workers()).toBe(before + 5000);
    const sample = await portal.db.one<{
      new_sex: number;
      new_job: number;
      new_educationlevel: number;
      new_workyear: number;
      new_phone: string;
      station: string;
      owner: string;
    }>(
      `SELECT w.new_sex, w.new_job, w.new_educationlevel, w.new_workyear, w.new_phone, s.new_code AS station, u.domainname AS owner
         FROM new_srv_worker w JOIN new_srv_station s ON s.new_srv_stationid = w.new_station_id JOIN systemuser u ON u.systemuserid = w.createdby
        WHERE w.new_code = 'BULK00001'`,
    );
    expect(sample).toEqual({
      new_sex: 2,
      new_job: 1,
      new_educationlevel: 2,
      new_workyear: 0,
      new_phone: '13910000000',
      station: 'SH001',
      owner: 'station1',
    });
    console.info(`[excel] 5000-row import through app.inject: ${ms.toFixed(0)} ms`);
  });

  // The row limit (5,001 refused, nothing written) is proven once, on a 500,852-row file: excel-stream.test.ts.

  it('refuses the whole file when a row is wrong, with Excel row numbers', async () => {
    const before = await workers();
    const rows = workerRows(6, 'BAD');
    rows[1][6] = '12345'; // Excel row 3: phone
    rows[3][2] = '外星人'; // Excel row 5: sex
    rows[4][1] = ''; // Excel row 6: code missing
    const res = await importFile('station1', await workbook(WORKER_HEADER, rows));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.ErrorCode).toBe(-1);
    expect(body.Data).toEqual({
      total: 3,
      errors: [
        { row: 3, field: '手机号码', message: '第 3 行：手机号码格式不正确' },
        { row: 5, field: '性别', message: '第 5 行：性别“外星人”不是可选值' },
        { row: 6, field: '工号', message: '第 6 行：工号不能为空' },
      ],
    });
    expect(body.Message).toBe(
      '导入失败：共 3 处错误，未导入任何数据。第 3 行：手机号码格式不正确；第 5 行：性别“外星人”不是可选值；第 6 行：工号不能为空',
    );
    expect(await workers()).toBe(before);
  });

  it('lists at most 200 errors with the full count', async () => {
    const rows = workerRows(300, 'MANY').map((r) => [...r.slice(0, 6), 'bad-phone', ...r.slice(7)]);
    const body = (await importFile('station1', await workbook(WORKER_HEADER, rows))).json();
    expect(body.Data.total).toBe(300);
    expect(body.Data.errors.length).toBe(200);
    expect(body.Data.errors[0].row).toBe(2);
  });

  it('refuses codes repeated in the file or already taken', async () => {
    const rows = workerRows(3, 'DUP');
    rows[2][1] = rows[0][1];
    const body = (await importFile('station1', await workbook(WORKER_HEADER, rows))).json();
    expect(body.Data.errors).toEqual([{ row: 4, field: '工号', message: '第 4 行：工号“DUP00001”与第 2 行重复' }]);
    const taken = (await importFile('station1', await workbook(WORKER_HEADER, workerRows(2, 'BULK')))).json();
    expect(taken.Data.errors).toEqual([
      { row: 2, field: '工号', message: '第 2 行：工号“BULK00001”已存在' },
      { row: 3, field: '工号', message: '第 3 行：工号“BULK00002”已存在' },
    ]);
  });

  it('reports repeated and taken codes in the same round as the other errors', async () => {
    const rows = [...workerRows(3, 'ONCE'), ...workerRows(1, 'BULK')];
    rows[0][6] = 'bad-phone';
    rows[2][1] = rows[1][1];
    const body = (await importFile('station1', await workbook(WORKER_HEADER, rows))).json();
    expect(body.Data.errors).toEqual([
      { row: 2, field: '手机号码', message: '第 2 行：手机号码格式不正确' },
      { row: 4, field: '工号', message: '第 4 行：工号“ONCE00002”与第 3 行重复' },
      { row: 5, field: '工号', message: '第 5 行：工号“BULK00001”已存在' },
    ]);
  });

  it("keeps cells that start with = + - @ as text, and takes a formula's cached value without evaluating it", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(WORKER_HEADER);
    ws.addRow(['公式一', 'FML001', '男', '初级工程师', '本科', 3, '13912340001', '=HYPERLINK("http://evil.example","x")', '+86 液压']);
    ws.addRow(['公式二', 'FML002', '女', '中级工程师', '大专', 4, '13912340002', '@SUM(1,2)', '-调试']);
    const row = ws.addRow(['公式三', 'FML003', '男', '高级工程师', '本科', 5, '13912340003', null, null]);
    row.getCell(8).value = { formula: 'CONCAT("wx_","cached")', result: 'wx_cached' } as ExcelJS.CellFormulaValue;
    row.getCell(9).value = { formula: 'WEBSERVICE("http://evil.example")', result: '缓存的技能' } as ExcelJS.CellFormulaValue;
    const res = await importFile('station1', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.json().Data).toEqual({ imported: 3 });
    const got = (
      await portal.db.query<{ new_code: string; new_wechat: string; new_skill: string }>(
        "SELECT new_code, new_wechat, new_skill FROM new_srv_worker WHERE new_code LIKE 'FML%' ORDER BY new_code",
      )
    ).rows;
    expect(got).toEqual([
      { new_code: 'FML001', new_wechat: '=HYPERLINK("http://evil.example","x")', new_skill: '+86 液压' },
      { new_code: 'FML002', new_wechat: '@SUM(1,2)', new_skill: '-调试' },
      { new_code: 'FML003', new_wechat: 'wx_cached', new_skill: '缓存的技能' },
    ]);
  });

  it('resolves lookups by name or code within what the caller can see; option sets by label or value', async () => {
    const header = ['Name', 'Code', 'Sex', '服务站', 'new_job', '手机号码'];
    const ok = await importFile(
      'admin',
      await workbook(header, [
        ['王海', 'LK001', 'Male', '上海浦东华辰服务站', 3, '13912340011'],
        ['李江', 'LK002', 2, 'ZJ001', '2', '13912340012'],
      ]),
    );
    expect(ok.json().Data).toEqual({ imported: 2 });
    const st = (
      await portal.db.query<{ new_code: string; station: string; new_sex: number; new_job: number }>(
        "SELECT w.new_code, s.new_code AS station, w.new_sex, w.new_job FROM new_srv_worker w JOIN new_srv_station s ON s.new_srv_stationid = w.new_station_id WHERE w.new_code LIKE 'LK%' ORDER BY 1",
      )
    ).rows;
    expect(st).toEqual([
      { new_code: 'LK001', station: 'SH001', new_sex: 1, new_job: 3 },
      { new_code: 'LK002', station: 'ZJ001', new_sex: 2, new_job: 2 },
    ]);
    // Head office must name a station; a station user sees only its own.
    const missing = (await importFile('admin', await workbook(['姓名', '工号', '手机号码'], [['赵六', 'LK003', '13912340013']]))).json();
    expect(missing.Message).toBe('Excel 表头缺少：服务站');
    const other = (
      await importFile(
        'station1',
        await workbook(header, [
          ['孙七', 'LK004', '男', 'ZJ001', 1, '13912340014'],
          ['周八', 'LK005', '男', '不存在的站', 1, '13912340015'],
        ]),
      )
    ).json();
    expect(other.Data.errors).toEqual([
      { row: 2, field: '服务站', message: '第 2 行：服务站“ZJ001”不存在或无权访问' },
      { row: 3, field: '服务站', message: '第 3 行：服务站“不存在的站”不存在或无权访问' },
    ]);
  });

  it('refuses .xls, other files, archive bombs, empty files and bad headers', async () => {
    const before = await workers();
    const msgOf = async (bytes: Buffer, name: string) => (await importFile('station1', bytes, name)).json();
    const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect(await msgOf(cfb, '人员.xls')).toEqual({ ErrorCode: -1, Message: '请使用 .xlsx 格式（Excel 2007 及以上）', Data: null });
    expect((await msgOf(cfb, 'renamed.xlsx')).Message).toBe('请使用 .xlsx 格式（Excel 2007 及以上）');
    expect((await msgOf(Buffer.from('a,b\n1,2\n'), 'people.csv')).Message).toBe('只能导入 Excel 文件（xls 或 xlsx）');
    expect((await msgOf(Buffer.from('not a zip'), 'people.xlsx')).Message).toBe('只能导入 Excel 文件（xls 或 xlsx）');
    expect((await msgOf(bomb(), 'bomb.xlsx')).Message).toBe('Excel 文件已损坏或内容异常（疑似压缩炸弹），无法导入');
    expect((await msgOf(await workbook(WORKER_HEADER, []), 'empty.xlsx')).Message).toBe('没有可导入的数据');
    expect((await msgOf(await workbook([...WORKER_HEADER, '身高'], workerRows(1, 'HDR')), 'h.xlsx')).Message).toBe(
      'Excel 表头无法识别：身高',
    );
    expect((await msgOf(await workbook(['姓名', '手机号码'], [['x', '13912345678']]), 'h.xlsx')).Message).toBe('Excel 表头缺少：工号');
    const en = await importFile(
      'station1',
      await workbook(['姓名', '手机号码'], [['x', '13912345678']]),
      'h.xlsx',
      'new_srv_workers',
      'en-US',
    );
    expect(en.json().Message).toBe('Excel header not provided: Code');
    expect(await workers()).toBe(before);
  });

  it("needs the entity's write privilege and an importable entity", async () => {
    const bytes = await workbook(WORKER_HEADER, workerRows(1, 'PRV'));
    const r = await importFile('engineer1', bytes);
    expect(r.statusCode).toBe(403);
    expect(r.json().ErrorCode).toBe(-1);
    expect((await importFile('admin', bytes, 'x.xlsx', 'new_cartitems')).statusCode).toBe(404);
  });
});

/** A "workbook" whose one entry inflates ~1000:1 from 20 KB to 20 MB (and declares a small size). */
function bomb(): Buffer {
  const comp = deflateRawSync(Buffer.alloc(20 * 1024 * 1024));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(comp.length, 18);
  local.writeUInt32LE(4096, 22);
  local.writeUInt16LE(name.length, 26);
  const cd = Buffer.alloc(46);
  cd.writeUInt32LE(0x02014b50, 0);
  cd.writeUInt16LE(8, 10);
  cd.writeUInt32LE(comp.length, 20);
  cd.writeUInt32LE(4096, 24);
  cd.writeUInt16LE(name.length, 28);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(46 + name.length, 12);
  eocd.writeUInt32LE(30 + name.length + comp.length, 16);
  return Buffer.concat([local, name, comp, cd, name, eocd]);
}

describe('address lists', () => {
  it('serves provinces, cities and counties with ETag and caching', async () => {
    const p = await portal.app.inject({ method: 'GET', url: '/api/address/provinces' });
    expect(p.statusCode).toBe(200);
    expect(p.json().Data).toContainEqual({ id: '44', name: '广东省' });
    expect(p.headers['cache-control']).toBe('public, max-age=86400');
    const etag = String(p.headers.etag);
    expect((await portal.app.inject({ method: 'GET', url: '/api/address/provinces', headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    const c = await portal.app.inject({ method: 'GET', url: '/api/address/cities?province=44' });
    expect(c.json().Data).toContainEqual({ id: '4403', name: '深圳市' });
    const a = await portal.app.inject({ method: 'GET', url: '/api/address/counties?city=4403' });
    expect(a.json().Data).toContainEqual({ id: '440305', name: '南山区' });
    expect((await portal.app.inject({ method: 'GET', url: '/api/address/cities?province=98' })).statusCode).toBe(404);
    expect((await portal.app.inject({ method: 'GET', url: '/api/address/cities?province=x%27' })).statusCode).toBe(400);
  });
});
