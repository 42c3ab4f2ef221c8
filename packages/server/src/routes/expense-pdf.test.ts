import { CONFIRMATION_TOTALS, expensePdfPath } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { yuan } from '../domain/expense/period.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { testPortal } from '../testing/test-portal.ts';

let p: Portal;
const tok: Record<string, string> = {};
type Claim = { id: string; name: string; station: string; lines: number } & Record<string, string>;
let claim: Claim;

const get = (who: string, id: string, lang = 'zh-CN') =>
  p.app.inject({ method: 'GET', url: expensePdfPath(id), headers: { ...bearer(tok[who]), 'accept-language': lang } });

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['hq', 'station1', 'station2']) tok[u] = (await signIn(p.app, u)).access_token;
  // 上海浦东's demo statement with the most lines (station1's own; not station2's).
  const row = await p.db.one<Claim>(
    `SELECT c.new_srv_expense_claimid AS id, c.new_name AS name, s.new_name AS station,
            (SELECT count(*)::int FROM new_srv_expense_claimline l WHERE l.new_expenseclaim_id = c.new_srv_expense_claimid) AS lines,
            ${CONFIRMATION_TOTALS.map((f) => `COALESCE(c.${f}, 0)::text AS ${f}`).join(', ')}
       FROM new_srv_expense_claim c JOIN new_srv_station s ON s.new_srv_stationid = c.new_station_id
      WHERE s.new_code = 'SH001' ORDER BY lines DESC, c.new_name LIMIT 1`,
  );
  expect(row, 'a demo statement of 上海浦东').toBeDefined();
  claim = row!;
});
afterAll(async () => {
  await p?.close();
});

describe('GET /api/expense/claims/{id}/pdf (settlement confirmation form)', () => {
  it('head office gets an A4 PDF with the station, the number, every total and the signature areas as text', async () => {
    const res = await get('hq', claim.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    // RFC 5987: an ASCII fallback and the UTF-8 name, percent-encoded.
    const name = `费用结算确认单-${claim.name}.pdf`;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_______-${claim.name}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const text = pdfText(body);
    expect(text).toContain('华辰智能装备股份有限公司');
    expect(text).toContain('费用结算确认单');
    expect(text).toContain(claim.station);
    expect(text).toContain(claim.name);
    for (const f of CONFIRMATION_TOTALS) expect(text, f).toContain(yuan(claim[f]));
    expect(Number(claim.new_totalamount)).toBeGreaterThan(0);
    expect(text).toMatch(/¥\d{1,3}(,\d{3})*\.\d{2}/);
    for (const s of ['服务站签字', '服务站盖章', '总部签字', '总部盖章']) expect(text).toContain(s);
    // One row per line of the statement.
    const lineNames = (
      await p.db.query<{ name: string }>('SELECT new_name AS name FROM new_srv_expense_claimline WHERE new_expenseclaim_id = $1', [
        claim.id,
      ])
    ).rows;
    expect(lineNames.length).toBe(claim.lines);
    for (const l of lineNames) expect(text).toContain(l.name);
  });

  it("the statement's own station gets it too, in English when asked", async () => {
    const res = await get('station1', claim.id, 'en-US');
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Expense settlement confirmation');
    expect(text).toContain('Station seal');
    expect(text).toContain(yuan(claim.new_approvalamount));
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`Expense settlement confirmation-${claim.name}.pdf`)}`,
    );
  });

  it('another station gets 404 (not a PDF), an unknown id 404, no token 401', async () => {
    const other = await get('station2', claim.id);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/json/);
    expect((await get('hq', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('hq', 'not-a-guid')).statusCode).toBe(404);
    expect((await p.app.inject({ method: 'GET', url: expensePdfPath(claim.id) })).statusCode).toBe(401);
  });
});
