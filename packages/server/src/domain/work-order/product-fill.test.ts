import type { DashboardData } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { runDataSteps } from '../../db/data-steps.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';

let p: Portal;
let tok: string;
let stationId: string;
/** A demo product with a product line and a model, and the line's name. */
let product: { id: string; line: string; model: string; lineName: string };

beforeAll(async () => {
  p = await testPortal();
  tok = (await signIn(p.app, 'hq')).access_token;
  stationId = (await p.db.one<{ id: string }>(`SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = 'SH001'`))!.id;
  product = (await p.db.one<typeof product>(
    `SELECT p.productid AS id, p.new_productline_id AS line, p.new_model AS model, pl.new_name AS "lineName"
       FROM product p JOIN new_productline pl ON pl.new_productlineid = p.new_productline_id
      WHERE p.new_model <> '' ORDER BY p.productnumber LIMIT 1`,
  ))!;
}, 120_000);
afterAll(() => p?.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok), 'accept-language': 'zh-CN' } });
const row = async (id: string) =>
  (await p.db.one<{ line: string | null; model: string | null }>(
    `SELECT new_productline_id AS line, new_model AS model FROM new_srv_workorder WHERE new_srv_workorderid = $1`,
    [id],
  ))!;
const base = () => ({
  new_type: 1,
  new_warranty: 1,
  new_customer: '产品带出测试',
  new_contact: '测试',
  new_phone: '13812345678',
  new_province: '上海市',
  new_city: '上海市',
  new_address: '张江路 1 号',
  new_faultdesc: '设备无法启动',
  new_station_id: stationId,
});
async function create(extra: Record<string, unknown>): Promise<string> {
  const res = await api('POST', '/api/crmdata/create/new_srv_workorders', { ...base(), ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data.id;
}
const dashboard = async (): Promise<DashboardData> => (await api('GET', '/api/workorders/dashboard')).json().Data;
const lineCount = (d: DashboardData, id: string | null) => d.byProductLine.find((x) => x.id === id)?.count ?? 0;

describe('a work order takes its product line and model from its product', () => {
  it('created with a product only: line and model are filled, and the dashboard counts it under that line, not 未指定', async () => {
    const before = await dashboard();
    const id = await create({ new_product_id: product.id });
    expect(await row(id)).toEqual({ line: product.line, model: product.model });
    const after = await dashboard();
    expect(lineCount(after, product.line)).toBe(lineCount(before, product.line) + 1);
    expect(lineCount(after, null)).toBe(lineCount(before, null));
    expect(after.byProductLine.find((x) => x.id === product.line)?.name).toBe(product.lineName);
  });

  it('keeps what the order says; fills only what is empty', async () => {
    const id = await create({ new_product_id: product.id, new_model: '客户自报型号' });
    expect(await row(id)).toEqual({ line: product.line, model: '客户自报型号' });
  });

  it('an order without a product stays unspecified; choosing the product later fills it', async () => {
    const before = await dashboard();
    const id = await create({});
    expect(await row(id)).toEqual({ line: null, model: null });
    expect(lineCount(await dashboard(), null)).toBe(lineCount(before, null) + 1);
    const up = await api('POST', `/api/crmdata/Update/new_srv_workorders(${id})`, { new_product_id: product.id });
    expect(up.statusCode, up.body).toBe(200);
    expect(await row(id)).toEqual({ line: product.line, model: product.model });
    expect(lineCount(await dashboard(), null)).toBe(lineCount(before, null));
  });

  it('the one-time data step fills orders stored before (and runs once)', async () => {
    const id = await create({ new_product_id: product.id });
    // As written before the hook existed.
    await p.db.query(`UPDATE new_srv_workorder SET new_productline_id = NULL, new_model = NULL WHERE new_srv_workorderid = $1`, [id]);
    await p.db.query(`DELETE FROM portal_data_step WHERE name = '2026-11-work-order-line-from-product'`);
    expect(await runDataSteps(p.db)).toEqual(['2026-11-work-order-line-from-product']);
    expect(await row(id)).toEqual({ line: product.line, model: product.model });
    expect(await runDataSteps(p.db)).toEqual([]);
  });

  it('the demo orders with a product all have its line', async () => {
    const { rows } = await p.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_product_id IS NOT NULL AND new_productline_id IS NULL`,
    );
    expect(rows[0].n).toBe(0);
  });
});
