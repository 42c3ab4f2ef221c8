import { contractLevel, contractStatus } from '@portal/model';
import { chinaDate } from '../domain/china-time.ts';
import { nextDocumentNumbers } from '../domain/document-number.ts';
import { linkContracts } from '../domain/work-order/contract-warranty.ts';
import type { Sql } from '../db/db.ts';
import type { DemoContext } from './service.ts';
import { insert } from './insert.ts';

type State = keyof typeof STATUS;
const STATUS = {
  draft: contractStatus.draft,
  active: contractStatus.active,
  expired: contractStatus.expired,
  terminated: contractStatus.terminated,
} as const;

/**
 * Contracts tied to demo work orders (`order`: the n-th in-warranty order with a serial number of
 * the station) take that order's customer, machine and date, so the order shows the contract; the
 * others are customers of their own (farms, hospitals) with machines of their own.
 */
const CONTRACTS: {
  station: string;
  state: State;
  level: 'basic' | 'standard' | 'comprehensive';
  amount: number;
  memo: string;
  order?: number;
  customer?: [name: string, phone: string];
  serials?: string[];
  extra?: number;
}[] = [
  { station: 'SH001', state: 'active', level: 'comprehensive', amount: 36800, order: 0, extra: 1, memo: '年度全保，含两台备用机' },
  { station: 'SH001', state: 'active', level: 'standard', amount: 12800, order: 2, memo: '季度巡检一次' },
  { station: 'ZJ001', state: 'active', level: 'standard', amount: 15600, order: 0, extra: 1, memo: '含易损件更换' },
  { station: 'ZJ001', state: 'active', level: 'basic', amount: 6800, order: 3, memo: '半年保养一次' },
  { station: 'GD001', state: 'active', level: 'comprehensive', amount: 42000, order: 1, memo: '7×24 小时响应' },
  {
    station: 'SH001',
    state: 'draft',
    level: 'standard',
    amount: 9800,
    customer: ['上海崇明绿康生态农场', '13761882045'],
    serials: ['HCFM2026001SH', 'HCFM2026002SH'],
    memo: '牧场挤奶设备，待客户盖章',
  },
  {
    station: 'GD001',
    state: 'draft',
    level: 'comprehensive',
    amount: 58000,
    customer: ['广州市第一人民医院设备科', '02081048888'],
    memo: '影像科配套设备，明细待核对',
  },
  {
    station: 'ZJ001',
    state: 'expired',
    level: 'basic',
    amount: 5200,
    customer: ['杭州西溪医院后勤保障部', '057186481234'],
    serials: ['HCYY2025007ZJ'],
    memo: '上一年度合同',
  },
  {
    station: 'SH001',
    state: 'terminated',
    level: 'standard',
    amount: 11200,
    customer: ['上海浦东曹路蔬菜种植合作社', '13817726610'],
    serials: ['HCNY2025113SH'],
    memo: '客户整体出售设备',
  },
  {
    station: 'GD001',
    state: 'active',
    level: 'basic',
    amount: 7600,
    customer: ['广州从化温氏家禽养殖场', '13926051127'],
    serials: ['HCYZ2026021GD', 'HCYZ2026022GD'],
    memo: '养殖场饲喂设备',
  },
];

/**
 * Demo maintenance contracts of the three stations in every state, with lines; five cover in-warranty
 * demo work orders by serial number, which the work-order rule (`linkContracts`) then links, so
 * the demo shows orders under a contract.
 */
export async function seedContractDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const today = chinaDate();
  const numbers = await nextDocumentNumbers(sql, 'new_srv_contract', `HT${today.replaceAll('-', '')}`, CONTRACTS.length);
  const { rows: products } = await sql.query<{ id: string; line: string | null }>(
    `SELECT productid AS id, new_productline_id AS line FROM product WHERE new_productline_id IS NOT NULL ORDER BY productnumber LIMIT 5`,
  );
  const linked: string[] = [];
  for (const [i, c] of CONTRACTS.entries()) {
    const station = ctx.stationIds.get(c.station)!;
    const unit = ctx.unitIds.get(`ST-${c.station}`)!;
    const owner = ctx.userIds.get(c.station === 'ZJ001' ? 'station2' : 'station1') ?? ctx.adminId;
    const sys = { createdby: owner, modifiedby: owner, ownerid: owner, owningbusinessunit: unit };
    let customer = c.customer;
    const machines: { serial: string; product: string; line: string | null }[] = [];
    let start = chinaDate(new Date(), -60);
    if (c.order !== undefined) {
      const {
        rows: [wo],
      } = await sql.query<{
        id: string;
        serial: string;
        product: string;
        line: string | null;
        customer: string;
        phone: string;
        day: string;
      }>(
        `SELECT o.new_srv_workorderid AS id, o.new_serialnumber AS serial, o.new_product_id AS product, p.new_productline_id AS line,
                o.new_customer AS customer, o.new_phone AS phone, to_char(((o.createdon AT TIME ZONE 'UTC') + interval '8 hours')::date - 90, 'YYYY-MM-DD') AS day
           FROM new_srv_workorder o JOIN product p ON p.productid = o.new_product_id
          WHERE o.new_station_id = $1::uuid AND o.new_warranty = 1 AND COALESCE(o.new_serialnumber, '') <> '' AND o.new_type = 1
          ORDER BY o.new_name OFFSET $2 LIMIT 1`,
        [station, c.order],
      );
      if (!wo) continue;
      customer = [wo.customer, wo.phone];
      machines.push({ serial: wo.serial, product: wo.product, line: wo.line });
      start = wo.day < start ? wo.day : start;
      linked.push(wo.id);
    }
    for (const [k, s] of (c.serials ?? []).entries())
      machines.push({ serial: s, product: products[(i + k) % products.length].id, line: products[(i + k) % products.length].line });
    for (let k = 0; k < (c.extra ?? 0); k++) {
      const p = products[(i + k + 1) % products.length];
      machines.push({ serial: `HCBY${today.slice(2, 4)}${String(100 + i * 10 + k)}${c.station.slice(0, 2)}`, product: p.id, line: p.line });
    }
    // Active ones run a year from before their order; the expired one ended last week; the terminated one was ended a month ago.
    if (c.state === 'expired') start = chinaDate(new Date(), -372);
    if (c.state === 'terminated') start = chinaDate(new Date(), -200);
    const endOf = (from: string) => {
      const d = new Date(`${from}T00:00:00Z`);
      d.setUTCFullYear(d.getUTCFullYear() + 1);
      d.setUTCDate(d.getUTCDate() - 1);
      return d.toISOString().slice(0, 10);
    };
    let end = endOf(start);
    if (c.state === 'expired') end = chinaDate(new Date(), -7);
    if (c.state === 'active' && end < chinaDate(new Date(), 30)) end = endOf(chinaDate(new Date(), -30));
    const id = await insert(
      sql,
      'new_srv_contract',
      {
        new_name: numbers[i],
        new_customername: customer![0],
        new_phone: customer![1],
        new_station_id: station,
        new_startdate: start,
        new_enddate: end,
        new_contracttype: contractLevel[c.level],
        new_amount: c.amount,
        new_status: STATUS[c.state],
        new_linecount: machines.length,
        new_memo: c.memo,
        new_activatedon: c.state === 'draft' ? null : `${start}T02:00:00Z`,
        new_terminatedon: c.state === 'terminated' ? chinaDate(new Date(), -30) : null,
        new_terminationreason: c.state === 'terminated' ? '客户将设备整体转让，双方协商提前终止合同' : null,
        ...sys,
      },
      'new_srv_contractid',
    );
    for (const m of machines) {
      await insert(
        sql,
        'new_srv_contractline',
        {
          new_name: m.serial,
          new_contract_id: id,
          new_station_id: station,
          new_product_id: m.product,
          new_productline_id: m.line,
          new_serialnumber: m.serial,
          new_qty: 1,
          new_coverrepair: true,
          new_coverinstall: c.level !== 'basic',
          new_covermaint: true,
          new_startdate: start,
          new_enddate: end,
          ...sys,
        },
        'new_srv_contractlineid',
      );
    }
  }
  await sql.query(
    `UPDATE new_srv_contractline l SET new_name = left(p.name || ' ' || l.new_serialnumber, 200) FROM product p WHERE p.productid = l.new_product_id`,
  );
  // The work-order rule links the covered orders (in warranty, with their contract).
  await linkContracts(sql, linked);
}
