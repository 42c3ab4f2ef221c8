import { expenseSection, settleWay, workOrderStatus } from '@portal/model';
import { runCommand } from '../documents/kernel.ts';
import { expenseController } from '../domain/expense/expense.controller.ts';
import { generateSettlements } from '../domain/expense/generate.ts';
import { CHINA_OFFSET_MS } from '../domain/china-time.ts';
import { Refusal } from '../http/errors.ts';
import type { Caller } from '../records/scope.ts';
import type { Sql } from '../db/db.ts';
import { callerOf } from './parts.ts';

/** A deduction of `n` yuan where the statement is large enough to bear it (a reason goes with any). */
const cut = (total: string, n: number) => (Number(total) >= n * 5 ? -n : 0);

const BANKS: Record<string, [string, string]> = {
  SH001: ['中国工商银行上海张江支行', '1001 2345 6789 0123 456'],
  ZJ001: ['招商银行杭州文三路支行', '5719 0812 3456 789'],
};

/** Runs a statement's command through the document kernel, as its screen does. */
const run = (sql: Sql, as: Caller, id: string, command: string, body: Record<string, unknown> = {}) =>
  runCommand(sql, as, expenseController, command, id, body, 'zh-CN');

/** The period `back` months before `now` (China time), second half: it takes every order audited before its end. */
function monthBack(now: Date, back: number) {
  const local = new Date(now.getTime() + CHINA_OFFSET_MS);
  const d = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, section: expenseSection.secondHalf, settleWay: settleWay.transfer };
}

/**
 * Demo settlements made through the commands: two months back every station's statement, the
 * stations' own ones paid; last month one waiting for the station after a doubt and a
 * recalculation (上海), one submitted (杭州), one not yet submitted (广州, no station user).
 */
export async function seedExpenseDemo(sql: Sql, now = new Date()): Promise<void> {
  const as: Record<string, Caller> = {};
  for (const login of ['hq', 'station1', 'station2']) as[login] = await callerOf(sql, login);
  const claims = async (year: number, month: number) =>
    new Map(
      (
        await sql.query<{ id: string; code: string; total: string }>(
          `SELECT c.new_srv_expense_claimid AS id, s.new_code AS code, c.new_totalamount::text AS total FROM new_srv_expense_claim c
       JOIN new_srv_station s ON s.new_srv_stationid = c.new_station_id WHERE c.new_year = $1 AND c.new_month = $2`,
          [year, month],
        )
      ).rows.map((r) => [r.code, r]),
    );
  const generate = async (period: ReturnType<typeof monthBack>) => {
    try {
      await generateSettlements(sql, as.hq, period, 'zh-CN', now);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err; // nothing to settle on this calendar day: no statements
    }
    return claims(period.year, period.month);
  };

  // Each station keeps its latest audited and revisited order out of the past periods (audited now):
  // the work-order screens still show those states, and this period has work to generate live.
  await sql.query(
    `UPDATE new_srv_workorder SET new_audittime = now() WHERE new_srv_workorderid IN (
       SELECT DISTINCT ON (new_station_id, new_status) new_srv_workorderid FROM new_srv_workorder
        WHERE new_status = ANY($1::int[]) ORDER BY new_station_id, new_status, new_audittime DESC)`,
    [[workOrderStatus.audited, workOrderStatus.revisited]],
  );
  const older = await generate(monthBack(now, 2));
  for (const [code, login] of [
    ['SH001', 'station1'],
    ['ZJ001', 'station2'],
  ] as const) {
    const c = older.get(code);
    if (!c) continue;
    await run(sql, as[login], c.id, 'submit', { new_bank: BANKS[code][0], new_bankcode: BANKS[code][1] });
    await run(sql, as[login], c.id, 'returnOldParts');
    await run(sql, as.hq, c.id, 'receiveOldParts');
    const adjust = code === 'SH001' ? cut(c.total, 50) : 0;
    await run(sql, as.hq, c.id, 'calculate', adjust ? { new_adjustamount: adjust, new_adjustreason: '旧件缺失 1 件，按规定扣款' } : {});
    await run(sql, as[login], c.id, 'confirm');
    const approved = (Number(c.total) + adjust).toFixed(2);
    await run(sql, as.hq, c.id, 'invoice', {
      new_invoiceno: `0${code === 'SH001' ? '3100' : '3300'}${String(monthBack(now, 2).month).padStart(2, '0')}88`,
      new_invoicedate: new Date(now.getTime() - 20 * 86_400_000).toISOString().slice(0, 10),
      new_invoiceamount: approved,
    });
    await run(sql, as.hq, c.id, 'pay', { new_payeddate: new Date(now.getTime() - 10 * 86_400_000).toISOString().slice(0, 10) });
  }

  const last = await generate(monthBack(now, 1));
  const sh = last.get('SH001');
  if (sh) {
    await run(sql, as.station1, sh.id, 'submit', { new_bank: BANKS.SH001[0], new_bankcode: BANKS.SH001[1] });
    await run(sql, as.station1, sh.id, 'returnOldParts');
    await run(sql, as.hq, sh.id, 'receiveOldParts');
    await run(sql, as.hq, sh.id, 'calculate', { new_adjustamount: cut(sh.total, 100), new_adjustreason: '外出费超出标准里程，核减' });
    await run(sql, as.station1, sh.id, 'doubt', { new_doubt: '外出费按实际里程 86 公里计算，附派工单与导航截图，请复核' });
    await run(sql, as.hq, sh.id, 'calculate', { new_adjustamount: cut(sh.total, 30), new_adjustreason: '复核后按 60 公里标准核减' });
  }
  const zj = last.get('ZJ001');
  if (zj) await run(sql, as.station2, zj.id, 'submit', { new_bank: BANKS.ZJ001[0], new_bankcode: BANKS.ZJ001[1] });
  // Statements read as made a few days after their period, not at the seeding instant.
  await sql.query(
    `UPDATE new_srv_expense_claim SET createdon = (new_periodend + 3)::timestamptz - interval '6 hours', modifiedon = GREATEST(modifiedon, (new_periodend + 3)::timestamptz)`,
  );
}
