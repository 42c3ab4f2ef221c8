import type { Sql } from '../../db/db.ts';
import { formatCents, toCents } from '../money.ts';

/**
 * The demo shop: five product lines of an equipment maker's spare parts and machines, ~40
 * products (mostly active, a few retired or draft), and a few sales orders of station1's and
 * store1's units in different states. Idempotent: does nothing when the lines are already there.
 */

export const DEMO_PRODUCT_LINES = [
  { code: 'PL-HYD', name: '液压系统' },
  { code: 'PL-ELE', name: '电气控制' },
  { code: 'PL-DRV', name: '传动部件' },
  { code: 'PL-PWR', name: '动力总成' },
  { code: 'PL-CON', name: '钣金与耗材' },
] as const;

type Line = (typeof DEMO_PRODUCT_LINES)[number]['code'];
/** state: 0 active, 1 retired, 2 draft (product_state). */
type P = {
  no: string;
  name: string;
  model: string;
  line: Line;
  uom: '个' | '件' | '套' | '台' | '块';
  price: string;
  state?: 0 | 1 | 2;
  description?: string;
};

export const DEMO_PRODUCTS: P[] = [
  // 液压系统
  {
    no: 'HC-LF-200',
    name: '液压油滤芯',
    model: 'LF-200/10μm',
    line: 'PL-HYD',
    uom: '个',
    price: '168.00',
    description: '回油过滤，精度 10μm，建议每 500 小时更换',
  },
  { no: 'HC-LF-350', name: '高压管路滤芯', model: 'LF-350/5μm', line: 'PL-HYD', uom: '个', price: '246.00' },
  { no: 'HC-GP-16', name: '齿轮泵', model: 'CBN-F316', line: 'PL-HYD', uom: '台', price: '1280.00' },
  { no: 'HC-PV-45', name: '柱塞变量泵', model: 'A10VSO45', line: 'PL-HYD', uom: '台', price: '9860.00' },
  { no: 'HC-CV-06', name: '电磁换向阀', model: '4WE6D-24V', line: 'PL-HYD', uom: '个', price: '585.00' },
  { no: 'HC-RV-10', name: '溢流阀', model: 'DBDS10K', line: 'PL-HYD', uom: '个', price: '412.50' },
  { no: 'HC-CY-80', name: '液压油缸', model: 'HSG80/45-300', line: 'PL-HYD', uom: '台', price: '2350.00' },
  { no: 'HC-SK-80', name: '油缸密封修理包', model: 'SK-80/45', line: 'PL-HYD', uom: '套', price: '138.00' },
  { no: 'HC-HS-12', name: '高压胶管总成', model: 'DN12-1000mm', line: 'PL-HYD', uom: '件', price: '96.80' },
  { no: 'HC-AC-04', name: '皮囊式蓄能器', model: 'NXQ-4L/31.5', line: 'PL-HYD', uom: '台', price: '1760.00', state: 1 },
  // 电气控制
  { no: 'EC-PLC-1214', name: 'PLC 控制器', model: 'S7-1214C DC/DC/DC', line: 'PL-ELE', uom: '台', price: '3280.00' },
  { no: 'EC-HMI-07', name: '7 寸触摸屏', model: 'HMI-TP700', line: 'PL-ELE', uom: '台', price: '2150.00' },
  { no: 'EC-INV-55', name: '变频器', model: 'VFD-5.5kW/380V', line: 'PL-ELE', uom: '台', price: '2680.00' },
  { no: 'EC-CT-25', name: '交流接触器', model: 'LC1D25M7C', line: 'PL-ELE', uom: '个', price: '186.00' },
  { no: 'EC-RL-24', name: '中间继电器', model: 'MY2NJ-DC24V', line: 'PL-ELE', uom: '个', price: '28.50' },
  { no: 'EC-PS-24', name: '开关电源', model: 'NDR-240-24', line: 'PL-ELE', uom: '个', price: '328.00' },
  { no: 'EC-PX-08', name: '接近开关', model: 'M18-NPN-8mm', line: 'PL-ELE', uom: '个', price: '65.00' },
  { no: 'EC-EN-1024', name: '增量编码器', model: 'E6B2-CWZ6C 1024P', line: 'PL-ELE', uom: '个', price: '420.00' },
  {
    no: 'EC-PCB-210',
    name: '主控 PCB 板',
    model: 'HC-MB210 V3.2',
    line: 'PL-ELE',
    uom: '块',
    price: '1260.00',
    description: '整机主控板，出厂已烧录 V3.2 程序，更换后需在触摸屏校准参数',
  },
  { no: 'EC-PCB-060', name: '电源驱动板', model: 'HC-PD060', line: 'PL-ELE', uom: '块', price: '486.00' },
  { no: 'EC-CB-10', name: '电控柜线束总成', model: 'WH-10M', line: 'PL-ELE', uom: '套', price: '760.00', state: 2 },
  // 传动部件
  { no: 'DR-BR-6205', name: '深沟球轴承', model: '6205-2RS', line: 'PL-DRV', uom: '个', price: '32.00' },
  { no: 'DR-BR-22312', name: '调心滚子轴承', model: '22312CA/W33', line: 'PL-DRV', uom: '个', price: '468.00' },
  { no: 'DR-GB-90', name: '斜齿轮减速机', model: 'R87-i25', line: 'PL-DRV', uom: '台', price: '5680.00' },
  { no: 'DR-CH-16', name: '传动链条', model: '16A-1 / 5m', line: 'PL-DRV', uom: '件', price: '215.00' },
  { no: 'DR-SP-16', name: '链轮', model: '16A-Z21', line: 'PL-DRV', uom: '个', price: '88.00' },
  { no: 'DR-VB-B1800', name: 'V 型传动带', model: 'B-1800Li', line: 'PL-DRV', uom: '件', price: '45.00' },
  { no: 'DR-CP-110', name: '梅花弹性联轴器', model: 'ML-110', line: 'PL-DRV', uom: '个', price: '156.00' },
  { no: 'DR-SC-25', name: '滚珠丝杠副', model: 'SFU2505-1000', line: 'PL-DRV', uom: '套', price: '890.00' },
  { no: 'DR-GB-60', name: '蜗轮蜗杆减速机', model: 'WPA-60-1:30', line: 'PL-DRV', uom: '台', price: '720.00', state: 1 },
  // 动力总成
  { no: 'PW-EN-4102', name: '柴油发动机总成', model: 'YN4102-55kW', line: 'PL-PWR', uom: '台', price: '36800.00' },
  { no: 'PW-MT-75', name: '三相异步电机', model: 'YE3-132M-4 7.5kW', line: 'PL-PWR', uom: '台', price: '3150.00' },
  { no: 'PW-MT-22', name: '三相异步电机', model: 'YE3-180L-4 22kW', line: 'PL-PWR', uom: '台', price: '7980.00' },
  { no: 'PW-SV-15', name: '伺服电机及驱动器', model: 'SV-1.5kW 套装', line: 'PL-PWR', uom: '套', price: '4260.00' },
  { no: 'PW-GS-30', name: '柴油发电机组', model: 'HCG-30kW 静音型', line: 'PL-PWR', uom: '台', price: '42800.00' },
  { no: 'PW-FL-01', name: '柴油滤清器', model: 'CX0708', line: 'PL-PWR', uom: '个', price: '58.00' },
  { no: 'PW-AF-02', name: '空气滤清器', model: 'K2036', line: 'PL-PWR', uom: '个', price: '126.00' },
  {
    no: 'PW-CP-35',
    name: '涡旋压缩机',
    model: 'ZW35KS-TFP 380V',
    line: 'PL-PWR',
    uom: '台',
    price: '4580.00',
    description: '冷却单元压缩机，含减震垫与接线盒',
  },
  { no: 'PW-FM-550', name: '散热风扇电机', model: 'YSK-550W-4P', line: 'PL-PWR', uom: '台', price: '680.00' },
  { no: 'PW-ST-24', name: '起动机', model: 'QD2610-24V', line: 'PL-PWR', uom: '台', price: '980.00', state: 2 },
  // 钣金与耗材
  { no: 'SM-CV-01', name: '防护罩总成', model: 'HC-GZ-1200', line: 'PL-CON', uom: '套', price: '1350.00' },
  { no: 'SM-DP-02', name: '设备检修门', model: 'HC-JXM-600×800', line: 'PL-CON', uom: '件', price: '460.00' },
  { no: 'CS-GR-15', name: '锂基润滑脂', model: '3# 15kg/桶', line: 'PL-CON', uom: '件', price: '285.00' },
  { no: 'CS-HO-46', name: '抗磨液压油', model: 'L-HM46 18L', line: 'PL-CON', uom: '件', price: '398.00' },
  { no: 'CS-OR-386', name: 'O 型圈修理盒', model: 'NBR 386 件', line: 'PL-CON', uom: '套', price: '78.00' },
  { no: 'CS-PT-01', name: '设备面漆', model: '华辰蓝 RAL5005 5kg', line: 'PL-CON', uom: '件', price: '210.00' },
];

/** Demo orders: [user login, order number suffix, status, [part number, quantity][], days ago]. */
const DEMO_ORDERS: { login: string; no: string; status: number; lines: [string, number][]; daysAgo: number }[] = [
  {
    login: 'station1',
    no: 'SO20261102-0001',
    status: 5,
    lines: [
      ['HC-LF-200', 10],
      ['HC-SK-80', 4],
    ],
    daysAgo: 18,
  },
  {
    login: 'station1',
    no: 'SO20261110-0001',
    status: 3,
    lines: [
      ['EC-CT-25', 6],
      ['EC-RL-24', 20],
    ],
    daysAgo: 10,
  },
  {
    login: 'station1',
    no: 'SO20261118-0001',
    status: 2,
    lines: [
      ['DR-BR-6205', 24],
      ['DR-VB-B1800', 8],
    ],
    daysAgo: 2,
  },
  {
    login: 'store1',
    no: 'SO20261105-0001',
    status: 4,
    lines: [
      ['PW-MT-75', 2],
      ['PW-AF-02', 10],
    ],
    daysAgo: 15,
  },
  { login: 'store1', no: 'SO20261116-0001', status: 6, lines: [['CS-HO-46', 12]], daysAgo: 4 },
  {
    login: 'store1',
    no: 'SO20261119-0001',
    status: 1,
    lines: [
      ['SM-CV-01', 1],
      ['CS-GR-15', 3],
    ],
    daysAgo: 1,
  },
];

export async function seedShopCatalogue(sql: Sql, ctx: { hqUnitId: string; adminId: string }): Promise<void> {
  if ((await sql.query("SELECT 1 FROM new_productline WHERE new_code = 'PL-HYD'")).rowCount) return;
  const lineIds = new Map<string, string>();
  for (const l of DEMO_PRODUCT_LINES) {
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO new_productline (new_name, new_code, ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ($1, $2, $3, $4, $3, $3) RETURNING new_productlineid AS id`,
      [l.name, l.code, ctx.adminId, ctx.hqUnitId],
    );
    lineIds.set(l.code, rows[0].id);
  }
  const { rows: products } = await sql.query<{ id: string; productnumber: string; name: string; price: string; line: string }>(
    `INSERT INTO product (productnumber, name, new_model, new_productline_id, new_uom, price, new_state, description, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT no, nm, md, ln, uom, pr, st, ds, $9, $10, $9, $9
       FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::uuid[], $5::varchar[], $6::numeric[], $7::int[], $8::text[]) AS u(no, nm, md, ln, uom, pr, st, ds)
     RETURNING productid AS id, productnumber, name, price::text AS price, new_productline_id::text AS line`,
    [
      DEMO_PRODUCTS.map((p) => p.no),
      DEMO_PRODUCTS.map((p) => p.name),
      DEMO_PRODUCTS.map((p) => p.model),
      DEMO_PRODUCTS.map((p) => lineIds.get(p.line)!),
      DEMO_PRODUCTS.map((p) => p.uom),
      DEMO_PRODUCTS.map((p) => p.price),
      DEMO_PRODUCTS.map((p) => p.state ?? 0),
      DEMO_PRODUCTS.map((p) => p.description ?? null),
      ctx.adminId,
      ctx.hqUnitId,
    ],
  );
  const byNo = new Map(products.map((p) => [p.productnumber, p]));
  const { rows: users } = await sql.query<{ id: string; login: string; unit: string; fullname: string; mobilephone: string | null }>(
    `SELECT systemuserid AS id, domainname AS login, businessunitid AS unit, fullname, mobilephone
       FROM systemuser WHERE domainname IN ('station1', 'store1')`,
  );
  const who = new Map(users.map((u) => [u.login, u]));
  const address: Record<string, [string, string, string, string]> = {
    station1: ['上海市', '上海市', '浦东新区', '张江高科技园区碧波路 690 号'],
    store1: ['广东省', '深圳市', '南山区', '科技园南区深南大道 9988 号'],
  };
  for (const o of DEMO_ORDERS) {
    const u = who.get(o.login);
    if (!u) continue;
    const lines = o.lines.map(([no, qty]) => ({ p: byNo.get(no)!, qty }));
    const total = lines.reduce((a, l) => a + toCents(l.p.price) * BigInt(l.qty), 0n);
    const [province, city, county, street] = address[o.login];
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO salesorder (name, new_status, new_productline_id, totalamount, new_contact, new_phone, new_province, new_city, new_county,
                               new_address, ownerid, owningbusinessunit, createdby, modifiedby, createdon, modifiedon)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11, $11, now() - make_interval(days => $13), now() - make_interval(days => $13))
       RETURNING salesorderid AS id`,
      [
        o.no,
        o.status,
        lines[0].p.line,
        formatCents(total),
        u.fullname,
        u.mobilephone ?? '13800138001',
        province,
        city,
        county,
        street,
        u.id,
        u.unit,
        o.daysAgo,
      ],
    );
    for (const l of lines) {
      await sql.query(
        `INSERT INTO salesorderdetail (new_name, salesorderid, productid, quantity, priceperunit, extendedamount, ownerid, owningbusinessunit, createdby, modifiedby)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $7)`,
        [l.p.name, rows[0].id, l.p.id, l.qty, l.p.price, formatCents(toCents(l.p.price) * BigInt(l.qty)), u.id, u.unit],
      );
    }
  }
}
