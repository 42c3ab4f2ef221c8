import {
  businessUnitType,
  getEntity,
  targetMetric,
  targetPeriodText,
  type Lang,
  type SalesmanCard,
  type TargetDetail,
  type TargetKind,
  type TargetPage,
  type TargetQuery,
  type TargetRow,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { assertPrivilege, recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';
import { chinaDay } from '../china-time.ts';
import { actualsOf, completionOf, COUNTED_ORDER_STATES, countedOrders } from './actuals.ts';
import { addMonths, thisMonth } from './period.ts';

/*
 * Targets as their readers see them (业务员目标, 经销商目标, a salesman's card): the stored target
 * beside its actual, computed now (actuals.ts), and the completion. Every read is inside the
 * caller's scope (the record service's predicate of the target entity), or, for the salesman's own
 * card, the salesman whose portal account is the caller.
 */

const ENTITY = { staff: getEntity('new_stafftarget')!, account: getEntity('new_accounttarget')! };

type Stored = Omit<TargetRow, 'actual' | 'completion' | 'period'>;

/** SQL selecting a target's stored columns as `Stored` from `t` (its who joined as `w`, its product line as `pl`). */
function selectSql(kind: TargetKind): string {
  const e = ENTITY[kind];
  const who =
    kind === 'staff' ? 't.new_salesman_id::text AS "whoId", w.new_name AS who' : 't.new_dealer_id::text AS "whoId", w.name AS who';
  const join =
    kind === 'staff'
      ? 'JOIN new_salesman w ON w.new_salesmanid = t.new_salesman_id'
      : 'JOIN businessunit w ON w.businessunitid = t.new_dealer_id';
  return `SELECT t.${e.primaryKey}::text AS id, t.new_name AS name, ${who}, t.new_periodtype AS "periodType", t.new_year AS year,
                 t.new_periodno AS "periodNo", t.new_periodstart::text AS "periodStart", t.new_periodend::text AS "periodEnd",
                 t.new_metric AS metric, t.new_productline_id::text AS "productLineId", pl.new_name AS "productLine",
                 t.new_target::text AS target
            FROM ${e.logicalName} t ${join} LEFT JOIN new_productline pl ON pl.new_productlineid = t.new_productline_id`;
}

/** The stored rows with their actuals and completion (one query for every actual). */
async function withActuals(sql: Sql, kind: TargetKind, rows: Stored[], lang: Lang): Promise<TargetRow[]> {
  const actuals = await actualsOf(
    sql,
    kind,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const actual = actuals.get(r.id) ?? '0';
    return {
      ...r,
      target: trimCount(r.metric, r.target),
      period: targetPeriodText(r.periodType, r.year, r.periodNo, lang),
      actual,
      completion: completionOf(actual, r.target),
    };
  });
}

/** A count target reads as whole orders ('30', not '30.00'). */
const trimCount = (metric: number, v: string) => (metric === targetMetric.count ? v.replace(/\.0+$/, '') : v);

/** A page of targets of a kind in the caller's reach, newest period first, filtered as asked. */
export async function targetPage(sql: Sql, caller: Caller, kind: TargetKind, q: TargetQuery, lang: Lang): Promise<TargetPage> {
  const e = ENTITY[kind];
  assertPrivilege(caller, e, 'read');
  const p = new Params();
  const where = [p.scope(e, caller, 't', 'read')];
  if (q.year) where.push(`t.new_year = ${p.add(q.year, 'int')}`);
  if (q.periodType) where.push(`t.new_periodtype = ${p.add(q.periodType, 'int')}`);
  if (q.periodNo) where.push(`t.new_periodno = ${p.add(q.periodNo, 'int')}`);
  if (q.metric) where.push(`t.new_metric = ${p.add(q.metric, 'int')}`);
  if (q.who) {
    const who = normGuid(q.who);
    if (!who) return { total: 0, rows: [] };
    where.push(`t.${kind === 'staff' ? 'new_salesman_id' : 'new_dealer_id'} = ${p.add(who, 'uuid')}`);
  }
  const filter = where.join(' AND ');
  const {
    rows: [{ n }],
  } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${e.logicalName} t WHERE ${filter}`, p.values);
  const size = q.pageSize ?? 20;
  const page = q.page ?? 1;
  const limit = size > 0 ? `LIMIT ${p.add(size, 'int')} OFFSET ${p.add((page - 1) * size, 'int')}` : '';
  const { rows } = await sql.query<Stored>(
    `${selectSql(kind)} WHERE ${filter} ORDER BY t.new_periodstart DESC, t.new_periodend, who, t.new_metric, pl.new_name NULLS FIRST, t.${e.primaryKey} ${limit}`,
    p.values,
  );
  return { total: n, rows: await withActuals(sql, kind, rows, lang) };
}

/** One target in the caller's reach (404 outside it) with its actual and the orders counted. */
export async function targetDetail(sql: Sql, caller: Caller, kind: TargetKind, id: string, lang: Lang): Promise<TargetDetail> {
  const e = ENTITY[kind];
  assertPrivilege(caller, e, 'read');
  const gid = normGuid(id);
  if (!gid) throw recordNotFound();
  const p = new Params();
  const { rows } = await sql.query<Stored>(
    `${selectSql(kind)} WHERE t.${e.primaryKey} = ${p.add(gid, 'uuid')} AND ${p.scope(e, caller, 't', 'read')}`,
    p.values,
  );
  if (!rows[0]) throw recordNotFound();
  const [row] = await withActuals(sql, kind, rows, lang);
  return { ...row, orders: await countedOrders(sql, kind, gid) };
}

// ---------------------------------------------------------------- a salesman's card

const SALESMAN = getEntity('new_salesman')!;

/**
 * A salesman's card: who they are, the dealers they serve with this month's audited orders, and
 * their targets of the last twelve months and ahead with actuals. `mine`: the salesman whose portal
 * account is the caller (null for an account that is no salesman's); else the salesman `id` in reach
 * of head office (sales.target), 404 outside it.
 */
export async function salesmanCard(sql: Sql, caller: Caller, who: { mine: true }, lang: Lang): Promise<SalesmanCard | null>;
export async function salesmanCard(sql: Sql, caller: Caller, who: { id: string }, lang: Lang): Promise<SalesmanCard>;
export async function salesmanCard(
  sql: Sql,
  caller: Caller,
  who: { mine: true } | { id: string },
  lang: Lang,
): Promise<SalesmanCard | null> {
  const p = new Params();
  let where: string;
  if ('mine' in who) where = `s.new_user_id = ${p.add(caller.principal.userId, 'uuid')}`;
  else {
    assertPrivilege(caller, SALESMAN, 'read');
    const gid = normGuid(who.id);
    if (!gid) throw recordNotFound();
    where = `s.new_salesmanid = ${p.add(gid, 'uuid')} AND ${p.scope(SALESMAN, caller, 's', 'read')}`;
  }
  const {
    rows: [s],
  } = await sql.query<SalesmanCard['salesman']>(
    `SELECT s.new_salesmanid::text AS id, s.new_code AS code, s.new_name AS name, s.new_mobile AS mobile, s.new_province AS province,
            s.new_city AS city, COALESCE(s.new_isactive, true) AS active
       FROM new_salesman s WHERE ${where}`,
    p.values,
  );
  if (!s) {
    if ('mine' in who) return null;
    throw recordNotFound();
  }
  const month = thisMonth();
  const { rows: dealers } = await sql.query<SalesmanCard['dealers'][number]>(
    `WITH RECURSIVE units AS (
       SELECT b.businessunitid AS unit, b.businessunitid AS dealer FROM businessunit b
        WHERE b.businessunitid IN (SELECT new_dealer_id FROM new_salesmandealer WHERE new_salesman_id = $1::uuid AND statecode = 0)
       UNION ALL
       SELECT b.businessunitid, u.dealer FROM businessunit b JOIN units u ON b.parentbusinessunitid = u.unit),
     counted AS (
       SELECT u.dealer, o.salesorderid, d.extendedamount
         FROM units u
         JOIN salesorder o ON o.owningbusinessunit = u.unit AND o.new_status = ANY($2::int[])
         JOIN salesorderdetail d ON d.salesorderid = o.salesorderid
        WHERE to_char(${chinaDay('COALESCE(o.new_approvedtime, o.createdon)')}, 'YYYY-MM') = $3)
     SELECT b.businessunitid::text AS id, b.name, b.new_code AS code,
            COALESCE((SELECT sum(c.extendedamount) FROM counted c WHERE c.dealer = b.businessunitid), 0)::numeric(18, 2)::text AS "monthAmount",
            (SELECT count(DISTINCT c.salesorderid) FROM counted c WHERE c.dealer = b.businessunitid)::int AS "monthOrders"
       FROM new_salesmandealer l JOIN businessunit b ON b.businessunitid = l.new_dealer_id AND b.new_type = $4
      WHERE l.new_salesman_id = $1::uuid AND l.statecode = 0
      ORDER BY b.new_code, b.name`,
    [s.id, COUNTED_ORDER_STATES, month, businessUnitType.dealer],
  );
  const { rows } = await sql.query<Stored>(
    `${selectSql('staff')} WHERE t.new_salesman_id = $1::uuid AND t.new_periodend >= $2::date
      ORDER BY t.new_periodstart DESC, t.new_periodend, t.new_metric, pl.new_name NULLS FIRST LIMIT 100`,
    [s.id, `${addMonths(month, -11)}-01`],
  );
  return { salesman: s, month, dealers, targets: await withActuals(sql, 'staff', rows, lang) };
}
