import { stockDocumentType, stockUsage, warehouseType } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { postMoves, type StockMove } from '../domain/stock/ledger.ts';
import type { DemoContext } from './service.ts';

/**
 * The sales network's warehouses (issue 27): each dealer and each store keeps its own, owned by its
 * unit, so the stock ledger's scope (the unit subtree) shows a dealer its stores' stock and a store
 * its own. Opening stock of the shop's products a month ago, so orders, shipments and stock-outs
 * have something to move.
 */
export const SALES_WAREHOUSES = [
  {
    code: 'WH-DL-GZ001',
    name: '粤华机电广州仓',
    type: warehouseType.dealer,
    unit: 'DL-GZ001',
    province: '广东省',
    city: '广州市',
    county: '白云区',
    address: '太和镇大源北路 88 号粤华物流园 2 号仓',
    contact: '林国栋',
    phone: '020-37268810',
  },
  {
    code: 'WH-DL-SZ001',
    name: '恒达机电苏州仓',
    type: warehouseType.dealer,
    unit: 'DL-SZ001',
    province: '江苏省',
    city: '苏州市',
    county: '吴中区',
    address: '木渎镇金枫南路 1258 号',
    contact: '顾振华',
    phone: '0512-66551230',
  },
  {
    code: 'WH-SP-SZ001',
    name: '深圳南山体验店仓',
    type: warehouseType.store,
    unit: 'SP-SZ001',
    province: '广东省',
    city: '深圳市',
    county: '南山区',
    address: '科技园南区深南大道 9688 号',
    contact: '周婷',
    phone: '0755-86315520',
  },
  {
    code: 'WH-SP-GZ002',
    name: '广州天河专卖店仓',
    type: warehouseType.store,
    unit: 'SP-GZ002',
    province: '广东省',
    city: '广州市',
    county: '天河区',
    address: '黄埔大道西 638 号',
    contact: '梁伟明',
    phone: '020-38296671',
  },
  {
    code: 'WH-SP-FS003',
    name: '佛山顺德专卖店仓',
    type: warehouseType.store,
    unit: 'SP-FS003',
    province: '广东省',
    city: '佛山市',
    county: '顺德区',
    address: '大良街道南国东路 12 号',
    contact: '何嘉欣',
    phone: '0757-22381165',
  },
  {
    code: 'WH-SP-SU001',
    name: '苏州园区专卖店仓',
    type: warehouseType.store,
    unit: 'SP-SU001',
    province: '江苏省',
    city: '苏州市',
    county: '苏州工业园区',
    address: '星湖街 328 号创意产业园 8 栋',
    contact: '蒋丽华',
    phone: '0512-62957731',
  },
  {
    code: 'WH-SP-WX002',
    name: '无锡新吴专卖店仓',
    type: warehouseType.store,
    unit: 'SP-WX002',
    province: '江苏省',
    city: '无锡市',
    county: '新吴区',
    address: '长江路 21 号信息产业园 B 座',
    contact: '朱建平',
    phone: '0510-85216609',
  },
] as const;

/** Opening stock (part number → quantity) of a dealer's warehouse; a store holds about a fifth. */
const DEALER_STOCK: Record<string, number> = {
  'HC-LF-200': 120,
  'HC-LF-350': 80,
  'HC-SK-80': 60,
  'HC-HS-12': 90,
  'HC-CV-06': 24,
  'EC-CT-25': 70,
  'EC-RL-24': 200,
  'EC-PS-24': 30,
  'EC-HMI-07': 6,
  'EC-PLC-1214': 5,
  'DR-BR-6205': 300,
  'DR-BR-22312': 20,
};

export interface SalesNetwork {
  warehouses: Map<string, string>;
}

export async function seedSalesNetwork(sql: Sql, ctx: DemoContext): Promise<SalesNetwork> {
  const warehouses = new Map<string, string>();
  for (const w of SALES_WAREHOUSES) {
    const unit = ctx.unitIds.get(w.unit)!;
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO new_srv_warehouse (new_name, new_code, new_type, new_businessunit_id, new_province, new_city, new_county, new_address,
                                      new_contact, new_phone, new_isactive, ownerid, owningbusinessunit, createdby, modifiedby, createdon)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true, $11, $4, $11, $11, now() - interval '60 days') RETURNING new_srv_warehouseid AS id`,
      [w.name, w.code, w.type, unit, w.province, w.city, w.county, w.address, w.contact, w.phone, ctx.adminId],
    );
    warehouses.set(w.code, rows[0].id);
  }
  const { rows: parts } = await sql.query<{ id: string; no: string }>(
    `SELECT productid AS id, productnumber AS no FROM product WHERE productnumber = ANY($1::text[])`,
    [Object.keys(DEALER_STOCK)],
  );
  const moves: StockMove[] = [];
  for (const w of SALES_WAREHOUSES) {
    const share = w.type === warehouseType.dealer ? 1 : 0.2;
    for (const p of parts) {
      const qty = Math.floor(DEALER_STOCK[p.no] * share);
      if (qty > 0)
        moves.push({
          warehouseId: warehouses.get(w.code)!,
          productId: p.id,
          qty,
          usage: stockUsage.purchasingDocument,
          docType: stockDocumentType.opening,
          docId: warehouses.get(w.code)!,
          docName: `QC-${w.code}`,
          key: `demo:opening:${w.code}:${p.no}`,
        });
    }
  }
  await postMoves(sql, ctx.adminId, moves);
  return { warehouses };
}
