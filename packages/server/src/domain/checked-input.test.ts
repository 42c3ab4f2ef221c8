import { contractStatus, expenseFormStatus, msg, type Lang, type MessageKey } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

// Every command that reads a date or a date-time from the client, with impossible ones: each is
// refused with 400 and the catalogue message naming the field (zh-CN and en-US), never a 500, and
// the document (or the table a create writes to) is as it was. Issue 23, finding 3.

let p: Portal;
const tok: Record<string, string> = {};
const ids: Record<string, string> = {};

const IMPOSSIBLE: unknown[] = ['2026-02-30', '2026-13-01', 'abc', 20260301, '2026-02-28T25:00'];

type Case = {
  name: string;
  who: string;
  method: 'GET' | 'POST';
  /** The request with the date value in place. */
  url: () => string;
  body?: (v: unknown) => object;
  field: string;
  /** The field's label as the message names it. */
  label: Record<Lang, string>;
  kind: 'date' | 'datetime';
  /** What a blank value answers (null: blank is allowed, it means a default). */
  blank: { key: MessageKey; params?: (lang: Lang) => Record<string, string> } | null;
  /** The row (table and key) or table that must not change. */
  table: string;
  where?: () => [string, string];
};

const wo = (cmd: string) => () => `/api/workorders/${ids.order}/${cmd}`;
const zhEn = (zh: string, en: string): Record<Lang, string> => ({ 'zh-CN': zh, 'en-US': en });
const required = (label: Record<Lang, string>) => ({ key: 'records.required' as const, params: (lang: Lang) => ({ field: label[lang] }) });

const CASES: Case[] = [
  {
    name: 'contract terminate',
    who: 'station1',
    method: 'POST',
    url: () => `/api/contracts/${ids.contract}/terminate`,
    body: (date) => ({ date, reason: '客户要求' }),
    field: 'date',
    label: zhEn('终止日期', 'Termination date'),
    kind: 'date',
    blank: required(zhEn('终止日期', 'Termination date')),
    table: 'new_srv_contract',
    where: () => ['new_srv_contractid', ids.contract],
  },
  {
    name: 'work order appointment',
    who: 'station1',
    method: 'POST',
    url: wo('appointment'),
    body: (date) => ({ date, begin: 900, end: 1000, status: 1 }),
    field: 'date',
    label: zhEn('预约日期', 'Appointment date'),
    kind: 'date',
    blank: { key: 'wo.dateRequired' },
    table: 'new_srv_workorder',
    where: () => ['new_srv_workorderid', ids.order],
  },
  {
    name: 'work order progress',
    who: 'station1',
    method: 'POST',
    url: wo('progress'),
    body: (time) => ({ step: 'response', time }),
    field: 'time',
    label: zhEn('时间', 'Time'),
    kind: 'datetime',
    blank: { key: 'wo.ui.timeRequired' },
    table: 'new_srv_workorder',
    where: () => ['new_srv_workorderid', ids.order],
  },
  ...(['departureTime', 'arrivalTime', 'completionTime'] as const).map(
    (field): Case => ({
      name: `work order complete (${field})`,
      who: 'station1',
      method: 'POST',
      url: wo('complete'),
      body: (v) => ({ [field]: v }),
      field,
      label: {
        departureTime: zhEn('出发时间', 'Departure time'),
        arrivalTime: zhEn('到达时间', 'Arrival time'),
        completionTime: zhEn('完工时间', 'Completion time'),
      }[field],
      kind: 'datetime',
      blank: null,
      table: 'new_srv_workorder',
      where: () => ['new_srv_workorderid', ids.order],
    }),
  ),
  {
    name: 'expense invoice',
    who: 'hq',
    method: 'POST',
    url: () => `/api/expense/claims/${ids.invoiced}/invoice`,
    body: (new_invoicedate) => ({ new_invoiceno: 'FP9', new_invoicedate, new_invoiceamount: '0' }),
    field: 'new_invoicedate',
    label: zhEn('开票日期', 'Invoice date'),
    kind: 'date',
    blank: { key: 'expense.invoiceRequired' },
    table: 'new_srv_expense_claim',
    where: () => ['new_srv_expense_claimid', ids.invoiced],
  },
  {
    name: 'expense pay',
    who: 'hq',
    method: 'POST',
    url: () => `/api/expense/claims/${ids.paid}/pay`,
    body: (new_payeddate) => ({ new_payeddate }),
    field: 'new_payeddate',
    label: zhEn('支付日期', 'Paid on'),
    kind: 'date',
    blank: null,
    table: 'new_srv_expense_claim',
    where: () => ['new_srv_expense_claimid', ids.paid],
  },
  {
    name: 'stock count sheet',
    who: 'station1',
    method: 'POST',
    url: () => '/api/stock/counts',
    body: (checkDate) => ({ warehouseId: ids.warehouse, checkDate }),
    field: 'checkDate',
    label: zhEn('盘点日期', 'Count date'),
    kind: 'date',
    blank: null,
    table: 'new_srv_stockcheck',
  },
  {
    name: 'inventory task',
    who: 'hq',
    method: 'POST',
    url: () => '/api/stock/tasks',
    body: (deadline) => ({ subject: '年末盘点', deadline, stationIds: [ids.station] }),
    field: 'deadline',
    label: zhEn('完成期限', 'Deadline'),
    kind: 'date',
    blank: required(zhEn('完成期限', 'Deadline')),
    table: 'new_srv_invtask',
  },
  {
    name: 'operation log page',
    who: 'admin',
    method: 'GET',
    url: () => '/api/OperationLog',
    field: 'before',
    label: zhEn('before', 'before'),
    kind: 'datetime',
    blank: null,
    table: 'new_operationlog',
  },
];

const send = (c: Case, v: unknown, lang: Lang) => {
  const url = c.body ? c.url() : `${c.url()}?${c.field}=${encodeURIComponent(String(v))}`;
  return p.app.inject({
    method: c.method,
    url,
    ...(c.body ? { payload: c.body(v) } : {}),
    headers: { ...bearer(tok[c.who]), 'accept-language': lang },
  });
};
const snapshot = async (c: Case) => {
  if (!c.where) return (await p.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${c.table}`))!.n;
  const [key, id] = c.where();
  return (await p.db.query(`SELECT * FROM ${c.table} WHERE ${key} = $1`, [id])).rows;
};

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'hq', 'admin']) tok[u] = (await signIn(p.app, u)).access_token;
  const one = async (sql: string, params: unknown[] = []) => Object.values((await p.db.one<Record<string, string>>(sql, params))!)[0];
  ids.station = await one(`SELECT new_station_id FROM systemuser WHERE domainname = 'station1'`);
  ids.contract = await one('SELECT new_srv_contractid FROM new_srv_contract WHERE new_station_id = $1 AND new_status = $2 LIMIT 1', [
    ids.station,
    contractStatus.active,
  ]);
  // Dispatched, nothing recorded yet: the appointment, the response and the completion all read their dates first.
  ids.order = await one(
    'SELECT new_srv_workorderid FROM new_srv_workorder WHERE new_station_id = $1 AND new_status = 2 ORDER BY new_name LIMIT 1',
    [ids.station],
  );
  ids.warehouse = await one('SELECT new_srv_warehouseid FROM new_srv_warehouse WHERE new_station_id = $1 LIMIT 1', [ids.station]);
  // Two statements put where invoice and pay apply (the way there is expense.test's).
  const claims = (
    await p.db.query<{ id: string }>('SELECT new_srv_expense_claimid AS id FROM new_srv_expense_claim ORDER BY new_name LIMIT 2')
  ).rows;
  [ids.invoiced, ids.paid] = claims.map((r) => r.id);
  await p.db.query('UPDATE new_srv_expense_claim SET new_formstatus = $2 WHERE new_srv_expense_claimid = $1', [
    ids.invoiced,
    expenseFormStatus.confirmed,
  ]);
  await p.db.query('UPDATE new_srv_expense_claim SET new_formstatus = $2 WHERE new_srv_expense_claimid = $1', [
    ids.paid,
    expenseFormStatus.invoiceAccepted,
  ]);
});
afterAll(() => p?.close());

describe('impossible dates sent to commands', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s: 400 naming the field, nothing changed', async (_name, c) => {
    const before = await snapshot(c);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const invalid = msg(c.kind === 'date' ? 'records.date' : 'records.datetime', lang, { field: c.label[lang] });
      for (const v of IMPOSSIBLE) {
        const res = await send(c, v, lang);
        expect(res.statusCode, `${String(v)} → ${res.body}`).toBe(400);
        expect(res.json().Message, String(v)).toBe(invalid);
        if (c.body) expect(res.json().error.field).toBe(c.field);
      }
      if (c.blank) {
        const res = await send(c, '', lang);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().Message).toBe(msg(c.blank.key, lang, c.blank.params?.(lang)));
      }
    }
    expect(await snapshot(c)).toEqual(before);
  });
});
