import { contentAudience as A, contentState as S, downloadCategory as C, techFileType as T } from '@portal/model';
import { loadExcelJs } from '../files/load-exceljs.ts';
import { loadPdfKit } from '../pdf/load-pdfkit.ts';
import { sizeText } from '../domain/content/content.ts';
import { bytesStream, type Storage } from '../files/storage.ts';
import { cjkFont } from '../pdf/a4-form.ts';
import type { Db, Sql } from '../db/db.ts';
import { insert } from './insert.ts';

type Kind = 'pdf' | 'xlsx';
type Doc = { key: string; name: string; version: string; state: number; days: number; count: number; kind: Kind; lines: string[] };
type Download = Doc & { category: number; audience: number };
type Tech = Doc & { type: number; line: string; product?: string };

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Download centre: manuals, price lists, forms, policies and training, for the network, stores or both. */
export const DEMO_DOWNLOADS: Download[] = [
  {
    key: 'dl-hc75-install',
    name: '华辰 HC-75 螺杆空压机安装手册',
    category: C.manual,
    audience: A.all,
    version: 'V3.2',
    state: S.published,
    days: 3,
    count: 128,
    kind: 'pdf',
    lines: [
      '一、安装前检查：核对装箱单，检查机组外观与随机附件。',
      '二、基础与通风：机房环境温度 2–40 ℃，四周预留 800 mm 维护空间。',
      '三、电气连接：按铭牌电压接线，接地电阻不大于 4 Ω。',
      '四、试运行：点动确认转向，空载运行 10 分钟后加载。',
    ],
  },
  {
    key: 'dl-hyd-station',
    name: '华辰液压站使用维护手册',
    category: C.manual,
    audience: A.network,
    version: 'V2.0',
    state: S.published,
    days: 12,
    count: 86,
    kind: 'pdf',
    lines: ['液压油每 2000 小时或一年更换一次，滤芯每 500 小时更换。', '油温超过 60 ℃ 时检查冷却器与溢流阀设定。'],
  },
  {
    key: 'dl-vfd-codes',
    name: '变频器故障代码速查手册',
    category: C.manual,
    audience: A.all,
    version: 'V1.5',
    state: S.published,
    days: 30,
    count: 214,
    kind: 'pdf',
    lines: ['E001 过电流：检查负载与加速时间。', 'E002 过电压：延长减速时间或加装制动电阻。', 'E007 过热：清理风道，检查风扇。'],
  },
  {
    key: 'dl-price-station',
    name: '2026 年配件价格表（服务站版）',
    category: C.priceList,
    audience: A.network,
    version: '2026.11',
    state: S.published,
    days: 5,
    count: 342,
    kind: 'xlsx',
    lines: [],
  },
  {
    key: 'dl-price-store',
    name: '2026 年门店零售价格表',
    category: C.priceList,
    audience: A.stores,
    version: '2026.11',
    state: S.published,
    days: 5,
    count: 57,
    kind: 'xlsx',
    lines: [],
  },
  {
    key: 'dl-form-monthly',
    name: '服务站月度服务报表模板',
    category: C.form,
    audience: A.network,
    version: 'V1.0',
    state: S.published,
    days: 45,
    count: 163,
    kind: 'xlsx',
    lines: [],
  },
  {
    key: 'dl-form-oldparts',
    name: '旧件返厂申请表',
    category: C.form,
    audience: A.network,
    version: 'V2.1',
    state: S.published,
    days: 60,
    count: 97,
    kind: 'pdf',
    lines: [
      '服务站名称：____________    申请日期：____年__月__日',
      '工单号：____________    旧件名称及数量：____________',
      '站长签字：____________    总部签收：____________',
    ],
  },
  {
    key: 'dl-form-warranty',
    name: '延保服务申请表',
    category: C.form,
    audience: A.all,
    version: 'V1.3',
    state: S.published,
    days: 20,
    count: 74,
    kind: 'pdf',
    lines: ['客户名称：____________    机器序列号：____________', '当前保修截止日期：____________    申请延保期限：____________'],
  },
  {
    key: 'dl-policy-network',
    name: '售后服务网点管理办法（2026 版）',
    category: C.policy,
    audience: A.network,
    version: '2026',
    state: S.published,
    days: 90,
    count: 188,
    kind: 'pdf',
    lines: ['第一章 总则', '第二章 网点准入与星级评定', '第三章 服务规范与考核', '第四章 费用结算与奖惩'],
  },
  {
    key: 'dl-policy-store',
    name: '门店陈列与售后服务规范',
    category: C.policy,
    audience: A.stores,
    version: 'V1.1',
    state: S.published,
    days: 40,
    count: 33,
    kind: 'pdf',
    lines: ['样机陈列：每台样机配产品说明卡与价格牌。', '售后受理：客户报修 2 小时内登记并转服务站。'],
  },
  {
    key: 'dl-training-new',
    name: '新员工售后服务培训教材',
    category: C.training,
    audience: A.network,
    version: 'V4.0',
    state: S.published,
    days: 120,
    count: 265,
    kind: 'pdf',
    lines: ['模块一：企业与产品介绍', '模块二：服务礼仪与沟通', '模块三：安全作业规范', '模块四：门户系统操作（工单、配件、结算）'],
  },
  {
    key: 'dl-price-2027-draft',
    name: '2027 年配件价格表（征求意见稿）',
    category: C.priceList,
    audience: A.network,
    version: '2027.01',
    state: S.draft,
    days: 1,
    count: 0,
    kind: 'xlsx',
    lines: [],
  },
  {
    key: 'dl-price-2025',
    name: '2025 年配件价格表',
    category: C.priceList,
    audience: A.network,
    version: '2025.06',
    state: S.retired,
    days: 400,
    count: 512,
    kind: 'xlsx',
    lines: [],
  },
];

/** Technical files per product line (and product), two versions of one drawing. */
export const DEMO_TECH_FILES: Tech[] = [
  {
    key: 'tf-cylinder-manual',
    name: '液压油缸维修手册',
    type: T.serviceManual,
    line: 'PL-HYD',
    product: 'HC-CY-80',
    version: 'V2.0',
    state: S.published,
    days: 15,
    count: 41,
    kind: 'pdf',
    lines: ['拆卸前泄压并固定活塞杆。', '更换密封件使用修理包 SK-80/45，装配前涂抹液压油。'],
  },
  {
    key: 'tf-pump-drawing-13',
    name: '柱塞变量泵结构图纸',
    type: T.drawing,
    line: 'PL-HYD',
    product: 'HC-PV-45',
    version: 'V1.3',
    state: S.retired,
    days: 200,
    count: 66,
    kind: 'pdf',
    lines: ['A10VSO45 泵体剖视图（旧版）'],
  },
  {
    key: 'tf-pump-drawing-14',
    name: '柱塞变量泵结构图纸',
    type: T.drawing,
    line: 'PL-HYD',
    product: 'HC-PV-45',
    version: 'V1.4',
    state: S.published,
    days: 10,
    count: 23,
    kind: 'pdf',
    lines: ['A10VSO45 泵体剖视图，更新斜盘与变量机构零件号。'],
  },
  {
    key: 'tf-plc-wiring',
    name: 'PLC 控制柜电气原理图',
    type: T.wiring,
    line: 'PL-ELE',
    product: 'EC-PLC-1214',
    version: 'V3.1',
    state: S.published,
    days: 25,
    count: 58,
    kind: 'pdf',
    lines: ['主回路：QF1 → KM1 → 变频器 U/V/W。', '控制回路：DC24V，急停串入安全继电器。'],
  },
  {
    key: 'tf-vfd-bulletin',
    name: '变频器参数设置技术通报',
    type: T.bulletin,
    line: 'PL-ELE',
    product: 'EC-INV-55',
    version: 'TB-2026-08',
    state: S.published,
    days: 8,
    count: 37,
    kind: 'pdf',
    lines: ['P0.03 加速时间由 10 s 调整为 15 s，减少启动过流报警。'],
  },
  {
    key: 'tf-drive-catalogue',
    name: '传动部件配件目录',
    type: T.partsCatalogue,
    line: 'PL-DRV',
    version: '2026',
    state: S.published,
    days: 35,
    count: 19,
    kind: 'pdf',
    lines: ['减速机、联轴器、轴承与链条的配件号及适用机型。'],
  },
  {
    key: 'tf-engine-manual',
    name: '动力总成维修手册',
    type: T.serviceManual,
    line: 'PL-PWR',
    version: 'V1.2',
    state: S.published,
    days: 50,
    count: 44,
    kind: 'pdf',
    lines: ['柴油机保养周期：机油 250 小时，空滤 500 小时。'],
  },
  {
    key: 'tf-sheet-catalogue',
    name: '钣金与耗材配件目录',
    type: T.partsCatalogue,
    line: 'PL-CON',
    version: '2026.2',
    state: S.published,
    days: 70,
    count: 12,
    kind: 'pdf',
    lines: ['护罩、门板、密封条与常用耗材。'],
  },
  {
    key: 'tf-elec-draft',
    name: '电气控制系统升级说明（草稿）',
    type: T.bulletin,
    line: 'PL-ELE',
    version: 'V0.9',
    state: S.draft,
    days: 1,
    count: 0,
    kind: 'pdf',
    lines: ['待评审。'],
  },
];

/** A small A4 PDF with the CJK font: title, version, a few lines. */
export async function demoPdf(title: string, version: string, lines: string[]): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: '华辰智能装备股份有限公司' }, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const f = cjkFont();
  doc.registerFont('cjk', f.data, f.family);
  doc.font('cjk').fontSize(18).text(`《${title}》`, { align: 'center' });
  doc.moveDown(0.5).fontSize(10).fillColor('#666').text(`华辰智能装备股份有限公司 · 版本 ${version}`, { align: 'center' });
  doc.moveDown(1.5).fillColor('#000').fontSize(11);
  for (const l of lines) doc.text(l).moveDown(0.4);
  doc.end();
  return done;
}

/** A small workbook: a price list (parts, price) or a report template. */
async function demoXlsx(title: string): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow([title]);
  if (title.includes('价格表')) {
    ws.addRow(['配件编码', '配件名称', '规格型号', '单位', '单价（元）']);
    for (const r of [
      ['HC-LF-200', '液压油滤芯', 'LF-200/10μm', '个', 168],
      ['HC-CV-06', '电磁换向阀', '4WE6D-24V', '个', 585],
      ['EC-CT-25', '交流接触器', 'LC1D25M7C', '个', 186],
      ['EC-INV-55', '变频器', 'VFD-5.5kW/380V', '台', 2680],
    ])
      ws.addRow(r);
  } else {
    ws.addRow(['月份', '服务站', '完工工单数', '满意度', '备注']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The demo file's bytes in the storage under a fixed key (made once per storage), with its size. */
async function storedFile(storage: Storage, d: Doc): Promise<{ key: string; size: number }> {
  const key = `att/demo/${d.key}-${d.kind}`;
  const have = await storage.stat(key);
  if (have) return { key, size: have.size };
  const bytes = d.kind === 'pdf' ? await demoPdf(d.name, d.version, d.lines) : await demoXlsx(d.name);
  await storage.put(key, bytesStream(bytes), d.kind === 'pdf' ? PDF : XLSX);
  return { key, size: bytes.length };
}

export type DemoContentFiles = Map<string, { key: string; size: number }>;

/**
 * The demo documents' files in the storage (made once: each PDF embeds a subset of the CJK font,
 * which takes a while). Start-up begins this before it opens the database, so the files are made
 * while the database is created on its own thread.
 */
export async function demoContentFiles(storage: Storage): Promise<DemoContentFiles> {
  const files: DemoContentFiles = new Map();
  for (const d of [...DEMO_DOWNLOADS, ...DEMO_TECH_FILES]) files.set(d.key, await storedFile(storage, d));
  return files;
}

/**
 * Demo download centre and technical files with their files in the storage (small PDFs made with
 * the CJK font, xlsx price lists and templates): published, draft and retired; idempotent.
 */
export async function seedContentDemo(db: Db, storage: Storage, made?: Promise<DemoContentFiles>): Promise<void> {
  const files = await (made ?? demoContentFiles(storage));
  await db.tx(async (sql) => {
    // Instances starting together on a fresh database both get here (the demo seed's lock): one adds the files.
    await sql.query('SELECT pg_advisory_xact_lock(727002)');
    if ((await sql.query('SELECT 1 FROM new_filedownload LIMIT 1')).rowCount) return;
    const {
      rows: [hq],
    } = await sql.query<{ admin: string; unit: string }>(
      `SELECT u.systemuserid AS admin, u.businessunitid AS unit FROM systemuser u WHERE u.domainname = 'admin'`,
    );
    if (!hq) return;
    const sys = { createdby: hq.admin, modifiedby: hq.admin, ownerid: hq.admin, owningbusinessunit: hq.unit };
    const row = (d: Doc) => {
      const f = files.get(d.key)!;
      const fileName = `${d.name}.${d.kind}`;
      const published = d.state !== S.draft;
      return {
        fileName,
        f,
        values: {
          new_name: d.name,
          new_version: d.version,
          new_state: d.state,
          new_downloadcount: d.count,
          new_publishedon: published ? new Date(Date.now() - d.days * 86_400_000) : null,
          new_filename: published ? fileName : null,
          new_filesize: published ? sizeText(f.size) : null,
          new_contenttype: published ? (d.kind === 'pdf' ? PDF : XLSX) : null,
          ...sys,
        },
      };
    };
    const attach = async (sqlc: Sql, table: string, id: string, d: Doc, r: ReturnType<typeof row>) => {
      await sqlc.query(
        `INSERT INTO file_attachment (module_type, object_id, file_name, file_size, content_type, storage_key, created_by, modified_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [table, id, r.fileName, r.f.size, d.kind === 'pdf' ? PDF : XLSX, r.f.key, hq.admin],
      );
    };
    for (const d of DEMO_DOWNLOADS) {
      const r = row(d);
      const id = await insert(
        sql,
        'new_filedownload',
        { ...r.values, new_category: d.category, new_audience: d.audience, new_description: d.lines[0] ?? null },
        'new_filedownloadid',
      );
      await attach(sql, 'new_filedownload', id, d, r);
    }
    const lines = new Map(
      (await sql.query<{ id: string; code: string }>('SELECT new_productlineid AS id, new_code AS code FROM new_productline')).rows.map(
        (x) => [x.code, x.id],
      ),
    );
    const products = new Map(
      (await sql.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product')).rows.map((x) => [
        x.no,
        x.id,
      ]),
    );
    for (const d of DEMO_TECH_FILES) {
      const r = row(d);
      const id = await insert(
        sql,
        'new_techfile',
        {
          ...r.values,
          new_filetype: d.type,
          new_productline_id: lines.get(d.line) ?? null,
          new_product_id: d.product ? (products.get(d.product) ?? null) : null,
          new_description: d.lines[0] ?? null,
        },
        'new_techfileid',
      );
      await attach(sql, 'new_techfile', id, d, r);
    }
  });
}
