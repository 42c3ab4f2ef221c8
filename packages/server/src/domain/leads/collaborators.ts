import {
  getEntity,
  type Lang,
  type LeadCollaboratorRow,
  type LeadColleague,
  type LeadJoined,
  type LeadJoinView,
  type LeadMatches,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { lockDocument } from '../../documents/access.ts';
import { notFound, Refusal, refuse } from '../../http/errors.ts';
import { formatValue } from '../../records/format.ts';
import { Params } from '../../records/sql.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid } from '../../records/validate.ts';
import { leadMatches } from './qualify.ts';

/*
 * A lead's collaborators (参与人, new_leadcollaborator): colleagues its owner adds so they can follow
 * it. A collaborator reads the lead on /lead/joinview/:id (joinView) and nothing else of it: the
 * record service keeps the lead to its owner and his unit's managers, so the join view is read here,
 * for the owner's reach or a collaborator row naming the caller; anyone else gets 404.
 */

const LEAD = getEntity('lead')!;
/** Who may collaborate: active accounts holding the leads privilege. */
const MAY_COLLABORATE = `COALESCE(u.isdisabled, false) = false AND EXISTS (
  SELECT 1 FROM systemuserroles ur JOIN new_roleprivilege rp ON rp.new_role_id = ur.roleid
   WHERE ur.systemuserid = u.systemuserid AND rp.new_name = 'sales.lead')`;

/** The lead in the caller's reach (owner or manager), locked for a change of its collaborators; only its owner changes them. */
async function ownLead(sql: Sql, caller: Caller, leadId: string): Promise<{ id: string; owner: string }> {
  const lead = await lockDocument<{ owner: string }>(sql, caller, LEAD, leadId, 't.ownerid AS owner');
  if (lead.owner !== caller.principal.userId) throw new Refusal('lead.collaboratorOnlyOwner', undefined, undefined, 403);
  return lead;
}

export async function collaboratorsOf(sql: Sql, leadId: string): Promise<LeadCollaboratorRow[]> {
  const { rows } = await sql.query<LeadCollaboratorRow>(
    `SELECT c.new_leadcollaboratorid AS id, c.new_user_id AS "userId", u.fullname AS name, b.name AS unit, c.createdon::text AS createdon
       FROM new_leadcollaborator c JOIN systemuser u ON u.systemuserid = c.new_user_id
       LEFT JOIN businessunit b ON b.businessunitid = u.businessunitid
      WHERE c.new_lead_id = $1::uuid ORDER BY c.createdon, c.new_leadcollaboratorid`,
    [leadId],
  );
  return rows;
}

/** The lead's collaborators, for whoever reaches the lead (its owner, his managers). */
export async function listCollaborators(sql: Sql, caller: Caller, leadId: string): Promise<LeadCollaboratorRow[]> {
  const lead = await lockDocument(sql, caller, LEAD, leadId, 't.ownerid', { lock: false });
  return collaboratorsOf(sql, lead.id);
}

export async function addCollaborator(sql: Sql, caller: Caller, leadId: string, rawUser: unknown): Promise<LeadCollaboratorRow[]> {
  const lead = await ownLead(sql, caller, leadId);
  const userId = normGuid(rawUser);
  if (!userId) throw refuse('lead.collaboratorUnknown', undefined, 'userId');
  if (userId === lead.owner) throw refuse('lead.collaboratorOwner', undefined, 'userId');
  const {
    rows: [user],
  } = await sql.query<{ name: string }>(
    `SELECT u.fullname AS name FROM systemuser u WHERE u.systemuserid = $1::uuid AND ${MAY_COLLABORATE}`,
    [userId],
  );
  if (!user) throw refuse('lead.collaboratorUnknown', undefined, 'userId');
  const { rowCount } = await sql.query(
    `INSERT INTO new_leadcollaborator (new_name, new_lead_id, new_user_id, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT $3, l.leadid, $2::uuid, l.ownerid, l.owningbusinessunit, $4::uuid, $4::uuid FROM lead l WHERE l.leadid = $1::uuid
     ON CONFLICT DO NOTHING`,
    [lead.id, userId, user.name, caller.principal.userId],
  );
  if (!rowCount) throw refuse('lead.collaboratorTaken', { name: user.name }, 'userId');
  return collaboratorsOf(sql, lead.id);
}

export async function removeCollaborator(sql: Sql, caller: Caller, leadId: string, rawId: string): Promise<LeadCollaboratorRow[]> {
  const lead = await ownLead(sql, caller, leadId);
  const id = normGuid(rawId);
  const { rowCount } = id
    ? await sql.query('DELETE FROM new_leadcollaborator WHERE new_leadcollaboratorid = $1::uuid AND new_lead_id = $2::uuid', [id, lead.id])
    : { rowCount: 0 };
  if (!rowCount) throw notFound();
  return collaboratorsOf(sql, lead.id);
}

/** Colleagues the owner may add (not himself). */
export async function colleagues(sql: Sql, caller: Caller): Promise<LeadColleague[]> {
  const { rows } = await sql.query<LeadColleague>(
    `SELECT u.systemuserid AS id, u.fullname AS name, b.name AS unit FROM systemuser u
       LEFT JOIN businessunit b ON b.businessunitid = u.businessunitid
      WHERE u.systemuserid <> $1::uuid AND ${MAY_COLLABORATE} ORDER BY b.name, u.fullname LIMIT 500`,
    [caller.principal.userId],
  );
  return rows;
}

/** The lead's id when the caller reaches it as owner or manager, or collaborates on it; else 404. */
async function joinable(sql: Sql, caller: Caller, rawId: string): Promise<string> {
  const id = normGuid(rawId);
  if (!id) throw notFound();
  const p = new Params();
  const { rows } = await sql.query<{ id: string }>(
    `SELECT t.leadid AS id FROM lead t WHERE t.leadid = ${p.add(id, 'uuid')} AND t.statecode = 0
        AND (${p.scope(LEAD, caller, 't', 'read')}
             OR EXISTS (SELECT 1 FROM new_leadcollaborator c WHERE c.new_lead_id = t.leadid AND c.new_user_id = ${p.add(caller.principal.userId, 'uuid')}))`,
    p.values,
  );
  if (!rows[0]) throw notFound();
  return rows[0].id;
}

const JOIN_FIELDS = [
  'subject',
  'leadsourcecode',
  'fullname',
  'mobilephone',
  'companyname',
  'jobtitle',
  'new_productline_id',
  'new_productinterest',
  'new_store_id',
  'new_province',
  'new_city',
  'description',
  'new_leadstate',
  'new_closedon',
  'new_disqualifyreason',
  'new_disqualifynote',
  'createdon',
] as const;

/** The lead as a collaborator reads it: each field's label and shown value (lookups by name), and who collaborates. */
export async function joinView(sql: Sql, caller: Caller, rawId: string, lang: Lang): Promise<LeadJoinView> {
  const id = await joinable(sql, caller, rawId);
  const {
    rows: [r],
  } = await sql.query<Record<string, unknown>>(
    `SELECT t.*, o.fullname AS owner_name, pl.new_name AS productline_name, s.new_name AS store_name
       FROM lead t JOIN systemuser o ON o.systemuserid = t.ownerid
       LEFT JOIN new_productline pl ON pl.new_productlineid = t.new_productline_id
       LEFT JOIN new_store s ON s.new_storeid = t.new_store_id
      WHERE t.leadid = $1::uuid`,
    [id],
  );
  const shown = (name: (typeof JOIN_FIELDS)[number]): string => {
    if (name === 'new_productline_id') return String(r.productline_name ?? '');
    if (name === 'new_store_id') return String(r.store_name ?? '');
    const f = LEAD.allFields[name];
    const v = r[name];
    if (v == null) return '';
    const kind = f.type === 'optionset' ? 'optionset' : f.type === 'datetime' ? 'datetime' : f.type === 'date' ? 'date' : 'text';
    return formatValue(f, kind, v instanceof Date ? v.toISOString() : v, lang) ?? String(v);
  };
  return {
    id,
    subject: String(r.subject),
    state: Number(r.new_leadstate),
    owner: String(r.owner_name),
    fields: [
      { name: 'ownerid', label: LEAD.allFields.ownerid.label[lang], value: String(r.owner_name) },
      ...JOIN_FIELDS.map((name) => ({ name, label: LEAD.allFields[name].label[lang], value: shown(name) })).filter((f) => f.value !== ''),
    ],
    collaborators: await collaboratorsOf(sql, id),
  };
}

/** The leads the caller collaborates on, newest first. */
export async function joinedLeads(sql: Sql, caller: Caller): Promise<LeadJoined[]> {
  const { rows } = await sql.query<LeadJoined>(
    `SELECT l.leadid AS id, l.subject, l.new_leadstate AS state, o.fullname AS owner, l.createdon::text AS createdon
       FROM new_leadcollaborator c JOIN lead l ON l.leadid = c.new_lead_id JOIN systemuser o ON o.systemuserid = l.ownerid
      WHERE c.new_user_id = $1::uuid AND l.statecode = 0 ORDER BY l.createdon DESC LIMIT 200`,
    [caller.principal.userId],
  );
  return rows;
}

/** The qualify dialog's offers for a lead in the caller's reach. */
export async function matchesOf(sql: Sql, caller: Caller, leadId: string): Promise<LeadMatches> {
  const lead = await lockDocument<{ company: string | null; fullname: string; mobile: string }>(
    sql,
    caller,
    LEAD,
    leadId,
    't.companyname AS company, t.fullname, t.mobilephone AS mobile',
    { lock: false },
  );
  return leadMatches(sql, caller, lead);
}
