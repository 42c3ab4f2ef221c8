import type { Sql } from '../db/db.ts';
import type { DemoContext } from './service.ts';

/** Specifications of the demo shop's products ("名称：值" per line), as the product detail shows them. */
export const DEMO_SPECIFICATIONS: Record<string, string[]> = {
  'HC-LF-200': ['过滤精度：10μm', '额定流量：200 L/min', '工作压力：≤ 1.6 MPa', '滤材：玻璃纤维', '适用机型：HC-200 / HC-260 系列'],
  'HC-LF-350': ['过滤精度：5μm', '额定流量：350 L/min', '工作压力：≤ 31.5 MPa', '滤材：不锈钢网 + 玻纤复合'],
  'HC-GP-16': ['排量：16 mL/r', '额定压力：20 MPa', '额定转速：2000 r/min', '旋向：右旋', '安装方式：SAE 两孔法兰'],
  'HC-PV-45': ['排量：45 mL/r', '额定压力：28 MPa', '控制方式：恒压 DR', '轴伸：平键 Φ25'],
  'HC-CV-06': ['通径：6 mm', '最高压力：31.5 MPa', '线圈电压：DC 24V', '机能：D 型'],
  'EC-PLC-1214': ['数字量：14 入 / 10 出', '模拟量：2 入', '通讯：PROFINET', '供电：DC 24V'],
  'EC-HMI-07': ['屏幕：7 寸 TFT 800×480', '触摸：电阻式', '接口：以太网、RS485', '防护：前面板 IP65'],
  'EC-INV-55': ['功率：5.5 kW', '输入：三相 380V ±15%', '控制：V/F、矢量', '过载：150% 60 s'],
  'EC-CT-25': ['额定电流：25 A', '线圈电压：AC 220V', '辅助触点：1 常开 1 常闭'],
  'EC-PCB-210': ['版本：V3.2', '供电：DC 24V', '接口：CAN、RS485、以太网', '出厂程序：已烧录'],
  'DR-BR-6205': ['内径：25 mm', '外径：52 mm', '宽度：15 mm', '密封：双面橡胶密封'],
  'DR-GB-90': ['速比：25', '输出扭矩：820 N·m', '安装：底脚式', '润滑：CLP 220 齿轮油'],
  'PW-EN-4102': ['功率：55 kW / 2400 r/min', '缸数：4 缸直列', '排量：3.86 L', '排放：国四'],
  'PW-MT-75': ['功率：7.5 kW', '极数：4 极', '能效：IE3', '防护等级：IP55', '绝缘等级：F'],
};

/** What the demo users have starred (收藏): products, and one of their own documents. */
const FAVOURITE_PRODUCTS: Record<string, string[]> = {
  station1: ['HC-LF-200', 'EC-PCB-210', 'DR-BR-6205'],
  station2: ['HC-GP-16', 'EC-INV-55'],
  store1: ['PW-MT-75', 'EC-HMI-07', 'HC-SK-80'],
};

/**
 * The public shop's demo: specifications on the best-known products, and favourites for station1,
 * station2 and store1 (a few products each, station1 and station2 also one of their work orders).
 * Runs after the shop and work-order demos.
 */
export async function seedShopPublicDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  for (const [no, lines] of Object.entries(DEMO_SPECIFICATIONS)) {
    await sql.query('UPDATE product SET new_specification = $2 WHERE productnumber = $1', [no, lines.join('\n')]);
  }
  let minute = 0;
  const star = async (user: string, entity: string, id: string) => {
    minute += 7;
    await sql.query(
      `INSERT INTO portal_favourite (user_id, entity, record_id, created_on) VALUES ($1, $2, $3, now() - make_interval(days => 3) + make_interval(mins => $4::int))
       ON CONFLICT DO NOTHING`,
      [user, entity, id, minute],
    );
  };
  for (const [login, products] of Object.entries(FAVOURITE_PRODUCTS)) {
    const user = ctx.userIds.get(login);
    if (!user) continue;
    for (const no of products) {
      const row = (await sql.query<{ id: string }>('SELECT productid AS id FROM product WHERE productnumber = $1 AND new_state = 0', [no]))
        .rows[0];
      if (row) await star(user, 'product', row.id);
    }
    const order = (
      await sql.query<{ id: string }>(
        `SELECT w.new_srv_workorderid AS id FROM new_srv_workorder w JOIN systemuser u ON u.businessunitid = w.owningbusinessunit
        WHERE u.systemuserid = $1 ORDER BY w.createdon DESC LIMIT 1`,
        [user],
      )
    ).rows[0];
    if (order) await star(user, 'new_srv_workorder', order.id);
  }
}
