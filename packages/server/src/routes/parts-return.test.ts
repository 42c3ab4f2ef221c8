import { partsReturnPdfPath, partsReturnState, partsReturnVerify, workOrderStatus, type OwedOldPart } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { chinaDate } from '../domain/china-time.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { done, refused } from '../testing/http-expect.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { testPortal } from '../testing/test-portal.ts';

let p: Portal;
const tok: Record<string, string> = {};
const API = '/api/parts-returns';

const api = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const owed = async (who = 'station1') => done<OwedOldPart[]>(await api(who, 'GET', `${API}/owed`));
const header = async (id: string) =>
  (await p.db.one<Record<string, unknown>>('SELECT * FROM new_srv_partsreturn WHERE new_srv_partsreturnid = $1', [id]))!;
const lines = async (id: string) =>
  (
    await p.db.query<{ id: string; partline: string; qty: number; received: number; cc: string }>(
      `SELECT new_srv_partsreturndetailid AS id, new_partline_id AS partline, new_qty AS qty, COALESCE(new_receivedqty, 0) AS received, new_costcenter AS cc
       FROM new_srv_partsreturndetail WHERE new_partsreturn_id = $1 ORDER BY createdon`,
      [id],
    )
  ).rows;
/** What every return holds of a part line. */
const held = async (partLine: string) =>
  Number(
    (await p.db.one<{ n: number }>('SELECT COALESCE(sum(new_qty), 0)::int AS n FROM new_srv_partsreturndetail WHERE new_partline_id = $1', [
      partLine,
    ]))!.n,
  );
const create = async (who = 'station1') =>
  done(await api(who, 'POST', '/api/crmdata/create/new_srv_partsreturns', { new_contact: '陈志强', new_phone: '13800138001' })).id;
const pick = (id: string, body: object, lang?: string, who = 'station1') => api(who, 'POST', `${API}/${id}/pick`, body, lang);
const cmd = (who: string, id: string, name: string, body: object = {}, lang?: string) =>
  api(who, 'POST', `${API}/${id}/${name}`, body, lang);
const DELIVER = { logisticsCorp: '顺丰速运', trackingNo: 'SF1402887761203', freight: 36.5 };

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'hq']) tok[u] = (await signIn(p.app, u)).access_token;
});
afterAll(() => p?.close());

describe('old parts back to factory', () => {
  it('the demo has returns of 上海 and 杭州 in every logistics state, made through the commands, none written off', async () => {
    const { rows } = await p.db.query<{ state: number; verify: number; n: number; lines: number; received: number }>(
      `SELECT r.new_state AS state, r.new_verifystatus AS verify, count(DISTINCT r.new_srv_partsreturnid)::int AS n, count(l.*)::int AS lines,
              COALESCE(sum(l.new_receivedqty), 0)::int AS received
         FROM new_srv_partsreturn r LEFT JOIN new_srv_partsreturndetail l ON l.new_partsreturn_id = r.new_srv_partsreturnid GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(rows.map((r) => r.state)).toEqual([
      partsReturnState.draft,
      partsReturnState.delivered,
      partsReturnState.semiReceived,
      partsReturnState.received,
      partsReturnState.confirmed,
    ]);
    expect(rows.every((r) => r.verify === partsReturnVerify.pending && r.lines > 0)).toBe(true);
    expect(rows.find((r) => r.state === partsReturnState.delivered)!.received).toBe(0);
    expect(rows.find((r) => r.state === partsReturnState.semiReceived)!.received).toBeGreaterThan(0);
    const cc = await p.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_srv_partsreturndetail WHERE COALESCE(new_costcenter, '') = ''`,
    );
    expect(cc!.n).toBe(0);
  });

  it("a station sees the old parts it still owes: its completed orders' replaced parts less what returns hold", async () => {
    const mine = await owed();
    expect(mine.length).toBeGreaterThan(2);
    const station = (await p.db.one<{ id: string }>(`SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = 'SH001'`))!.id;
    for (const o of mine.slice(0, 5)) {
      const row = (await p.db.one<{ station: string; posted: number }>(
        'SELECT new_station_id AS station, new_postedqty AS posted FROM new_srv_partline WHERE new_srv_partlineid = $1',
        [o.partLineId],
      ))!;
      expect(row.station).toBe(station);
      expect(o.remaining).toBe(row.posted - (await held(o.partLineId)));
      expect(o.remaining).toBeGreaterThan(0);
      expect(o.workOrderName).toMatch(/\S/);
    }
    expect(await owed('hq')).toEqual([]);
    const theirs = new Set((await owed('station2')).map((o) => o.partLineId));
    expect(mine.some((o) => theirs.has(o.partLineId))).toBe(false);
  });

  it('a new return is numbered, to be submitted and pending; its lines cannot be created directly', async () => {
    const id = await create();
    const h = await header(id);
    expect(String(h.new_name)).toMatch(/^JF\d{8}-\d{4}$/);
    expect([h.new_state, h.new_verifystatus]).toEqual([partsReturnState.draft, partsReturnVerify.pending]);
    const [o] = await owed();
    const direct = { new_partsreturn_id: id, new_partline_id: o.partLineId, new_qty: 1, new_costcenter: 'CC-SH-4100' };
    refused(
      await api('station1', 'POST', '/api/crmdata/create/new_srv_partsreturndetails', direct),
      '旧件返厂明细不能直接创建，请从待返旧件中选取',
    );
    refused(
      await api('station1', 'POST', '/api/crmdata/create/new_srv_partsreturndetails', direct, 'en-US'),
      'Old-parts return details cannot be created directly: pick them from the old parts owed',
    );
    expect(await lines(id)).toEqual([]);
    // Only stations return old parts: head office may not create one.
    expect((await api('hq', 'POST', '/api/crmdata/create/new_srv_partsreturns', {})).statusCode).toBe(403);
  });

  it('picks owed parts: count ≤ still to return, cost centre required; refusals change nothing', async () => {
    const id = await create();
    const [a, b] = (await owed()).filter((o) => o.remaining >= 1);
    refused(await pick(id, { lines: [] }), '请至少选择一项');
    refused(
      await pick(id, { lines: [{ partLineId: a.partLineId, qty: 1, costCenter: ' ' }] }),
      '旧件返厂明细的成本中心不能为空',
      400,
      'lines.0.costCenter',
    );
    refused(
      await pick(id, { lines: [{ partLineId: a.partLineId, qty: 1 }] }, 'en-US'),
      'The cost center is required on an old-parts return line',
    );
    const over = {
      lines: [
        { partLineId: b.partLineId, qty: 1, costCenter: 'CC-SH-4100' },
        { partLineId: a.partLineId, qty: a.remaining + 1, costCenter: 'CC-SH-4100' },
      ],
    };
    refused(
      await pick(id, over),
      `返厂数量不能大于待返数量，配件“${a.code} ${a.name}”（工单 ${a.workOrderName}）还可返 ${a.remaining}`,
      400,
      'lines.1.qty',
    );
    refused(
      await pick(id, over, 'en-US'),
      `Returned-to-factory count cannot exceed the count still to return: at most ${a.remaining} more of ${a.code} ${a.name} (work order ${a.workOrderName})`,
    );
    refused(await pick(id, { lines: [{ partLineId: a.partLineId, qty: 0, costCenter: 'X' }] }), '返厂数量必须大于0', 400, 'lines.0.qty');
    expect(await lines(id)).toEqual([]);

    done(
      await pick(id, { lines: [{ partLineId: a.partLineId, qty: a.remaining, costCenter: 'CC-SH-4100 售后维修' }] }),
      '已选取 1 条待返旧件',
    );
    expect(await lines(id)).toEqual([
      expect.objectContaining({ partline: a.partLineId, qty: a.remaining, received: 0, cc: 'CC-SH-4100 售后维修' }),
    ]);
    expect((await owed()).find((o) => o.partLineId === a.partLineId)).toBeUndefined();
    expect(Number((await header(id)).new_totalqty)).toBe(a.remaining);
    expect(Number((await header(id)).new_totalamount)).toBeCloseTo(a.remaining * Number(a.price), 2);
    // Picking the same part line again, on this return or another: nothing left to return.
    refused(
      await pick(id, { lines: [{ partLineId: a.partLineId, qty: 1, costCenter: 'CC' }] }),
      `配件“${a.code} ${a.name}”重复，同一配件不允许重复添加`,
    );
    const other = await create();
    refused(
      await pick(other, { lines: [{ partLineId: a.partLineId, qty: 1, costCenter: 'CC' }] }),
      `返厂数量不能大于待返数量，配件“${a.code} ${a.name}”（工单 ${a.workOrderName}）还可返 0`,
    );
    // Another station's part line is not owed by this one.
    const theirs = (await owed('station2'))[0];
    refused(
      await pick(other, { lines: [{ partLineId: theirs.partLineId, qty: 1, costCenter: 'CC' }] }),
      '所选配件更换明细不属于本服务站已完工工单，或已没有待返旧件',
    );
    expect(await lines(other)).toEqual([]);
  });

  it('changes and deletes a line while draft; a bigger count than owed is refused', async () => {
    const id = await create();
    const a = (await owed()).find((o) => o.remaining >= 2) ?? (await owed())[0];
    done(await pick(id, { lines: [{ partLineId: a.partLineId, qty: 1, costCenter: 'CC-1' }] }));
    const [line] = await lines(id);
    refused(
      await api('station1', 'PATCH', `${API}/${id}/lines/${line.id}`, { qty: a.remaining + 1 }),
      `返厂数量不能大于待返数量，配件“${a.code} ${a.name}”（工单 ${a.workOrderName}）还可返 ${a.remaining}`,
    );
    done(await api('station1', 'PATCH', `${API}/${id}/lines/${line.id}`, { qty: a.remaining, costCenter: 'CC-2' }), '保存成功');
    expect(await lines(id)).toEqual([expect.objectContaining({ qty: a.remaining, cc: 'CC-2' })]);
    refused(await api('station1', 'PATCH', `${API}/${id}/lines/${line.id}`, { costCenter: '' }), '旧件返厂明细的成本中心不能为空');
    refused(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_partsreturndetails(${line.id})`, { new_qty: 99 }),
      '旧件返厂明细不能直接创建，请从待返旧件中选取',
    );
    done(await api('station1', 'DELETE', `${API}/${id}/lines/${line.id}`), '删除成功');
    expect(await lines(id)).toEqual([]);
    expect((await owed()).find((o) => o.partLineId === a.partLineId)?.remaining).toBe(a.remaining);
  });

  it('a part line picked into a return is not lowered below what the return holds, deleted or given another part', async () => {
    // A completed order of 上海 takes 3 of a part from stock: 3 old parts owed.
    const order = (await p.db.one<{ id: string }>(
      `SELECT o.new_srv_workorderid AS id FROM new_srv_workorder o JOIN new_srv_station s ON s.new_srv_stationid = o.new_station_id
        WHERE s.new_code = 'SH001' AND o.new_status = $1 ORDER BY o.new_name DESC LIMIT 1`,
      [workOrderStatus.completed],
    ))!.id;
    const product = (await p.db.one<{ id: string }>(`SELECT productid AS id FROM product WHERE productnumber = 'PW-FL-01'`))!.id;
    const { lineId } = done<{ lineId: string }>(
      await api('station1', 'POST', `/api/workorders/${order}/lines/partlines`, { new_product_id: product, new_qty: 3 }),
    );
    const a = (await owed()).find((o) => o.partLineId === lineId)!;
    expect(a.remaining).toBe(3);
    const id = await create();
    done(await pick(id, { lines: [{ partLineId: a.partLineId, qty: 2, costCenter: 'CC-SH-4100' }] }));
    const number = String((await header(id)).new_name);
    const part = `${a.code} ${a.name}`.trim();
    const url = `/api/workorders/${a.workOrderId}/lines/partlines/${a.partLineId}`;
    const partLine = async () =>
      (await p.db.one<{ qty: number; posted: number; product: string }>(
        'SELECT new_qty AS qty, new_postedqty AS posted, new_product_id AS product FROM new_srv_partline WHERE new_srv_partlineid = $1',
        [a.partLineId],
      ))!;
    const before = await partLine();

    refused(
      await api('station1', 'PATCH', url, { new_qty: 1 }),
      `配件“${part}”已有 2 件旧件选入旧件返厂单 ${number}，数量不能少于 2`,
      400,
      'new_qty',
    );
    refused(
      await api('station1', 'PATCH', url, { new_qty: 1 }, 'en-US'),
      `The old-parts return ${number} already holds 2 of ${part}: the quantity cannot be less than 2`,
    );
    refused(
      await api('station1', 'DELETE', url),
      `配件“${part}”已有 2 件旧件选入旧件返厂单 ${number}，不能删除或更换配件；请先从返厂单中移除`,
    );
    const other = (await p.db.one<{ id: string }>(
      `SELECT productid AS id FROM product WHERE productid <> $1 AND new_state = 0 ORDER BY productnumber LIMIT 1`,
      [before.product],
    ))!.id;
    refused(
      await api('station1', 'PATCH', url, { new_product_id: other }),
      `配件“${part}”已有 2 件旧件选入旧件返厂单 ${number}，不能删除或更换配件；请先从返厂单中移除`,
      400,
      'new_product_id',
    );
    expect(await partLine()).toEqual(before);
    expect(await held(a.partLineId)).toBe(2);

    // Down to what the return holds is fine: nothing more is owed.
    done(await api('station1', 'PATCH', url, { new_qty: 2 }));
    expect(await partLine()).toMatchObject({ qty: 2, posted: 2 });
    expect(await held(a.partLineId)).toBe(2);
    expect((await owed()).find((o) => o.partLineId === a.partLineId)).toBeUndefined();
    // Taken off the return, the line may go.
    done(await api('station1', 'DELETE', `${API}/${id}/lines/${(await lines(id))[0].id}`));
    done(await api('station1', 'DELETE', url));
  });

  it('two returns picking the same part line at once never hold more than is owed', async () => {
    const a = (await owed()).find((o) => o.remaining >= 1)!;
    const ids = [await create(), await create()];
    const res = await Promise.all(
      ids.map((id) => pick(id, { lines: [{ partLineId: a.partLineId, qty: a.remaining, costCenter: 'CC-SH-4100' }] })),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(res.find((r) => r.statusCode === 400)!.json().Message).toBe(
      `返厂数量不能大于待返数量，配件“${a.code} ${a.name}”（工单 ${a.workOrderName}）还可返 0`,
    );
    const posted = (await p.db.one<{ n: number }>('SELECT new_postedqty AS n FROM new_srv_partline WHERE new_srv_partlineid = $1', [
      a.partLineId,
    ]))!.n;
    expect(await held(a.partLineId)).toBe(posted);
  });

  it('station delivers with logistics and freight in range; head office receives (semi, then all), confirms and writes off', async () => {
    const id = await create();
    const [a, b] = (await owed()).filter((o) => o.remaining >= 1);
    refused(await cmd('station1', id, 'deliver', DELIVER), '请至少添加一条单据明细');
    done(
      await pick(id, {
        lines: [
          { partLineId: a.partLineId, qty: a.remaining, costCenter: 'CC-SH-4100' },
          { partLineId: b.partLineId, qty: b.remaining, costCenter: 'CC-SH-4200' },
        ],
      }),
      '已选取 2 条待返旧件',
    );
    const [la, lb] = await lines(id);

    expect((await cmd('station2', id, 'deliver', DELIVER)).statusCode).toBe(404);
    expect((await cmd('hq', id, 'deliver', DELIVER)).statusCode).toBe(403);
    refused(await cmd('station1', id, 'deliver', { ...DELIVER, trackingNo: '' }), '请填写物流公司和物流单号', 400, 'trackingNo');
    refused(await cmd('station1', id, 'deliver', { ...DELIVER, freight: -1 }), '运费必须在 0 至 99,999 元之间', 400, 'freight');
    refused(
      await cmd('station1', id, 'deliver', { ...DELIVER, freight: 100_000 }, 'en-US'),
      'The freight must be in the normal range (0 to 99,999)',
    );
    refused(await cmd('station1', id, 'deliver', { ...DELIVER, freight: undefined }), '运费必须在 0 至 99,999 元之间');
    refused(await cmd('hq', id, 'receive', { lines: [{ lineId: la.id, qty: 1 }] }), '只有已发货或部分签收的返厂单才能签收');
    expect((await header(id)).new_state).toBe(partsReturnState.draft);

    done(await cmd('station1', id, 'deliver', DELIVER), '发货成功');
    const h = await header(id);
    expect([h.new_state, h.new_logisticscorp, h.new_trackingno, Number(h.new_freight)]).toEqual([
      partsReturnState.delivered,
      '顺丰速运',
      'SF1402887761203',
      36.5,
    ]);
    refused(await cmd('station1', id, 'deliver', DELIVER), '只有草稿状态的单据才能修改');
    refused(await pick(id, { lines: [{ partLineId: a.partLineId, qty: 1, costCenter: 'CC' }] }), '只有草稿状态的单据才能修改');
    refused(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_partsreturns(${id})`, { new_memo: '改' }),
      '只有草稿状态的单据才能修改',
    );

    refused(await cmd('station1', id, 'receive', { lines: [{ lineId: la.id, qty: 1 }] }), '旧件返厂的签收、确认与核销由总部办理', 403);
    refused(await cmd('station1', id, 'confirm', {}, 'en-US'), 'Head office receives, confirms and writes off old-parts returns', 403);
    refused(await cmd('hq', id, 'confirm'), '只有已签收或部分签收的返厂单才能确认');
    refused(
      await cmd('hq', id, 'receive', { lines: [{ lineId: la.id, qty: la.qty + 1 }] }),
      `签收数量不能大于未签收数量，配件“${a.code} ${a.name}”最多还可签收 ${la.qty}`,
    );
    refused(await cmd('hq', id, 'receive', { lines: [{ lineId: la.id, qty: 0 }] }), '签收数量必须大于0');
    done(await cmd('hq', id, 'receive', { lines: [{ lineId: la.id, qty: la.qty }] }), '签收成功');
    expect([(await header(id)).new_state, Number((await header(id)).new_receivedqty)]).toEqual([partsReturnState.semiReceived, la.qty]);
    refused(await cmd('hq', id, 'writeoff'), '只有已确认且待核销的返厂单才能核销');
    done(await cmd('hq', id, 'receive', { lines: [{ lineId: lb.id, qty: lb.qty }] }), '签收成功');
    expect((await header(id)).new_state).toBe(partsReturnState.received);
    refused(await cmd('hq', id, 'receive', { lines: [{ lineId: lb.id, qty: 1 }] }), '只有已发货或部分签收的返厂单才能签收');
    done(await cmd('hq', id, 'confirm'), '确认成功');
    expect((await header(id)).new_state).toBe(partsReturnState.confirmed);
    done(await cmd('hq', id, 'writeoff', {}, 'en-US'), 'written off');
    expect((await header(id)).new_verifystatus).toBe(partsReturnVerify.writtenOff);
    refused(await cmd('hq', id, 'writeoff', {}, 'en-US'), 'Only a confirmed return pending verification can be written off');
  });

  it("the settlement takes written-off returns: freight paid, parts not received deducted at the part line's price", async () => {
    const id = await create();
    const a = (await owed()).find((o) => o.remaining >= 2) ?? (await owed())[0];
    done(await pick(id, { lines: [{ partLineId: a.partLineId, qty: a.remaining, costCenter: 'CC-SH-4100' }] }));
    done(await cmd('station1', id, 'deliver', { ...DELIVER, freight: 48 }));
    // Semi received: one part short, confirmed as missing.
    const [l] = await lines(id);
    if (l.qty > 1) done(await cmd('hq', id, 'receive', { lines: [{ lineId: l.id, qty: l.qty - 1 }] }));
    else done(await cmd('hq', id, 'receive', { lines: [{ lineId: l.id, qty: 1 }] }));
    done(await cmd('hq', id, 'confirm'));
    // A confirmed but not written-off return waits.
    const pending = await create();
    const b = (await owed()).find((o) => o.remaining >= 1)!;
    done(await pick(pending, { lines: [{ partLineId: b.partLineId, qty: 1, costCenter: 'CC' }] }));
    done(await cmd('station1', pending, 'deliver', { ...DELIVER, freight: 10 }));
    done(await cmd('hq', pending, 'receive', { lines: [{ lineId: (await lines(pending))[0].id, qty: 1 }] }));
    done(await cmd('hq', pending, 'confirm'));
    done(await cmd('hq', id, 'writeoff'));

    const today = chinaDate();
    const period = {
      year: Number(today.slice(0, 4)),
      month: Number(today.slice(5, 7)),
      section: Number(today.slice(8, 10)) <= 15 ? 1 : 2,
      settleWay: 1,
    };
    const station = (await p.db.one<{ id: string }>(`SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = 'SH001'`))!.id;
    done(await api('hq', 'POST', '/api/expense/claims/generate', { ...period, stationIds: [station] }));
    const claim = (await p.db.one<Record<string, string>>(
      `SELECT new_srv_expense_claimid AS id, new_oldpartfreight::text AS freight, new_oldpartamount::text AS oldpart, new_totalamount::text AS total,
              (SELECT sum(new_totalamount) FROM new_srv_expense_claimline WHERE new_expenseclaim_id = c.new_srv_expense_claimid)::text AS lines
         FROM new_srv_expense_claim c WHERE new_station_id = $1 AND new_year = $2 AND new_month = $3 AND new_section = $4`,
      [station, period.year, period.month, period.section],
    ))!;
    const missing = l.qty > 1 ? Number(a.price) : 0;
    expect((await header(id)).new_expenseclaim_id).toBe(claim.id);
    expect((await header(pending)).new_expenseclaim_id).toBeNull();
    // Demo returns of 上海 written off earlier count too: the statement holds exactly its linked returns.
    const linked = (await p.db.one<{ freight: string; missing: string }>(
      `SELECT COALESCE(sum(r.new_freight), 0)::text AS freight,
              COALESCE(sum((SELECT sum(round((d.new_qty - d.new_receivedqty) * d.new_price, 2)) FROM new_srv_partsreturndetail d WHERE d.new_partsreturn_id = r.new_srv_partsreturnid)), 0)::text AS missing
         FROM new_srv_partsreturn r WHERE r.new_expenseclaim_id = $1`,
      [claim.id],
    ))!;
    expect(Number(claim.freight)).toBeCloseTo(Number(linked.freight), 2);
    expect(Number(claim.freight)).toBeGreaterThanOrEqual(48);
    expect(Number(claim.oldpart)).toBeCloseTo(Number(linked.missing), 2);
    expect(Number(claim.oldpart)).toBeGreaterThanOrEqual(missing);
    expect(Number(claim.total)).toBeCloseTo(Number(claim.lines) + Number(claim.freight) - Number(claim.oldpart), 2);
  });

  it('prints the service-provider old-parts return list as an A4 PDF; another station 404', async () => {
    const id = await create();
    const a = (await owed()).find((o) => o.remaining >= 1 && o.serialNo) ?? (await owed())[0];
    done(await pick(id, { lines: [{ partLineId: a.partLineId, qty: 1, costCenter: 'CC-SH-4100' }] }));
    const res = await api('station1', 'GET', partsReturnPdfPath(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('服务商旧件返厂清单'));
    const text = pdfText(res.rawPayload);
    for (const s of [
      '服务商旧件返厂清单',
      '上海',
      String((await header(id)).new_name),
      a.code,
      a.workOrderName,
      'CC-SH-4100',
      '服务站发货人签字',
      '总部旧件库签收人签字',
      '合计',
    ]) {
      expect(text).toContain(s);
    }
    if (a.serialNo) expect(text).toContain(a.serialNo);
    expect((await api('station2', 'GET', partsReturnPdfPath(id))).statusCode).toBe(404);
    expect((await api('hq', 'GET', partsReturnPdfPath(id), undefined, 'en-US')).statusCode).toBe(200);
  });
});
