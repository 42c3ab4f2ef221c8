import { type ContractPrefill, getEntity, type Lang, quoteState } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refreshTotals } from '../../documents/totals.ts';
import { notFound, refuse } from '../../http/errors.ts';
import { scopePredicate, type Caller } from '../../records/scope.ts';

/*
 * A contract made from a lead, an opportunity or a quote (Dynamics' "create from"): the create
 * screen asks `prefillValues` for what the new contract starts with — a lead's customer (once
 * qualified into one), person and phone and its topic; an opportunity's customer, contact and topic;
 * a quote's customer, subject and opportunity — each source read within the caller's reach (404
 * outside it). The contract keeps its source (new_lead_id / new_opportunity_id / new_quote_id, fixed
 * once made); on create, a quote's lines (its net prices) or else an opportunity's product lines
 * become the contract's lines. Only an active or won quote is contracted (a draft is still priced).
 */

export const SOURCE_FIELDS = ['new_lead_id', 'new_opportunity_id', 'new_quote_id'] as const;

/** One row of `entity` within the caller's reach (read mode), or null. */
async function inReach<T extends Record<string, unknown>>(
  sql: Sql,
  caller: Caller,
  entity: string,
  id: string,
  columns: string,
  join = '',
): Promise<T | null> {
  const e = getEntity(entity);
  if (!e?.access || !caller.principal.privileges.has(e.access.read)) return null;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const s = scopePredicate(
    e,
    { userId: caller.principal.userId, subtree: caller.subtree, privileges: caller.principal.privileges },
    2,
    't',
    'read',
  );
  const { rows } = await sql.query<T>(`SELECT ${columns} FROM ${e.logicalName} t ${join} WHERE t.${e.primaryKey} = $1::uuid AND ${s.sql}`, [
    id,
    ...s.params,
  ]);
  return rows[0] ?? null;
}

type Src = { leadid?: string; opportunityid?: string; quoteid?: string };

/** The display names of the prefilled lookups (the form shows them as picked). */
async function namesOf(sql: Sql, values: ContractPrefill['values']): Promise<Record<string, string>> {
  const { rows } = await sql.query<{ k: string; n: string | null }>(
    `SELECT 'new_customer_id' AS k, new_name AS n FROM new_endcustomer WHERE new_endcustomerid = $1::uuid
     UNION ALL SELECT 'new_lead_id', subject FROM lead WHERE leadid = $2::uuid
     UNION ALL SELECT 'new_opportunity_id', name FROM opportunity WHERE opportunityid = $3::uuid
     UNION ALL SELECT 'new_quote_id', name FROM quote WHERE quoteid = $4::uuid`,
    [values.new_customer_id ?? null, values.new_lead_id ?? null, values.new_opportunity_id ?? null, values.new_quote_id ?? null],
  );
  return Object.fromEntries(rows.map((r) => [r.k, r.n ?? '']));
}

/** The values a contract made from `src` starts with, with the names of its lookups. */
export async function prefillValues(sql: Sql, caller: Caller, src: Src, lang: Lang): Promise<ContractPrefill> {
  const p = await prefillOf(sql, caller, src, lang);
  return { ...p, names: await namesOf(sql, p.values) };
}

async function prefillOf(sql: Sql, caller: Caller, src: Src, lang: Lang): Promise<Omit<ContractPrefill, 'names'>> {
  if (src.quoteid) {
    const q = await inReach<{ name: string; subject: string; customer: string; opportunity: string | null; state: number }>(
      sql,
      caller,
      'quote',
      src.quoteid,
      't.name, t.new_subject AS subject, t.new_customer_id AS customer, t.opportunityid AS opportunity, t.new_status AS state',
    );
    if (!q) throw notFound('salesContract.quoteNotFound');
    checkQuote(q.name, q.state, lang);
    return {
      source: q.name,
      values: { new_quote_id: src.quoteid, new_opportunity_id: q.opportunity, new_customer_id: q.customer, new_title: q.subject },
    };
  }
  if (src.opportunityid) {
    const o = await inReach<{ name: string; customer: string; contact: string | null; phone: string | null }>(
      sql,
      caller,
      'opportunity',
      src.opportunityid,
      't.name, t.new_customer_id AS customer, ct.fullname AS contact, ct.mobilephone AS phone',
      'LEFT JOIN contact ct ON ct.contactid = t.new_contact_id',
    );
    if (!o) throw notFound('salesContract.opportunityNotFound');
    return {
      source: o.name,
      values: {
        new_opportunity_id: src.opportunityid,
        new_customer_id: o.customer,
        new_title: o.name,
        new_contactname: o.contact,
        new_contactphone: o.phone,
      },
    };
  }
  if (src.leadid) {
    const l = await inReach<{ subject: string; customer: string | null; person: string; mobile: string; company: string | null }>(
      sql,
      caller,
      'lead',
      src.leadid,
      't.subject, t.new_customer_id AS customer, t.fullname AS person, t.mobilephone AS mobile, t.companyname AS company',
    );
    if (!l) throw notFound('salesContract.leadNotFound');
    return {
      source: l.subject,
      values: {
        new_lead_id: src.leadid,
        new_customer_id: l.customer,
        new_title: l.company ? `${l.company} · ${l.subject}`.slice(0, 100) : l.subject.slice(0, 100),
        new_contactname: l.person,
        new_contactphone: l.mobile,
      },
    };
  }
  return { source: '', values: {} };
}

function checkQuote(name: string, state: number, lang: Lang): void {
  if (state === quoteState.active || state === quoteState.won) return;
  const label = quoteState.options.find((o) => o.value === state)?.label[lang] ?? String(state);
  throw refuse('salesContract.quoteNotActive', { name, state: label }, 'new_quote_id');
}

/** On create: a quote's lines (its net prices), else an opportunity's product lines, become the contract's lines. */
export async function copySourceLines(sql: Sql, id: string, lang: Lang): Promise<void> {
  const {
    rows: [c],
  } = await sql.query<{ quote: string | null; opportunity: string | null; owner: string; unit: string; by: string }>(
    `SELECT new_quote_id AS quote, new_opportunity_id AS opportunity, ownerid AS owner, owningbusinessunit AS unit, createdby AS by
       FROM new_salescontract WHERE new_salescontractid = $1::uuid`,
    [id],
  );
  if (!c) return;
  const sys = `$2::uuid, $3::uuid, $4::uuid, $4::uuid`;
  if (c.quote) {
    const {
      rows: [q],
    } = await sql.query<{ name: string; state: number }>('SELECT name, new_status AS state FROM quote WHERE quoteid = $1::uuid', [c.quote]);
    checkQuote(q.name, q.state, lang);
    await sql.query(
      `INSERT INTO new_salescontractline (new_salescontract_id, new_product_id, new_name, new_qty, new_price, new_cpqquote_id,
                                          new_configsummary, new_remark, ownerid, owningbusinessunit, createdby, modifiedby)
       SELECT $1::uuid, d.productid, d.new_name, d.quantity, COALESCE(d.new_netprice, d.priceperunit, 0), d.new_cpqquote_id,
              d.new_configsummary, d.new_remark, ${sys}
         FROM quotedetail d WHERE d.quoteid = $5::uuid ORDER BY d.lineitemnumber, d.createdon`,
      [id, c.owner, c.unit, c.by, c.quote],
    );
  } else if (c.opportunity) {
    await sql.query(
      `INSERT INTO new_salescontractline (new_salescontract_id, new_product_id, new_name, new_qty, new_price,
                                          ownerid, owningbusinessunit, createdby, modifiedby)
       SELECT $1::uuid, d.productid, d.new_name, d.quantity, COALESCE(d.priceperunit, p.price, 0), ${sys}
         FROM opportunityproduct d JOIN product p ON p.productid = d.productid WHERE d.opportunityid = $5::uuid ORDER BY d.createdon`,
      [id, c.owner, c.unit, c.by, c.opportunity],
    );
  }
  await refreshTotals(sql, getEntity('new_salescontract')!, id);
}
