import {
  LEAD_COLLEAGUES,
  LEAD_JOINED,
  leadCollaboratorPath,
  leadCollaboratorsPath,
  leadJoinViewPath,
  leadMatchesPath,
  type LeadCollaboratorRow,
  type LeadColleague,
  type LeadJoined,
  type LeadJoinView,
  type LeadMatches,
} from '@portal/model';
import { apiGet } from '../../api/client.ts';
import { commandCall } from '../../api/command.ts';

/** Leads beyond the record service (model lead-api.ts); refusals reject with the server's text. */
export const leadMatches = (id: string) => apiGet<LeadMatches>(leadMatchesPath(id), { silent: true });
export const leadJoinView = (id: string) => apiGet<LeadJoinView>(leadJoinViewPath(id), { silent: true });
export const joinedLeads = () => apiGet<LeadJoined[]>(LEAD_JOINED, { silent: true });
export const leadColleagues = () => apiGet<LeadColleague[]>(LEAD_COLLEAGUES);
export const leadCollaborators = (id: string) => apiGet<LeadCollaboratorRow[]>(leadCollaboratorsPath(id));

/** Adds or removes a collaborator: the list after it, and the server's message. */
export async function addCollaborator(id: string, userId: string) {
  const { data, message } = await commandCall<{ collaborators: LeadCollaboratorRow[] }>(leadCollaboratorsPath(id), { userId });
  return { collaborators: data.collaborators ?? [], message };
}
export async function removeCollaborator(id: string, collaboratorId: string) {
  const { data, message } = await commandCall<{ collaborators: LeadCollaboratorRow[] }>(
    leadCollaboratorPath(id, collaboratorId),
    undefined,
    {
      method: 'DELETE',
    },
  );
  return { collaborators: data.collaborators ?? [], message };
}
