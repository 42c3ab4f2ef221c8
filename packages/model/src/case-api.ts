/**
 * Customer case commands (declared on the entity, run by the server's document kernel; also at
 * /api/documents/new_srv_cases/{id}/<command>), one transaction each, privilege workorder.write,
 * answering `{ id, state, message }`:
 * POST {CASE_API}/{id}/respond `{ response }` — open or in progress → in progress (response noted);
 * POST {CASE_API}/{id}/resolve `{ resolution }` — open or in progress → resolved (a resolution is required);
 * POST {CASE_API}/{id}/close `{ satisfaction? }` — resolved → closed (satisfaction 1–5);
 * POST {CASE_API}/{id}/link `{ workOrderId }` — the case's station's work order names the case.
 */
export const CASE_API = '/api/cases';

export interface CaseCloseRequest {
  satisfaction?: number | null;
}
