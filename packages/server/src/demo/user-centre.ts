import { coopCustomerKind, portalKind, userType } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { DEMO_UNITS } from './data.ts';
import { SALES_WAREHOUSES } from './sales-network.ts';
import type { DemoContext } from './service.ts';

/**
 * The dealers' user centre (issue 27): a store record for each store unit of the sales network
 * (linked to its unit and warehouse), each store's product list at the dealer's retail prices
 * (above the list price), end customers of the stores and dealers, cooperating customers of every
 * kind, and a few staff accounts the dealers made (sign-in name = mobile number, store portal).
 */

const MANAGERS: Record<string, string> = {
  'SP-SZ001': '周婷',
  'SP-GZ002': '梁伟明',
  'SP-FS003': '何嘉欣',
  'SP-SU001': '蒋丽华',
  'SP-WX002': '朱建平',
};
const DEALER_USER: Record<string, string> = { 'DL-GZ001': 'dealer1', 'DL-SZ001': 'dealer2' };

/** Markup over the list price per store (a flagship sells dearer) and parts it does not sell. */
const PRICING: Record<string, { markup: number; offSale: string[] }> = {
  'SP-SZ001': { markup: 1.38, offSale: ['EC-PLC-1214'] },
  'SP-GZ002': { markup: 1.32, offSale: [] },
  'SP-FS003': { markup: 1.3, offSale: ['EC-HMI-07', 'DR-BR-22312'] },
  'SP-SU001': { markup: 1.35, offSale: [] },
  'SP-WX002': { markup: 1.28, offSale: ['EC-PLC-1214'] },
};

/** [store or dealer, name, mobile, province, city, address, notes]. */
const END_CUSTOMERS: [string, string, string, string, string, string, string | null][] = [
  [
    'SP-SZ001',
    '深圳市南山区科兴机电维修部',
    '13714526630',
    '广东省',
    '深圳市',
    '南山区科苑路 15 号科兴科学园 B4 栋 102',
    '每月定期采购滤芯',
  ],
  ['SP-SZ001', '陈志强', '13825541872', '广东省', '深圳市', '宝安区西乡街道宝源路 1065 号', null],
  [
    'SP-SZ001',
    '深圳宏远精密模具有限公司',
    '0755-27781236',
    '广东省',
    '深圳市',
    '光明区公明街道松白路 3288 号',
    '注塑机液压系统，年度保养客户',
  ],
  ['SP-GZ002', '广州天河区骏业汽修厂', '13560218847', '广东省', '广州市', '天河区中山大道西 1138 号', null],
  ['SP-GZ002', '黄伟健', '13926608812', '广东省', '广州市', '番禺区市桥街光明北路 201 号', '个人客户，自用空压机'],
  ['SP-FS003', '佛山市顺德区利达五金制品厂', '13702813356', '广东省', '佛山市', '顺德区北滘镇工业大道 36 号', '冲压设备配件'],
  ['SP-FS003', '梁美玲', '13690517723', '广东省', '佛山市', '禅城区季华五路 22 号', null],
  ['DL-GZ001', '东莞市长安镇恒丰注塑厂', '13649871250', '广东省', '东莞市', '长安镇锦厦河东工业区 8 号', '经销商直供客户'],
  ['SP-SU001', '苏州工业园区金鸡湖物业管理有限公司', '0512-62881530', '江苏省', '苏州市', '苏州工业园区旺墩路 158 号', '楼宇设备维保'],
  ['SP-SU001', '王建国', '13962135508', '江苏省', '苏州市', '姑苏区干将西路 1288 号', null],
  ['SP-WX002', '无锡新吴区锡东纺织机械厂', '13506190427', '江苏省', '无锡市', '新吴区鸿山街道鸿昌路 18 号', '纺机配套轴承'],
  ['SP-WX002', '周晓东', '13861765590', '江苏省', '无锡市', '梁溪区中山路 333 号', null],
  ['DL-SZ001', '常州武进恒通液压设备有限公司', '13915028871', '江苏省', '常州市', '武进区湖塘镇延政中路 58 号', '经销商直供客户'],
];

/** [dealer, kind, name, contact, mobile, credit days, discount %, province, city, address, notes]. */
const PARTNERS: [string, number, string, string, string, number, number, string, string, string, string | null][] = [
  [
    'DL-GZ001',
    coopCustomerKind.installer,
    '广州穗安机电安装工程有限公司',
    '吴永康',
    '13802766315',
    30,
    92,
    '广东省',
    '广州市',
    '白云区机场路 1962 号',
    '负责新机安装调试',
  ],
  [
    'DL-GZ001',
    coopCustomerKind.contractor,
    '广东建设工程设备安装有限公司',
    '邓志华',
    '13924083367',
    60,
    88,
    '广东省',
    '广州市',
    '越秀区东风中路 318 号',
    '工地项目批量采购',
  ],
  [
    'DL-GZ001',
    coopCustomerKind.subDealer,
    '中山市华力机电经营部',
    '冯锦荣',
    '13750012486',
    45,
    85,
    '广东省',
    '中山市',
    '石岐区康华路 12 号',
    '中山地区二级分销',
  ],
  [
    'DL-GZ001',
    coopCustomerKind.subDealer,
    '江门市蓬江区联兴五金机电',
    '余嘉豪',
    '13536188241',
    30,
    86,
    '广东省',
    '江门市',
    '蓬江区建设二路 76 号',
    null,
  ],
  [
    'DL-SZ001',
    coopCustomerKind.installer,
    '苏州吴中机电设备安装服务部',
    '沈建明',
    '13915577820',
    15,
    93,
    '江苏省',
    '苏州市',
    '吴中区东吴北路 98 号',
    null,
  ],
  [
    'DL-SZ001',
    coopCustomerKind.contractor,
    '江苏中建安装工程有限公司苏州分公司',
    '陆伟',
    '13806213390',
    90,
    87,
    '江苏省',
    '苏州市',
    '相城区元和街道澄阳路 116 号',
    '按工程节点结算',
  ],
  [
    'DL-SZ001',
    coopCustomerKind.subDealer,
    '南通海达机电销售有限公司',
    '钱卫东',
    '13962971405',
    45,
    84,
    '江苏省',
    '南通市',
    '崇川区工农路 555 号',
    '南通地区二级分销',
  ],
];

/** Staff the dealers made: [login = mobile, name, unit, title, roles, portal kind, disabled]. */
export const USER_CENTRE_STAFF = [
  {
    mobile: '13600136041',
    fullname: '梁伟明',
    unit: 'SP-GZ002',
    title: '店长',
    roles: ['R07-STORE'],
    portal: portalKind.store,
    disabled: false,
  },
  {
    mobile: '13600136042',
    fullname: '何嘉欣',
    unit: 'SP-FS003',
    title: '店长',
    roles: ['R07-STORE'],
    portal: portalKind.store,
    disabled: false,
  },
  {
    mobile: '13600136043',
    fullname: '罗志斌',
    unit: 'SP-SZ001',
    title: '店员',
    roles: ['R07-STORE'],
    portal: portalKind.store,
    disabled: true,
  },
  {
    mobile: '13600136051',
    fullname: '朱建平',
    unit: 'SP-WX002',
    title: '店长',
    roles: ['R07-STORE'],
    portal: portalKind.store,
    disabled: false,
  },
] as const;

export async function seedUserCentreDemo(sql: Sql, ctx: DemoContext, passwordHash: string): Promise<void> {
  const unit = (code: string) => ctx.unitIds.get(code)!;
  const userOf = (code: string) => ctx.userIds.get(DEALER_USER[code])!;
  const { rows: whRows } = await sql.query<{ id: string; code: string }>(
    `SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse WHERE new_code LIKE 'WH-SP-%'`,
  );
  const warehouses = new Map(whRows.map((w) => [w.code, w.id]));
  const stores = new Map<string, string>();
  for (const u of DEMO_UNITS.filter((x) => x.type === 4)) {
    const w = SALES_WAREHOUSES.find((x) => x.unit === u.code)!;
    const owner = userOf(u.parent!);
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO new_store (new_name, new_code, new_dealer_id, new_businessunit_id, new_warehouse_id, new_province, new_city, new_county,
                              new_address, new_contact, new_phone, new_manager, new_isactive, ownerid, owningbusinessunit, createdby, modifiedby, createdon)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true, $13, $4, $13, $13, now() - interval '60 days') RETURNING new_storeid AS id`,
      [
        u.name,
        u.code,
        unit(u.parent!),
        unit(u.code),
        warehouses.get(w.code),
        w.province,
        w.city,
        w.county,
        w.address,
        w.contact,
        w.phone,
        MANAGERS[u.code],
        owner,
      ],
    );
    stores.set(u.code, rows[0].id);
  }

  const { rows: products } = await sql.query<{ id: string; no: string; name: string; price: string }>(
    `SELECT productid AS id, productnumber AS no, name, price FROM product
      WHERE productnumber = ANY($1::text[]) AND price > 0 ORDER BY productnumber`,
    [
      [
        'HC-LF-200',
        'HC-LF-350',
        'HC-SK-80',
        'HC-HS-12',
        'HC-CV-06',
        'EC-CT-25',
        'EC-RL-24',
        'EC-PS-24',
        'EC-HMI-07',
        'EC-PLC-1214',
        'DR-BR-6205',
        'DR-BR-22312',
      ],
    ],
  );
  for (const [code, storeId] of stores) {
    const pricing = PRICING[code];
    const dealer = DEMO_UNITS.find((x) => x.code === code)!.parent!;
    for (const [i, p] of products.entries()) {
      // Retail: the list price with the store's markup, to the yuan (9 as the last digit above ¥100).
      const raw = Number(p.price) * pricing.markup;
      const retail = raw >= 100 ? Math.floor(raw / 10) * 10 + 9 : Math.round(raw);
      await sql.query(
        `INSERT INTO new_storeproduct (new_name, new_code, new_store_id, new_product_id, new_retailprice, new_onsale, new_minstock, new_minorderqty,
                                       new_businessunit_id, ownerid, owningbusinessunit, createdby, modifiedby, createdon)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $10, $10, now() - interval '45 days')`,
        [
          p.name,
          p.no,
          storeId,
          p.id,
          retail.toFixed(2),
          !pricing.offSale.includes(p.no),
          raw >= 1000 ? 1 : 2 + (i % 4) * 2,
          raw >= 1000 ? 1 : p.no.startsWith('DR-BR-6') ? 10 : 1 + (i % 3),
          unit(code),
          userOf(dealer),
        ],
      );
    }
  }

  for (const [i, [at, name, mobile, province, city, address, memo]] of END_CUSTOMERS.entries()) {
    const isStore = stores.has(at);
    const dealer = isStore ? DEMO_UNITS.find((x) => x.code === at)!.parent! : at;
    await sql.query(
      `INSERT INTO new_endcustomer (new_name, new_mobile, new_store_id, new_businessunit_id, new_province, new_city, new_address, new_memo,
                                    ownerid, owningbusinessunit, createdby, modifiedby, createdon)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $4, $9, $9, now() - make_interval(days => $10))`,
      [name, mobile, isStore ? stores.get(at) : null, unit(at), province, city, address, memo, userOf(dealer), 40 - i * 2],
    );
  }

  for (const [dealer, kind, name, contact, mobile, days, discount, province, city, address, memo] of PARTNERS) {
    await sql.query(
      `INSERT INTO new_coopcustomer (new_name, new_kind, new_contact, new_mobile, new_creditdays, new_discount, new_province, new_city, new_address,
                                     new_memo, ownerid, owningbusinessunit, createdby, modifiedby, createdon)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11, $11, now() - interval '50 days')`,
      [name, kind, contact, mobile, days, discount, province, city, address, memo, userOf(dealer), unit(dealer)],
    );
  }

  const { rows: roles } = await sql.query<{ id: string; code: string }>('SELECT roleid AS id, new_code AS code FROM role');
  const roleId = new Map(roles.map((r) => [r.code, r.id]));
  for (const s of USER_CENTRE_STAFF) {
    const dealer = DEMO_UNITS.find((x) => x.code === s.unit)!.parent!;
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO systemuser (fullname, domainname, mobilephone, title, businessunitid, owningbusinessunit, new_usertype, new_portalkind,
                               new_password, isdisabled, ownerid, createdby, modifiedby)
       VALUES ($1, $2, $2, $3, $4, $4, $5, $6, $7, $8, $9, $9, $9) RETURNING systemuserid AS id`,
      [s.fullname, s.mobile, s.title, unit(s.unit), userType.store, s.portal, passwordHash, s.disabled, userOf(dealer)],
    );
    for (const r of s.roles)
      await sql.query('INSERT INTO systemuserroles (systemuserid, roleid) VALUES ($1, $2)', [rows[0].id, roleId.get(r)]);
  }
}
