import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/db.ts';

/** Test helpers of the files area: temporary storage folders and multipart bodies. */

export async function tempStorage(): Promise<{ dir: string; cfg: Partial<Config>; files(): Promise<string[]>; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-files-'));
  const base = loadConfig({} as NodeJS.ProcessEnv).files;
  return {
    dir,
    cfg: { files: { ...base, storageDir: dir, s3: undefined } },
    async files() {
      const out: string[] = [];
      const walk = async (d: string) => {
        for (const e of await readdir(d, { withFileTypes: true })) {
          if (e.isDirectory()) await walk(join(d, e.name));
          else out.push(join(d, e.name));
        }
      };
      await walk(dir);
      return out;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface FilePart {
  name: string;
  /** The file's bytes, or a generator of chunks (large bodies are never held whole). */
  content: Buffer | (() => AsyncIterable<Buffer>);
  type?: string;
  field?: string;
}

/** A multipart/form-data body: the fields in order, then the file. */
export function multipart(
  fields: Record<string, string>,
  file?: FilePart,
): { payload: Buffer | Readable; headers: Record<string, string> } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const head: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    head.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (!file) return { payload: Buffer.concat([...head, Buffer.from(`--${boundary}--\r\n`)]), headers };
  const fileHead = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  if (Buffer.isBuffer(file.content)) return { payload: Buffer.concat([...head, fileHead, file.content, tail]), headers };
  const gen = file.content;
  return {
    payload: Readable.from(
      (async function* () {
        yield Buffer.concat([...head, fileHead]);
        yield* gen();
        yield tail;
      })(),
    ),
    headers,
  };
}

/** `size` bytes starting with `prefix`, produced in 64 KB chunks. */
export function generated(prefix: Buffer, size: number, fill = 0x20): () => AsyncIterable<Buffer> {
  return async function* () {
    const chunk = Buffer.alloc(64 * 1024, fill);
    yield prefix;
    let left = size - prefix.length;
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      yield n === chunk.length ? chunk : chunk.subarray(0, n);
      left -= n;
    }
  };
}

/** Small valid-looking files by type (only the magic numbers matter to the server). */
export const SAMPLES = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 3)]),
  pdf: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)]),
  html: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
  svg: Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
  ),
  txt: Buffer.from('维修记录：更换液压油滤芯 HC-LF-200，设备运行正常。\n'),
  binary: Buffer.from([0x13, 0x37, 0x00, 0x01, 0xfe, 0xff, 0x00, 0x00, 0x42]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(200, 1)]),
};

/** An .xlsx built in memory: a header row, then the rows (cells as exceljs takes them). */
export async function workbook(header: string[], rows: unknown[][], sheetName = '导入'): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const WORKER_HEADER = ['姓名', '工号', '性别', '岗位', '学历', '工作年限', '手机号码', '微信', '技能'];

/** `n` plausible service personnel rows for WORKER_HEADER (codes `<prefix>00001`…). */
export function workerRows(n: number, prefix = 'IMP'): unknown[][] {
  const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
  const given = ['伟', '芳', '娜', '敏', '静', '强', '磊', '军', '洋', '勇', '艳', '杰', '涛', '明', '超', '霞'];
  const jobs = ['初级工程师', '中级工程师', '高级工程师'];
  const edu = ['初中', '高中', '中专', '大专', '本科'];
  return Array.from({ length: n }, (_, i) => [
    `${surnames[i % surnames.length]}${given[(i * 7) % given.length]}${given[(i * 3) % given.length]}`,
    `${prefix}${String(i + 1).padStart(5, '0')}`,
    i % 3 === 0 ? '女' : '男',
    jobs[i % 3],
    edu[i % edu.length],
    i % 25,
    `139${String(10_000_000 + i).padStart(8, '0')}`,
    `wx_${prefix.toLowerCase()}_${i + 1}`,
    i % 2 ? '液压系统维修；电气故障诊断' : '发动机保养',
  ]);
}

/** A personnel record in a demo station (by station code): something attachments can hang on. */
export async function testWorker(db: Db, stationCode: string, code: string, name = `测试工程师${code}`): Promise<string> {
  const st = (await db.one<{ id: string; unit: string }>(
    'SELECT new_srv_stationid AS id, owningbusinessunit AS unit FROM new_srv_station WHERE new_code = $1',
    [stationCode],
  ))!;
  return (await db.one<{ id: string }>(
    `INSERT INTO new_srv_worker (new_name, new_code, new_phone, new_station_id, owningbusinessunit) VALUES ($1, $2, '13912345678', $3, $4) RETURNING new_srv_workerid AS id`,
    [name, code, st.id, st.unit],
  ))!.id;
}
