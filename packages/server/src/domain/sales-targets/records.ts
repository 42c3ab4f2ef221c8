import {
  businessUnitType,
  getEntity,
  msg,
  targetMetric,
  targetPeriodText,
  targetPeriodType,
  type Lang,
  type MessageKey,
  type TargetKind,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { Caller } from '../../records/scope.ts';
import { serverDefaults, ValidationFailed, writeHooks } from '../../records/write.ts';
import { periodDays } from './period.ts';

/*
 * What the record service must respect when head office writes salesmen, the dealers they serve
 * and targets (model entities/salesman.ts, sales-target.ts). Checks that name another record (the
 * salesman already serving a dealer, the target already set) run before the row is written, under an
 * advisory lock of what must be unique, so two writers queue and the second gets the message; the
 * unique indexes stay the backstop.
 */

const SALESMAN = getEntity('new_salesman')!;
const LINK = getEntity('new_salesmandealer')!;
const TARGET: Record<TargetKind, ReturnType<typeof getEntity> & object> = {
  staff: getEntity('new_stafftarget')!,
  account: getEntity('new_accounttarget')!,
};
const WHO = { staff: 'new_salesman_id', account: 'new_dealer_id' } as const;

function fail(field: string, key: MessageKey, lang: Lang, params?: Record<string, string | number>): never {
  throw new ValidationFailed([{ field, message: msg(key, lang, params) }], lang);
}
const lock = (sql: Sql, key: string) => sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
const unitName = async (sql: Sql, id: unknown) =>
  (
    await sql.query<{ name: string; type: number | null }>(
      'SELECT name, new_type AS type FROM businessunit WHERE businessunitid = $1::uuid',
      [id],
    )
  ).rows[0];

// ---------------------------------------------------------------- targets

type TargetValues = Record<string, unknown>;

/** Derived and checked values of a target row: refusals at their fields; the name, period days and unique key. */
async function deriveTarget(sql: Sql, kind: TargetKind, r: TargetValues, selfId: string | null, lang: Lang) {
  const who = String(r[WHO[kind]] ?? '');
  const type = Number(r.new_periodtype);
  const year = Number(r.new_year);
  const no = Number(r.new_periodno);
  const metric = Number(r.new_metric);
  const line = (r.new_productline_id as string | null | undefined) ?? null;
  const target = String(r.new_target ?? '').trim();
  if (!(Number(target) > 0)) fail('new_target', 'salesTarget.positive', lang);
  if (metric === targetMetric.count && !/^\d+(\.0*)?$/.test(target)) fail('new_target', 'salesTarget.wholeCount', lang);
  if (type === targetPeriodType.quarter && no > 4) fail('new_periodno', 'salesTarget.quarter', lang);
  let whoName: string;
  if (kind === 'staff') {
    const { rows } = await sql.query<{ name: string; active: boolean | null }>(
      'SELECT new_name AS name, new_isactive AS active FROM new_salesman WHERE new_salesmanid = $1::uuid',
      [who],
    );
    whoName = rows[0]?.name ?? '';
    if (rows[0] && rows[0].active === false) fail(WHO.staff, 'salesTarget.salesmanLeft', lang, { name: whoName });
  } else {
    const u = await unitName(sql, who);
    if (u?.type !== businessUnitType.dealer) fail(WHO.account, 'salesman.dealerOnly', lang);
    whoName = u.name;
  }
  const key = [kind, who, type, year, no, metric, line ?? '*'].join(':');
  await lock(sql, `salestarget:${key}`);
  const e = TARGET[kind];
  const { rows: taken } = await sql.query(
    `SELECT 1 FROM ${e.logicalName} WHERE new_key = $1 AND ($2::uuid IS NULL OR ${e.primaryKey} <> $2::uuid)`,
    [key, selfId],
  );
  const lineName = line
    ? ((await sql.query<{ n: string }>('SELECT new_name AS n FROM new_productline WHERE new_productlineid = $1::uuid', [line])).rows[0]
        ?.n ?? '')
    : null;
  const metricText = (l: Lang) => targetMetric.options.find((o) => o.value === metric)?.label[l] ?? '';
  if (taken.length)
    fail('new_periodno', 'salesTarget.duplicate', lang, {
      who: whoName,
      period: targetPeriodText(type, year, no, lang),
      metric: metricText(lang),
      line: lineName ?? msg('salesTarget.allLines', lang),
    });
  const { start, end } = periodDays(type, year, no);
  // The name is the record's title in lookups and messages; stored in Chinese like the other names.
  const name = [whoName, targetPeriodText(type, year, no, 'zh-CN'), metricText('zh-CN'), lineName].filter(Boolean).join(' ');
  return { new_name: name.slice(0, 200), new_periodstart: start, new_periodend: end, new_key: key };
}

function installTarget(kind: TargetKind): void {
  const e = TARGET[kind];
  serverDefaults.set(e.logicalName, async (sql, rows, _caller: Caller, lang) => {
    const out = [];
    const seen = new Set<string>();
    for (const r of rows) {
      const d = await deriveTarget(sql, kind, r, null, lang);
      // Two rows of one batch with the same key: the second is the duplicate.
      if (seen.has(d.new_key)) fail('new_periodno', 'records.duplicateField', lang, { field: e.allFields.new_periodno.label[lang] });
      seen.add(d.new_key);
      out.push(d);
    }
    return out;
  });
  writeHooks.set(e.logicalName, {
    async guard(sql, id, op, values, _caller, lang) {
      if (op !== 'update') return;
      const { rows } = await sql.query<TargetValues>(`SELECT * FROM ${e.logicalName} WHERE ${e.primaryKey} = $1::uuid`, [id]);
      await deriveTarget(sql, kind, { ...rows[0], ...values }, id, lang);
    },
    async after(sql, ids, op, lang) {
      if (op !== 'update') return;
      for (const id of ids) {
        const { rows } = await sql.query<TargetValues>(`SELECT * FROM ${e.logicalName} WHERE ${e.primaryKey} = $1::uuid`, [id]);
        const d = await deriveTarget(sql, kind, rows[0], id, lang);
        await sql.query(
          `UPDATE ${e.logicalName} SET new_name = $2, new_periodstart = $3::date, new_periodend = $4::date, new_key = $5 WHERE ${e.primaryKey} = $1::uuid`,
          [id, d.new_name, d.new_periodstart, d.new_periodend, d.new_key],
        );
      }
    },
  });
}

// ---------------------------------------------------------------- salesmen and their dealers

/** The portal account a salesman's login names (active), refused at the login when there is none or it is another salesman's. */
async function linkLogin(sql: Sql, id: string, lang: Lang): Promise<void> {
  const {
    rows: [s],
  } = await sql.query<{ login: string | null }>('SELECT new_login AS login FROM new_salesman WHERE new_salesmanid = $1::uuid', [id]);
  let user: string | null = null;
  if (s?.login) {
    const { rows } = await sql.query<{ id: string }>(
      'SELECT systemuserid::text AS id FROM systemuser WHERE lower(domainname) = lower($1) AND COALESCE(isdisabled, false) = false',
      [s.login],
    );
    if (!rows[0]) fail('new_login', 'salesman.loginUnknown', lang, { login: s.login });
    user = rows[0].id;
    await lock(sql, `salesman-user:${user}`);
    const { rows: other } = await sql.query<{ name: string }>(
      'SELECT new_name AS name FROM new_salesman WHERE new_user_id = $1::uuid AND new_salesmanid <> $2::uuid',
      [user, id],
    );
    if (other[0]) fail('new_login', 'salesman.loginTaken', lang, { login: s.login, salesman: other[0].name });
  }
  await sql.query('UPDATE new_salesman SET new_user_id = $2::uuid WHERE new_salesmanid = $1::uuid', [id, user]);
}

/** A served dealer must be a dealer that no other salesman serves (checked under the dealer's lock). */
async function checkDealer(sql: Sql, dealer: unknown, selfId: string | null, lang: Lang): Promise<string> {
  const u = await unitName(sql, dealer);
  if (u?.type !== businessUnitType.dealer) fail('new_dealer_id', 'salesman.dealerOnly', lang);
  await lock(sql, `salesman-dealer:${dealer}`);
  const { rows } = await sql.query<{ name: string }>(
    `SELECT s.new_name AS name FROM new_salesmandealer l JOIN new_salesman s ON s.new_salesmanid = l.new_salesman_id
      WHERE l.new_dealer_id = $1::uuid AND ($2::uuid IS NULL OR l.new_salesmandealerid <> $2::uuid)`,
    [dealer, selfId],
  );
  if (rows[0]) fail('new_dealer_id', 'salesman.dealerTaken', lang, { dealer: u.name, salesman: rows[0].name });
  return u.name.slice(0, 160);
}

export function installSalesTargets(): void {
  installTarget('staff');
  installTarget('account');
  // A new salesman is active unless said otherwise.
  serverDefaults.set(SALESMAN.logicalName, async (_sql, rows) => rows.map((r) => ({ new_isactive: r.new_isactive ?? true })));
  writeHooks.set(SALESMAN.logicalName, {
    async after(sql, ids, _op, lang) {
      for (const id of ids) await linkLogin(sql, id, lang);
    },
  });
  serverDefaults.set(LINK.logicalName, async (sql, rows, _caller, lang) => {
    const out = [];
    const seen = new Set<unknown>();
    for (const r of rows) {
      if (seen.has(r.new_dealer_id))
        fail('new_dealer_id', 'records.duplicateField', lang, { field: LINK.allFields.new_dealer_id.label[lang] });
      seen.add(r.new_dealer_id);
      out.push({ new_name: await checkDealer(sql, r.new_dealer_id, null, lang) });
    }
    return out;
  });
  writeHooks.set(LINK.logicalName, {
    async guard(sql, id, op, values, _caller, lang) {
      if (op === 'update' && values.new_dealer_id) await checkDealer(sql, values.new_dealer_id, id, lang);
    },
    async after(sql, ids) {
      await sql.query(
        `UPDATE new_salesmandealer l SET new_name = left(b.name, 160) FROM businessunit b
          WHERE l.new_salesmandealerid = ANY($1::uuid[]) AND b.businessunitid = l.new_dealer_id`,
        [ids],
      );
    },
  });
}
