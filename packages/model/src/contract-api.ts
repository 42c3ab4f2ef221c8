/**
 * Maintenance contract commands (server routes/contract.ts), one transaction each, privilege
 * workorder.write, answering `{ id, message }` (PartsCommandResult's shape):
 * POST {CONTRACT_API}/{id}/activate — draft → active (at least one line; end date not passed);
 * POST {CONTRACT_API}/{id}/terminate — active → terminated, with a date in the period and a reason.
 */
export const CONTRACT_API = '/api/contracts';

export interface TerminateContractRequest {
  /** YYYY-MM-DD, within the contract's period. */
  date: string;
  reason: string;
}
