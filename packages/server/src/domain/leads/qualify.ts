import { getEntity, type Lang, type LeadMatches, leadState, msg, opportunityStage, opportunityState } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { Params } from '../../records/sql.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid } from '../../records/validate.ts';
import { chinaDate } from '../china-time.ts';

/*
 * Qualifying a lead (D365's QualifyLead): in the command's one transaction, with the lead locked
 * by the kernel, make or take the customer (new_endcustomer), make, take or skip a contact, and
 * make the opportunity that names the lead; the lead keeps what was made and the kernel moves it to
 * 已认定. What the salesman takes must be in his reach (a customer) and be that customer's (a contact).
 */

const CUSTOMER = getEntity('new_endcustomer')!;
const CONTACT = getEntity('contact')!;

export type Lead = {
  subject: string;
  fullname: string;
  mobile: string;
  company: string | null;
  jobtitle: string | null;
  store: string | null;
  province: string | null;
  city: string | null;
  description: string | null;
  owner: string;
  unit: string;
};

export const LEAD_COLUMNS = `t.subject, t.fullname, t.mobilephone AS mobile, t.companyname AS company, t.jobtitle, t.new_store_id AS store,
  t.new_province AS province, t.new_city AS city, t.description, t.ownerid AS owner, t.owningbusinessunit AS unit`;

/** Customers and contacts in the caller's reach a lead's company, person or mobile names (the qualify dialog offers them). */
export async function leadMatches(sql: Sql, caller: Caller, lead: Pick<Lead, 'company' | 'fullname' | 'mobile'>): Promise<LeadMatches> {
  const p = new Params();
  const name = p.add((lead.company ?? '').trim() || lead.fullname.trim(), 'text');
  const mobile = p.add(lead.mobile.trim(), 'text');
  const { rows: customers } = await sql.query<LeadMatches['customers'][number]>(
    `SELECT t.new_endcustomerid AS id, t.new_name AS name, t.new_mobile AS mobile, t.new_city AS city,
            CASE WHEN t.new_name = ${name} AND t.new_mobile = ${mobile} THEN 'both' WHEN t.new_name = ${name} THEN 'name' ELSE 'mobile' END AS by
       FROM new_endcustomer t
      WHERE (t.new_name = ${name} OR t.new_mobile = ${mobile}) AND t.statecode = 0 AND ${p.scope(CUSTOMER, caller, 't', 'read')}
      ORDER BY (t.new_name = ${name}) DESC, t.createdon DESC LIMIT 20`,
    p.values,
  );
  const c = new Params();
  const ids = c.add(
    customers.map((r) => r.id),
    'uuid[]',
  );
  const m = c.add(lead.mobile.trim(), 'text');
  const { rows: contacts } = await sql.query<LeadMatches['contacts'][number]>(
    `SELECT t.contactid AS id, t.fullname, t.mobilephone AS mobile, t.jobtitle, t.parentcustomerid AS "customerId", cu.new_name AS customer
       FROM contact t JOIN new_endcustomer cu ON cu.new_endcustomerid = t.parentcustomerid
      WHERE (t.mobilephone = ${m} OR t.parentcustomerid = ANY(${ids})) AND t.statecode = 0 AND ${c.scope(CONTACT, caller, 't', 'read')}
      ORDER BY (t.mobilephone = ${m}) DESC, t.createdon DESC LIMIT 50`,
    c.values,
  );
  return { customers, contacts };
}

/** A record of `e` in the caller's reach (reading), else null. */
async function inReach(sql: Sql, caller: Caller, e: typeof CUSTOMER, id: string, columns: string): Promise<Record<string, string> | null> {
  const g = normGuid(id);
  if (!g) return null;
  const p = new Params();
  const { rows } = await sql.query<Record<string, string>>(
    `SELECT ${columns} FROM ${e.logicalName} t WHERE t.${e.primaryKey} = ${p.add(g, 'uuid')} AND t.statecode = 0 AND ${p.scope(e, caller, 't', 'read')}`,
    p.values,
  );
  return rows[0] ?? null;
}

/** Three months from today (China time), the default expected close of a new opportunity. */
function inThreeMonths(): string {
  const d = new Date(`${chinaDate()}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 3);
  return d.toISOString().slice(0, 10);
}

export interface QualifyChoice {
  customer: string;
  contact: string;
  opportunityName?: string;
  estimatedCloseDate?: string;
}

/** Makes or takes the customer and contact and makes the opportunity; writes them on the lead (the kernel then moves its state). */
export async function qualifyLead(
  sql: Sql,
  caller: Caller,
  id: string,
  lead: Lead,
  choice: QualifyChoice,
  lang: Lang,
): Promise<{ opportunityId: string; opportunityName: string }> {
  const user = caller.principal.userId;
  const closeDate = choice.estimatedCloseDate ?? inThreeMonths();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(closeDate) || Number.isNaN(Date.parse(closeDate)))
    throw refuse('records.date', { field: msg('lead.estimatedCloseDate', lang) }, 'estimatedCloseDate');
  // The zod body bounds the topic's length; an empty one takes the lead's.
  const opportunityName = (choice.opportunityName ?? '').trim() || lead.subject;

  let customerId: string;
  let customerUnit: string;
  if (choice.customer === 'new') {
    const name = (lead.company ?? '').trim() || lead.fullname.trim();
    // A customer is a dealer's (user centre): the lead's store's unit when it names a store, else the dealer
    // the lead's owner serves as salesman (new_salesmandealer) within the caller's reach, else the lead's own unit.
    const { rows } = await sql.query<{ id: string; unit: string }>(
      `INSERT INTO new_endcustomer (new_name, new_mobile, new_store_id, new_businessunit_id, new_province, new_city, new_memo,
                                    ownerid, owningbusinessunit, createdby, modifiedby)
       SELECT $1, $2, $3::uuid, u.unit, $4, $5, $6, $7::uuid, u.unit, $7::uuid, $7::uuid
         FROM (SELECT COALESCE(
                 (SELECT new_businessunit_id FROM new_store WHERE new_storeid = $3::uuid),
                 (SELECT d.new_dealer_id FROM new_salesmandealer d JOIN new_salesman m ON m.new_salesmanid = d.new_salesman_id
                   WHERE m.new_user_id = $9::uuid AND m.new_isactive IS NOT FALSE AND d.new_dealer_id = ANY($10::uuid[])
                   ORDER BY d.createdon LIMIT 1),
                 $8::uuid) AS unit) u
       RETURNING new_endcustomerid AS id, new_businessunit_id AS unit`,
      [
        name,
        lead.mobile,
        lead.store,
        lead.province,
        lead.city,
        lead.description?.slice(0, 500) ?? null,
        user,
        lead.unit,
        lead.owner,
        caller.subtree,
      ],
    );
    customerId = rows[0].id;
    customerUnit = rows[0].unit;
  } else {
    const c = await inReach(sql, caller, CUSTOMER, choice.customer, 't.new_endcustomerid AS id, t.new_businessunit_id AS unit');
    if (!c) throw refuse('lead.customerUnknown', undefined, 'customer');
    customerId = c.id;
    customerUnit = c.unit;
  }

  let contactId: string | null = null;
  if (choice.contact === 'new') {
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO contact (fullname, mobilephone, parentcustomerid, jobtitle, new_businessunit_id, ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ($1, $2, $3::uuid, $4, $5::uuid, $6::uuid, $5::uuid, $6::uuid, $6::uuid) RETURNING contactid AS id`,
      [lead.fullname, lead.mobile, customerId, lead.jobtitle, customerUnit, user],
    );
    contactId = rows[0].id;
  } else if (choice.contact !== 'none') {
    const c = await inReach(sql, caller, CONTACT, choice.contact, 't.contactid AS id, t.parentcustomerid AS customer');
    if (!c || c.customer !== customerId) throw refuse('lead.contactUnknown', undefined, 'contact');
    contactId = c.id;
  }

  // The opportunity is the lead owner's, in the lead's unit: the salesman keeps working what he found.
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO opportunity (name, new_customer_id, new_contact_id, originatingleadid, new_stage, estimatedvalue, estimatedclosedate,
                              closeprobability, description, new_opportunitystate, ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2::uuid, $3::uuid, $4::uuid, $5, 0, $6::date, 20, $7, $8, $9::uuid, $10::uuid, $11::uuid, $11::uuid)
     RETURNING opportunityid AS id`,
    [
      opportunityName,
      customerId,
      contactId,
      id,
      opportunityStage.qualify,
      closeDate,
      lead.description,
      opportunityState.open,
      lead.owner,
      lead.unit,
      user,
    ],
  );
  const opportunityId = rows[0].id;
  await sql.query(
    `UPDATE lead SET new_opportunity_id = $2::uuid, new_customer_id = $3::uuid, new_contact_id = $4::uuid, new_closedon = now(),
            modifiedon = now(), modifiedby = $5::uuid
      WHERE leadid = $1::uuid AND new_leadstate = $6`,
    [id, opportunityId, customerId, contactId, user, leadState.open],
  );
  return { opportunityId, opportunityName };
}
