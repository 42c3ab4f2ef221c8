/*
 * Leads (issue 29): the calls the lead pages make beyond the record service and the document kernel
 * (qualify and disqualify are the kernel's commands at /api/documents/leads/:id/<command>).
 */

export const LEAD_API = '/api/leads';

/** GET — customers and contacts in the caller's reach whose name or mobile match the lead's → `LeadMatches`. */
export const leadMatchesPath = (id: string) => `${LEAD_API}/${encodeURIComponent(id)}/matches`;
/** GET — the lead read as a collaborator (or its owner, or a manager) → `LeadJoinView`; 404 to anyone else. */
export const leadJoinViewPath = (id: string) => `${LEAD_API}/${encodeURIComponent(id)}/joinview`;
/** GET — the lead's collaborators; POST `{ userId }` adds one (the owner only) → `{ collaborators }`. */
export const leadCollaboratorsPath = (id: string) => `${LEAD_API}/${encodeURIComponent(id)}/collaborators`;
/** DELETE — removes a collaborator (the owner only) → `{ collaborators }`. */
export const leadCollaboratorPath = (id: string, collaboratorId: string) =>
  `${leadCollaboratorsPath(id)}/${encodeURIComponent(collaboratorId)}`;
/** GET — colleagues who may collaborate on leads (active accounts holding sales.lead) → `LeadColleague[]`. */
export const LEAD_COLLEAGUES = `${LEAD_API}/colleagues`;
/** GET — the leads the caller collaborates on → `LeadJoined[]`. */
export const LEAD_JOINED = `${LEAD_API}/joined`;

export type MatchedCustomer = {
  id: string;
  name: string;
  mobile: string | null;
  city: string | null;
  /** Which of the lead's values it matched. */
  by: 'name' | 'mobile' | 'both';
};

export type MatchedContact = {
  id: string;
  fullname: string;
  mobile: string | null;
  jobtitle: string | null;
  customerId: string;
  customer: string;
};

export type LeadMatches = {
  customers: MatchedCustomer[];
  contacts: MatchedContact[];
};

/** The qualify command's body: the customer and contact to make ('new') or take (an id); no contact with 'none'. */
export type QualifyBody = {
  customer: 'new' | string;
  contact: 'new' | 'none' | string;
  /** The opportunity's topic (default: the lead's). */
  opportunityName?: string;
  /** YYYY-MM-DD (default: three months from today). */
  estimatedCloseDate?: string;
};

export type LeadCollaboratorRow = {
  id: string;
  userId: string;
  name: string;
  unit: string | null;
  createdon: string;
};

export type LeadColleague = {
  id: string;
  name: string;
  unit: string | null;
};

/** A lead as its collaborators read it: its fields as shown (labels resolved in the caller's language). */
export type LeadJoinView = {
  id: string;
  subject: string;
  state: number;
  owner: string;
  fields: { name: string; label: string; value: string }[];
  collaborators: LeadCollaboratorRow[];
};

export type LeadJoined = {
  id: string;
  subject: string;
  state: number;
  owner: string;
  createdon: string;
};
