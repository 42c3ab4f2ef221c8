import { approvalStatus, invoiceState, salesOrderStatus, taxInvoiceState } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { multipart, SAMPLES, tempStorage } from '../../files/testing.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { fenOf, taxLine, taxOf, yuan } from './money.ts';

/*
 * Order to cash (issue 27) as its users call it: finance invoices what an order shipped (never
 * more), voids an unpaid invoice, issues VAT invoices that agree to the fen; a dealer records a
 * receipt (unique bank serial, slip attached), finance confirms it and it is allocated (chosen or
 * oldest first), never above an invoice's open amount or the receipt; scopes and read-only fields.
 */

let p: Portal;
let store: Awaited<ReturnType<typeof tempStorage>>;
const tok: Record<string, string> = {};
const part: Record<string, { id: string; price: string }> = {};

const api = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const cmd = (who: string, set: string, id: string, name: string, body: object = {}, lang = 'zh-CN') =>
  api(who, 'POST', `/api/documents/${set}/${id}/${name}`, body, lang);
const create = (who: string, set: string, row: object, lang = 'zh-CN') => api(who, 'POST', `/api/crmdata/create/${set}`, row, lang);
const update = (who: string, set: string, id: string, row: object) => api(who, 'POST', `/api/crmdata/Update/${set}(${id})`, row);
const one = async <T extends Record<string, unknown>>(text: string, args: unknown[] = []) => (await p.db.one<T>(text, args))!;
const createdId = (res: Awaited<ReturnType<typeof api>>) => {
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().Data;
  return (typeof d === 'string' ? d : (d.id ?? d.Id)) as string;
};
const fieldError = (res: Awaited<ReturnType<typeof api>>) => {
  expect(res.statusCode, res.body).toBe(400);
  return res.body;
};
/** A record-service refusal at a field: `Data.errors` names it with its message. */
const atField = (res: Awaited<ReturnType<typeof api>>, field: string, message: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().Data.errors[0]).toEqual({ field, message });
};
const invoiceRow = (id: string) =>
  one<{ state: number; total: string; paid: string; taxed: string; qty: number; day: string; due: string }>(
    `SELECT new_state AS state, totalamount::text AS total, new_paidamount::text AS paid, new_taxedamount::text AS taxed, new_totalqty AS qty,
            new_invoicedate::text AS day, new_duedate::text AS due FROM invoice WHERE invoiceid = $1`,
    [id],
  );
const receiptRow = (id: string) =>
  one<{ status: number; amount: string; allocated: string; payer: string }>(
    `SELECT new_approvalstatus AS status, new_amount::text AS amount, new_allocatedamount::text AS allocated, new_payer_id AS payer
       FROM new_receipt WHERE new_receiptid = $1`,
    [id],
  );
const approve = (who: string, entity: string, id: string) =>
  api(who, 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: entity, Action: 'approve', Memo: '同意' });

async function submitReceipt(who: string, id: string) {
  const flow = await one<{ id: string; step: string }>(
    `SELECT f.new_flowid AS id, s.new_flowstepsid AS step FROM new_flow f JOIN new_flowsteps s ON s.new_flow_id = f.new_flowid WHERE f.new_entityname = 'new_receipt'`,
  );
  const fin = await one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'hqfinance'`);
  return api(who, 'POST', '/api/CrmFlow/submit', {
    EntityId: id,
    EntityTypeName: 'new_receipt',
    FlowId: flow.id,
    ApproveList: [{ StepId: flow.step, ApproveUserId: fin.id }],
  });
}

async function attachSlip(who: string, id: string) {
  const body = multipart(
    { ModuleType: 'new_receipt', FileId: '', FileName: '银行回单.png', ObjectId: id, IsOverwrite: '0' },
    { name: 'slip.png', content: SAMPLES.png },
  );
  const res = await p.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok[who]) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** An order of dealer1's, approved, shipped `ship` of `qty` (one line); answers the order id and its line. */
async function shippedOrder(no: string, qty: number, ship: number) {
  done(await api('dealer1', 'POST', '/api/ShoppingCart/AddProduct', { ProductId: part[no].id, Quantity: qty }));
  const cart = done<{ ProductList: { Id: string; ProductNumber: string }[] }[]>(
    await api('dealer1', 'GET', '/api/ShoppingCart/GetProductList'),
  );
  const ids = cart
    .flatMap((g) => g.ProductList)
    .filter((i) => i.ProductNumber === no)
    .map((i) => i.Id);
  const [o] = done<{ Id: string }[]>(
    await api('dealer1', 'POST', '/api/ShoppingCart/Settle', {
      ItemIds: ids,
      Contact: '林国栋',
      Phone: '13600136021',
      Province: '广东省',
      City: '广州市',
      County: '白云区',
      Address: '太和镇大源北路 88 号',
    }),
  );
  done(await approve('hqsales', 'salesorder', o.Id));
  // Audited, nothing shipped: no invoice yet.
  refused(await cmd('hqfinance', 'salesorders', o.Id, 'createInvoice'), '只有已发货的订单才能开票');
  const sid = done<{ opens: { id: string } }>(await cmd('hqsales', 'salesorders', o.Id, 'createShipment')).opens.id;
  done(await cmd('hqsales', 'new_shipments', sid, 'audit'));
  const sl = await one<{ id: string }>('SELECT new_shipmentdetailid AS id FROM new_shipmentdetail WHERE new_shipment_id = $1', [sid]);
  done(
    await cmd('hqsales', 'new_shipments', sid, 'ship', {
      new_logisticscorp: '顺丰速运',
      new_trackingno: `SF${no}${qty}`,
      new_shipdate: '2026-11-29',
      lines: [{ lineId: sl.id, qty: ship }],
    }),
  );
  const line = await one<{ id: string }>('SELECT salesorderdetailid AS id FROM salesorderdetail WHERE salesorderid = $1', [o.Id]);
  return { order: o.Id, line: line.id };
}

beforeAll(async () => {
  store = await tempStorage();
  p = await testPortal(store.cfg);
  for (const u of ['dealer1', 'dealer1fin', 'dealer2', 'dealer2fin', 'hqsales', 'hqfinance'])
    tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (
    await p.db.query<{ id: string; no: string; price: string }>(
      'SELECT productid AS id, productnumber AS no, price::text AS price FROM product',
    )
  ).rows)
    part[r.no] = { id: r.id, price: r.price };
});
afterAll(async () => {
  await p?.close();
  await store?.remove();
});

describe('VAT arithmetic (tax-inclusive prices, per line, round half up to the fen)', () => {
  it('amount + tax = total on every line; tax agrees with PostgreSQL round() of total × rate / (100 + rate)', async () => {
    expect(taxLine(113, 13)).toEqual({ amount: 100, tax: 13, total: 113 });
    expect(taxLine(10000, 13)).toEqual({ amount: 8850, tax: 1150, total: 10000 });
    expect(taxOf(1, 13)).toBe(0);
    expect(taxOf(5, 13)).toBe(1); // 0.575… fen → 1
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const totals = Array.from({ length: 400 }, (_, i) => (i < 200 ? i + 1 : rnd() % 100_000_000));
    for (const rate of [13, 9, 6, 3]) {
      const { rows } = await p.db.query<{ t: string }>(
        `SELECT round(t::numeric * $2 / (100 + $2), 0)::text AS t FROM unnest($1::bigint[]) WITH ORDINALITY u(t, i) ORDER BY i`,
        [totals, rate],
      );
      totals.forEach((t, i) => {
        const l = taxLine(t, rate);
        expect(l.amount + l.tax, `${t}@${rate}`).toBe(t);
        expect(l.tax, `${t}@${rate}`).toBe(Number(rows[i].t));
      });
    }
    expect(fenOf('12.3')).toBe(1230);
    expect(fenOf('0.001')).toBeNull();
    expect(yuan(123456)).toBe('1234.56');
  });
});

describe('invoices from shipped quantities', () => {
  let order: string;
  let line: string;
  let first: string;
  let second: string;

  it('never more than shipped and not yet invoiced (named), by finance only; lines at the locked price; due in 30 days', async () => {
    ({ order, line } = await shippedOrder('HC-LF-200', 10, 6));
    expect((await cmd('dealer1', 'salesorders', order, 'createInvoice')).statusCode).toBe(403);
    refused(
      await cmd('hqfinance', 'salesorders', order, 'createInvoice', { lines: [{ lineId: line, qty: 7 }] }),
      `“${(await one<{ n: string }>('SELECT new_name AS n FROM salesorderdetail WHERE salesorderdetailid = $1', [line])).n}”的开票数量 7 超过已发货未开票数量 6`,
      400,
      `lines.${line}`,
    );
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM invoice WHERE new_order_id = $1', [order])).n).toBe(0);
    expect((await cmd('hqfinance', 'salesorders', order, 'createInvoice', { lines: [{ lineId: line, qty: 1.5 }] })).statusCode).toBe(400);
    const a = done<{ opens: { entity: string; id: string }; message: string }>(
      await cmd('hqfinance', 'salesorders', order, 'createInvoice', { lines: [{ lineId: line, qty: 4 }] }),
    );
    expect(a.opens.entity).toBe('invoice');
    first = a.opens.id;
    const inv = await invoiceRow(first);
    // The line's price locked at submit (the buyer's price list: dealer1's agreed price, not the list price).
    const price = fenOf(
      (await one<{ p: string }>('SELECT priceperunit::text AS p FROM salesorderdetail WHERE salesorderdetailid = $1', [line])).p,
    )!;
    expect(inv).toMatchObject({ state: invoiceState.unpaid, total: yuan(price * 4), paid: '0.00', qty: 4 });
    expect((Date.parse(inv.due) - Date.parse(inv.day)) / 86_400_000).toBe(30);
    expect(a.message).toMatch(/^发票 FP\d{8}-\d{4} 已生成，金额 ¥/);
    second = done<{ opens: { id: string } }>(await cmd('hqfinance', 'salesorders', order, 'createInvoice')).opens.id;
    expect((await invoiceRow(second)).qty).toBe(2);
    refused(await cmd('hqfinance', 'salesorders', order, 'createInvoice'), '订单没有已发货未开票的数量');
    expect((await one<{ q: number }>('SELECT new_invoicedqty AS q FROM salesorderdetail WHERE salesorderdetailid = $1', [line])).q).toBe(6);
  });

  it('void: finance, a reason, only while unpaid; the quantities go back to the order; read-only through the record API', async () => {
    expect((await cmd('dealer1', 'invoices', second, 'void', { new_voidreason: 'x' })).statusCode).toBe(403);
    refused(await cmd('hqfinance', 'invoices', second, 'void', {}), '作废原因不能为空', 400, 'new_voidreason');
    done(await cmd('hqfinance', 'invoices', second, 'void', { new_voidreason: '数量有误' }), '发票已作废');
    expect((await invoiceRow(second)).state).toBe(invoiceState.void);
    refused(
      await cmd('hqfinance', 'invoices', second, 'void', { new_voidreason: '再作废' }),
      '发票当前状态为“已作废”，只有未付款的发票才能作废',
    );
    expect((await one<{ q: number }>('SELECT new_invoicedqty AS q FROM salesorderdetail WHERE salesorderdetailid = $1', [line])).q).toBe(4);
    // Its 2 may be invoiced again.
    second = done<{ opens: { id: string } }>(await cmd('hqfinance', 'salesorders', order, 'createInvoice')).opens.id;
    expect((await invoiceRow(second)).qty).toBe(2);
    // Amounts and states are the server's: not even finance writes them through the record API.
    for (const row of [{ new_paidamount: '1.00' }, { new_state: invoiceState.paid }, { totalamount: '1.00' }])
      expect((await update('hqfinance', 'invoices', first, row)).statusCode).toBe(400);
    expect((await create('hqfinance', 'invoices', { new_order_id: order })).statusCode).toBe(403);
    // Another dealer does not see it; its own dealer does.
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/invoices(${first})`)).statusCode).toBe(404);
    expect((await api('dealer1fin', 'GET', `/api/crmdata/Retrieve/invoices(${first})`)).statusCode).toBe(200);
    expect((await cmd('dealer2', 'invoices', first, 'void', { new_voidreason: 'x' })).statusCode).toBe(403);
  });

  it('VAT invoice: lines agree to the fen and sum to the header; at most the invoice; finance only; read by the buyer; no void after it', async () => {
    const row = { new_invoice_id: first, new_name: '37019901', new_code: '4400231130', new_type: 1, new_rate: 9 };
    expect((await create('dealer1', 'new_taxinvoices', row)).statusCode).toBe(403);
    const id = createdId(await create('hqfinance', 'new_taxinvoices', row));
    const t = await one<{ amount: string; tax: string; total: string; state: number; buyer: string }>(
      `SELECT new_amount::text AS amount, new_tax::text AS tax, new_total::text AS total, new_state AS state, new_buyer_id AS buyer FROM new_taxinvoice WHERE new_taxinvoiceid = $1`,
      [id],
    );
    const inv = await invoiceRow(first);
    expect(t.total).toBe(inv.total);
    expect(fenOf(t.amount)! + fenOf(t.tax)!).toBe(fenOf(t.total));
    expect(fenOf(t.tax)).toBe(taxOf(fenOf(inv.total)!, 9));
    const sums = await one<{ a: string; x: string; s: string; bad: number }>(
      `SELECT sum(new_amount)::text AS a, sum(new_tax)::text AS x, sum(new_total)::text AS s,
              count(*) FILTER (WHERE new_amount + new_tax <> new_total)::int AS bad FROM new_taxinvoicedetail WHERE new_taxinvoice_id = $1`,
      [id],
    );
    expect(sums).toEqual({ a: t.amount, x: t.tax, s: t.total, bad: 0 });
    expect(t.state).toBe(taxInvoiceState.issued);
    expect((await invoiceRow(first)).taxed).toBe(inv.total);
    // Covered in full: a second one is refused; the same code and number twice is refused.
    const again = await create('hqfinance', 'new_taxinvoices', { ...row, new_name: '37019902' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('已全部开具增值税发票');
    expect(fieldError(await create('hqfinance', 'new_taxinvoices', { ...row, new_invoice_id: second }))).toContain('已存在');
    // Not changed after issue (not even its rate); sent with a courier number; the dealer reads it.
    expect((await update('hqfinance', 'new_taxinvoices', id, { new_rate: 13 })).statusCode).toBe(400);
    refused(await cmd('hqfinance', 'new_taxinvoices', id, 'send', {}), '快递单号不能为空', 400, 'new_courierno');
    done(await cmd('hqfinance', 'new_taxinvoices', id, 'send', { new_courierno: 'SF900100' }));
    expect((await api('dealer1', 'GET', `/api/crmdata/Retrieve/new_taxinvoices(${id})`)).statusCode).toBe(200);
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_taxinvoices(${id})`)).statusCode).toBe(404);
    expect((await update('dealer1', 'new_taxinvoices', id, { new_courierno: 'X' })).statusCode).toBe(403);
    // An invoice with a VAT invoice is not voided; a void invoice gets none.
    refused(await cmd('hqfinance', 'invoices', first, 'void', { new_voidreason: '错' }), `发票已开具增值税发票 37019901，不能作废`);
    const voided = await one<{ id: string; name: string }>(`SELECT invoiceid AS id, name FROM invoice WHERE new_state = $1 LIMIT 1`, [
      invoiceState.void,
    ]);
    const v = await create('hqfinance', 'new_taxinvoices', { ...row, new_name: '37019903', new_invoice_id: voided.id });
    expect(v.body).toContain(`发票 ${voided.name} 已作废，不能开具增值税发票`);
  });
});

describe('receipts: record, confirm, allocate', () => {
  const receipt = (who: string, amount: string, serial: string, lang = 'zh-CN') =>
    create(who, 'new_receipts', { new_paydate: '2026-11-30', new_method: 1, new_amount: amount, new_serialno: serial }, lang);
  let inv: { id: string; name: string; open: number }[];

  beforeAll(async () => {
    // dealer1's own open invoices, oldest first (the demo's and the tests').
    inv = (
      await p.db.query<{ id: string; name: string; open: string }>(
        `SELECT i.invoiceid AS id, i.name, (i.totalamount - i.new_paidamount)::text AS open FROM invoice i JOIN businessunit b ON b.businessunitid = i.owningbusinessunit
          WHERE b.new_code = 'DL-GZ001' AND i.new_state IN (1, 2) ORDER BY i.new_invoicedate, i.createdon, i.name`,
      )
    ).rows.map((r) => ({ ...r, open: fenOf(r.open)! }));
    expect(inv.length).toBeGreaterThanOrEqual(3);
  });

  it('the bank serial is unique per payer (refused at the field naming the receipt), not across payers', async () => {
    const a = createdId(await receipt('dealer1fin', '10.00', 'BOC-2026-0001'));
    const r = await receiptRow(a);
    expect(r).toMatchObject({ status: approvalStatus.draft, allocated: '0.00' });
    const unit = await one<{ id: string }>(`SELECT businessunitid AS id FROM businessunit WHERE new_code = 'DL-GZ001'`);
    expect(r.payer).toBe(unit.id);
    const name = (await one<{ n: string }>('SELECT new_name AS n FROM new_receipt WHERE new_receiptid = $1', [a])).n;
    atField(
      await receipt('dealer1fin', '20.00', 'BOC-2026-0001'),
      'new_serialno',
      `银行流水号“BOC-2026-0001”已登记在回款单 ${name}，不能重复登记`,
    );
    atField(
      await receipt('dealer1', '20.00', 'BOC-2026-0001', 'en-US'),
      'new_serialno',
      `Bank serial number “BOC-2026-0001” is already recorded on receipt ${name}`,
    );
    const b = createdId(await receipt('dealer1fin', '20.00', 'BOC-2026-0002'));
    atField(
      await update('dealer1fin', 'new_receipts', b, { new_serialno: 'BOC-2026-0001' }),
      'new_serialno',
      `银行流水号“BOC-2026-0001”已登记在回款单 ${name}，不能重复登记`,
    );
    // The unique index is the backstop: a row that slipped past the check (written around it) is refused as well.
    await expect(p.db.query(`UPDATE new_receipt SET new_serialno = 'BOC-2026-0001' WHERE new_receiptid = $1`, [b])).rejects.toMatchObject({
      code: '23505',
    });
    createdId(await receipt('dealer2fin', '10.00', 'BOC-2026-0001'));
    // Zero, negative and three-decimal amounts are refused.
    for (const bad of ['0', '-5.00', '1.005']) expect((await receipt('dealer1fin', bad, `BAD-${bad}`)).statusCode).toBe(400);
    // Head office is no payer.
    expect((await receipt('hqsales', '10.00', 'HQ-1')).body).toContain('只有经销商或门店可以登记回款');
    // Server-owned fields are not written by the payer.
    expect((await update('dealer1fin', 'new_receipts', b, { new_allocatedamount: '20.00' })).statusCode).toBe(400);
    // Another dealer's receipt: 404.
    expect((await api('dealer2fin', 'GET', `/api/crmdata/Retrieve/new_receipts(${a})`)).statusCode).toBe(404);
    expect((await update('dealer2fin', 'new_receipts', a, { new_remark: 'x' })).statusCode).toBe(404);
  });

  it('chosen allocations above the open amount or the receipt, or of another payer, are refused; submit needs the slip', async () => {
    const [i1] = inv;
    const id = createdId(await receipt('dealer1fin', yuan(i1.open), 'ICBC-7781'));
    const alloc = (invoiceId: string, amount: string) =>
      create('dealer1fin', 'new_receiptallocations', { new_receipt_id: id, new_invoice_id: invoiceId, new_amount: amount });
    refused(await alloc(i1.id, yuan(i1.open + 1)), `分配到发票 ${i1.name} 的金额 ¥${yuanT(i1.open + 1)} 超过其未付金额 ¥${yuanT(i1.open)}`);
    const other = await one<{ id: string }>(
      `SELECT i.invoiceid AS id FROM invoice i JOIN businessunit b ON b.businessunitid = i.owningbusinessunit WHERE b.new_code = 'DL-SZ001' LIMIT 1`,
    );
    expect((await alloc(other.id, '1.00')).statusCode).toBe(400);
    createdId(await alloc(i1.id, yuan(i1.open)));
    // The receipt lowered below its allocations: refused, nothing changes.
    refused(
      await update('dealer1fin', 'new_receipts', id, { new_amount: yuan(i1.open - 1) }),
      `分配金额合计 ¥${yuanT(i1.open)} 超过回款未分配金额 ¥${yuanT(i1.open - 1)}`,
    );
    expect((await receiptRow(id)).amount).toBe(yuan(i1.open));
    refused(await submitReceipt('dealer1fin', id), 'WorkflowException: 请先上传银行回单（附件）再提交');
    await attachSlip('dealer1fin', id);
    done(await submitReceipt('dealer1fin', id));
    // Under review: not changed, its allocations neither.
    expect((await update('dealer1fin', 'new_receipts', id, { new_remark: '改' })).statusCode).toBe(400);
    expect((await alloc(i1.id, '1.00')).statusCode).toBe(400);
    // The payer does not confirm its own receipt.
    expect((await approve('dealer1fin', 'new_receipt', id)).statusCode).toBe(403);
    done(await approve('hqfinance', 'new_receipt', id));
    expect(await receiptRow(id)).toMatchObject({ status: approvalStatus.approved, allocated: yuan(i1.open) });
    const after = await invoiceRow(i1.id);
    expect(after.state).toBe(invoiceState.paid);
    expect(after.paid).toBe(after.total);
    const posted = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM new_receiptallocation WHERE new_receipt_id = $1 AND new_posted',
      [id],
    );
    expect(posted.n).toBe(1);
    // Confirmed: read-only for the payer; nothing left to allocate.
    expect((await update('dealer1fin', 'new_receipts', id, { new_remark: '改' })).statusCode).toBe(400);
    refused(await cmd('hqfinance', 'new_receipts', id, 'allocate'), '回款没有可核销的金额或付款单位没有未付发票');
  });

  it('oldest first on confirmation; what is left is allocated by finance, never above open or the receipt; 部分付款 in between', async () => {
    const [, i2, i3] = inv;
    // i2 in full and 6.00 of i3.
    const amount = i2.open + 600;
    const before = await invoiceRow(i3.id);
    const id = createdId(await receipt('dealer1fin', yuan(amount), 'CCB-5520'));
    await attachSlip('dealer1fin', id);
    done(await submitReceipt('dealer1fin', id));
    refused(await cmd('hqfinance', 'new_receipts', id, 'allocate'), '只有已确认的回款才能核销');
    done(await approve('hqfinance', 'new_receipt', id));
    expect((await invoiceRow(i2.id)).state).toBe(invoiceState.paid);
    expect(await invoiceRow(i3.id)).toMatchObject({ state: invoiceState.partPaid, paid: yuan(fenOf(before.paid)! + 600) });
    expect(await receiptRow(id)).toMatchObject({ allocated: yuan(amount) });
  });

  it('finance allocates a confirmed remainder: to one invoice at most its open amount and the remainder; dealers may not', async () => {
    // A confirmed receipt larger than what is open: the rest waits.
    const open = (
      await p.db.query<{ id: string; name: string; open: string }>(
        `SELECT i.invoiceid AS id, i.name, (i.totalamount - i.new_paidamount)::text AS open FROM invoice i JOIN businessunit b ON b.businessunitid = i.owningbusinessunit
          WHERE b.new_code = 'DL-GZ001' AND i.new_state IN (1, 2) ORDER BY i.new_invoicedate, i.createdon, i.name`,
      )
    ).rows.map((r) => ({ ...r, open: fenOf(r.open)! }));
    const all = open.reduce((s, i) => s + i.open, 0);
    const id = createdId(await receipt('dealer1fin', yuan(all + 10_000), 'ABC-9001'));
    await attachSlip('dealer1fin', id);
    done(await submitReceipt('dealer1fin', id));
    done(await approve('hqfinance', 'new_receipt', id));
    expect(await receiptRow(id)).toMatchObject({ allocated: yuan(all) });
    const left = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoice i JOIN businessunit b ON b.businessunitid = i.owningbusinessunit WHERE b.new_code = 'DL-GZ001' AND i.new_state IN (1, 2)`,
    );
    expect(left.n).toBe(0);
    // A new invoice of dealer1: finance allocates to it, not more than it is open, not more than is left.
    const { order } = await shippedOrder('HC-SK-80', 5, 5);
    const fresh = done<{ opens: { id: string } }>(await cmd('hqfinance', 'salesorders', order, 'createInvoice')).opens.id;
    const f = await invoiceRow(fresh);
    const name = (await one<{ n: string }>('SELECT name AS n FROM invoice WHERE invoiceid = $1', [fresh])).n;
    expect(fenOf(f.total)!).toBeGreaterThan(10_000);
    expect((await cmd('dealer1fin', 'new_receipts', id, 'allocate', { invoiceId: fresh, amount: '1.00' })).statusCode).toBe(403);
    expect((await cmd('dealer2', 'new_receipts', id, 'allocate')).statusCode).toBe(403);
    refused(
      await cmd('hqfinance', 'new_receipts', id, 'allocate', { invoiceId: fresh, amount: yuan(fenOf(f.total)! + 1) }),
      `分配到发票 ${name} 的金额 ¥${yuanT(fenOf(f.total)! + 1)} 超过其未付金额 ¥${yuanT(fenOf(f.total)!)}`,
      400,
      'amount',
    );
    refused(
      await cmd('hqfinance', 'new_receipts', id, 'allocate', { invoiceId: fresh, amount: '100.01' }),
      '分配金额合计 ¥100.01 超过回款未分配金额 ¥100.00',
      400,
      'amount',
    );
    refused(await cmd('hqfinance', 'new_receipts', id, 'allocate', { amount: '0' }), '金额必须大于 0，最多两位小数', 400, 'amount');
    expect((await invoiceRow(fresh)).paid).toBe('0.00');
    done(await cmd('hqfinance', 'new_receipts', id, 'allocate', { invoiceId: fresh, amount: '60.00' }), '已核销 ¥60.00，未分配 ¥40.00');
    done(await cmd('hqfinance', 'new_receipts', id, 'allocate'), '已核销 ¥40.00，未分配 ¥0.00');
    expect(await invoiceRow(fresh)).toMatchObject({ state: invoiceState.partPaid, paid: '100.00' });
    expect(await receiptRow(id)).toMatchObject({ allocated: yuan(all + 10_000) });
    // A paid or part-paid invoice is not voided.
    expect((await cmd('hqfinance', 'invoices', fresh, 'void', { new_voidreason: 'x' })).json().Message).toMatch(/只有未付款的发票才能作废/);
  });

  it('the demo: every invoice state for both dealers, paid = Σ posted allocations, receipts confirmed, under review and draft', async () => {
    const bad = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoice i
        WHERE i.new_paidamount <> COALESCE((SELECT sum(a.new_amount) FROM new_receiptallocation a WHERE a.new_invoice_id = i.invoiceid AND a.new_posted), 0)
           OR i.new_state <> CASE WHEN i.new_state = 4 THEN 4 WHEN i.new_paidamount = 0 THEN 1 WHEN i.new_paidamount < i.totalamount THEN 2 ELSE 3 END`,
    );
    expect(bad.n).toBe(0);
    const rs = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_receipt r WHERE r.new_allocatedamount <> COALESCE((SELECT sum(a.new_amount) FROM new_receiptallocation a WHERE a.new_receipt_id = r.new_receiptid AND a.new_posted), 0)`,
    );
    expect(rs.n).toBe(0);
    for (const code of ['DL-GZ001', 'DL-SZ001']) {
      const { rows } = await p.db.query<{ s: number }>(
        `SELECT DISTINCT r.new_approvalstatus AS s FROM new_receipt r JOIN businessunit b ON b.businessunitid = r.owningbusinessunit
          WHERE b.new_code = $1 AND r.new_serialno LIKE '62%' ORDER BY 1`,
        [code],
      );
      expect(rows.map((r) => r.s)).toEqual([approvalStatus.draft, approvalStatus.underReview, approvalStatus.approved]);
    }
    const taxed = await one<{ n: number }>('SELECT count(DISTINCT new_state)::int AS n FROM new_taxinvoice');
    expect(taxed.n).toBe(2);
    expect(
      (await one<{ n: number }>('SELECT count(*)::int AS n FROM salesorder WHERE new_status = $1', [salesOrderStatus.signed])).n,
    ).toBeGreaterThan(0);
  });
});

const yuanT = (fen: number) => {
  const [i, d] = yuan(fen).split('.');
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${d}`;
};
